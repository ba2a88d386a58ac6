"""A closest entry's line: its fix in a sentence or two that reads on its own (issue 22: "closest entries"
cites each entry with its title, link and its fix in one or two lines).

The line used to be the sentence of the entry's body the question's words hit most, preferring lines under
a Solution label. On real posts that gave lines a reader cannot use: a sentence out of its paragraph ("As
of Hudi version 0.10.0, this property is renamed ..."), a lead-in without what it introduces ("consider
the following recommendations:"), nothing at all when the fix is a line with SQL in it. Now the line is
built from the parts ingest split the entry into (ingest/parts.py): the fix part the question is most
about (bot/answers/parts_score.py `relevance`; the first fix when the question's words tell them apart no
better), from its opening, whole sentences, without code, and a lead-in ending in ":" keeps the opening
of what it introduces. An entry without a fix part gives its explanation's opening instead, never its
error text when it has anything else. Measured in docs/eval.md (issue 22, seventh session).
"""

from __future__ import annotations

import re

from faqbot.bot.answers.done import done_query, undone
from faqbot.bot.answers.excerpt import BACK_REFERENCE, SENTENCE_BREAK, TYPED_SENTENCE_BREAK
from faqbot.bot.answers.extract import section_kind
from faqbot.bot.answers.parts import render_part
from faqbot.bot.answers.parts_score import (
    PartQuery,
    case_fit,
    condition,
    local_query,
    question_names,
    relevance,
    stated,
)
from faqbot.ingest.blocks import INLINE_LABEL, WRONG_SAMPLE
from faqbot.ingest.records import Chunk, Part
from faqbot.ingest.textproc import query_tokens
from faqbot.languages import PACKS, expand, words

# per language, the fixes that drop a table or a job's state (the packs' destructive_patterns)
_DESTRUCTIVE = {
    code: re.compile("|".join(f"(?:{expand(x)})" for x in p.destructive_patterns), re.IGNORECASE)
    for code, p in PACKS.items()
    if p.destructive_patterns
}
FIX_CHARS = 200  # one or two lines: enough to tell whether the entry applies
CODE_LINE_CHARS = 80  # a code sample's first line shown after the sentence that introduces it
# a case and the remedy said after it may take this much more room together: the case says when the remedy
# applies ("A job that uses the Batch Tunnel is restarted ... To resolve this issue, upgrade ..."); a blind
# reader of real posts preferred the remedy alone to the case alone, and the case kept beside it to both
PAIR_STRETCH = 1.3
BARE_STEP_CHARS = 80  # an instruction this short that names no setting says what to reach, not how
JOINT_FIXES = ("labelled", "last")  # the fix shapes (ingest/parts.py) whose fix parts answer one case together
_CODE_TAIL = re.compile(r" `[^`]*`$")
_MARKER = re.compile(r"^(?:[-•*]|\d+[.)])\s+")
_BARE_LABEL = re.compile(r"^\w+(?: \w+)?$")  # a note's label ("Important") without its note
_SENTENCE_END = re.compile(r"[.!?:;)。？！：]$")
_POINTER = re.compile("|".join(f"(?:{p})" for p in words("pointer_patterns")), re.I)
_NAVIGATES = re.compile("|".join(f"(?:{p})" for p in words("navigation_patterns")), re.I)
# an item that only names another article, by its title ("Internet access: How do I access the Internet?",
# "Acceso a Internet: How do I access the Internet?"): a cross-reference, no fix (a seventh trial's line)
_LINKED_QUESTION = re.compile(r"^[^:?.\n]{2,40}:\s+[^.!?:\n]+\?$")
# a clause that tells the reader what to do, at a sentence's start or after a comma, semicolon or colon: "To
# resolve this issue, upgrade ...", "Si alguna subtarea está inactiva, reduzca ..." (the packs' imperatives)
_INSTRUCTS = re.compile(r"(?:^|[,;:]\s+)(" + "|".join(f"(?:{p})" for p in words("instruction_patterns")) + ")", re.I)
_SPAN = re.compile(r"`[^`]*`")
# "add the following code", "configurez les paramètres suivants": what follows is the fix (the packs' patterns)
_ANNOUNCE = re.compile("|".join(f"(?:{p})" for p in words("announce_patterns")), re.I)
_FENCE = re.compile(r"```[^\n]*\n(.*?)\n```", re.S)
# a nested item opening on the option it is about: "  - lookup.cache-max-disk-size: The maximum ..."
_OPTION_ITEM = re.compile(r"^\s+[-•*]\s+`?([\w.'-]+[.-][\w.'-]+)`?\s*:", re.M)
ANNOUNCED_LINES = 3  # a sample of at most this many lines (each within CODE_LINE_CHARS) is shown in the line
ANNOUNCED_OPTIONS = 4  # of a list of options, the names shown
_NO_LINE = ("label", "heading")
# a name that is a setting (an option key, a class path, a value: "index.type", "max_pt_with_done", "SCRAM-SHA-256"),
# not a product's capitalised name (it names the entry's topic, which every sentence of it is about) nor a
# hyphenated word ("celui-ci", "read-optimize")
_SETTING = re.compile(r"[._]|-\S*\d|\d\S*-")
# a comment line of a sample ("-- Specify the names of the dimension tables to distribute in the SHUFFLE_HASH
# hint."): the prose of an entry that is only a query with its comments
_COMMENT = re.compile(r"^\s*(?:--|//|#)\s*(\S.*?)\s*$", re.M)


_FUNCTION = frozenset(words("function_words"))
ASKED_WORDS = 2  # words of the question's asking sentence a later sentence holds to be the one answering it


def _paragraphs(text: str) -> list[str]:
    """A rendered part's prose paragraphs on one line each: no bare label, no list marker, no code sample
    but the first line of one a sentence introduces (": `SET 'key' = 'value';`") when it is short."""
    out: list[str] = []
    in_code = False
    for para in text.split("\n\n"):
        s = para.strip()
        if in_code or s.startswith("```"):
            lines = [ln.strip() for ln in s.splitlines() if ln.strip() and not ln.startswith("```")]
            # a one-line sample only: the first line of a longer one ("CREATE TABLE t (...) WITH (") is half a statement
            if not in_code and out and out[-1].endswith(":") and len(lines) == 1 and len(lines[0]) <= CODE_LINE_CHARS:
                out[-1] += f" `{lines[0]}`"
            in_code ^= s.count("```") % 2 == 1
            continue
        if s.startswith("**") and s.endswith("**") or _BARE_LABEL.match(s):
            continue
        s = " ".join(_MARKER.sub("", ln.strip()) for ln in s.splitlines())
        label = INLINE_LABEL.match(s)
        if label and section_kind(s):
            s = s[label.end() :]  # the line is the fix: its label says nothing more
        s = s.replace("**", "").replace("[", "(").replace("]", ")")
        # a sample's output ("key_id: 1, value_id: 100") is no sentence; "Incorrect configuration:" is
        # what not to do, and its sample would read as the fix
        if s and _SENTENCE_END.search(s) and not (s.endswith(":") and WRONG_SAMPLE.search(s)):
            out.append(s)
    return out


def only_points_elsewhere(text: str) -> bool:
    """Whether a part says nothing but where to read more ("For the complete list of supported WITH parameters,
    see the DataHub connector documentation.")."""
    sents = [x for x in SENTENCE_BREAK.split(" ".join(_MARKER.sub("", ln.strip()) for ln in text.splitlines())) if x]
    return bool(sents) and all(_POINTER.match(x.strip()) for x in sents)


def instructs(text: str) -> bool:
    """Whether a sentence (or a line of them) tells the reader what to do; code spans are not read, nor a
    statement in capitals ("SELECT b, ... FROM s1"): SQL, not an imperative."""
    return any(not m.group(1).isupper() for m in _INSTRUCTS.finditer(_SPAN.sub("", text)))


def _prose_len(sents: list[str]) -> int:
    """The length of sentences without the one-line samples they end with: the sample is the fix, and a
    line's limit is for its words ("add the following parameter: `env.java.opts...`")."""
    return len(" ".join(_CODE_TAIL.sub("", s) for s in sents))


def _line(
    paras: list[str], limit: int, names: frozenset[str] = frozenset(), asked: frozenset[str] = frozenset()
) -> str:
    """Whole sentences from the opening while they fit; the first one cut at a word when even it does not;
    not ending on a lead-in (":") when something came before it. When the opening only names the case or
    the cause and a later sentence says what to do ("To resolve this issue, upgrade ..."), the line is the
    opening and that sentence when both fit in PAIR_STRETCH times the limit, else that sentence alone. A
    later sentence naming what the question names and the opening does not (`names`: "When index.type=bucket,
    setting ... is ineffective") is the case the user stated: it takes that later sentence's place."""
    sents = [s for p in paras for s in SENTENCE_BREAK.split(p) if s]
    # "For more information, see ..." sends the user elsewhere: the line is for what the entry itself says
    sents = [s for s in sents if not _POINTER.match(s)] or sents
    out: list[str] = []
    for s in sents:
        if _prose_len([*out, s]) > limit:
            break
        out.append(s)
    room = limit
    # the opening (what fits of it) says nothing to do: the first later sentence that does
    opening_says = any(map(instructs, out or sents[:1]))
    todo = None if opening_says else next((s for s in sents[len(out) or 1 :] if instructs(s)), None)
    todo = _stated_case(sents, len(out) or 1, names, limit) or todo
    if not todo and len(out) == 1:
        # one sentence fits: a later one answering what the question asks joins it when both fit the stretch
        answer = _answering(sents[1:], out[0], asked)
        if answer and _prose_len([out[0], answer]) <= round(limit * PAIR_STRETCH):
            return f"{out[0]} {answer}"
        if answer and _prose_len([answer]) <= limit:
            return answer  # what the question asks, rather than an opening that does not say it
    if todo:
        pair, stretched = [sents[0], todo], round(limit * PAIR_STRETCH)
        room, out = (stretched, pair) if _prose_len(pair) <= stretched else (limit, [todo])
    if not out:
        return _cut(sents[0], limit) if sents else ""
    if _prose_len(out) > room:
        return _cut(out[0], limit)
    while len(out) > 1 and out[-1].endswith(":"):
        out.pop()
    return " ".join(out)


def asked_words(question: str) -> frozenset[str]:
    """The words of the question's last asking sentence (one a question mark closes), four letters or more and no
    function word, lower case: what a sentence answering it holds ("Do I have to wait for a checkpoint?")."""
    asking = [s for s in TYPED_SENTENCE_BREAK.split(question) if s.strip().endswith(("?", "？"))]
    if not asking:
        return frozenset()
    found = re.findall(r"[^\W\d_][\w-]{3,}", asking[-1].lower())
    return frozenset(w for w in found if w not in _FUNCTION)


def _answering(later: list[str], opening: str, asked: frozenset[str]) -> str | None:
    """The first later sentence holding ASKED_WORDS words of the question's asking sentence or more, and more of
    them than the opening: it answers what the question asks ("Do I have to wait for a checkpoint?": "You do not
    need to wait for a checkpoint to complete", after the opening on when data becomes visible: a tenth trial's
    line stopped before it). Not one pointing back, unless to the opening it follows ("Plus précisément, ... INT
    UNSIGNED ..., que Flink SQL traite ensuite comme un BIGINT.": a fifteenth trial's line stopped before it)."""
    if len(asked) < ASKED_WORDS:
        return None
    held = sum(_holds(opening.lower(), w) for w in asked)
    return next(
        (
            s
            for n, s in enumerate(later)
            if (n == 0 or not BACK_REFERENCE.match(s))
            and sum(_holds(s.lower(), w) for w in asked) >= max(ASKED_WORDS, held + 1)
        ),
        None,
    )


def _stated_case(sents: list[str], start: int, names: frozenset[str], limit: int) -> str | None:
    """The first sentence from `start` (after the opening the line holds) that names an option or identifier
    of the question the opening does not: the note on the user's own setting ("When index.type=bucket, ... is
    ineffective"), which a line taken from the opening leaves out while giving the advice it qualifies (a
    seventh trial's line). A sentence pointing back ("For example, ... day_time") does not read on its own, and
    one longer than a line would be cut before it says anything of the setting."""
    opening = " ".join(sents[:start]).lower()
    for s in sents[start:] if names else ():
        low = s.lower()
        if BACK_REFERENCE.match(s) or _prose_len([s]) > limit:
            continue
        if any(_holds(low, n) and not _holds(opening, n) for n in names):
            return s
    return None


def _holds(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text) is not None


def _cut(sentence: str, limit: int) -> str:
    """A sentence too long for the line, cut at a word with "…" (never inside a code span: half of one would
    break the markup); the one-line sample it ends with is kept after the cut, since it is the fix."""
    tail = _CODE_TAIL.search(sentence)
    bare = _CODE_TAIL.sub("", sentence)
    if len(bare) <= limit:
        return sentence
    head = bare[:limit].rsplit(" ", 1)[0]
    if head.count("`") % 2:
        head = head[: head.rindex("`")].rstrip()
    return head + " …" + (tail.group(0) if tail else "")


def _candidates(parts: list[Part], shape: str) -> list[int]:
    """The fix parts; without one, the explanation; the error text only when the entry has nothing else.
    An entry whose fix ingest could only take as its closing paragraph (shape "last") answers in its
    opening as often ("Retraction updates are supported if ..."): every paragraph of it is a candidate."""
    fix = (lambda p: p.kind != "problem") if shape == "last" else (lambda p: p.fix)
    # an entry without a fix answers with its causes (bot/answers/parts.py `_take_causes`), not with the sentence
    # introducing one of its samples (the TIMESTAMP_LTZ watermark entry's line was "The following sample code shows")
    cause = (lambda p: p.kind == "cause") if shape == "none" else fix
    for keep in (fix, cause, lambda p: p.kind != "problem", lambda p: True):
        found = [i for i, p in enumerate(parts) if p.kind not in _NO_LINE and keep(p)]
        if found:
            return found
    return []


def fix_line(chunk: Chunk, question: str, lang: str, weights: dict[str, float] | None, limit: int = FIX_CHARS) -> str:
    """The entry's fix in a line or two for this question ("" when its parts hold no prose)."""
    parts = chunk.parts
    # the version the question names picks the branch ("and before 6.0.2?"), as in an answer
    # (bot/answers/parts.py); a branch that does not hold for it is no line, unless all are such
    cond = condition(question)
    cands = _candidates(parts, chunk.fix)
    cands = [i for i in cands if case_fit(parts[i].case, cond) >= 0] or cands
    if not cands:
        return ""
    texts = [render_part(p) for p in parts]
    tokens = set(query_tokens(question, lang)) | set(weights or {})
    names = question_names(undone(question))
    qy = PartQuery(tokens, lang, weights or {}, names, cond, *done_query(question, lang), stated(question, lang))
    qy = local_query(parts, texts, qy)
    ranked = sorted(cands, key=lambda i: (-relevance(parts[i], texts[i], qy), i))
    named = frozenset(n for n in names if _SETTING.search(n))
    asked = asked_words(question)
    # a step moving through the console stands for its procedure's last step, which says what to look for or set
    ranked = list(dict.fromkeys(_goal(parts, texts, i) for i in ranked))
    lines = [(i, _part_line(parts, texts, i, limit, chunk.language, named, asked)) for i in ranked]
    found = [
        (i, line)
        for i, line in lines
        if line and not line.endswith(":") and not _POINTER.match(line) and not _LINKED_QUESTION.match(line)
    ]
    # a lead-in whose sample could not be shown, or a pointer elsewhere, says nothing by itself: another
    # part's sentence first
    if not found:
        return next((line for _i, line in lines if line), "") or _comment_line(texts, tokens, lang, limit)
    line = found[0][1]
    line = _with_next_setting(parts, found, line, limit)
    # the part the question is most about only explains (a cause, what happens): the line also says what to
    # do when a fix part does, after the explanation's first sentence when both fit. Only where the fix parts
    # are one answer's: the items or sections of a checklist are alternatives, each with its own remedy
    joint = chunk.fix in JOINT_FIXES
    todo = next((ln for i, ln in found if joint and parts[i].fix and ln != line and instructs(ln)), "")
    if todo and not instructs(line):
        both = [SENTENCE_BREAK.split(line)[0], todo]
        line = " ".join(both) if _prose_len(both) <= limit * PAIR_STRETCH else todo
    return line


def _with_next_setting(parts: list[Part], found: list[tuple[int, str]], line: str, limit: int) -> str:
    """A bare instruction of a few words ("1. Ensure that all partitions receive data."), with the next fix step's
    line when that one gives a setting to add (a thirteenth trial's user, whose partitions were empty, was shown
    step 1 and never step 2's `table.exec.source.idle-timeout`); alone when both do not fit in a line and a half."""
    i = found[0][0]
    if "`" in line or len(line) > BARE_STEP_CHARS or not parts[i].fix:
        return line
    nxt = next((ln for j, ln in found if j == i + 1), "")
    same_list = i + 1 < len(parts) and parts[i + 1].fix and parts[i + 1].section == parts[i].section
    if same_list and "`" in nxt and len(line) + 1 + len(nxt) <= limit * PAIR_STRETCH:
        return f"{line} {nxt}"
    return line


def _goal(parts: list[Part], texts: list[str], i: int) -> int:
    """The part a line is made from for part i: a step of a procedure, not its last, that moves through the console
    ("In the left-side navigation pane, go to O&M > Deployment.", "Click the deployment name.") is no fix out of
    its procedure (an eleventh trial was given such lines): the procedure's last step, which says what to look for
    or set, stands for it. Any other part, itself."""
    if parts[i].kind != "step" or not _NAVIGATES.match(_MARKER.sub("", texts[i].strip())):
        return i
    j = i
    while j + 1 < len(parts) and parts[j + 1].kind == "step" and parts[j + 1].section == parts[i].section:
        j += 1
    return j


def _comment_line(texts: list[str], tokens: set[str], lang: str, limit: int) -> str:
    """An entry with no prose, only a sample (the SHUFFLE_HASH hint's query): the comment of its code the
    question's words hit most, else its last (what the sample does: a trial saw the entry listed with no line)."""
    comments = [m.group(1) for t in texts for block in _FENCE.findall(t) for m in _COMMENT.finditer(block)]
    comments = [c for c in comments if len(c) <= limit]
    if not comments:
        return ""
    hits = [len(tokens & set(query_tokens(c, lang))) for c in comments]
    best = max(range(len(comments)), key=lambda n: (hits[n], n))
    return comments[best]


def _part_line(
    parts: list[Part],
    texts: list[str],
    i: int,
    limit: int,
    lang: str = "",
    names: frozenset[str] = frozenset(),
    asked: frozenset[str] = frozenset(),
) -> str:
    paras = _paragraphs(texts[i])
    if not paras:
        return ""
    # a lead-in ("consider the following recommendations:") goes on into the parts it introduces
    nxt = i + 1
    while paras[-1].endswith(":") and nxt < len(parts) and parts[nxt].kind not in _NO_LINE:
        paras += _paragraphs(texts[nxt])
        nxt += 1
    line = _line(paras, limit, names, asked)
    if "`" in line or not _ANNOUNCE.search(line):
        return line
    # "add the following code ..." without the code says nothing to do: the code (or the options listed) after it
    following = texts[i] + ("\n\n" + texts[nxt] if nxt < len(parts) and parts[nxt].kind == "code" else "")
    sample = _announced(following)
    if not sample:
        return line
    # the sample right after the sentence announcing it (what came after it, "For detailed instructions, see
    # ...", is left for the entry), that sentence closing on a colon
    sents = SENTENCE_BREAK.split(line)
    upto = next(n for n, sent in enumerate(sents) if _ANNOUNCE.search(sent))
    # French sets a colon off with a space, as the bot's French phrases do
    colon = " : " if lang == "fr" else ": "
    return " ".join(sents[: upto + 1]).rstrip(" .:") + colon + sample


def _announced(text: str) -> str:
    """What an announcing sentence announces, as code spans: a short sample's lines, or the options a nested
    list opens its items with; "" when it is neither (a long sample stays in the entry)."""
    fence = _FENCE.search(text)
    if fence:
        lines = [ln.strip() for ln in fence.group(1).splitlines() if ln.strip()]
        if 0 < len(lines) <= ANNOUNCED_LINES and all(len(ln) <= CODE_LINE_CHARS for ln in lines):
            return " ".join(f"`{ln}`" for ln in lines)
        return ""
    names = _OPTION_ITEM.findall(text)[:ANNOUNCED_OPTIONS]
    return ", ".join(f"`{n}`" for n in names)


def drops_data(line: str, lang: str) -> bool:
    """Whether a line in `lang` tells the reader to drop a table or restart a job without its state: quoted for an
    entry that is only the closest guess, it is said first (bot/answers/compose.py)."""
    rx = _DESTRUCTIVE.get(lang)
    return bool(rx and rx.search(line))
