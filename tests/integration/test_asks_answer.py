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


def test_a_short_turn_far_from_every_entry_after_an_answer_shows_that_answers_entry(bot):
    """An eleventh trial's only false "not covered": "Welche Werte werden empfohlen?" after the Paimon "No space left
    on device" entry. Read alone it is far from every entry; the entry under discussion is shown as the closest."""
    first = (
        "Unser Paimon-Job mit changelog-producer='lookup' bricht nach ein paar Tagen ab: java.io.IOException: No "
        "space left on device auf dem TaskManager. Was können wir einstellen?"
    )
    a1, a2 = chat(bot, first, "Welche Werte werden empfohlen?")
    assert english_title(a1.citations[0]) == "Paimon job error: No space left on device"
    assert a2.decision.outcome == "closest", a2.decision
    assert english_title(a2.citations[0]) == english_title(a1.citations[0])
    # a value asked (bot/dialogue/requests.py): the entry's fix, whose recommended values it gives
    assert "256 MB" in a2.parts.body, a2.text


def test_a_short_turn_after_not_covered_stays_not_covered(bot):
    # no entry under discussion: nothing to show again
    *_, a2 = chat(bot, "What's the weather in Hangzhou tomorrow?", "und morgen?")
    assert a2.decision.outcome == "not_covered", a2.decision


UDTF = "ValidationException: SQL validation failed"  # the UDTF field-order entry's title


@pytest.mark.parametrize(
    ("first", "turn", "title", "needle"),
    [
        (
            "My UDTF returns a POJO with fields userId and tag, and SQL validation fails: Sink column 'f1' at position "
            "0 is of type BIGINT but expression in the query is of type VARCHAR.",
            "why would the order change?",
            UDTF,
            "alphabetical order",
        ),
        (
            # its recommended values are in the fix part the first answer's line did not show
            "Notre job Paimon avec changelog-producer='lookup' plante au bout de quelques jours : java.io.IOException: "
            "No space left on device sur le TaskManager.",
            "quelles valeurs sont recommandées ?",
            "Paimon job error: No space left on device",
            "256 Mo",
        ),
        (
            # eight words, each of them the entry's
            "Flink writes to Elasticsearch 7 with sink.bulk-flush.update.doc_as_upsert = 'true' and an ingest pipeline "
            "on the index; documents get overwritten and fields lost.",
            "why does the ingest pipeline conflict with doc_as_upsert?",
            "Data loss or overwriting when Flink writes to Elasticsearch",
            "Cause 1",
        ),
    ],
)
def test_a_question_in_the_entrys_words_gets_its_part(bot, first, turn, title, needle):
    """An eleventh trial's "why would the order change?" after the UDTF field-order entry, whose answer showed only
    its fix line: searched as typed it found "Impact of schema changes during full load", and the next "why?"
    explained that one. In the words of the entry shown, it asks that entry: its cause (it opens on "why"), or the
    part its words pick."""
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title, [c.title for c in a2.citations]
    assert needle in a2.parts.body, a2.text
    assert needle not in a1.text  # the first answer did not show it: the turn got something new


def test_the_next_turn_stays_on_the_entry_a_question_in_its_words_asked_of(bot):
    first = (
        "My UDTF returns a POJO with fields userId and tag, and SQL validation fails: Sink column 'f1' at position 0 "
        "is of type BIGINT but expression in the query is of type VARCHAR."
    )
    *_, a3 = chat(bot, first, "why would the order change?", "how do I fix it?")
    assert english_title(a3.citations[0]) == UDTF, [c.title for c in a3.citations]
    assert "do not explicitly rename the fields" in a3.parts.body, a3.text
