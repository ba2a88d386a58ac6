"""The entry under discussion in a turn's retrieval (bot/service.py): put first for a turn about it, never hidden
behind "not covered" right after an answer that showed it, and what a turn saying what was done does to it."""

from __future__ import annotations

import re
from dataclasses import replace

from faqbot.bot.answers.answer import Turn
from faqbot.bot.answers.compose import NO_VERSION, VERSION_ASKED
from faqbot.bot.answers.done import done_query
from faqbot.bot.answers.focus import ASKED, fixes_done, states_case
from faqbot.bot.answers.parts_score import condition, run_version
from faqbot.bot.dialogue.query import Query
from faqbot.bot.dialogue.requests import FIX_WORDS
from faqbot.bot.dialogue.shown import (
    asks_version,
    named_faq_words,
    names_a_version,
    names_versions,
    put_first,
    tells_version,
)
from faqbot.bot.dialogue.words import ASKS_WHY, ERROR_CLASS, PRONOUNS, word_count
from faqbot.bot.retrieval.decision import CLOSEST, NON_LATIN_LETTER, NOT_COVERED, SHORT_TURN_ON_ENTRY, Decision
from faqbot.bot.retrieval.retrieve import Hit, HybridRetriever, Retrieval
from faqbot.ingest.langdetect import function_word_scores, strip_code
from faqbot.ingest.textproc import SUPPORTED, WORD_RE, fold, tokenize


def with_shown_first(
    r: Retrieval, retriever: HybridRetriever, shown: str | None, version_turn: bool, question: str = ""
) -> Retrieval:
    """A turn about the entry the previous answer showed first, with that entry first: never "not covered" when it
    showed one ("give me the sql" after a German question far from every entry read alone: a seventh trial). A turn
    asking which version, naming none, of an entry that names some is answered with the parts naming them."""
    r = replace(r, hits=put_first(retriever, r.hits, shown, r.language))
    if shown is not None and r.decision.outcome == NOT_COVERED:
        r = replace(r, decision=Decision(CLOSEST, r.confidence, SHORT_TURN_ON_ENTRY))
    if version_turn and not names_versions(r.hits[0]):
        # "et avant la version 6.0.2, ce paramètre existe ?" of an entry naming no version: said so (a tenth
        # trial was shown the entry again without a word on its version)
        r = replace(r, features={**r.features, NO_VERSION: 1.0})
    elif version_turn and question and condition(question) is None:
        # "et pour quelle version du driver ?" after the SSL entry, whose cause names "MySQL driver 8.0.27": its
        # answer was quoted again (an eighteenth trial); the parts naming a version (bot/answers/asked.py)
        r = replace(r, features={**r.features, VERSION_ASKED: 1.0})
    return r


def is_version_turn(q: Query, r: Retrieval, retriever: HybridRetriever, shown: str | None, about_shown: bool) -> bool:
    """Whether a turn asks about the version of the entry under discussion (`shown`): it names the version it runs
    (`tells_version`), or asks which one, naming none, of that entry: a turn about it ("which vvr version fixes it
    then?", whatever read alone finds) or one whose search finds it first again ("et pour quelle version du driver ?",
    in words the French answer had not shown: an eighteenth trial)."""
    if tells_version(q.question, retriever, shown):
        return True
    if shown is None or not asks_version(q.question):
        return False
    on_entry = about_shown or q.turn.asks_entry or bool(r.hits and r.hits[0].group == shown)
    return on_entry or only_entry_words(q.question, retriever, shown)


def only_entry_words(question: str, retriever: HybridRetriever, shown: str) -> bool:
    """Whether the words of a turn that the English FAQ writes, besides function words and version nouns, are all words
    of the entry under discussion, and it has one ("con quale versione del driver succede?" after the SSL entry, whose
    cause names "MySQL driver 8.0.27": "driver" alone, and the turn's search found the "No suitable driver" entry
    first; a twentieth trial). A turn naming anything else asks of its own."""
    entry = retriever.entry(shown, "en")
    if entry is None:
        return False
    known = named_faq_words(question, retriever)
    said = {fold(w) for c in entry.versions for w in WORD_RE.findall(f"{c.title}\n{c.body}")}
    return bool(known) and known <= said


def hides_entry_under_discussion(q: Query, r: Retrieval, shown: str | None) -> bool:
    """Whether a turn of a few words read alone is "not covered" right after an answer that showed an entry: a
    follow-up the rules did not read as one, most likely about that entry. Far from every entry ("wir nutzen den
    Stream Tunnel, was sollen wir tun?", a twelfth trial), or, pointing back or asking why, with no word the FAQ uses
    ("is there any downside to doing that?", "e por que acontece?"; not "asdf qwer zxcv 12345", a ninth trial's)."""
    if shown is None or q.turn.previous or q.turn.about_entry or ERROR_CLASS.search(q.question):
        return False
    if r.topics:  # "¿y cuánto cuesta eso al mes?": it asks what the FAQ has no entry on, and is told so
        return False
    if word_count(q.question) > FIX_WORDS:
        return False
    points_back = bool(PRONOUNS.search(q.question) or ASKS_WHY.search(q.question))
    # far, in words of some language (its function words, or another script than Latin: "为什么？", "어느 버전부터
    # 그런가요?"): keyboard junk ("asdf qwer zxcv", a twenty-third trial) writes none, and far from every entry is
    # "not covered" as it is without an answer before it
    if r.decision.reason == "far":
        return points_back or _spoken(q.question)
    return r.decision.reason == "no_known_word" and (points_back or in_unanswered_language(q))


def _spoken(question: str) -> bool:
    return bool(NON_LATIN_LETTER.search(question)) or any(function_word_scores(strip_code(question)).values())


def in_unanswered_language(q: Query) -> bool:
    """Whether a turn is in a language the FAQ is not written in, told by that language's own words ("como eu libero
    as conexões?", "onde coloco essa opção?": a twentieth trial's Portuguese follow-ups, whose words the FAQ cannot
    use, were "not covered" for having none of its words, the rule meant for keyboard junk)."""
    detected = q.reading.detected
    return detected not in SUPPORTED and function_word_scores(strip_code(q.question)).get(detected, 0.0) > 0


# an error's name without its kind ("OutOfMemoryError" -> "OutOfMemory"): an entry writes "an OutOfMemory exception"
_KIND = re.compile(r"(?:Exception|Error)$")
ERROR_NAME_MIN = 6  # shorter stems ("IOError" -> "IO") are in words of any text
# a name of several words run together ("OutOfMemory", "ClassCast"): one word ("Runtime", "Timeout", "Validation")
# is in entries that say nothing of that error
_COMPOUND = re.compile(r"[A-Z][a-z0-9]+[A-Z]")


def names_entry_error(question: str, retriever: HybridRetriever, shown: str | None) -> bool:
    """Whether a turn after an answer pastes an error that the entry under discussion (`shown`) names: "job fails at
    validation with OutOfMemoryError, weird" in a Kafka SASL_SSL conversation, whose entry says a SASL_SSL broker and a
    SASL_PLAINTEXT client fail "with an OutOfMemory exception during validation" (a thirteenth trial got the OOM
    entries of other connectors)."""
    hit = retriever.entry(shown, "en") if shown is not None else None
    if hit is None:
        return False
    stems = {_KIND.sub("", m.group(0)) for m in ERROR_CLASS.finditer(question)}
    names = {n.lower() for n in stems if len(n) >= ERROR_NAME_MIN and _COMPOUND.search(n)}
    text = "\n".join(f"{c.title}\n{c.body}" for c in hit.versions).lower()
    return any(n in text for n in names)


def touches(h: Hit, question: str) -> bool:
    """Whether what a turn says was done or checked is in the entry (any of its versions): an option it names or
    a check's words. True when it names neither: its ordinary words ("I already changed the startup position")
    may name a step the entry takes for granted, and the entry under discussion stays."""
    judged = False
    for chunk in h.versions:
        text = f"{chunk.title}\n{chunk.body}".lower()
        names, tested, _words, _unused = done_query(question, chunk.language, turn=True)
        # a version the user runs touches an entry that names versions ("we are on VVR 8.0.10 already": its upgrade)
        named = any(n in text if not run_version(n) else names_a_version(text) for n in names)
        if named or tested & set(tokenize(text, chunk.language)):
            return True
        judged = judged or bool(names or tested)
    return not judged


def settled(r: Retrieval, question: str, focus_: str, shown: list[Turn]) -> tuple[Retrieval, str, str]:
    """(the retrieval, what the answer quotes, the earlier answers' texts it counts as shown) once what the
    question says was done is read."""
    if focus_ == "done" and r.hits and states_case(r.hits[0].chunk, question):
        # "on a activé l'exactly-once": the user's case among the entry's, not a fix done: its part (asked.py)
        return r, ASKED, ""
    if focus_ in ("", "done") and r.decision.outcome != NOT_COVERED and r.hits:
        if fixes_done(r.hits[0].chunk, question, r.term_weights, turn=focus_ == "done"):
            # "I already added X and it still fails", X being the entry's fix: told so, with the entries next to it
            return replace(r, decision=Decision(CLOSEST, r.confidence, "fix_done")), "failed", ""
    if focus_ == "done":
        focus_ = "fix"  # a turn saying only what was done: the entry's fixes, less what it did
    # what the conversation's answers showed: "that did not work" gives the entry's fixes they did not; "how do I
    # fix it?" says so when the answer just before showed all of the fix already; "give me the SQL" after closest
    # entries takes the next entry that answer showed when the first has none (bot/answers/compose.py)
    said = [t.content for t in shown if t.role == "assistant"]
    before = "\n".join(said) if focus_ == "failed" else said[-1] if focus_ in ("fix", "code") and said else ""
    return r, focus_, before
