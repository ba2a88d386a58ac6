"""What kind of turn a user's message is, read alone or against the answer before it: a follow-up ("and for the
sink?", "how do I fix it?", a pronoun pointing back), a question's opening and nothing more, a version and nothing
more, a restatement of the answer closing on a short question. bot/dialogue/conversation.py makes such turns
standalone; split from it to keep each module to one concept."""

from __future__ import annotations

import re

from faqbot.bot.answers.done import BESIDES_VERSION, version_split
from faqbot.bot.answers.excerpt import TYPED_SENTENCE_BREAK
from faqbot.bot.dialogue.names import names_product
from faqbot.bot.dialogue.requests import entry_request
from faqbot.bot.dialogue.words import (
    ACKNOWLEDGED,
    ASKS_ABOUT,
    ERROR_CLASS,
    NEW_TOPIC,
    OPENS_QUESTION,
    PRONOUNS,
    SHORT,
    WORD,
    opens_on_follow_up,
    word_count,
)
from faqbot.bot.retrieval.reading import Detect
from faqbot.ingest.langdetect import detect_language
from faqbot.ingest.textproc import fold, tokenize


def phrase_pattern(phrases: list[str]) -> re.Pattern[str]:
    """Whole words or phrases (a plural "s" allowed), with or without accents, never inside an
    identifier such as table.exec.source.idle-timeout."""
    alts = sorted({p for ph in phrases for p in (ph, fold(ph))}, key=len, reverse=True)
    body = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in alts)
    return re.compile(rf"(?<!{WORD}|[.\-])(?:{body})s?(?!{WORD}|[.\-])", re.IGNORECASE)


# a turn pointing back with a pronoun may say a few words more than a short one ("what value should I pick for it? 5
# what, seconds?", "¿qué pasa con la consistencia si hago eso?": a twelfth trial searched them as typed)
POINTING_WORDS = 12


def is_follow_up(question: str) -> bool:
    n_words = word_count(question)
    short = n_words <= SHORT
    if not short and ERROR_CLASS.search(question):
        # a turn pasting an error of its own names its own problem, whatever it opens with ("also, another
        # job fails with IllegalArgumentException: ...", "y me sale también ...Exception ..."): a new question
        return False
    return (
        opens_on_follow_up(question)
        or (short and bool(ASKS_ABOUT.search(question) or only_asks(question)))
        or (n_words <= POINTING_WORDS and bool(PRONOUNS.search(question)))
        or only_version(question)
    )


RESTATED_WORDS = 2  # words of the previous answer a turn's opening restates


def restates_then_asks(
    question: str, previous: str, answer: str, known: frozenset[str] = frozenset(), detect: Detect | None = None
) -> bool:
    """A turn that restates what the previous answer said, then asks of it in a short closing follow-up ("some
    partitions are empty indeed, we have 12 partitions and only 3 get data. Is there an option for that?": a ninth
    trial's turn was searched as typed and got three MaxCompute partition entries). Not one pasting an error of its
    own, nor one announcing another subject ("otra cosa: ...", the packs' `new_topic_patterns`), nor one naming a
    product neither the previous question nor its answer named, nor one whose closing question has no pronoun
    pointing back ("otra cosa: ... el intervalo es 3 min. ¿es normal?"): those ask of their own."""
    sentences = TYPED_SENTENCE_BREAK.split(question.strip())
    if len(sentences) < 2 or not answer or ERROR_CLASS.search(question):
        return False
    if NEW_TOPIC.search(ACKNOWLEDGED.sub("", question)):  # "another thing: ...": a subject of its own
        return False
    last, opening = sentences[-1], " ".join(sentences[:-1])
    # the closing question points back ("for that", "ça"), or asks the entry's fix, cause or code ("ok so it's
    # access.id vs accessId? show me the corrected WITH clause": a fifteenth trial got the closest list); "otra cosa:
    # ... ¿es normal?" asks of its own opening
    if word_count(last) > SHORT or not ((is_follow_up(last) and PRONOUNS.search(last)) or entry_request(last)):
        return False
    if names_product(opening, known, f"{previous} {answer}"):
        return False
    lang, _ = (detect or detect_language)(question)  # the turn's detector: each text is detected once
    said = set(tokenize(answer, lang))
    return len(set(tokenize(opening, lang)) & said) >= RESTATED_WORDS


def only_asks(question: str) -> bool:
    """Whether a turn is a question's opening and nothing more ("comment désactiver ?", "c'est normal ?",
    "¿cómo lo desactivo?"): no word of a topic is left without it (a fifth trial: searched as typed after an
    answer, they found unrelated entries or none)."""
    if not OPENS_QUESTION.search(question):
        return False
    rest = PRONOUNS.sub(" ", OPENS_QUESTION.sub(" ", question))
    # a word one language's stop list keeps is no topic: nothing left in any one is enough
    return not all(tokenize(rest, lang) for lang in ("en", "fr", "es"))


def only_version(question: str) -> bool:
    """Whether a short turn says nothing but the version it runs ("we are on vvr-6.0.3-flink-1.15", "estamos en la
    8.0.9"): a detail of the question before it, whose entry's version branch it picks (a fifth trial: read as a new
    question, the next follow-up lost the topic; bot/answers/done.py `version_split`)."""
    # with a question's opening ("estamos en VVR 8.0.5, ¿aplica?": a twenty-third trial's turn was read alone)
    versions, rest = version_split(OPENS_QUESTION.sub(" ", question))
    return bool(versions) and all(w in BESIDES_VERSION for w in rest)

