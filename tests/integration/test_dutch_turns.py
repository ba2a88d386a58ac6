"""Dutch follow-ups read by their pack (languages/nl.py), as the Italian and Portuguese ones are (a twentieth trial's,
in its forms, written for these tests): "hoeveel CPU moet ik dan geven?" after the MySQL CDC split timeout entry got
the closest list again; "en over meerdere partities heen?" after the Hudi duplicates entry got the MaxCompute
duplicates entry; "waarom gebeurt dat?" got the entry's whole text."""

from __future__ import annotations

from faqbot.bot.answers.phrases import phrase

from tests.support import chat, english_title

SPLIT = "Finish split response timeout error"


def test_a_dutch_value_request_quotes_the_entry_s_fix(bot):
    first = "Onze MySQL CDC job faalt steeds met 'finish split response timeout'. Wat kan ik doen?"
    a1, a2 = chat(bot, first, "hoeveel CPU moet ik dan geven?")
    assert english_title(a1.citations[0]) == SPLIT
    assert english_title(a2.citations[0]) == SPLIT
    assert not a2.text.startswith(phrase("closest", "en")), a2.text
    assert "increase the CPU resources" in a2.parts.body, a2.text


def test_a_dutch_why_quotes_the_cause(bot):
    first = "Onze MySQL CDC job faalt steeds met 'finish split response timeout'. Wat kan ik doen?"
    _a1, a2 = chat(bot, first, "waarom gebeurt dat?")
    assert english_title(a2.citations[0]) == SPLIT
    assert "high CPU utilization" in a2.parts.body, a2.text
    assert "increase the CPU resources" not in a2.parts.body, a2.text  # the cause alone


def test_a_dutch_follow_up_stays_on_the_entry_under_discussion(bot):
    first = "We schrijven met Flink naar een Hudi COW tabel en zien dubbele records. Hoe voorkom ik dat?"
    a1, a2 = chat(bot, first, "en over meerdere partities heen?")
    assert english_title(a1.citations[0]) == "Handling duplicate data in Hudi"
    assert english_title(a2.citations[0]) == "Handling duplicate data in Hudi", [c.title for c in a2.citations]
