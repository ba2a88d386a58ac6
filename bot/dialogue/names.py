"""Which words of a turn name a product, a connector or an option (bot/dialogue/conversation.py reads a follow-up's
new aspect with them, bot/dialogue/aspect.py checks an entry against them)."""

from __future__ import annotations

import re

from faqbot.bot.answers.done import VERSION_TOKEN
from faqbot.bot.dialogue.words import CJK_RUN, WORD
from faqbot.ingest.langdetect import function_word_scores
from faqbot.ingest.textproc import fold, identifiers
from faqbot.languages import PACKS

NOUNS_CAPITALISED = frozenset(code for code, p in PACKS.items() if p.capitalised_nouns)
# the answer languages' names in every pack that writes them (an answer language's, German's: "Französisch")
ANSWER_LANGUAGE_NAMES = tuple(dict(p.language_names) for p in PACKS.values() if p.language_names)
# an answer language's name in any language ("anglais", "inglés"): never a product
LANGUAGE_OF = {fold(name): code for names in ANSWER_LANGUAGE_NAMES for code, name in names.items()}
# a language the corpus lacks, by any of its names ("German", "allemand", "Deutsch"): never a product either
UNANSWERED_LANGUAGE_OF = {fold(name): code for code, p in PACKS.items() if not p.answers for name in p.names}


def is_name(word: str, known: frozenset[str] = frozenset()) -> bool:
    """A product or connector's name: a capitalised word such as Paimon (acronyms like SQL are
    topics, not products), or one typed in lower case that the corpus writes capitalised (hologres)."""
    if fold(word) in LANGUAGE_OF or fold(word) in UNANSWERED_LANGUAGE_OF:
        return False
    return (word[:1].isupper() and not word.isupper()) or word.lower() in known


def name_words(text: str) -> list[str]:
    """The words of the spaced scripts that may be names. A word opening the text or a sentence is capitalised
    whatever it is and is left out, unless the text is Chinese (or Japanese, Korean): it has no capitals, so a
    capitalised word in it is a name wherever it stands ("ClickHouse 呢？"). In German every noun is
    capitalised: there a word is a name only as the corpus writes names (known) or in mixed case."""
    words = re.finditer(rf"{WORD}(?:{WORD}|-)*", text)
    cjk = bool(CJK_RUN.search(text))
    nouns = _capitalises_nouns(text)
    return [as_name(m.group(0), nouns) for m in words if cjk or not _opens_sentence(text, m.start())]


def _opens_sentence(text: str, start: int) -> bool:
    """Whether the word at `start` opens the text or a sentence of it ("... only 3 get data. Is there an option
    for that?": "Is" is no product)."""
    return bool(_OPENS.search(text[:start]))


# what stands before a word opening the text or a sentence: nothing, or . ! ? and a space (not "table.exec.source"),
# or a line break; then opening marks
_OPENS = re.compile(r"(?:^|[.!?]\s+|\n)[\s¿¡\"']*$")


def _capitalises_nouns(text: str) -> bool:
    """Whether the text's function words are those of a language that capitalises its nouns."""
    scores = function_word_scores(text)
    best = max(scores, key=lambda code: scores[code])
    return scores[best] > 0 and best in NOUNS_CAPITALISED


def as_name(word: str, nouns: bool) -> str:
    """A word as a name check reads it: lower-cased, in a language capitalising its nouns, unless
    written in mixed case (ClickHouse, MaxCompute)."""
    return word.lower() if nouns and not re.search(r"[a-z][A-Z]", word) else word


def is_hyphen_name(word: str) -> bool:
    """upsert-kafka, mysql-cdc: a connector's name as written in a DDL (not French a-t-il, est-elle, faut-il:
    a verb and its pronoun, function words of a language)."""
    parts = word.split("-")
    return (
        len(parts) > 1
        and all(len(p) > 2 and p.isascii() for p in parts)
        and not any(sum(function_word_scores(p).values()) for p in parts)
    )


def options(text: str) -> set[str]:
    """Option names (scan.startup.mode, sink.buffer-flush.max-rows): dotted identifiers. A version number
    (6.0.7) is none: "¿y en la versión 6.0.7?" asks the same entry of a version, whose branch the answer
    takes (bot/answers/parts.py), and entries write it inside names ("vvr-6.0.7-flink-1.15")."""
    versions = (i for i in identifiers(text) if VERSION_TOKEN.match(i))
    return {i for i in identifiers(text) if "." in i.strip(".")} - set(versions)


def new_names(question: str, known: frozenset[str], previous: str = "") -> list[str]:
    """The product names a follow-up names that the previous question did not."""
    before = fold(previous)
    return [w for w in name_words(question) if (is_name(w, known) or is_hyphen_name(w)) and fold(w) not in before]


def names_product(question: str, known: frozenset[str], previous: str = "") -> bool:
    return bool(new_names(question, known, previous))
