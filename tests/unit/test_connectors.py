"""Which connector an entry's FAQ section names and which connectors a question names
(bot/retrieval/connectors.py, the `other_connector` signal)."""

from __future__ import annotations

import pytest
from faqbot.bot.retrieval.connectors import named_connectors, other_connector_penalty, section_connectors
from faqbot.ingest.records import Chunk

DOC = "Connectors FAQ"


@pytest.mark.parametrize(
    ("section", "words"),
    [
        ("Hologres", {"hologres"}),
        ("ApsaraDB RDS for MySQL", {"rds", "mysql"}),
        ("AnalyticDB for MySQL (ADB)", {"analyticdb", "mysql", "adb"}),
        ("MaxCompute", {"maxcompute", "odps"}),
        ("Log Service", {"sls", "loghub"}),  # "log" is in every question about logs
        ("Custom connector", set()),  # named after no connector
        (DOC, set()),  # a section that is its document's title: a document without sections
        ("", set()),
    ],
)
def test_the_connector_a_section_names(section, words):
    assert section_connectors(section, DOC) == frozenset(words)


def test_a_question_names_connectors_as_written_in_ddl_or_prose():
    known = frozenset({"kafka", "mysql", "hologres", "odps"})
    assert named_connectors("'connector' = 'upsert-kafka' writing to Hologres", known) == {"kafka", "hologres"}
    assert named_connectors("mysql-cdc 同步到 hologres 报错", known) == {"mysql", "hologres"}
    assert named_connectors("the job reads its logs", known) == frozenset()


def test_entries_of_a_translated_section_are_read_in_english():
    from faqbot.bot.retrieval.connectors import entry_connectors

    def chunk(lang: str, group: str) -> Chunk:
        return Chunk(id=f"x.{lang}#a", doc=f"x.{lang}", doc_title=DOC, family="x", source="x", language=lang,
                     title="t", body="b", line_start=1, line_end=2, group=group)  # fmt: skip

    chunks = [chunk("en", "Custom connector"), chunk("fr", "Connecteur personnalisé"), chunk("en", "Hologres")]
    assert entry_connectors(chunks, [[0, 1], [2]]) == [frozenset(), frozenset({"hologres"})]


def test_no_weight_no_penalty():
    assert not other_connector_penalty([frozenset({"hologres"})], "MySQL error", 0.0).any()


def test_a_connector_without_a_section_is_a_named_connector_too():
    # a tenth trial: StarRocks' "Too many versions" error had the Hologres entry first
    entries = [frozenset({"hologres"}), frozenset()]
    assert list(other_connector_penalty(entries, "StarRocks sink: Too many versions", 0.03)) == [0.03, 0.0]
    assert list(other_connector_penalty(entries, "Hologres sink: Too many versions", 0.03)) == [0.0, 0.0]
    assert list(other_connector_penalty(entries, "sink: Too many versions", 0.03)) == [0.0, 0.0]


def test_a_connector_the_faq_never_writes_is_absent_by_its_name():
    from faqbot.bot.retrieval.connectors import absent_connectors

    vocabulary = {"hbase", "kafka", "sink"}  # the index's tokens: HBase is mentioned, StarRocks and Pulsar are not
    assert absent_connectors("Using StarRocks as sink via the starrocks connector", vocabulary) == ("StarRocks",)
    assert absent_connectors("moving from kafka to pulsar and mongodb", vocabulary) == ("MongoDB", "Pulsar")
    assert absent_connectors("la escritura a HBase pierde datos", vocabulary) == ()
    assert absent_connectors("the kafka sink is slow", vocabulary) == ()
