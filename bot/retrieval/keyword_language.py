"""The language of a short keyword query: English when every word is one the English FAQ uses.

"configure partition expiration" and "Paimon partition expiration" have no function word, and their
words are French as well as English: the statistical detector said French, the answer came in
French and the page's labels switched to French. A few keywords with no function word and no
accented letter carry no signal of a language but their words; when the English corpus holds every
one of them they are read as English, the language of the product's own terms. A French or Spanish
keyword query keeps its language as soon as one word is not an English corpus word ("table sink
vide": vide; "indice SHUFFLE_HASH jointure": jointure).
"""

from __future__ import annotations

from collections.abc import Iterable

from faqbot.ingest.langdetect import function_word_scores, own_clauses, strip_code
from faqbot.ingest.textproc import WORD_RE, fold
from faqbot.languages import ANSWERED, PACKS

KEYWORD_WORDS = 5  # longer text is a sentence: its language is the detector's to say
LATIN_END = 0x24F  # the last letter of Latin Extended-B: accented Latin letters are still keywords' letters


def english_vocabulary(texts: Iterable[str]) -> frozenset[str]:
    """Every word (folded) of the English versions' titles and bodies."""
    return frozenset(fold(w) for t in texts for w in WORD_RE.findall(t))


def english_keywords(text: str, english: frozenset[str]) -> bool:
    """Whether a query is a few keywords, all of them words of the English corpus."""
    if any(c.isalpha() and ord(c) > LATIN_END for c in text):
        return False  # a letter of another script (Han, Cyrillic) is that language's sign, not a keyword's
    prose = strip_code(text)
    words = WORD_RE.findall(prose)
    if not words or len(words) > KEYWORD_WORDS or sum(function_word_scores(prose).values()) > 0:
        return False
    return all(fold(w) in english for w in words)


# an answer language's own words for the FAQ's topics: its glossary's one-word terms ("crear", "leer", "fenetre")
TOPIC_WORDS = {
    code: frozenset(t for t in PACKS[code].glossary if " " not in t) for code in ANSWERED if PACKS[code].glossary
}


def glossary_language(text: str, english: frozenset[str]) -> str | None:
    """The answer language whose topic words (`TOPIC_WORDS`, none the English corpus writes) the user's own clauses
    around a pasted error hold, when one language's do: "error al crear la tabla sink: 'upsert-kafka' tables
    require ..." and "... cannot be cast to class java.lang.Long al leer de holo" are Spanish (the statistical
    detector read "al crear la tabla sink" as English, "al leer de holo" as Dutch; a sixteenth trial was answered in
    English). None otherwise."""
    own = own_clauses(text, whole=True)
    if not own:
        return None
    words = {fold(w) for w in WORD_RE.findall(own)} - english
    found = {code for code, terms in TOPIC_WORDS.items() if words & terms}
    return found.pop() if len(found) == 1 else None
