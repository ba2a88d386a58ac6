"""The language a user asks in, from the two or three words before a question mark (ingest/asking.py): a new
user's trial had "<English error> que faire ?" and "... comment désactiver ?" answered in English."""

from __future__ import annotations

import pytest
from faqbot.ingest.asking import asking_language, question_clauses
from faqbot.ingest.langdetect import detect_language

UPSERT = "Table sink 'vvp.default.t' doesn't support consuming update and delete changes which is produced by node"
TIMEOUT = "Caused by: org.apache.kafka.common.errors.TimeoutException: Timeout expired while fetching topic metadata"


def test_the_clauses_a_question_mark_closes():
    assert question_clauses(f"{UPSERT} GroupAggregate — comment je corrige ?") == ["comment je corrige"]
    assert question_clauses(f"{TIMEOUT}. que faire ?") == ["que faire"]
    # the dots of a version do not end a clause; a frame is no clause of the user's
    assert question_clauses("Is vvr 8.0.1 affected? What now?") == ["Is vvr 8.0.1 affected", "What now"]
    assert question_clauses("at org.apache.Foo.bar(Foo.java:1)?\nwhy?") == ["why"]
    assert question_clauses(f"{TIMEOUT}. que faire") == []


@pytest.mark.parametrize(
    "text,lang",
    [
        (f"{TIMEOUT}. que faire ?", "fr"),
        (f"{UPSERT} GroupAggregate. Que faire ?", "fr"),
        ("Unknown column 'id' in 'field list' comment désactiver ?", "fr"),
        ("java.lang.OutOfMemoryError: Java heap space, pourquoi ?", "fr"),
        (f"{TIMEOUT}. que hago?", "es"),
        (f"{TIMEOUT}. como lo arreglo?", "es"),
        (f"{TIMEOUT}. es normal?", "es"),
        (f"{TIMEOUT}. was tun?", "de"),
    ],
)
def test_a_few_asking_words_after_a_pasted_english_error_name_the_language(text, lang):
    assert asking_language(text) == lang
    assert detect_language(text)[0] == lang


@pytest.mark.parametrize(
    "text",
    [
        # English asks with its own words ("how", "why"); a pasted statement asks nothing
        "how to comment under a post?",
        "Why does COMMENT ON COLUMN fail?",
        f"{TIMEOUT}. what now?",
        "COMMENT ON COLUMN t.c IS 'the order id'",
        f"{UPSERT} GroupAggregate",
    ],
)
def test_english_questions_and_bare_pastes_name_no_other_language(text):
    assert asking_language(text) is None
    assert detect_language(text)[0] == "en"
