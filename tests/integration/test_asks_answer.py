"""Turns an eleventh new-user trial asked of the answer just given (real index, the bot as shipped; questions
written for these tests): a short question in the answer's words stays on its entry (bot/dialogue/asks_answer.py),
and "donne-moi les commandes SQL exactes" / "le SQL ?" ask for the entry's SQL (the packs' code_request_patterns)."""

from __future__ import annotations

import pytest

from tests.support import chat, english_title

PARTITION = "MaxCompute job fails with 'Invalid partition spec'"


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        (
            "Le job MaxCompute plante en écriture : ErrorCode=InvalidPartitionSpec, ErrorMessage=Invalid partition "
            "spec: ds=null. La colonne ds vient d'un DATE_FORMAT sur event_time.",
            "pourquoi ds est null ?",
        ),
        (
            "Our MaxCompute sink fails with ErrorMessage=Invalid partition spec: ds=null; ds comes from DATE_FORMAT",
            "why is ds null?",
        ),
    ],
)
def test_a_short_question_in_the_answers_words_stays_on_its_entry(bot, first, turn):
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == PARTITION
    assert english_title(a2.citations[0]) == PARTITION, [c.title for c in a2.citations]


@pytest.mark.parametrize("turn", ["donne-moi les commandes SQL exactes", "le SQL ?"])
def test_asking_for_the_exact_sql_commands_gives_the_entrys_sql(bot, turn):
    first = (
        "Après avoir supprimé puis recréé une table Hologres du même nom, notre job binlog échoue avec « no table "
        "is defined in publication ». Comment nettoyer ?"
    )
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == english_title(a2.citations[0]), [c.title for c in a2.citations]
    assert "pg_publication" in a2.parts.body, a2.text
