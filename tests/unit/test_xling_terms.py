"""bot/retrieval/xling.py and ingest/empty_headings.py on small inputs (no index, no model)."""

from __future__ import annotations

from faqbot.bot.retrieval.xling import gloss
from faqbot.ingest.empty_headings import alias_empty_headings
from faqbot.ingest.records import Chunk
from faqbot.languages import PACKS


def test_french_and_spanish_terms_are_read_in_english():
    g = gloss("Pourquoi ma table de résultats reste vide ?", "fr")
    assert "sink result table" in g.words and "empty" in g.words
    assert "sink result table" in g.text and "resultats" not in g.text  # the term put in place
    assert "sink" in gloss("¿Por qué no llegan datos a mi tabla de destino?", "es").words
    assert gloss("Mes doublons", "fr").words == "duplicate deduplicate"  # a plural s is allowed
    assert gloss("table vide", "en").words == "" and gloss("nothing here", "fr").words == ""


def test_english_symptoms_are_read_in_the_faqs_words():
    """English has a glossary of phrases only (languages/en.py): the FAQ's words for a user's, never a single word."""
    assert gloss("my sink table has fewer rows than the source", "en").words == "data loss losses reductions"
    assert gloss("the watermark doesn't advance", "en").words == "watermark advancing"
    assert gloss("rows and records are fine, fewer errors now", "en").words == ""
    assert all(" " in term for term in PACKS["en"].glossary)


def test_italian_commit_verb_is_read_as_commit():
    """"Quando Flink committa gli offset?": "committa" was no word the corpus holds (the Kafka commit entry and another
    Kafka entry tied); Italian's forms of the verb read "commit" (languages/it.py)."""
    assert "commit" in gloss("Quando Flink committa gli offset su Kafka?", "it").words.split()
    assert "commit" in gloss("gli offset non vengono committati", "it").words.split()


def test_mysqls_deadlock_message_is_read_in_the_faqs_words():
    g = gloss("BatchUpdateException: Deadlock found when trying to get lock; try restarting transaction", "en")
    assert g.words == "deadlock deadlocks occurs writing"


def test_an_english_error_pasted_in_a_spanish_or_french_question_is_read_by_the_english_glossary():
    """Users paste English errors whatever their language: the English glossary's phrases are read in any question
    (bot/retrieval/reading.py), beside its own language's terms; the dense crossing's term count stays its own."""
    from faqbot.bot.retrieval.reading import read_text

    r = read_text("el job que lee de DataHub falla con ShardSealedException: The specified shard is not active", "es")
    assert "split scale-in failure loop" in r.crossed.words
    r = read_text("le sink MySQL plante : Deadlock found when trying to get lock, que faire ?", "fr")
    assert "deadlock deadlocks occurs writing" in r.crossed.words
    assert r.crossed.terms == gloss(r.report.text, "fr").terms


def test_rows_missing_downstream_are_read_as_the_faqs_data_losses():
    assert gloss("il en manque", "fr").words == "data loss losses missing"
    assert gloss("il manque des lignes dans la table", "fr").words == "data loss losses missing"
    assert gloss("faltan filas en Hologres", "es").words == "data loss losses missing"
    assert gloss("il manque une dépendance", "fr").words == ""  # a missing dependency is no lost row


def test_kafka_client_metadata_timeouts_are_read_as_the_faqs_unreachable_broker():
    """The Kafka client's timeouts when it reaches a broker but not the addresses the broker advertises name none of the
    FAQ's words ("can connect ... but cannot consume or write data": a proxy or port mapping)."""
    error = "TimeoutException: Timeout of 60000ms expired before the position for partition o-3 could be determined"
    assert gloss(error, "en").words == "cannot consume write proxy"
    assert gloss("Topic orders not present in metadata after 60000 ms.", "en").words == "cannot consume write proxy"
    assert gloss("Timeout expired while fetching topic metadata", "en").words == "cannot consume write proxy"
    assert gloss("the metadata of my table could not be read", "en").words == ""


def test_a_spanish_verb_is_read_in_its_plural_and_infinitive():
    """The glossary writes "aparece", "tarda", "falla"; users write "tardan en aparecer", "fallan"."""
    g = gloss("Mis datos tardan mucho en aparecer en ClickHouse", "es")
    assert "delay" in g.words and "visible" in g.words and "aparecer" not in g.text
    assert "fails" in gloss("los jobs fallan", "es").words


def _chunk(title: str, body: str, aliases: list[str] | None = None) -> Chunk:
    return Chunk(title, "d.en", "D", "d", "d.en.txt", "en", title, body, 1, 2, aliases=aliases or [])


def test_an_empty_heading_named_by_one_entry_becomes_its_alias():
    chunks = [
        _chunk(
            "Set the partition parameter",
            "... For more information, see What is the difference between max_pt() and max_pt_with_done()?",
        ),
        _chunk("Other", "Nothing about it."),
    ]
    empty = [{"doc": "d.en", "title": "max_pt() and max_pt_with_done()"}, {"doc": "d.en", "title": "Print"}]
    out = alias_empty_headings(chunks, empty)
    assert out[0].aliases == ["max_pt() and max_pt_with_done()"] and out[1].aliases == []
    # named by two entries: nobody's alias
    both = [chunks[0], _chunk("Again", "see max_pt() and max_pt_with_done() too")]
    assert all(not c.aliases for c in alias_empty_headings(both, empty))
