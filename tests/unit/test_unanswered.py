"""Headings the FAQ lists with no text under them, and the questions that ask them (bot/retrieval/unanswered.py):
crafted manifests and questions."""

from __future__ import annotations

from faqbot.bot.retrieval.unanswered import asked_heading, unanswered_headings
from faqbot.ingest.records import Chunk


def _chunk(doc: str, language: str, title: str, body: str, aliases: list[str] | None = None) -> Chunk:
    return Chunk(doc + "#" + title, doc, "FAQ", "faq", doc + ".txt", language, title, body, 1, 2, aliases=aliases or [])


CHUNKS = [
    _chunk("faq.en", "en", "Set the partition parameter", "See max_pt().", ["max_pt() and max_pt_with_done()"]),
    _chunk("faq.en", "en", "Data visibility in ClickHouse", "Data becomes visible once the buffer is flushed."),
    _chunk("faq.fr", "fr", "Définir le paramètre de partition", "Voir max_pt().", ["max_pt() et max_pt_with_done()"]),
]
MANIFEST = {
    "empty_headings": [
        {"doc": "faq.en", "title": "The endPoint and tunnelEndpoint parameters", "line": 10},
        {"doc": "faq.en", "title": "View print results", "line": 20},
        {"doc": "faq.en", "title": "max_pt() and max_pt_with_done()", "line": 30},  # an entry's alias: answered
        {"doc": "faq.en", "title": "Print", "line": 40},  # one word names nothing on purpose
        # the French translation lists the same headings in the same order
        {"doc": "faq.fr", "title": "Paramètres endPoint et tunnelEndpoint", "line": 10},
        {"doc": "faq.fr", "title": "Consultation des résultats d'impression", "line": 20},
        {"doc": "faq.fr", "title": "max_pt() et max_pt_with_done()", "line": 30},
        {"doc": "faq.fr", "title": "Impression", "line": 40},
    ]
}
DF = {"view": 3, "print": 1, "result": 5, "endpoint": 2, "tunnelendpoint": 1, "tunnel": 2, "paramet": 9}


def test_only_headings_no_entry_answers_and_of_two_words_at_least():
    titles = [h.title for h in unanswered_headings(MANIFEST, CHUNKS)]  # type: ignore[arg-type]
    assert titles == [
        "The endPoint and tunnelEndpoint parameters",
        "View print results",
        "Paramètres endPoint et tunnelEndpoint",
        "Consultation des résultats d'impression",
    ]


def test_a_question_asking_a_heading_gets_it_in_its_own_language():
    heads = unanswered_headings(MANIFEST, CHUNKS)  # type: ignore[arg-type]
    assert asked_heading(heads, "how do I view the print results?", "en", DF, 3) == "View print results"
    asked = "what is the difference between endPoint and tunnelEndpoint?"
    assert asked_heading(heads, asked, "en", DF, 3) == "The endPoint and tunnelEndpoint parameters"
    # found by its English words too, named as the French FAQ writes it
    asked = "quelle différence entre endPoint et tunnelEndpoint ?"
    assert asked_heading(heads, asked, "fr", DF, 3) == "Paramètres endPoint et tunnelEndpoint"
    # no Spanish version of that FAQ: its English title
    asked = "¿qué diferencia hay entre endPoint y tunnelEndpoint?"
    assert asked_heading(heads, asked, "es", DF, 3) == "The endPoint and tunnelEndpoint parameters"


def test_a_question_holding_some_of_a_headings_words_does_not_ask_it():
    heads = unanswered_headings(MANIFEST, CHUNKS)  # type: ignore[arg-type]
    assert asked_heading(heads, "the job results are wrong after a restart", "en", DF, 3) == ""
    assert asked_heading(heads, "how do I print the results?", "en", DF, 3) == ""  # "view" is not asked
