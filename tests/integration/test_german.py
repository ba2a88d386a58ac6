"""German, the example language pack (languages/de.py): the corpus has no German, so German questions
are detected as German, answered from the English entries in English with the note that says so,
and their follow-ups are read as the English ones are (written questions: a smoke check of the pack,
not a measurement)."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.answer import Turn
from faqbot.bot.dialogue.conversation import resolve
from faqbot.bot.dialogue.follows import is_follow_up
from faqbot.bot.dialogue.requests import asks_for_fix

NOTE = "answered in English"


def _chat(bot, first: str, follow_up: str):
    a1 = bot.ask(first)
    return a1, bot.ask(follow_up, history=[Turn("user", first), Turn("assistant", a1.text)])


@pytest.mark.parametrize(
    "question,entry",
    [
        # "no data arrives in my result table": the glossary reads Ergebnistabelle as the sink table
        ("Warum kommen keine Daten in meiner Ergebnistabelle an?", "why-do-i-get-no-output-in-the-sink-table"),
        ("Der Join mit der Dimensionstabelle liefert keine Daten.", "dimension-table-join-returns-no-data"),
        ("Wann werden die Daten in ClickHouse sichtbar?", "data-visibility-in-clickhouse"),
    ],
)
def test_a_german_question_gets_the_english_entry_and_the_note(bot, question, entry):
    a = bot.ask(question)
    assert a.detected_language == "de" and a.language == "en"
    assert a.citations and entry in a.citations[0].chunk_id, [c.chunk_id for c in a.citations]
    assert any(NOTE in n for n in a.notices), a.notices


def test_german_follow_ups_are_recognised():
    history = [Turn("user", "Warum kommen keine Daten in meiner Ergebnistabelle an?")]
    assert is_follow_up("und was ist mit Hologres?") and is_follow_up("und für die Senke?")
    assert asks_for_fix("wie behebe ich das?", history) and asks_for_fix("Wie kann ich das beheben?", history)
    assert not is_follow_up("Wie konfiguriere ich den Checkpoint in Flink?")


def test_a_german_role_follow_up_swaps_the_role_and_keeps_the_nouns():
    """German capitalises every noun: "Senke" is a role, and the previous question's nouns are its topic,
    not product names a new name would replace."""
    turn = resolve(
        "und für Paimon?", [Turn("user", "Warum hat meine Quelltabelle eine hohe Latenz?")], known=frozenset({"paimon"})
    )
    assert "Latenz" in turn.query and turn.names_product, turn
    turn = resolve("und für die Senke?", [Turn("user", "Wie kann ich Probleme beim Lesen der Quelltabelle beheben?")])
    assert "Probleme" in turn.query and "Lesen" in turn.query and "Quelltabelle" not in turn.query, turn
    assert "Senke" in turn.new_aspect and "sink" in turn.new_aspect, turn.new_aspect


def test_a_german_fix_request_keeps_the_entry_under_discussion(bot):
    a1, a2 = _chat(bot, "Warum kommen keine Daten in meiner Ergebnistabelle an?", "wie behebe ich das?")
    assert a1.citations and a2.citations
    assert a2.citations[0].chunk_id == a1.citations[0].chunk_id
    assert a2.standalone_query == "Warum kommen keine Daten in meiner Ergebnistabelle an?"
    assert any(NOTE in n for n in a2.notices)


def test_a_german_product_follow_up_finds_the_entry_on_that_product(bot):
    # as "what about Hologres?" does (tests/integration/test_follow_up_aspects.py)
    a1, a2 = _chat(bot, "Wann werden die Daten in ClickHouse sichtbar?", "und was ist mit Hologres?")
    assert a2.citations and a2.citations[0].chunk_id != a1.citations[0].chunk_id
    assert "visib" in a2.citations[0].title.lower(), a2.citations[0].title
    assert "sichtbar" in a2.standalone_query.lower(), a2.standalone_query


def test_a_german_role_follow_up_the_faq_lacks_is_not_answered_with_the_same_entry(bot):
    # as "And for the sink?" after a Kafka source's latency: the corpus has no sink latency entry
    a1, a2 = _chat(bot, "Warum hat meine Kafka-Quelle eine hohe Latenz?", "und für die Senke?")
    assert "latency" in a1.citations[0].title.lower()
    assert a2.decision.outcome == "closest" and a2.decision.reason == "follow_up_repeats_entry", a2.decision
    assert a2.citations[0].chunk_id == a1.citations[0].chunk_id  # shown first among the closest, not answered


def test_und_auf_franzoesisch_gives_the_entry_in_french(bot):
    """A sixteenth trial's "und auf Französisch?" repeated the English answer; "and in French?" gave the French one."""
    a1, a2 = _chat(
        bot,
        "Unser Flink Job schreibt nach Hologres und bricht ab mit: FATAL: remaining connection slots are reserved "
        "for non-replication superuser connections. Was tun?",
        "und auf Französisch?",
    )
    assert a1.language == "en" and a2.language == "fr", (a1.language, a2.language)
    assert a2.citations[0].language == "fr" and a2.citations[0].title.startswith("Erreur"), a2.citations[0].title
    assert a2.citations[0].chunk_id in {v["chunk_id"] for v in a1.citations[0].other_versions}
