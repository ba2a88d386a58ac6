"""The entry the previous answer showed first, read from that answer's text.

A turn about "the entry" ("why?", "and Paimon?") used to find it by searching the previous question again.
That search is not what the user saw when a follow-up check had put another entry first: "what about
Hologres?" showed "Checkpoint interval and data visibility" [1], while its words alone find "ClassCastException
when reading from Hologres" first; "why?" then gave that entry's cause, and "and Paimon?" was checked against
its topic (lost: "not covered"). The answer's text names its first entry: every answer opens on it with its
title next to its marker ("From the FAQ entry “Title” [1]:", "- [1] [Title](/source/...)"), in any language,
and clients (the chat, the API, OpenAI-compatible ones) send that text back as the conversation's history.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from faqbot.bot.answers.answer import Turn
from faqbot.bot.answers.parts_score import VERSION, condition, names_version_noun
from faqbot.bot.dialogue.words import ERROR_CLASS, PRONOUNS, REFERS_BACK, word_count
from faqbot.bot.retrieval.corpus_words import corpus_words
from faqbot.ingest.textproc import WORD_RE, fold
from faqbot.languages import words

if TYPE_CHECKING:
    from faqbot.bot.retrieval.retrieve import Hit, HybridRetriever

FIRST = "[1]"
# characters allowed between a title and the [1] marker beside it: a closing quote and a space ("” [1]"), or
# the marker's space and the link's opening bracket ("[1] [")
NEAR = 3
_SPACE = re.compile(r"\s+")
VERSION_TURN_WORDS = 10  # a longer turn naming a version says more than which case it is in


def shown_first(history: Sequence[Turn], titles: Mapping[str, str], skip: int = 0) -> str | None:
    """The entry (translation group) the last assistant turn (the one before it, skip=1) cited [1], by the title
    written beside its marker (the longest such title: "Error: X" and "X" may both be titles); None when that
    turn cites none."""
    answers = [t for t in history if t.role == "assistant"]
    last = answers[-1 - skip] if len(answers) > skip else None
    if last is None or FIRST not in last.content:
        return None
    text = _SPACE.sub(" ", last.content)
    marks = [m.start() for m in re.finditer(re.escape(FIRST), text)]
    best = ""
    for title in titles:
        at = text.find(title)
        while at >= 0 and len(title) > len(best):
            end = at + len(title)
            if any(0 <= m - end <= NEAR or 0 <= at - (m + len(FIRST)) <= NEAR for m in marks):
                best = title
                break
            at = text.find(title, at + 1)
    return titles[best] if best else None


def shown_entry_text(retriever: HybridRetriever, answer: str) -> str:
    """The text of the entry an answer showed first, every version's title and body ("" when it showed none): the
    words a short question asks of it in (bot/dialogue/asks_answer.py)."""
    group = shown_first([Turn("assistant", answer)], corpus_words(retriever).titles)
    hit = retriever.entry(group, "en") if group is not None else None
    return "" if hit is None else "\n".join(f"{c.title}\n{c.body}" for c in hit.versions)


def put_first(retriever: HybridRetriever, hits: list[Hit], group: str | None, lang: str) -> list[Hit]:
    """The hits with the entry `group` first: moved there when it is among them, else put there at the first's
    score (the entry under discussion, which the turn's own search did not find); as they were for None."""
    if group is None or not hits:
        return hits
    i = next((i for i, h in enumerate(hits) if h.group == group), None)
    if i is not None:
        return [hits[i], *hits[:i], *hits[i + 1 :]]
    entry = retriever.entry(group, lang, hits[0].score)
    return hits if entry is None else [entry, *hits[:-1]]


# a version as an entry names one: after "VVR", "version", "Flink", or in three parts ("8.0.5"); not a number of
# its sample data ("3999.00": an eleventh trial's version turn got no notice on an entry naming no version)
_NAMED_VERSION = re.compile(
    r"(?:vvr[-\s]*|versi[oó]ns?\s+(?:vvr[-\s]*)?|flink\s+)\d+\.\d+|(?<![\w.])\d+\.\d+\.\d+(?![\w.]|\.\d)", re.I
)


def names_a_version(text: str) -> bool:
    """Whether a text names a version ("Use VVR 8.0.5 or later"), not only numbers of data."""
    return bool(_NAMED_VERSION.search(text))


def names_versions(hit: Hit) -> bool:
    """Whether an entry names a version in any of its languages."""
    return any(names_a_version(c.body) for c in hit.versions)


def tells_version(question: str, retriever: HybridRetriever, group: str | None) -> bool:
    """Whether a short turn naming the version it runs ("we are on VVR 8.0.7, does the upgrade help?", "what about
    8.0.3?") follows an entry whose text names versions ("Use VVR 8.0.5 or later"): it asks which of that entry's
    cases is its own (an eighth trial's turn, searched alone, found another entry naming an upgrade). Not a turn
    pasting an error of its own."""
    if group is None or word_count(VERSION.sub(" v ", question)) > VERSION_TURN_WORDS or ERROR_CLASS.search(question):
        return False
    if condition(question) is None:
        return False
    # a turn pointing back ("Et avant la version VVR 6.0.2, ce paramètre existe ?": a tenth trial got the RocketMQ
    # entry its version found) asks the entry under discussion, whether or not that entry names versions
    entry = retriever.entry(group, "en")
    if entry is None:
        return False
    return bool(PRONOUNS.search(question)) or names_versions(entry) or only_a_version(question, retriever)


# words a version turn is made of besides what it asks about: every pack's function words and version nouns
ASKING_WORDS = frozenset(fold(w) for w in words("function_words") + words("version_words"))


def only_a_version(question: str, retriever: HybridRetriever) -> bool:
    """Whether a turn names nothing but a version, among words the FAQ writes ("and for VVR 8.0.x?", "et pour la
    8.0.5 ?"): it asks the entry under discussion, which has one case for every version when it names none (a
    twenty-second trial's "and for VVR 8.0.x?" after the Kafka window entry got the "no output downstream" one)."""
    rest = _PLATFORM.sub(" ", VERSION.sub(" ", REFERS_BACK.sub(" ", question)))
    return not named_faq_words(rest, retriever)


def named_faq_words(text: str, retriever: HybridRetriever) -> set[str]:
    """The words of a text that the English FAQ writes, besides function words and version nouns: what it names."""
    return {fold(w) for w in WORD_RE.findall(text)} & retriever.english_words - ASKING_WORDS


# the platform a version belongs to, and a version's wildcard ("VVR 8.0.x", "Flink 1.17"): part of the version named
_PLATFORM = re.compile(r"\b(?:vvr|vvp|ververica|flink|realtime compute)\b|(?<=[\d\s.])x\b", re.IGNORECASE)




def asks_version(question: str) -> bool:
    """Whether a short turn asks which version, naming none ("which vvr version fixes it then?", "¿en qué versión se
    arregla?"): of an entry that names no version, the answer says so (a twelfth trial was shown the entry again
    without a word on versions)."""
    if word_count(question) > VERSION_TURN_WORDS or ERROR_CLASS.search(question) or VERSION.search(question):
        return False
    return names_version_noun(question) and ("?" in question or "？" in question)
