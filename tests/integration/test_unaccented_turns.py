"""A sixteenth trial typed French without accents: "ca n'a pas marche" was "not covered" (with accents it is the fix
that failed), and "exactly-once active" got the line for exactly-once disabled."""

from __future__ import annotations

from tests.support import chat

CTAS = (
    "Job CTAS mysql vers hologres en echec apres un ALTER TABLE qui change le type d'une colonne de VARCHAR a INT, "
    "il redemarre en boucle"
)


def test_that_did_not_work_without_accents(bot):
    first, a = chat(bot, CTAS, "ca n'a pas marche")
    assert first.language == "fr" and "CTAS" in first.citations[0].title
    assert a.decision.reason == "fix_failed" and a.citations, a.decision
    assert a.language == "fr"


def test_a_state_without_accents_picks_its_case(bot):
    a = bot.ask(
        "on a un job qui ecrit dans clickhouse, les donnees n'apparaissent qu'au bout de plusieurs minutes, "
        "exactly-once active"
    )
    assert "ClickHouse" in a.citations[0].title, a.citations[0].title
    line = a.text.split("[1]", 1)[1].split("\n")[0]
    assert "activée" in line and "désactivée" not in line, line


def test_a_spanish_clause_before_a_pasted_error_is_answered_in_spanish(bot):
    """A sixteenth trial's "error al crear la tabla sink: 'upsert-kafka' tables require ..." was answered in English:
    the statistical detector read "al crear la tabla sink" as English; "crear" is a word of the Spanish glossary."""
    a = bot.ask("error al crear la tabla sink: 'upsert-kafka' tables require to define a PRIMARY KEY constraint")
    assert a.detected_language == "es" and a.language == "es", (a.detected_language, a.language)
    assert "upsert-kafka" in a.citations[0].title


def test_and_in_french_without_accents(bot):
    """A seventeenth trial's "y en frances?" after a Spanish question repeated the answer in English."""
    first, a = chat(
        bot, "mi sink de hologres falla con Backpressure exceeds reject limit en el checkpoint", "y en frances?"
    )
    assert a.language == "fr" and a.citations[0].language == "fr", (a.language, a.citations[0].title)
    assert a.citations[0].chunk_id in {v["chunk_id"] for v in first.citations[0].other_versions} | {
        first.citations[0].chunk_id
    }
