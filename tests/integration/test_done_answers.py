"""A question saying what the user already did or checked, on the real corpus and index through the bot as
shipped (bot/answers/done.py; a new user's trial: "telnet OK" was told to check the network): the answer does
not tell them to do it again, in English, French and Spanish. Questions written for these tests."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.fix_line import fix_line
from faqbot.ingest.store import open_store

CHECKLIST = "How do I troubleshoot Flink source reading issues?"


def _checklist(index_dir):
    return next(c for c in open_store(index_dir).chunks if c.title == CHECKLIST)


@pytest.mark.parametrize(
    "question",
    [
        "Flink can't read from my Kafka topic; telnet to the broker on 9092 works fine. What else should I check?",
        "I already added the vSwitch CIDR block to the Kafka whitelist, but Flink still cannot read from the source.",
        "Mon job Flink ne lit rien depuis Kafka, j'ai déjà ajouté le bloc CIDR à la liste blanche.",
    ],
)
def test_a_checklist_line_skips_the_check_already_done(index_dir, question):
    chunk = _checklist(index_dir)
    before = fix_line(chunk, "Flink cannot read from my Kafka source. What should I check?", "en", None)
    assert "whitelist" in before.lower()  # the line without the clause: the whitelist step
    line = fix_line(chunk, question, "en", None)
    assert line and "whitelist" not in line.lower() and "cidr" not in line.lower()


def test_the_closest_entries_line_in_the_chat_skips_it(bot):
    a = bot.ask(
        "Flink can't read from my Kafka topic; telnet to the broker on 9092 works fine. What else should I check?"
    )
    lines = {e.title: e.passage for e in a.parts.nearby}
    assert CHECKLIST in lines, lines
    assert "whitelist" not in lines[CHECKLIST].lower()


def test_of_two_fixes_the_one_not_done_is_shown(answering_bot):
    a = answering_bot.ask(
        "I already set allowMultiQueries=true in the ADB URL but the job still fails with multi-statement be found"
    )
    assert a.citations[0].title == 'Error: "multi-statement be found"'
    assert "custom ADB 3.0 connector" in a.text
    assert "Set the allowMultiQueries=true parameter" not in a.text
    assert "abridged" in a.text  # what was left out is in the cited entry


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "Ya añadí characterEncoding=UTF-8 a la URL y sigo teniendo Incorrect string value al escribir emojis "
            "en MySQL",
            "Si la solución de «Error: Incorrect string value» [1] no funcionó",
        ),
        (
            "I already added characterEncoding=UTF-8 to the JDBC url, still Incorrect string value when writing "
            "emoji to MySQL",
            "If the fix of “Error: Incorrect string value” [1] did not work",
        ),
    ],
)
def test_when_the_only_fix_was_done_the_answer_says_so(bot, question, lead):
    a = bot.ask(question)
    assert a.decision.reason == "fix_done"
    assert a.text.startswith(lead)
    assert "Add characterEncoding=UTF-8 to the URL" not in a.text
    assert a.citations[0].title == "Error: Incorrect string value"


def test_without_the_clause_the_fix_is_given(bot):
    a = bot.ask("Incorrect string value when writing emoji to MySQL")
    assert a.decision.reason != "fix_done"
    assert "characterEncoding=UTF-8" in a.text
