"""One text as retrieval reads it, read once: its post reading (bot/retrieval/report.py), its language, and the
English words that bridge it to the corpus (bot/retrieval/glossary.py, bot/retrieval/xling.py). A turn's `Query`
(bot/dialogue/query.py) holds the readings its steps need; retrieval takes a Reading
(`HybridRetriever.retrieve_query`), and `HybridRetriever.retrieve(text)` reads the text first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from faqbot.bot.retrieval.glossary import english_terms
from faqbot.bot.retrieval.keyword_language import english_keywords, glossary_language
from faqbot.bot.retrieval.report import Report, read_report, without_links
from faqbot.bot.retrieval.xling import Gloss, gloss
from faqbot.ingest.langdetect import detect_language
from faqbot.ingest.textproc import SUPPORTED

# a language detector: ingest/langdetect.py detect_language, or a turn's `Languages`
Detect = Callable[[str], tuple[str, float]]


GLOSSARY_SIGN = 0.6  # the confidence of a language read from the user's topic words beside a pasted error


class Languages:
    """The language detector of one turn: each distinct text is detected once (the follow-up rules
    read the previous question's language, and its reading detects it again). `english_words`: the
    English corpus's vocabulary; a few keywords all of which it holds are English (bot/retrieval/
    keyword_language.py), whatever the statistical detector guesses ("mysql cdc binlog": German)."""

    def __init__(self, detect: Detect | None = None, english_words: frozenset[str] = frozenset()) -> None:
        self._detect = detect or detect_language
        self._english = english_words
        self._seen: dict[str, tuple[str, float]] = {}

    def __call__(self, text: str) -> tuple[str, float]:
        if text not in self._seen:
            code, confidence = self._detect(text)
            if code != "en" and self._english and english_keywords(text, self._english):
                code = "en"
            elif code == "en" and self._english and (own := glossary_language(text, self._english)):
                code, confidence = own, GLOSSARY_SIGN
            self._seen[text] = (code, confidence)
        return self._seen[text]


@dataclass(frozen=True)
class Reading:
    """One text as retrieval reads it."""

    text: str  # as typed, or the standalone question a follow-up stands for
    linkless: str  # without web addresses (bot/retrieval/report.py without_links)
    report: Report  # read_report(linkless): what retrieval scores
    # read_report(text): the language is read from the text as typed, links included, and the LLM's
    # entry check tells a long post by it (the same object as `report` when the text has no link)
    typed: Report
    language: str  # the answer's language (an override wins; unsupported ones fall back to English)
    detected: str  # what the detector saw, possibly unsupported ('de', 'zh')
    glossary: str  # English words for its Chinese terms (bot/retrieval/glossary.py)
    crossed: Gloss  # its terms in English, for entries without its language (bot/retrieval/xling.py)


def answer_language(detected: str, override: str | None) -> str:
    """An override wins, unsupported ones fall back to English."""
    if override and override.lower() in SUPPORTED:
        return override.lower()
    return detected if detected in SUPPORTED else "en"


def read_text(
    text: str,
    language: str | None = None,
    english_words: frozenset[str] = frozenset(),
    detect: Detect | None = None,
) -> Reading:
    """`english_words`: the English corpus's vocabulary (HybridRetriever.english_words), so that a few
    English keywords ("configure partition expiration") are not read as French."""
    linkless = without_links(text)
    report = read_report(linkless)
    typed = report if linkless == text else read_report(text)
    # a pasted report's language is read from its prose, not from its logs and DDL
    detected, _conf = (detect or detect_language)(typed.language_text())
    lang = answer_language(detected, language)
    if detected != "en" and english_keywords(report.language_text(), english_words):
        detected = "en"  # "configure partition expiration": English words, no sign of French
        lang = language.lower() if language and language.lower() in SUPPORTED else "en"
    words = report.language_text()
    # a question in a language the corpus lacks (German) is read through its own pack's glossary
    glossed = detected if lang == "en" and detected not in SUPPORTED else lang
    return Reading(text, linkless, report, typed, lang, detected, english_terms(words), _crossed(words, glossed))


def _crossed(words: str, lang: str) -> Gloss:
    """The question's terms in English (its own pack's glossary) and, for a question in another language, what the
    English glossary reads in it: the English error messages users paste whatever their language ("el job falla con
    ... Deadlock found when trying to get lock", a Kafka client's timeout) are read in the FAQ's words too."""
    own = gloss(words, lang)
    english = gloss(words, "en") if lang != "en" else Gloss("", words)
    if not english.words:
        return own
    # the dense crossing reads the question with its own terms in English (`own.text`): its count stays theirs
    return Gloss(" ".join(filter(None, [own.words, english.words])), own.text, own.terms)
