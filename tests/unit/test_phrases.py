"""One table of phrases (bot/answers/phrases.py) in every supported language, used by the bot and the page."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import LANGUAGE_NAMES, PHRASES, phrase
from faqbot.bot.service import MAX_QUESTION_CHARS, BadQuestion, clean_question
from faqbot.ingest.textproc import SUPPORTED


def test_every_phrase_and_language_name_in_every_supported_language():
    for key, table in PHRASES.items():
        assert set(table) == set(SUPPORTED), key
    assert set(LANGUAGE_NAMES) == set(SUPPORTED)
    assert all(set(names) >= set(SUPPORTED) for names in LANGUAGE_NAMES.values())


def test_the_bot_refuses_a_bad_question_in_the_words_of_the_table():
    with pytest.raises(BadQuestion) as empty:
        clean_question(" \n\t ")
    assert str(empty.value) == phrase("ui_error_empty", "en")
    n = MAX_QUESTION_CHARS + 1
    with pytest.raises(BadQuestion) as long:
        clean_question("x" * n)
    assert str(long.value) == phrase("ui_error_too_long", "en", n=str(n), limit=str(MAX_QUESTION_CHARS))
    assert f"{n} characters" in str(long.value)
