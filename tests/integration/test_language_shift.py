"""e5's language shift on the real index (ingest/language_shift.py, issue 25): measured at ingest
from the corpus's translation pairs, removed from the cosines when ranking."""

from __future__ import annotations

from faqbot.ingest.language_shift import LanguageShift

# written for this test (no evaluation set holds it): the Data validity FAQ has no French version
QUESTION = "Le job tourne mais ma table sink reste vide, la source reçoit pourtant des données"
ENTRY = "Why do I get no output in the sink table?"


def test_the_index_holds_the_shift_of_each_translated_language(bot):
    shift = bot.retriever.store.manifest["language_shift"]
    assert set(shift) == {"fr", "es"}  # English is the base every entry has
    assert shift["fr"]["pairs"] >= 60 and shift["es"]["pairs"] >= 8  # Connectors EN/FR, Data validity EN/ES
    assert all(len(s["vector"]) == bot.retriever.embedder.dim for s in shift.values())


def test_a_french_question_finds_the_entry_that_has_no_french_version(bot):
    r = bot.retriever.retrieve(QUESTION)
    assert r.language == "fr" and r.hits[0].chunk.title == ENTRY and r.hits[0].other_language
    kept = bot.retriever.language_shift
    try:  # without the shift, a French Connectors entry (checkpoint and visibility) came first
        bot.retriever.language_shift = LanguageShift({}, [c.language for c in bot.retriever.chunks], 0.0)
        assert bot.retriever.retrieve(QUESTION).hits[0].chunk.title != ENTRY
    finally:
        bot.retriever.language_shift = kept
