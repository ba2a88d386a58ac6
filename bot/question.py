"""The user's text as read: cleaned of what a terminal or a file adds, refused with a reason the user can act on, a
long paste shortened to what is read (bot/retrieval/shorten.py)."""

from __future__ import annotations

import re

from faqbot.bot.answers.phrases import phrase
from faqbot.bot.retrieval.shorten import MAX_PASTE_CHARS, shorten

MAX_QUESTION_CHARS = 4000  # what is read; a longer paste (up to MAX_PASTE_CHARS) is shortened to it
__all__ = ["MAX_PASTE_CHARS", "MAX_QUESTION_CHARS", "BadQuestion", "clean_question", "fit_question", "looks_binary"]

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_WORD = re.compile(r"\w")
# Binary data read as text (a file pasted or sent by mistake): control characters, replacement characters
# (bytes that are no UTF-8), or Latin letters that are mostly accented (bytes read as Latin-1). Over the 772
# questions of eval/ the highest shares are 0, 0 and 0.107 (French); random bytes give 0.14-0.27, 0.46 and 0.51.
BINARY_CONTROL_SHARE = 0.05
BINARY_REPLACEMENT_SHARE = 0.05
BINARY_ACCENTED_SHARE = 0.35
BINARY_MIN_LETTERS = 20  # a few accented words alone ("à éé") say nothing
BINARY_MIN_MARKS = 8  # a few control characters in a question ("kafka\x00\x01 idle partition") are dropped, not refused


def looks_binary(raw: str, text: str) -> bool:
    """Whether a question is binary data rather than text: `raw` as sent (terminal colours taken out), `text`
    cleaned of its control characters."""
    chars = max(1, sum(not ch.isspace() for ch in raw))
    control = sum(not (ch in "\n\t\r" or ch.isprintable()) for ch in raw)
    latin = [ch for ch in text if ch.isalpha() and ord(ch) < 0x250]
    accented = sum(ord(ch) >= 0xC0 for ch in latin)
    replaced = text.count("\ufffd")
    return (
        (control >= BINARY_MIN_MARKS and control / chars >= BINARY_CONTROL_SHARE)
        or (replaced >= BINARY_MIN_MARKS and replaced / chars >= BINARY_REPLACEMENT_SHARE)
        or (len(latin) >= BINARY_MIN_LETTERS and accented / len(latin) >= BINARY_ACCENTED_SHARE)
    )


class BadQuestion(ValueError):
    """The question cannot be answered as given; the message says why, for the user. One raised with `said` names
    its phrase, so a door can say it in its user's language (the chat page in the page's)."""

    def __init__(self, message: str, key: str | None = None, **values: str) -> None:
        super().__init__(message)
        self.key, self.values = key, values

    @classmethod
    def said(cls, key: str, **values: str) -> BadQuestion:
        return cls(phrase(key, "en", **values), key, **values)

    def in_language(self, lang: str) -> str:
        return phrase(self.key, lang, **self.values) if self.key else str(self)


def clean_question(question: object) -> str:
    return fit_question(question)[0]


def fit_question(question: object) -> tuple[str, int]:
    """The question as read, and the lines of a long paste left out to read it (bot/retrieval/shorten.py)."""
    if not isinstance(question, str):
        raise BadQuestion("The question must be text.")
    question = _ANSI.sub("", question)  # a terminal's colours in a pasted log
    text = "".join(ch for ch in question if ch in "\n\t" or ch.isprintable())
    text = text.strip()
    if not text:
        raise BadQuestion.said("ui_error_empty")
    if not _WORD.search(text):
        raise BadQuestion.said("ui_error_no_words")  # "?", "...": three entries at random otherwise
    if looks_binary(question, text):
        raise BadQuestion.said("ui_error_binary")
    fitted, left_out = shorten(text, MAX_QUESTION_CHARS) if len(text) <= MAX_PASTE_CHARS else (text, 0)
    if len(fitted) > MAX_QUESTION_CHARS:
        raise BadQuestion.said("ui_error_too_long", n=str(len(text)), limit=str(MAX_QUESTION_CHARS))
    return fitted, left_out


