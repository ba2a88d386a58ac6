"""What a short follow-up asks of the entry under discussion besides its fix ("how do I fix it?":
bot/answers/parts_fix.py fix_selection): why ("why?", "pourquoi ?", "¿por qué?": its cause) and its SQL or
configuration ("give me the SQL", "donne-moi le SQL", "dame el SQL"). A third trial's user asked both after
an answer, and got a search of those words alone: three unrelated entries."""

from __future__ import annotations

import re

from faqbot.bot.answers.answer import MAX_ANSWER_CHARS
from faqbot.bot.answers.done import done_query, tried_words
from faqbot.bot.answers.excerpt import SENTENCE_BREAK, item_opening
from faqbot.bot.answers.fix_line import instructs, only_points_elsewhere
from faqbot.bot.answers.parts import Selection, reading_order, render_part, wrong_sample_lead
from faqbot.bot.answers.parts_join import join_parts
from faqbot.bot.answers.parts_score import (
    DONE_WORDS_SHARE,
    NO_TEXT,
    PartQuery,
    condition,
    in_stated_state,
    local_query,
    said_done,
    version_done,
)
from faqbot.ingest.records import Chunk, Part
from faqbot.ingest.textproc import tokenize
from faqbot.languages import PACKS

_LISTED = ("item", "step")  # what a lead-in ending in ":" introduces
_ONE_FIX = ("labelled", "last")  # the fix shapes (ingest/parts.py) of an entry that gives one fix
_MARKER = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")
# a setting or address written inline: `code`, a URL, key=value
# (a WITH option written in the sentence too, quoted and spaced: "Add 'upsertSource' = 'true' to the WITH clause";
# a twenty-third trial's "give me the SQL" was told the entry had no sample)
_INLINE_SAMPLE = re.compile(r"`[^`\n]+`|\w+://\S+|\b[\w.\-]+=[\w.\-'\"]+|'?[\w.\-]+'?\s*=\s*'[^'\n]+'")
# what a short question asked of the entry under discussion in its words wants (bot/dialogue/asks_answer.py): that
# entry's parts its own words pick ("what values are recommended?": the values, not the fix line again)
ASKED = "asked"
# a "why?" answer's room (the fix-first answers' p90 target, issue 24): beyond it, listed causes by their first
# sentence
CAUSE_ROOM = 1200


def _cause_parts(parts: list[Part], texts: list[str], shape: str = "") -> list[int]:
    """The parts a Cause label opens; without one, the entry's explanation: its prose that is no fix, with
    the list a lead-in introduces ("... can result from the following causes:" and each cause). Prose after
    the first fix part speaks of the fix ("This setting applies to any job that writes to Lindorm", "After
    disabling this operator, only eventual consistency is guaranteed": quoted as the cause, a trial's replay)
    and is left out when prose before it explains; not in a checklist or a list of cases (fix shapes
    "sections", "items", "steps": ingest/parts.py), where each section's explanation comes with its own fix."""
    causes = [i for i, p in enumerate(parts) if p.kind == "cause"]
    if not causes:
        causes = [i for i, p in enumerate(parts) if p.kind not in NO_TEXT and not p.fix and p.kind != "code"]
        if shape in _ONE_FIX:
            first_fix = next((i for i, p in enumerate(parts) if p.fix), len(parts))
            causes = [i for i in causes if i < first_fix] or causes
    listed = []
    for i in causes:
        j = i + 1
        while texts[i].rstrip().endswith(":") and j < len(parts) and parts[j].kind in _LISTED:
            listed.append(j)
            j += 1
    return sorted(set(causes) | set(listed))


def _code_parts(parts: list[Part], texts: list[str], shape: str = "") -> list[int]:
    """The parts holding a code sample (a fix's SQL, a configuration line), each with the sentence that
    introduces it when that is a part of its own ("... add the following code:")."""
    # not the error text's (a "Problem" DDL is the user's own, without the fix)
    code = [i for i, t in enumerate(texts) if "```" in t and parts[i].kind not in NO_TEXT]
    # the fix's samples when it has some: an unlabelled problem's reproduction code and error came first (2,400
    # characters before the constructor fix a thirteenth trial's "show me the code for the constructor fix" asked for);
    # none when a labelled fix has none (a fourteenth trial's "give me the config" got the DDL reproducing the problem)
    fixed = [i for i in code if parts[i].fix]
    code = fixed if fixed or shape == "labelled" else code
    if not code:
        # a sample written in the sentence ("par exemple : jdbc:mysql://...?allowMultiQueries=true"): the fix parts
        # holding one (a sixth trial: "donne-moi le SQL" was told the entry had none, under that very line)
        return [i for i, p in enumerate(parts) if p.fix and p.kind not in NO_TEXT and _INLINE_SAMPLE.search(texts[i])]
    leads = [i - 1 for i in code if i > 0 and i - 1 not in code and texts[i - 1].rstrip().endswith(":")]
    return sorted(set(code) | set(leads))


def focus_selection(chunk: Chunk, focus: str, question: str) -> Selection | None:
    """The entry's cause ("cause") or its code samples ("code"), whole, with the labels of their sections;
    None when it has none (the answer then says so over its ordinary quote)."""
    parts = chunk.parts
    texts = [render_part(p) for p in parts]
    chosen = _cause_parts(parts, texts, chunk.fix) if focus == "cause" else _code_parts(parts, texts, chunk.fix)
    if not chosen:
        return _said_before_the_fix(parts, texts, question, chunk.language) if focus == "cause" else None
    shown = {i: texts[i] for i in chosen}
    abridged = set()
    if focus == "cause":
        for i in chosen:
            lead = _case_lead(parts[i], texts[i])
            if lead != texts[i]:
                shown[i] = lead
                abridged.add(i)
        listed = [i for i in chosen if parts[i].kind in _LISTED]
        if listed and sum(len(s) + 2 for s in shown.values()) > CAUSE_ROOM:
            # the room the lead-ins leave, shared by the listed causes: each from its opening
            room = (CAUSE_ROOM - sum(len(shown[i]) + 2 for i in chosen if i not in listed)) // len(listed)
            for i in listed:
                opening = _opening(shown[i], room, chunk.language)
                if opening != shown[i]:
                    shown[i] = opening
                    abridged.add(i)
    with_labels(parts, texts, chosen, shown)
    order = reading_order(parts)
    text = join_parts(parts, shown, order, condition(question), chunk.language)
    return Selection(text, len(shown) < len(parts) or bool(abridged), [i for i in order if i in shown], abridged)


def with_labels(parts: list[Part], texts: list[str], chosen: list[int], shown: dict[int, str]) -> None:
    """Adds to `shown` the label ("**Solution**", "Cause 1 : ...") of each chosen part's section."""
    for i in chosen:
        s = parts[i].section
        if s >= 0 and s not in shown and parts[s].kind == "label":
            shown[s] = texts[s]


def _said_before_the_fix(parts: list[Part], texts: list[str], question: str, lang: str) -> Selection | None:
    """An entry without a cause of its own whose fixes open on what causes the error ("• An excessive number of
    cache files can cause this error if ... To prevent this, use ...", "La tabla sink está en modo de solo
    anexión ... Reemplácela por ..."): those openings, each up to the first sentence saying what to do. A ninth
    trial's "why?" was told "This FAQ entry gives no cause" right under that sentence. None when every fix opens
    on what to do."""
    shown: dict[int, str] = {}
    for i, p in enumerate(parts):
        if not p.fix or p.kind in NO_TEXT or p.kind == "code":
            continue
        m = _MARKER.match(texts[i])
        marker, body = (m.group(0), texts[i][m.end() :]) if m else ("", texts[i])
        paras = body.strip().split("\n\n")
        said, check = _explains(paras[0]), ""
        if not said and p.kind != "step":  # a how-to's step goes on with notes ("Important"), not with why
            # a check, then why it matters: "3. Check if the timestamp ... is 0 or null." over "The latency ... is
            # calculated by subtracting the message timestamp ... If a message does not have a timestamp, the latency
            # can be displayed as over 50 years." (a fifteenth trial's "why does that happen?" got only "1. First,
            # determine if the job is a JAR job or a SQL job.")
            said = next((s for para in paras[1:] if "```" not in para and (s := _explains(para))), [])
            # with the check it explains: its number alone over the reason read as a list's step 3 out of nowhere
            # (a twenty-seventh trial's "pourquoi ?": "sa cause : 3. La latence ... est calculée ...")
            check = paras[0].strip() + " " if said else ""
        if said:
            shown[i] = marker + check + " ".join(said)
    if not shown:
        return None
    order = reading_order(parts)
    text = join_parts(parts, shown, order, condition(question), lang)
    return Selection(text, True, [i for i in order if i in shown], set(shown))


LABEL_WORDS = 4


def _explains(paragraph: str) -> list[str]:
    """A paragraph's sentences up to the first that says what to do, introduces a list or sample, or holds code;
    none of a label ("Important", "Note": a few words, no sentence's punctuation) nor of a list's item (the ways to
    check, under "... in one of the following ways:")."""
    text = paragraph.strip()
    if (len(text.split()) <= LABEL_WORDS and not re.search(r"[.!?:。]", text)) or _MARKER.match(text):
        return []
    said = []
    for sent in SENTENCE_BREAK.split(paragraph):
        if instructs(sent) or "`" in sent or sent.rstrip().endswith(":"):
            break
        said.append(sent)
    return said


def _opening(text: str, room: int, lang: str) -> str:
    """A listed cause from its opening within the room (whole paragraphs, then sentences), else its first
    sentence: the list marker ("- ", "2. ") set aside, so that it is not read as a sentence of its own."""
    m = _MARKER.match(text)
    marker, body = (m.group(0), text[m.end() :]) if m else ("", text)
    opening = item_opening(body, room - len(marker), lang, {})
    if not opening:
        first = SENTENCE_BREAK.split(body.strip(), maxsplit=1)[0]
        opening = body if first.rstrip().endswith(":") or "```" in first else first
    return marker + opening


def _case_lead(part: Part, text: str) -> str:
    """A listed case with its own remedy ("- A single data record is too large.\n\nFor example ... You have two
    solutions: ..."), as a "why?" shows it: its first paragraph, the cause; the remedy is what "how do I fix
    it?" gives (a fifth trial: "why?" on the Paimon heartbeat entry quoted all its solutions, 2,464
    characters). Any other part whole, and a case whose first paragraph announces the rest ("... as follows:")."""
    if not (part.fix and part.kind in _LISTED):
        return text
    lead = text.split("\n\n", 1)[0]
    return text if lead.rstrip().endswith(":") else lead  # a lead announcing what follows needs it


# a sentence of a fix at least this long, found in an earlier answer, says that fix was shown; its opening is
# enough (a closest entry's line cuts a long sentence with "…")
SHOWN_SENTENCE = 30
SHOWN_OPENING = 60


def _shown(text: str, before: str) -> bool:
    """Whether a sentence of a part (`text`, as written) is in `before` (whitespace collapsed). Read line by line: a
    note under a code sample ("```\nNote\n\n- If properties.sasl.mechanism is SCRAM-SHA-256, use ...") was one
    sentence with the code's last line, whose opening no answer quotes; the closest line that quoted the note did not
    count as shown, and "that didn't work" was told the entry had no other fix (a thirtieth trial)."""
    lines = (_MARKER.sub("", line) for line in text.strip().splitlines())
    sentences = [" ".join(s.split()).strip(" -*`") for line in lines for s in SENTENCE_BREAK.split(line)]
    return any(len(s) >= SHOWN_SENTENCE and s[:SHOWN_OPENING] in before for s in sentences)


def all_shown(text: str, before: str) -> bool:
    """Every sentence of the quote long enough to tell was in `before` (the answer just before): "comment corriger
    ?" after "pourquoi ?" on an entry whose troubleshooting steps are both got the same text again, unsaid (a
    twelfth trial)."""
    flat = " ".join(before.split())
    sentences = [" ".join(s.strip(" -*`").split()) for s in SENTENCE_BREAK.split(_MARKER.sub("", text.strip()))]
    told = [s for s in sentences if len(s) >= SHOWN_SENTENCE]
    end, found = 0, 0
    for s in told:  # in the quote's order
        at = flat.find(s[:SHOWN_OPENING], end)
        if at < 0:
            # the history holds each answer cut (MAX_ANSWER_CHARS): a sentence with no room left after the ones
            # found may have been shown after the cut
            return len(before) >= MAX_ANSWER_CHARS and found >= 2 and len(flat) - end < len(s)
        end, found = at + len(s), found + 1
    return found > 0


def unshown_fixes(chunk: Chunk, before: str, question: str) -> Selection | None:
    """The entry's fix parts that no earlier answer of the conversation (`before`, its texts joined) quoted
    from, with their sections' labels; None when every fix was shown (a sixth trial: "what else?" was told the
    entry had no other fix while its first one had never been shown)."""
    parts = chunk.parts
    texts = [render_part(p) for p in parts]
    flat = " ".join(before.split())
    # not what not to do ("Incorrect configuration:" and its sample: a ninth trial was given it as a further fix),
    # nor a pointer to other documentation, which is no fix of its own
    fixes = [
        i
        for i, p in enumerate(parts)
        if p.fix and p.kind not in NO_TEXT and not wrong_sample_lead(texts[i]) and not only_points_elsewhere(texts[i])
    ]
    if not any(_shown(t, flat) for t in texts):
        return None  # nothing of this entry was ever shown: not the entry under discussion
    # nor what the turn says it did ("I set table.exec.source.idle-timeout to 5 s, still nothing" was given that
    # very step again: a sixth trial's leftover)
    done = done_query(question, chunk.language, turn=True)[:3]
    qy = PartQuery(set(), chunk.language, {}, set(), None, *done)
    if any(done):
        # the turn says which fix it tried ("I already set allowMultiQueries=true, still failing"): the others are
        # what is left to try, shown before or not (a seventh trial was told "no other fix" while the entry's
        # first, "contact technical support for a custom connector", was untried)
        new = [i for i in fixes if not said_done(texts[i], qy)]
        if len(new) == len(fixes):
            new = _besides_closest(fixes, texts, done[2], chunk.language)
        if len(new) == len(fixes):
            new = [i for i in new if not _shown(texts[i], flat)]
    else:
        new = [i for i in fixes if not _shown(texts[i], flat)]
    # nor the step whose words the turn states as true of its case ("that did not work, all partitions have data"
    # was given "Ensure that all partitions receive data": an eighth trial)
    stated = set(tokenize(question, chunk.language))
    new = [i for i in new if not _restated(texts[i], stated, chunk.language)]
    # nor what a turn saying it did not help says it did ("ya revisé los failovers, no hay ninguno" was given "1.
    # Compruebe si hay failovers" first: a fourteenth trial); its words are read whatever it says came of it
    # (most of its words when it says more than two: "write-buffer-size 已经调到 64mb 了" shares "write" and "buffer"
    # with the fix it did not try, on too many partitions)
    tried = tried_words(question, chunk.language)
    new = [i for i in new if not _holds_tried(texts[i], tried, chunk.language, DONE_WORDS_SHARE)]
    if not new:
        return other_options(texts, fixes, tried, chunk.language) if tried else None
    shown = {i: texts[i] for i in new}
    for i in new:
        s = parts[i].section
        if s >= 0 and s not in shown and parts[s].kind in ("label", "heading"):
            shown[s] = texts[s]
    order = reading_order(parts)
    text = join_parts(parts, shown, order, condition(question), chunk.language)
    return Selection(text, True, [i for i in order if i in shown])


# a list of options: items between commas, the last after the language's "or" ("a, b, or c", "a, b o c")
_OR = {code: "|".join(map(re.escape, p.or_words)) for code, p in PACKS.items() if p.or_words}


def other_options(texts: list[str], fixes: list[int], tried: frozenset[str], lang: str) -> Selection | None:
    """The sentence of a fix listing options, one of which holds what the turn says it tried and the others not: those
    are still to try ("ya pusimos un consumer-id, sigue igual" of "... you can adjust the snapshot file retention
    period, specify a consumer ID, or optimize the consumption job": a seventeenth trial was told the entry had no
    other fix). Quoted whole, under a heading saying so (bot/answers/compose.py); None when no fix lists options."""
    ors = _OR.get(lang)
    if not ors:
        return None
    items_re = re.compile(rf",\s*(?:(?:{ors})\s+)?|\s+(?:{ors})\s+")
    for i in fixes:
        for sentence in SENTENCE_BREAK.split(texts[i]):
            if not re.search(rf",.*?[\s,](?:{ors})\s", sentence):  # a comma, then "or" (after a comma or not)
                continue
            held = [_holds_tried(item, tried, lang) for item in items_re.split(sentence)]
            if len(held) >= 3 and any(held) and not all(held):
                return Selection(sentence.strip(), True, [i], options=True)
    return None


# a fix holding this many of the words of what a turn says it did (its one word, if one) may be what was tried: the
# turn's words count its verb ("ya uso upsert-kafka": uso) and a fix its explanation's, so no share of them is asked
TRIED_WORDS = 2


def tried_other(chunk: Chunk, question: str) -> bool:
    """Whether a turn saying the fix did not work says it did something none of the entry's fixes says to do ("j'ai
    déjà augmenté le parallélisme, ça ne change rien" of the split-timeout entry, whose fix is more CPU for the
    TaskManager: a thirteenth trial was told the FAQ had no other fix). Read in the entry's language only."""
    words = tried_words(question, chunk.language)
    parts = chunk.parts
    if not words or not parts:
        return False
    names = done_query(question, chunk.language, turn=True)[0]
    qy = PartQuery(set(), chunk.language, {}, set(), None, names)
    fixes = [render_part(p) for p in parts if p.fix and p.kind not in NO_TEXT]
    tried = [_holds_tried(t, words, chunk.language) for t in fixes]
    return bool(fixes) and not any(tried) and not any(said_done(t, qy) for t in fixes)


def _holds_tried(text: str, words: frozenset[str], lang: str, share: float = 0.0) -> bool:
    """Whether a fix holds what a turn says it did, in its words (`tried_words`): two of them (its one word, if
    one), and with `share` that share of them too."""
    held = len(words & set(tokenize(text, lang)))
    return bool(words) and held >= max(min(TRIED_WORDS, len(words)), share * len(words))


def _besides_closest(fixes: list[int], texts: list[str], words_done: frozenset[str], lang: str) -> list[int]:
    """The fixes other than the one a turn saying what it did names best, in its own words: "ya consumo desde el
    principio (initial) y sigue igual" shares only "consum" with "Consuma el binlog desde el inicio" (a tenth
    trial was told the entry had no other fix, its untried "Deshabilite MiniBatch" hidden). All of them when no
    single fix shares a word with the turn more than the others."""
    shared = {i: len(words_done & set(tokenize(texts[i], lang))) for i in fixes}
    best = max(shared.values(), default=0)
    if best == 0 or sum(n == best for n in shared.values()) > 1:
        return fixes
    return [i for i in fixes if shared[i] < best]


RESTATED_WORDS = 2  # a fix's opening sentence shares at least this many words with the turn, and half of its words


def _restated(text: str, stated: set[str], lang: str) -> bool:
    """Whether a turn states what a fix's opening sentence asks for: half of its words and two at least."""
    first = SENTENCE_BREAK.split(_MARKER.sub("", text.strip()), maxsplit=1)[0]
    want = set(tokenize(first, lang))
    shared = len(want & stated)
    return shared >= RESTATED_WORDS and 2 * shared >= len(want)


def runs_fix_version(chunk: Chunk, question: str) -> tuple[str, str] | None:
    """(the version a turn says the user already runs, the version the entry's fix upgrades to) when the turn's is
    the later one ("we are on VVR 8.0.10 already" and "Upgrade to VVR 8.0.9 or a later version"), else None."""
    done = done_query(question, chunk.language, turn=True)[:3]
    qy = PartQuery(set(), chunk.language, {}, set(), None, *done)
    fixes = [render_part(p) for p in chunk.parts if p.fix]
    return next((found for t in fixes if (found := version_done(t, qy))), None)


def states_case(chunk: Chunk, question: str) -> bool:
    """Whether a turn states the state of a feature the entry's fixes are written for in both states (its case)."""
    texts = [render_part(p) if p.fix and p.kind not in NO_TEXT else "" for p in chunk.parts]
    return bool(in_stated_state(texts, question, chunk.language))


def fixes_done(chunk: Chunk, question: str, weights: dict | None, turn: bool = False) -> bool:
    """Whether the question says it already did what every fix part of the entry says ("ya tengo
    characterEncoding=UTF-8 en la URL" and the entry's one fix is to add it); with `turn`, a turn after an answer
    ("we are on VVR 8.0.10 already" and the entry's fix is to upgrade to 8.0.9)."""
    parts = chunk.parts
    done = done_query(question, chunk.language, turn)[:3]  # what is not used is not done: its fixes stay
    if not parts or not any(done):
        return False
    texts = [render_part(p) for p in parts]
    qy = local_query(parts, texts, PartQuery(set(), chunk.language, weights or {}, set(), None, *done))
    fixes = [i for i, p in enumerate(parts) if p.fix and p.kind not in ("label", "heading")]
    return bool(fixes) and all(said_done(texts[i], qy) for i in fixes)
