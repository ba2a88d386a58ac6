"""A short question asked of the answer just given, in its words ("why would the order change?" after the entry on a
UDTF's field order; "what value should I use?" after one naming the batch size to lower).

An eleventh new-user trial asked such turns and they were searched as typed: the words are few and general, so three
unrelated entries came first, and the next "why?" explained the wrong one. A turn of at most SHORT words that asks
(a question opening or a question mark), pastes no error, opens on no other subject ("another thing: ...") and
whose every content word (in one of the answer languages' tokenizers: stems, stop words left out) the previous
question or its answer holds asks of that answer: it is resolved as a follow-up (bot/dialogue/conversation.py), the
previous question's topic words carried with it. A turn naming anything the conversation did not say (a product, an
option, an error) still asks of its own.
"""

from __future__ import annotations

import re

from faqbot.bot.dialogue.words import ACKNOWLEDGED, ERROR_CLASS, NEW_TOPIC, OPENS_QUESTION, word_count
from faqbot.bot.retrieval.xling import gloss
from faqbot.ingest.langdetect import function_word_scores, strip_code
from faqbot.ingest.textproc import tokenize
from faqbot.languages import PACKS

# the tokenizers a turn's words are read with: the answer languages' (a turn is typed in one of them, or answered
# in English)
_LANGS = ("en", "fr", "es")
# at least this many content words: "why?" alone is a request about the entry (bot/dialogue/requests.py)
MIN_WORDS = 1
# at most this many words: every content word said before is a narrower test than a short turn's (bot/dialogue/words.py
# SHORT), so a longer one passes ("why does the ingest pipeline conflict with doc_as_upsert?", an eleventh trial's, 8)
ASKS_WORDS = 12


def _unacknowledged(question: str) -> str:
    """The turn without the acknowledgement it opens on ("oui mais moi c'est MOR, pas COW": "moi c'est MOR, pas
    COW"), whose words are not the turn's, nor the function words of a language the answers are not in ("het is een
    SQL job" after the Kafka latency entry, whose first step asks whether it is a JAR or an SQL job: a twentieth
    trial's Dutch turn kept "het" and "een", which no answer language's stop list holds, and got a Paimon entry)."""
    turn = ACKNOWLEDGED.sub("", question, count=1) or question
    return _FOREIGN_FUNCTION_WORD.sub(" ", turn)


# the function words only languages the FAQ is not written in use (Dutch "het", "een"; Italian "della"), not those
# English writes too ("come", "die")
_FOREIGN = {w for p in PACKS.values() if not p.answers for w in p.function_words - p.english_homographs} - {
    w for p in PACKS.values() if p.answers for w in p.function_words
}
_FOREIGN_ALTERNATIVES = "|".join(sorted(map(re.escape, _FOREIGN), key=len, reverse=True))
_FOREIGN_FUNCTION_WORD = re.compile(rf"\b(?:{_FOREIGN_ALTERNATIVES})\b", re.IGNORECASE)


def asks_briefly(question: str) -> bool:
    """Whether a turn is a question of a few words pasting no error and announcing no other subject."""
    if word_count(_unacknowledged(question)) > ASKS_WORDS or ERROR_CLASS.search(question):
        return False
    if NEW_TOPIC.search(ACKNOWLEDGED.sub("", question)):
        return False
    return bool(OPENS_QUESTION.search(question) or question.rstrip().endswith(("?", "？")))


# at most this many words for a short statement telling the case ("es un job JAR" after the Kafka latency entry,
# whose first step is for JAR jobs: a thirteenth trial's turn was searched alone and got a JDBC driver entry)
TELLS_WORDS = 6


def tells_briefly(question: str) -> bool:
    """Whether a turn is a statement of a few words pasting no error and announcing no other subject (a fifteenth
    trial's "oui mais moi c'est MOR, pas COW": six words after "oui mais")."""
    if word_count(_unacknowledged(question)) > TELLS_WORDS or ERROR_CLASS.search(question):
        return False
    return not NEW_TOPIC.search(ACKNOWLEDGED.sub("", question))


# at most this many content words the conversation did not say, for a question asked loosely of the entry under
# discussion ("how do I recover?": one; "what values do you recommend for those two?": two); more are a question of
# its own ("Flink 读取 Kafka 数据时 checkpoint 一直超时，怎么办？" after a Kafka answer, a ninth trial's)
UNSAID_MAX = 2


def unsaid_words(question: str, said: str) -> int:
    """The question's content words `said` does not hold, in the answer language that leaves the fewest."""
    return min(len(set(tokenize(question, lang)) - set(tokenize(said, lang))) for lang in _LANGS)


def asks_of_answer(question: str, previous: str, answer: str, entry: str = "") -> bool:
    """Whether a short question asks of the previous answer, in words the previous question, the answer or the
    entry that answer showed first (`entry`: its every version's text, "" for none) holds; or a short statement in
    those words, telling which of the entry's cases is the user's ("es un job JAR")."""
    if not answer or not (asks_briefly(question) or tells_briefly(question)):
        return False
    said = f"{previous}\n{answer}\n{entry}"
    for lang in _LANGS:
        own = set(tokenize(_unacknowledged(question), lang))
        if len(own) >= MIN_WORDS and own <= set(tokenize(said, lang)):
            return True
    glossed = _glossed_words(question)
    return bool(glossed) and glossed <= set(tokenize(said, "en"))


# the languages the FAQ is not written in whose packs have a glossary of whole words (Italian, Portuguese, Dutch,
# German)
_GLOSSED = tuple(code for code, p in PACKS.items() if not p.answers and p.spaced and p.glossary)


def _glossed_words(question: str) -> set[str]:
    """The FAQ terms a turn in such a language writes, read in English (stems), when it is written in one: such a turn
    asks of the answer when the answer holds them all, whatever its other words ("como eu libero as conexões?" after
    the Hologres connection-slots entry: "conexões" is its "connections"; read alone, the Kafka security entry came
    first)."""
    scores = function_word_scores(strip_code(question))
    code = max(scores, key=lambda c: scores[c], default="")
    # its function words most of all: "¿y si el campo es DECIMAL?" writes Italian's "si" too, but it is Spanish
    if code in _GLOSSED and scores[code] > 0 and (g := gloss(question, code)).words:
        return set(tokenize(g.words, "en"))
    return set()
