"""Shortening one rendered block for an answer, guided by the question's words (rare words weigh more).

Three ways, each marked so a reader sees that something was left out: a long code sample keeps
its first and last lines and the lines the question names, with "…" for each run left out; a block
that does not fit keeps the part around the line the question shares with it (a pasted error
line), not just its start; a cause keeps its opening sentence and the sentence the question hits.
"""

from __future__ import annotations

import re

from faqbot.bot.answers.trace import ELLIPSIS, condense
from faqbot.ingest.parts import version_key
from faqbot.ingest.textproc import tokenize
from faqbot.languages import words

# A code sample longer than this many lines, inside a block too long for the answer, is abridged
# to its first and last lines and the CODE_KEEP lines that hold the most question words.
CODE_LINES = 8
CODE_KEEP = 5
# a cause's opening and the sentence the question hits are both quoted when together within this share of
# the room (the same stretch as a closest entry's case and remedy: bot/answers/fix_line.py)
PAIR_STRETCH = 1.3
_FENCE = re.compile(r"```\n(.*?)\n```", re.S)
_COMMENT = re.compile(r"^\s*(/\*|--|//|#)")


def hit_score(text: str, q: set[str], lang: str, weights: dict[str, float]) -> float:
    """The weight of the question words a piece of text holds."""
    if not q:
        return 0.0
    return sum(weights.get(t, 1.0) for t in q & set(tokenize(text, lang)))


def abridge_code(text: str, q: set[str], lang: str, weights: dict[str, float]) -> tuple[str, bool]:
    """Every fenced sample longer than CODE_LINES cut to the lines the question names; True when any was cut."""
    changed = False
    # an option the block's prose names ("use the key.fields-prefix property") is the line to keep
    named = {t for t in tokenize(_FENCE.sub(" ", text), lang) if t.startswith("§")}
    top = max((weights.get(t, 1.0) for t in q), default=1.0)
    q = q | named
    weights = {**weights, **{t: top for t in named}}

    def one(m: re.Match[str]) -> str:
        nonlocal changed
        lines = m.group(1).split("\n")
        if len(lines) <= CODE_LINES:
            return m.group(0)
        # a comment line explains rather than configures: it is kept only beside a kept line
        scores = [0.0 if _COMMENT.match(ln) else hit_score(ln, q, lang, weights) for ln in lines]
        best = sorted((i for i in range(1, len(lines) - 1) if scores[i] > 0), key=lambda i: -scores[i])
        # a sample the question names few lines of keeps its opening lines too, so it still reads as code
        keep = {0, len(lines) - 1, *best[:CODE_KEEP], *range(1, 1 + CODE_KEEP - len(best[:CODE_KEEP]))}
        out: list[str] = []
        for i, ln in enumerate(lines):
            if i in keep:
                out.append(ln)
            elif not out or out[-1] != ELLIPSIS:
                out.append(ELLIPSIS)
        changed = True
        return "```\n" + "\n".join(out) + "\n```"

    return _FENCE.sub(one, text), changed


# a note's label alone on its line: "Important", "Note", "Remarque" (a word or two, no punctuation)
_NOTE_LABEL = re.compile(r"^\s*\w+(?: \w+)?\s*$")


def fit(
    text: str,
    limit: int,
    q: set[str] | None = None,
    lang: str = "en",
    weights: dict[str, float] | None = None,
    traces: bool = False,
) -> str:
    """Lines of a rendered block within limit, from the line the question shares with it (else its
    start), keeping a label line and closing a code block it cuts; "" when too little is left. With
    traces, a stack trace in a block too long is first cut to its exception lines and each library's
    last frame (bot/answers/trace.py): the LLM's passage, where a frame can be what tells two errors apart."""
    lines = (condense(text) if traces and len(text) > limit else text).splitlines()
    start = _best_line(lines, q or set(), lang, weights or {})
    out: list[str] = []
    in_code = False
    if start:
        in_code = sum(ln.startswith("```") for ln in lines[:start]) % 2 == 1
        label = [lines[0], ""] if lines[0].startswith("**") else []
        out = label + (["```"] if in_code else []) + [ELLIPSIS]
    size = sum(len(x) + 1 for x in out)
    for line in lines[start:]:
        if size + len(line) + 1 > limit - 8:
            if not in_code and not _has_body(out) and not line.startswith(("```", "**")):
                # an error text in one long paragraph (the symptom, said once): its sentences that fit,
                # not nothing; the line the question hits is the one to shorten
                sents = SENTENCE_BREAK.split(line.strip())
                head = _pick_sentences(sents, limit - 8 - size, q or set(), lang, weights or {})
                if len(head) <= limit - 8 - size:
                    out.append(head)
            while not in_code and out and (not out[-1].strip() or _NOTE_LABEL.match(out[-1])):
                out.pop()  # a note's label ("Important") or a blank line is not left without what follows
            if out and out[-1].strip() == ELLIPSIS:
                out.pop()  # a trace's own "…" line is not doubled by the cut's
            out += [ELLIPSIS, "```"] if in_code else [ELLIPSIS]
            break
        out.append(line)
        size += len(line) + 1
        if line.startswith("```"):
            in_code = not in_code
    out = _without_empty_samples(out)
    kept = "\n".join(out)
    return kept if _has_body(out) else ""


def _without_empty_samples(out: list[str]) -> list[str]:
    """A code block cut to nothing but "…" goes, with the line that introduces it ("The error message looks
    like:"): a lead-in above an empty box told the reader nothing (the answer says it is abridged)."""
    kept: list[str] = []
    i = 0
    while i < len(out):
        if not out[i].startswith("```"):
            kept.append(out[i])
            i += 1
            continue
        end = next((j for j in range(i + 1, len(out)) if out[j].startswith("```")), len(out))
        if any(x.strip() not in ("", ELLIPSIS) for x in out[i + 1 : end]):
            kept += out[i : end + 1]
        else:
            while kept and not kept[-1].strip():
                kept.pop()
            if kept and kept[-1].rstrip().endswith(":"):
                kept.pop()
        i = end + 1
    return kept


def _has_body(out: list[str]) -> bool:
    """Whether the lines kept say something: more than 40 characters besides labels, fences and "…"."""
    body = [x for x in out if x.strip() and x.strip() not in (ELLIPSIS, "```") and not x.startswith("**")]
    return len("".join(body)) > 40


def _best_line(lines: list[str], q: set[str], lang: str, weights: dict[str, float]) -> int:
    """The index of the line that holds the most question words when it is past the block's first
    lines and clearly better than them (a pasted error line deep in a log); else 0."""
    scores = [0.0 if ln.startswith(("```", "**")) else hit_score(ln, q, lang, weights) for ln in lines]
    if not scores:
        return 0
    best = max(range(len(lines)), key=lambda i: scores[i])
    head = max(scores[:4], default=0.0)
    return best if best >= 4 and scores[best] > 2 * head else 0


def echoes(part: str, q: set[str], lang: str) -> bool:
    """Whether the question already holds every line of an excerpt (nearly all of each line's words):
    an error the user pasted, quoted back whole, tells them nothing."""
    lines = [ln for ln in part.splitlines() if ln.strip() not in ("", ELLIPSIS, "```") and not ln.startswith("**")]
    words = [w for w in (set(tokenize(ln, lang)) for ln in lines) if w]
    return bool(words) and all(len(w & q) >= 0.8 * len(w) for w in words)


# a sentence ends at . ! ? and a space before a word that can open one: "See How do I configure custom job
# run parameters? for instructions." is one sentence (cut at its "?", "for instructions." stood alone)
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?![a-z])")
# a user's sentence ends at . ! ? before a space (not inside "table.exec.source"), or at their Chinese forms; users
# open sentences in lower case ("... a checkpoint? exactly-once is off."), the entries' break above does not
TYPED_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*(?=\S)")
# "As a result, the connector ..." quoted alone, without the sentence it follows, loses the cause it states
BACK_REFERENCE = re.compile("|".join(f"(?:{p})" for p in words("back_reference_patterns")), re.I)


def key_sentences(text: str, limit: int, q: set[str], lang: str, weights: dict[str, float]) -> tuple[str, bool]:
    """The opening of a rendered cause block within limit: its label, its first sentence and then the
    sentence the question's words hit most (the next one when none does); a lead-in ending in ":"
    keeps the list it introduces when they fit. True when something was left out."""
    paras, in_code = [], False
    for p in text.split("\n\n"):
        if p.strip() and not in_code and not p.startswith("```"):
            paras.append(p)
        in_code ^= p.count("```") % 2 == 1
    label = paras[0] if paras and paras[0].startswith("**") else ""
    rest = paras[1 if label else 0 :]
    if not label and len(rest) > 1 and rest[0].startswith("- ") and rest[1].startswith("  - "):
        return _item_brief(rest, limit, q, lang, weights), True
    i = next((n for n, p in enumerate(rest) if not p.startswith(("- ", "1."))), None)
    if i is None:
        return label, bool(text.strip() != label.strip())
    prose = rest[i]
    items = []
    for p in rest[i + 1 :]:
        if not p.startswith("- ") or not prose.rstrip().endswith(":"):
            break
        items.append(p)
    kept = _pick_sentences(SENTENCE_BREAK.split(prose), limit, q, lang, weights)
    if kept.rstrip().endswith(":") and len(kept) + sum(len(x) + 2 for x in items) <= 2 * limit:
        kept = "\n\n".join([kept, *items])
    whole = "\n\n".join(x for x in (label, kept) if x)
    return whole, whole.strip() != text.strip()


def item_opening(text: str, limit: int, lang: str, weights: dict[str, float]) -> str:
    """A list item too long for the room, from its opening (its line names the case or what to do; a
    paragraph under it, the remedy): whole paragraphs while they fit, then the opening sentences of the
    next; no code sample, no note's bare label at the end; "" when not even its first sentence fits."""
    out: list[str] = []
    size = 0
    for para in text.strip().split("\n\n"):
        if para.lstrip().startswith("```"):
            break
        if size + len(para) + 2 > limit:
            head = _pick_sentences(SENTENCE_BREAK.split(para), limit - size - 2, set(), lang, weights)
            if len(head) <= limit - size - 2 and SENTENCE_BREAK.split(para)[0] in head:
                out.append(head)
            break
        out.append(para)
        size += len(para) + 2
    while out and _NOTE_LABEL.match(out[-1]):
        out.pop()
    return "\n\n".join(out)


def _item_brief(paras: list[str], limit: int, q: set[str], lang: str, weights: dict[str, float]) -> str:
    """A list item with items nested under it ("- RDS/TDDL and Tablestore use different locking
    mechanisms." then one item per product): the item's own line and the nested item the question hits
    most (else the first), in its key sentences; not a nested item alone, out of its list."""
    nested = [p for p in paras[1:] if p.startswith("  - ")]
    best = max(nested, key=lambda p: (hit_score(p, q, lang, weights), -nested.index(p)))
    marker, body = best[: len("  - ")], best[len("  - ") :]
    head = paras[0]
    for head in (paras[0], SENTENCE_BREAK.split(paras[0])[0]):  # the item's first sentence when both do not fit
        room = limit - len(head) - 2 - len(marker)
        short = _pick_sentences(SENTENCE_BREAK.split(body), room, set(), lang, weights)  # from its opening: the name
        if len(short) <= room:
            return head + "\n\n" + marker + short
    return paras[0]


# a word saying the sentence follows from the one before, among its first five ("The job then fails ...")
_CONSEQUENCE = re.compile(r"^(?:\S+\s+){1,4}(?:" + "|".join(words("consequence_patterns")) + r")\b", re.I)


def follows_on(sentence: str) -> bool:
    """Whether a sentence follows from the one before it: it opens on a word pointing back ("As a result",
    "This"), or says so among its first words ("The job then fails ...", "Le job échoue alors ...")."""
    return bool(BACK_REFERENCE.match(sentence) or _CONSEQUENCE.match(sentence))


_VERSION_TOKEN = re.compile(r"§(\d+\.\d+(?:\.\d+)?)")
_NUMBER = r"(\d+\.\d+(?:\.\d+)?)"
# a range of versions: "VVR 8.0.5 to VVR 8.0.8", "de 8.0.5 à 8.0.8", "entre 8.0.5 y 8.0.8"
_RANGE = re.compile(
    rf"{_NUMBER}[^\d.;]{{0,12}}?\b(?:to|through|and|à|au|et|a|y|hasta)\b[^\d.;]{{0,12}}?{_NUMBER}", re.I
)


def names_asked_version(sentence: str, q: set[str]) -> bool:
    """Whether a sentence names a version the question names, or a range of versions it falls in."""
    asked = [m.group(1) for t in q if (m := _VERSION_TOKEN.fullmatch(t))]
    if not asked:
        return False
    if any(re.search(rf"(?<![\d.]){re.escape(v)}(?![\d]|\.\d)", sentence) for v in asked):
        return True
    ranges = _RANGE.findall(sentence)
    return any(version_key(lo) <= version_key(v) <= version_key(hi) for lo, hi in ranges for v in asked)


def _pick_sentences(sents: list[str], limit: int, q: set[str], lang: str, weights: dict[str, float]) -> str:
    if len(sents) <= 1:
        return sents[0] if sents else ""
    scores = [hit_score(s, q, lang, weights) for s in sents[1:]]
    second = 1 + max(range(len(scores)), key=lambda n: (scores[n], -n)) if max(scores) > 0 else 1
    kept = sents[0]
    hit = sents[second]
    if len(kept) + 1 + len(hit) > limit >= len(hit) and names_asked_version(kept, q):
        # the opening names the question's version ("occurs in VVR 8.0.5 to VVR 8.0.8" for a user on 8.0.5): it says
        # the case is theirs, and stays (a tenth trial got the sentence after it alone); with that one when it fits
        return kept + " " + hit if len(kept) + 1 + len(hit) <= limit * PAIR_STRETCH else kept
    if len(kept) + 1 + len(hit) > limit >= len(hit) and max(scores) > hit_score(kept, q, lang, weights):
        # the opening and the sentence the question hits do not both fit: the one that answers it
        # (the question's words hit it more than the opening) is quoted alone, unless it follows from the
        # opening ("The job then fails ..."): then both when they overrun the room by little, else the
        # opening (a fifth trial: the hit alone dropped "pullIntervalMs ... defaults to -1", the cause)
        if not follows_on(hit):
            return hit
        if second == 1 and len(kept) + 1 + len(hit) <= limit * PAIR_STRETCH:
            return kept + " " + hit
    if len(kept) + 1 + len(hit) <= limit:
        gap = " … " if second > 1 else " "
        kept = kept + gap + sents[second]
        # the sentence after it continues the same point while it fits
        if second + 1 < len(sents) and len(kept) + 1 + len(sents[second + 1]) <= limit:
            kept += " " + sents[second + 1]
    return kept
