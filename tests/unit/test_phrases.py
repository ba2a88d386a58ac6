"""One table of phrases (bot/answers/phrases.py) in every supported language, used by the bot and the page."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import LANGUAGE_NAMES, PHRASES, phrase
from faqbot.bot.question import MAX_QUESTION_CHARS, BadQuestion, clean_question
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


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_refusal_is_said_in_the_language_a_door_asks(lang):
    """The chat page says a refusal in the page's language: a too-long paste, binary data or a question of
    punctuation alone (the binary one was English on a French page)."""
    n = MAX_QUESTION_CHARS + 1
    with pytest.raises(BadQuestion) as long:
        clean_question("x" * n)
    assert long.value.in_language(lang) == phrase(
        "ui_error_too_long", lang, n=str(n), limit=str(MAX_QUESTION_CHARS)
    )
    with pytest.raises(BadQuestion) as bad:
        clean_question(_random_bytes(600, 1).decode("latin-1"))
    assert bad.value.in_language(lang) == phrase("ui_error_binary", lang)
    assert BadQuestion("history must be a list").in_language(lang) == "history must be a list"  # no phrase: as raised


def _random_bytes(n: int, seed: int) -> bytes:
    import random

    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(n))


@pytest.mark.parametrize("question", ["?", "...", "¿?", "？！", " - "])
def test_a_question_without_words_is_refused(question):
    with pytest.raises(BadQuestion) as bad:
        clean_question(question)
    assert str(bad.value) == phrase("ui_error_no_words", "en")


@pytest.mark.parametrize("encoding", ["latin-1", "utf-8", "cp1252"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_binary_data_is_refused_with_a_message_naming_the_fix(encoding, seed):
    with pytest.raises(BadQuestion) as bad:
        clean_question(_random_bytes(600, seed).decode(encoding, errors="replace"))
    assert str(bad.value) == phrase("ui_error_binary", "en") and "as text" in str(bad.value)


@pytest.mark.parametrize(
    "question,kept",
    [
        ("kafka\x00\x01\x07 idle partition", "kafka idle partition"),  # a few control characters: dropped
        ("\x1b[31mERROR\x1b[0m JobException: Recovery is suppressed", "ERROR JobException: Recovery is suppressed"),
        ("Pourquoi le délai élevé à l'écriture ?", "Pourquoi le délai élevé à l'écriture ?"),
        ("¿Por qué aparece «Ñandú» en la tabla?", "¿Por qué aparece «Ñandú» en la tabla?"),
        ("为什么？", "为什么？"),
        ("42", "42"),
    ],
)
def test_text_is_kept_whatever_its_script_or_a_terminal_colour(question, kept):
    assert clean_question(question) == kept


def test_no_question_of_the_eval_sets_is_refused():
    import json
    from pathlib import Path

    files = sorted(Path(__file__).resolve().parents[2].joinpath("eval").glob("*.jsonl"))
    questions = [json.loads(line)["question"] for f in files for line in f.read_text().splitlines() if line.strip()]
    assert len(questions) > 700
    for q in questions:
        clean_question(q)  # raises on a refused one


def test_a_label_and_its_value_are_written_as_each_language_writes_them():
    """French puts a no-break space before a colon: the badge read "Langue détectée: FR" (a twenty-third trial)."""
    from faqbot.ui.app import badge

    answer = {"detected_language": "fr", "language": "fr"}
    assert ">Langue détectée\u00a0: FR<" in badge(answer, "fr")
    assert ">Detected language: FR<" in badge(answer, "en") and ">Idioma detectado: FR<" in badge(answer, "es")
