"""Extractive answers: no LLM, offline, deterministic.

The answer quotes the part of the best FAQ entry that addresses the question,
keeping code, SQL and error text verbatim in code blocks.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import replace

from faqbot.bot.answers.answer import Answer, Citation
from faqbot.bot.answers.answer_parts import AnswerParts, EntryLink
from faqbot.bot.answers.asked import asked_selection
from faqbot.bot.answers.detail import VALUE_ASKED, missing_detail, value_lines
from faqbot.bot.answers.extract import BUDGET, CODE_LINE, fix_only, section_kind, select
from faqbot.bot.answers.fix_line import FIX_CHARS, drops_data, fix_line
from faqbot.bot.answers.focus import (
    ASKED,
    all_shown,
    focus_selection,
    runs_fix_version,
    tried_other,
    unshown_fixes,
)
from faqbot.bot.answers.parts import answer_hit
from faqbot.bot.answers.parts_fix import for_answer
from faqbot.bot.answers.parts_score import SIGNALS
from faqbot.bot.answers.phrases import and_list, language_list, phrase
from faqbot.bot.answers.sections import other_connector_note, section_of
from faqbot.bot.retrieval.decision import CLOSEST, CLOSEST_N, GREETING, INSTRUCTIONS, NOT_COVERED, THANKS
from faqbot.bot.retrieval.retrieve import Hit, Retrieval
from faqbot.ingest.blocks import LABEL_PREFIXES
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import SUPPORTED, query_tokens
from faqbot.languages import PACKS

SEE_ALSO_MARGIN = 0.06
# After "that did not work", an entry next to the one whose fix failed is shown when it scores within this of it. On
# the labelled sets (772 questions), each of the 19 right entries retrieval put second or third behind a wrong first
# was within 0.082 of it; half the other second and third entries were further (a twenty-sixth trial's "et si ça ne
# marche toujours pas ?" after the Hologres permission entry was shown a UDTF and a mini-batch entry, 0.15 behind).
NEARBY_MARGIN = 0.10
GIST_CHARS = 120  # one sentence: enough to tell a near-miss entry from the cited one
# An answer whose probability of being covered is under this says so plainly (rechecked: about
# half of the answers under it are wrong or off-topic, about one in ten above it). Answers under
# the decision's answer threshold are shown as closest entries instead (bot/retrieval/decision.py).
LOW_CONFIDENCE = 0.7
_LABEL = re.compile(r"^[^:]{1,40}:\s*")
_SOLUTION_WORDS = LABEL_PREFIXES["solution"]

# a turn that only thanks or greets: the reply and what to ask next (phrases)
COURTESY_REPLIES = {
    THANKS: ("thanks_reply", "ask_next"),
    GREETING: ("greeting_reply", "ask_first"),
    INSTRUCTIONS: ("instructions_reply", "ask_first"),
}


def gist(
    body: str,
    query: str,
    lang: str,
    weights: dict[str, float] | None = None,
    limit: int = GIST_CHARS,
    solution_bonus: float = SIGNALS["gist_solution"],
) -> str:
    """The passage of an entry that best says why it matters to this question (for "see also").

    Lines are scored by the question's words they hold, rare words counting more
    (weights: inverse document frequency), and lines under a Solution label are
    preferred: a see-also entry earns its place by what it tells the user to do.
    """
    q = set(query_tokens(query, lang))
    if not q:
        return ""
    weights = weights or {}
    total = sum(weights.get(t, 1.0) for t in q)
    best, best_score = "", -1.0
    in_solution = False
    for n, ln in enumerate(body.splitlines()):
        text = ln.strip().lstrip("•").strip()
        kind = section_kind(text)
        if kind:
            in_solution = any(text.lower().startswith(w) for w in _SOLUTION_WORDS)
            label = _LABEL.match(text)
            text = text[label.end() :] if label else ""  # "Solution 2: Use VVR 8.0.5 or later."
        if len(text) < 25 or CODE_LINE.search(text):
            continue
        sents = re.split(r"(?<=[.!?])\s+", text)
        for i, sent in enumerate(sents):
            found = q & set(query_tokens(sent, lang))
            bonus = solution_bonus if in_solution else 0.0
            score = sum(weights.get(t, 1.0) for t in found) / total + bonus + SIGNALS["gist_line"] * n
            if score > best_score:
                # the sentences that follow belong to the same point while they fit
                passage = sent
                for nxt in sents[i + 1 :]:
                    if len(passage) + 1 + len(nxt) > limit:
                        break
                    passage += " " + nxt
                best, best_score = passage, score
    if len(best) > limit:
        best = best[:limit].rsplit(" ", 1)[0] + " …"
    return best.replace("[", "(").replace("]", ")")


def _answer(r: Retrieval, question: str, parts: AnswerParts, cites: list[Citation], notices: list[str]) -> Answer:
    """The Answer of one retrieval: its language, decision and confidence travel with its parts."""
    abstained = r.decision.outcome == NOT_COVERED or not r.hits
    return Answer(
        question,
        replace(parts, facts=_facts(r)),
        r.language,
        r.detected,
        cites,
        abstained,
        notices=notices,
        confidence=r.confidence,
        decision=r.decision,
        ranking=[h.to_json() for h in r.hits] if cites else [],
    )


def _not_covered(r: Retrieval, question: str, notices: list[str]) -> Answer:
    """Said plainly, with no entry: none is close enough to be worth the user's reading."""
    lang = r.language
    if r.decision.reason == "bare_reference":  # "why?" first: nothing to answer about, and nothing searched
        parts = AnswerParts(warning=phrase("nothing_to_refer", lang), advice=phrase("describe_problem", lang))
    elif r.decision.reason in COURTESY_REPLIES:  # "merci !", "hola": answered in kind, with no warning sign
        reply, advice = COURTESY_REPLIES[r.decision.reason]
        parts = AnswerParts(heading=phrase(reply, lang), advice=phrase(advice, lang))
    else:
        # input none of whose words the FAQ uses (decision reason no_known_word) is asked to describe a problem
        # and a topic the FAQ has no entry on is told what the FAQ answers: rephrasing would find nothing more
        # and a follow-up naming another product whose search left the topic ("and for Elasticsearch?") named the
        # product already: "rephrase with the connector name" told it to do what it did (a thirtieth trial)
        described = r.decision.reason in ("no_known_word", "follow_up_loses_topic")
        advice = "faq_scope" if r.topics else "describe_problem" if described else "rephrase"
        parts = AnswerParts(warning=phrase("not_covered", lang), advice=phrase(advice, lang))
    return _answer(r, question, parts, [], notices)


def _closest(r: Retrieval, question: str, notices: list[str]) -> Answer:
    """Not sure: the best entries, each cited with its title, link and its fix in a line or two (the
    opening of its fix part the question is most about), under a sentence saying so."""
    cites: list[Citation] = []
    items = _fix_lines(r.hits[:CLOSEST_N], cites, question, r)
    parts = AnswerParts(warning=phrase("closest", r.language), nearby=items, advice=phrase("closest_check", r.language))
    return _answer(r, question, parts, cites, notices)


def _fix_lines(hits: list[Hit], cites: list[Citation], question: str, r: Retrieval) -> tuple[EntryLink, ...]:
    """Each entry cited (numbered after `cites`) with its fix in a line or two."""
    items = []
    for h in hits:
        c = Citation.from_chunk(len(cites) + 1, h.chunk, h.versions)
        cites.append(c)
        # from the entry's parts (bot/answers/fix_line.py); an entry made by hand, without them, by its sentences
        fix = (
            fix_line(h.chunk, question, h.chunk.language, _turn_weights(r, question, h.chunk.language))
            if h.chunk.parts
            else gist(h.chunk.body, question, h.chunk.language, r.term_weights, FIX_CHARS, SIGNALS["gist_fix"])
        )
        if not fix and h.chunk.fix == "sample":
            # an entry whose text is a sample alone ("Parse nested JSON with Kafka connector": one JSON line) was listed
            # with no line at all (a twelfth trial): say what it holds
            fix = phrase("line_sample_only", r.language)
        caution = phrase("drops_data", r.language) if drops_data(fix, h.chunk.language) else ""
        items.append(EntryLink(c.n, c.title, c.link, fix, _quoted_in(h, r), section_of(h.chunk), caution))
    return tuple(items)


def _closest_fix(r: Retrieval, question: str, notices: list[str], focus: str = "fix", before: str = "") -> Answer:
    """"How do I fix it?" after closest entries: the list again told the user nothing new. The first entry's
    fix whole, under a lead saying it is the closest entry's if it is their case; the other entries listed
    under it with their lines. "why?" and "give me the SQL" the same way, with its cause or its code."""
    r, passed = _with_code_first(r, question, before) if focus == "code" else (r, None)
    top, lang = r.hits[0], r.language
    cites = [Citation.from_chunk(1, top.chunk, top.versions)]
    (body, shortened, fixed), closing = _extract(top, r, question, focus)
    # "no more than was shown" compares with a whole answer, which closest entries never showed
    closing = "more_in_source" if closing == "fix_no_more" or (shortened and not closing) else closing
    closing = _said_before(body, focus, before) or closing
    body, values = _values_only(body, closing, question)
    notes: tuple[str, ...] = (_other_language(top, lang),) if top.other_language else ()
    notes += tuple(filter(None, [other_connector_note(top, lang)]))
    # the closest entry's fix quoted whole, when it drops a table or the job's state: said before it, as on its line
    notes += (phrase("drops_data_fix", lang),) if drops_data(body, top.chunk.language) else ()
    notices.extend(notes)
    # an entry with no fix is not introduced as "its fix" (its closing note says it gives none)
    as_asked = fixed or (focus == "fix" and closing != "no_fix")
    key = "values_closest" if values else f"{focus}_closest" if as_asked else "lead_closest"
    key = "code_closest_next" if passed is not None and as_asked else key
    parts = AnswerParts(
        heading=phrase(key, lang, title=top.chunk.title, first=passed.chunk.title if passed else ""),
        notes=notes,
        body=body,
        closing="" if values else _closing(closing, body, question, lang, top.chunk),
        advice=phrase("closest_check", lang),
        see_also=_fix_lines(r.hits[1:CLOSEST_N], cites, question, r),
    )
    return _answer(r, question, parts, cites, notices)


def _with_code_first(r: Retrieval, question: str, before: str) -> tuple[Retrieval, Hit | None]:
    """"Give me the SQL" after closest entries whose first has none: the next entry the user was shown (its title in
    `before`, the earlier answers) that has some is quoted first, and the first named as having none; else the list
    as it was. A thirty-third trial's "给我SQL" after a windows-with-no-output list was told the first entry had no
    sample while the second's was `table.exec.source.idle-timeout: 5`."""
    first = r.hits[0]
    if not first.chunk.parts or focus_selection(first.chunk, "code", question) is not None:
        return r, None
    for i, h in enumerate(r.hits[1:CLOSEST_N], start=1):
        shown = any(v.title in before for v in (h.chunk, *h.versions))
        if shown and h.chunk.parts and focus_selection(h.chunk, "code", question) is not None:
            return replace(r, hits=[h, *r.hits[:i], *r.hits[i + 1 :]]), first
    return r, None


def _fix_failed(r: Retrieval, question: str, notices: list[str], before: str = "") -> Answer:
    """"That did not work" about the entry under discussion: its fixes the conversation has not shown yet
    (`before`: the earlier answers' texts), else the FAQ has no other fix in that entry; the entries next to it,
    each with its fix line, are what else the FAQ has near the question. A search of those words alone listed
    three unrelated entries."""
    top, lang = r.hits[0], r.language
    cites = [Citation.from_chunk(1, top.chunk, top.versions)]
    near = [h for h in r.hits[1:CLOSEST_N] if h.score >= top.score - NEARBY_MARGIN]
    others = _fix_lines(near, cites, question, r)
    more = unshown_fixes(top.chunk, before, question) if before and top.chunk.parts else None
    notes: tuple[str, ...] = ()
    if more is not None:
        key = "fix_failed_options" if more.options else "fix_failed_more"
        heading, body = phrase(key, lang, title=top.chunk.title), more.text
        if top.other_language:  # a French-only entry's fix quoted after "that did not work" in English (a trial)
            notes = (_other_language(top, lang),)
            notices.append(notes[0])
    elif r.decision.reason == "fix_failed" and r.detected == top.chunk.language and tried_other(top.chunk, question):
        # what the user tried is none of the entry's fixes: its fix, said to be another ("no other fix" told them
        # nothing, and hid that they had not tried it)
        key = "fix_failed_other_closest" if r.features.get(FAILED_ON_CLOSEST) else "fix_failed_other"
        heading = phrase(key, lang, title=top.chunk.title)
        body = _extract(top, r, question, "fix")[0][0]
    elif r.decision.reason == "fix_done" and (ran := runs_fix_version(top.chunk, question)):
        # the user runs the version the entry's fix upgrades to: said so, not "if the fix did not work"
        key = "fix_version_done" if others else "fix_version_done_alone"
        heading, body = phrase(key, lang, title=top.chunk.title, version=ran[0], fixed=ran[1]), ""
    else:
        heading, body = phrase("fix_failed" if others else "fix_failed_alone", lang, title=top.chunk.title), ""
    parts = AnswerParts(
        heading=heading,
        notes=notes,
        body=body,
        closing=phrase("more_in_source", lang) if body else "",
        # under a quote the entries next to it are "See also:" (a list right after the quote had no words to say
        # what it was); a heading without a quote introduces them itself ("Other entries close to your question:")
        nearby=() if body else others,
        see_also=others if body else (),
        advice=phrase("closest_check", lang) if others else "",
    )
    return _answer(r, question, parts, cites, notices)


def _quoted_in(h: Hit, r: Retrieval) -> str:
    """The language an entry's line is quoted in when it is not the answer's: a French list of closest
    entries mixed English lines in without a word (a second trial), where an answer says so in a notice."""
    return h.chunk.language if h.chunk.language != r.language else ""


def _other_language(top: Hit, lang: str) -> str:
    """"This entry has no Spanish version; quoted in English." (which versions exist: the citation's links)."""
    own = language_list([lang], lang)
    return phrase("other_language", lang, own=own, cited=language_list([top.chunk.language], lang))


# the feature a turn asking for a language the FAQ is not written in sets (bot/service.py): a notice says so
UNANSWERED_LANGUAGE = "asked_unanswered_language"
# the feature a "that did not work" turn sets when its entry was only the closest one, not an answer (bot/service.py):
# what the user tried is then not called a fix that was not theirs without saying the entry may not be their case
FAILED_ON_CLOSEST = "fix_failed_on_closest_entry"
# the feature a version turn about an entry naming no version sets (bot/service.py): a notice says so
NO_VERSION = "version_turn_entry_names_none"
# the feature a turn asking which version, naming none, of an entry naming some sets: its parts naming them are quoted
VERSION_ASKED = "version_turn_asks_which"


def _notices(r: Retrieval) -> list[str]:
    out = []
    if r.detected not in SUPPORTED:
        out.append(_unsupported_language(r))
    elif r.features.get(UNANSWERED_LANGUAGE):
        out.append(phrase("no_answer_in_language", r.language))
    if r.decision.outcome not in (CLOSEST, NOT_COVERED) and r.confidence < LOW_CONFIDENCE:
        out.append(phrase("low_confidence", r.language))
    if r.features.get(NO_VERSION) and r.hits and r.decision.outcome != NOT_COVERED:
        out.append(phrase("names_no_version", r.language, title=r.hits[0].chunk.title))
    return out + list(_facts(r))


def _unsupported_language(r: Retrieval) -> str:
    """"Answered in English", in the asker's language first when its pack says it, then in the answer's."""
    said = phrase("unsupported_language", r.language)
    # the pack's sentence says "in English": not above an answer the turn asked in French
    own = PACKS[r.detected].unanswered_note if r.detected in PACKS and r.language == "en" else ""
    return f"{own} ({said})" if own else said


def _facts(r: Retrieval) -> tuple[str, ...]:
    """What the FAQ says of the question itself (AnswerParts.facts): said in the answer's text, and notices too."""
    out = []
    if r.absent:
        # "StarRocks" names a connector the FAQ never writes: said, whether or not entries are shown
        key = "absent_connector" if r.decision.outcome == NOT_COVERED else "absent_connector_rest"
        out.append(phrase(key, r.language, names=and_list(r.absent, r.language)))
    if r.topics and r.decision.outcome == NOT_COVERED:
        # "how much does it cost?": what the FAQ lacks, said, so the user knows to look elsewhere
        names = [phrase(f"absent_topic_{t}", r.language) for t in r.topics]
        out.append(phrase("absent_topic", r.language, topics=and_list(tuple(names), r.language)))
    if r.unanswered:
        # the FAQ names the question as a heading, with nothing under it (bot/retrieval/unanswered.py)
        out.append(phrase("unanswered_heading", r.language, heading=r.unanswered))
    return tuple(out)


def _see_also(
    also: list[Hit], cites: list[Citation], question: str, r: Retrieval, long_quote: bool
) -> tuple[EntryLink, ...]:
    """One line per near entry: its title and the passage the question's words hit most. Under a
    long quote, which already fills the screen, only titles (a near entry's title is what tells it
    from the cited one; its gist made long answers longer still: docs/eval.md)."""
    items = []
    for h in also:
        c = Citation.from_chunk(len(cites) + 1, h.chunk, h.versions)
        cites.append(c)
        g = "" if long_quote else gist(h.chunk.body, question, h.chunk.language, r.term_weights)
        items.append(EntryLink(c.n, c.title, c.link, g, _quoted_in(h, r), section_of(h.chunk)))
    return tuple(items)


def _closing(key: str, quote: str, question: str, lang: str, entry: Chunk) -> str:
    """The closing note: the value or unit asked of a setting that the quote does not give (bot/answers/detail.py),
    with the note that the quote is abridged when it is, else the phrase `key` says ("" for none). An entry that has
    no fix, cause or code says that first."""
    detail = "" if key.startswith("no_") else missing_detail(question, quote, lang, entry.body)
    if detail:
        return f"{detail} {phrase(key, lang)}" if key == "more_in_source" else detail
    return phrase(key, lang) if key else ""


def _said_before(quote: str, focus: str, before: str) -> str:
    """"fix_said" when a "how do I fix it?" gets only what the answer just before (`before`) quoted: the entry has
    no more, and the same text again said nothing of it (a twelfth trial)."""
    return "fix_said" if focus == "fix" and before and all_shown(quote, before) else ""


def _values_only(quote: str, closing: str, question: str) -> tuple[str, bool]:
    """(the quote, False), or (its lines giving a setting a value, True) when a value request would get again the fix
    the answer before quoted whole (`closing` "fix_said"): the values it asks for, not the fix with them buried."""
    if closing != "fix_said" or not VALUE_ASKED.search(question):
        return quote, False
    lines = value_lines(quote)
    return (lines, True) if lines else (quote, False)


def _extract(top: Hit, r: Retrieval, question: str, focus: str) -> tuple[tuple[str, bool, bool], str]:
    """((quoted text, something left out, the part asked for alone), closing note's phrase key): from the
    parts ingest stored (bot/answers/parts.py; the cause or the code: bot/answers/focus.py); an entry without
    them (made by hand) through bot/answers/extract.py."""
    c = top.chunk
    if c.parts and focus in ("cause", "code"):
        asked = focus_selection(c, focus, question)
        if asked is not None:
            return (asked.text, asked.cut, True), ""
        # none in the entry: its ordinary quote, under a note saying so
        (text, cut, _fixed), _note = _extract(top, r, question, "")
        return (text, cut, False), f"no_{focus}"
    if c.parts and focus == ASKED:
        asked_for = asked_selection(c, question, _part_weights(r, c, question))
        return (asked_for.text, asked_for.cut, False), ""
    if c.parts:
        weights = _part_weights(r, c, question)
        sel, fixed, note = for_answer(c, r.query or question, question, c.language, weights, focus)
        return (sel.text, sel.cut, fixed), note
    fix = fix_only(c.body) if focus == "fix" else None
    if fix:
        return (fix[0], fix[1], True), ""
    text, cut = select(c.body, r.query or question, c.language, weights=r.term_weights)
    return (text, cut, False), ""


def compose(r: Retrieval, question: str, focus: str = "", before: str = "") -> Answer:
    """The extractive answer; focus="fix" quotes only the fix of the entry (a "how do I fix it" follow-up);
    `before`: the conversation's earlier answers, for "that did not work" (what of the entry they showed)."""
    lang = r.language
    notices = _notices(r)
    focus = focus or (ASKED if r.features.get(VERSION_ASKED) else "")
    if r.decision.outcome == NOT_COVERED or not r.hits:
        return _not_covered(r, question, notices)
    if focus == "failed":
        return _fix_failed(r, question, notices, before)
    if r.decision.outcome == CLOSEST:
        return _closest_fix(r, question, notices, focus, before) if focus else _closest(r, question, notices)
    n_top = answer_hit(r.hits)
    top = r.hits[n_top]
    cites = [Citation.from_chunk(1, top.chunk, top.versions)]
    fix, closing = _extract(top, r, question, focus)
    heading = phrase(f"{focus or 'fix'}_lead" if fix[2] else "lead", lang, title=top.chunk.title)
    notes: tuple[str, ...] = ()
    if top.other_language:
        note = _other_language(top, lang)
        notices.append(note)
        notes = (note,)
    extract, shortened, fixed = fix
    if shortened and not closing:
        closing = "more_in_source"
    closing = _said_before(extract, focus, before) or closing
    extract, values = _values_only(extract, closing, question)
    if values:
        heading, closing = phrase("values_lead", lang, title=top.chunk.title), ""
    rest = [h for n, h in enumerate(r.hits[:3]) if n != n_top]
    also = [] if fixed else [h for h in rest if h.score >= r.hits[0].score - SEE_ALSO_MARGIN]
    see_also = _see_also(also, cites, question, r, long_quote=len(extract) > BUDGET) if also else ()
    parts = AnswerParts(
        heading=heading,
        notes=notes,
        body=extract,
        closing=_closing(closing, extract, question, lang, top.chunk),
        see_also=see_also,
    )
    return _answer(r, question, parts, cites, notices)


def _turn_weights(r: Retrieval, question: str, lang: str) -> dict[str, float]:
    """The retrieval's term weights for a closest entry's line, a follow-up's own words raised: its query carries
    the turns before it, whose words would pick the line they picked before."""
    own = set(query_tokens(question, lang))
    if not set(query_tokens(r.query, lang)) - own:  # a first turn, or one searched alone: nothing carried
        return r.term_weights
    boost = SIGNALS["turn_word"]
    weights = {t: w * boost if t in own else w for t, w in r.term_weights.items()}
    # what the turn says it replaces ("¿y si uso Tablestore en vez de RDS?") is left out of its search
    # (bot/dialogue/words.py REPLACED), not of its line: the entry's line setting the two apart is the one it asks
    raised = [w for t, w in weights.items() if t in own]
    left_out = own - weights.keys()
    if raised and left_out:
        weights |= dict.fromkeys(left_out, statistics.median(raised))
    return weights


def _part_weights(r: Retrieval, c: Chunk, question: str) -> dict:
    """The retrieval's term weights for choosing the entry's parts. The words retrieval added to
    bridge languages (bot/retrieval/glossary.py, bot/retrieval/xling.py) count only when the entry is read in another
    language than the question's: in the question's own language they pull other sections."""
    if r.detected != c.language:
        return r.term_weights
    own = set(query_tokens(f"{r.query or ''} {question}", c.language))
    return {t: w for t, w in r.term_weights.items() if t in own}
