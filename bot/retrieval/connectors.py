"""Which connector an entry is about, and which connectors a question names (the `other_connector` signal).

An entry of a FAQ section named after a connector ("Hologres", "ApsaraDB RDS for MySQL", "MaxCompute") is about
that connector: its fix is that connector's ("GRANT ... call spm_grant(...)" is Hologres's). A question that
names connectors, none of them that one, loses the entry a little (`OTHER_CONNECTOR_PENALTY` in
bot/retrieval/signals.py): a tenth new-user trial's MySQL CDC "REPLICATION SLAVE privilege" error got the Hologres
permission entry first, then its Hologres GRANT as "the SQL". Entries of sections named after no connector ("Common
SQL errors", "Custom connector", a document without sections) are about none and never lose.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence

import numpy as np
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import fold, tokenize

# words of a section name that name no connector ("ApsaraDB RDS for MySQL" is RDS and MySQL; "Log Service" is
# named by its short names below, "log" being in every question about logs)
_GENERIC = frozenset("for the and of service log custom connector connectors apsaradb apsaramq faq".split())
# the short names users write for a connector whose section gives its long one
ALIASES: dict[str, frozenset[str]] = {
    "maxcompute": frozenset({"odps"}),
    "log service": frozenset({"sls", "loghub"}),
    "tablestore": frozenset({"ots"}),
    "analyticdb": frozenset({"adb"}),
}
_WORD = re.compile(r"[a-z0-9]+")
# connectors Flink users write about that no FAQ section is named after: a question naming one names a connector,
# so an entry of another connector's section is not its fix either (a tenth trial: StarRocks' "Too many versions"
# error got Hologres's "contact Hologres technical support" first). ClickHouse and Elasticsearch have sections.
# Each as its makers write it (what the answer says when the FAQ never mentions one).
CONNECTOR_NAMES = {
    "cassandra": "Cassandra",
    "db2": "Db2",
    "doris": "Doris",
    "greenplum": "Greenplum",
    "hbase": "HBase",
    "iceberg": "Iceberg",
    "influxdb": "InfluxDB",
    "kudu": "Kudu",
    # the Data validity FAQ has a Lindorm entry, in a document without sections: a French question on Lindorm
    # rows overwritten had Elasticsearch's overwrite entry first, by 0.0004 (an eighteenth trial)
    "lindorm": "Lindorm",
    "mongodb": "MongoDB",
    "oceanbase": "OceanBase",
    "oracle": "Oracle",
    "pulsar": "Pulsar",
    "rabbitmq": "RabbitMQ",
    "redis": "Redis",
    "sqlserver": "SQL Server",
    "starrocks": "StarRocks",
    "tidb": "TiDB",
}
OTHER_CONNECTORS = frozenset(CONNECTOR_NAMES)
# where most pipelines read from: a question naming one and a connector the FAQ never mentions is about the latter
# ("MySQL CDC to StarRocks", "from Kafka to Pulsar": 7 of the 12 real posts naming an absent connector, all
# uncovered, name MySQL or Kafka too); naming another connector of the FAQ's ("to clickhouse or Doris") is not
PIPELINE_SOURCES = frozenset({"kafka", "mysql", "rds"})  # RDS: ApsaraDB RDS for MySQL


def section_connectors(section: str, doc_title: str) -> frozenset[str]:
    """The words naming the connector a section is about (lower case, accents folded); none for a section that is
    its document's title or is named after no connector."""
    if not section or section == doc_title:
        return frozenset()
    folded = fold(section)
    out = {w for w in _WORD.findall(folded) if len(w) > 2 and w not in _GENERIC}
    for name, short in ALIASES.items():
        if name in folded:
            out |= short
    return frozenset(out)


def entry_connectors(chunks: Sequence[Chunk], group_members: Sequence[Sequence[int]]) -> list[frozenset[str]]:
    """Per entry (translation group), the connector its English version's section names (a translated section
    name is not matched against the question: "Connecteur personnalisé" names none either)."""
    out = []
    for members in group_members:
        versions = [chunks[m] for m in members]
        english = [c for c in versions if c.language == "en"] or versions
        out.append(frozenset().union(*(section_connectors(c.group or "", c.doc_title) for c in english)))
    return out


def named_connectors(text: str, known: frozenset[str]) -> frozenset[str]:
    """The connectors (words of `known`) a text names: "upsert-kafka" names kafka, "mysql-cdc" mysql."""
    return frozenset(_WORD.findall(fold(text))) & known


def other_connector_penalty(entries: list[frozenset[str]], text: str, penalty: float) -> np.ndarray:
    """`penalty` for each entry about a connector when the text names connectors (the FAQ's or `OTHER_CONNECTORS`),
    none of them its own."""
    out = np.zeros(len(entries), dtype=np.float64)
    if not penalty:
        return out
    named = named_connectors(text, frozenset().union(*entries) | OTHER_CONNECTORS)
    if named:
        for gi, connectors in enumerate(entries):
            if connectors and not connectors & named:
                out[gi] = penalty
    return out


def absent_connectors(text: str, vocabulary: Container[str]) -> tuple[str, ...]:
    """The connectors of `OTHER_CONNECTORS` a text names that the FAQ never writes (none of its words is in the
    index's `vocabulary`: "starrocks", "iceberg", "mongodb"; not "hbase" or "redis", which entries mention), by
    their names ("StarRocks")."""
    named = sorted(named_connectors(text, OTHER_CONNECTORS))
    return tuple(CONNECTOR_NAMES[n] for n in named if not any(t in vocabulary for t in tokenize(n, "en")))
