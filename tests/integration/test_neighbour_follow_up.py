"""A follow-up with a question of its own that, read alone, prefers an entry its search with the previous words also
shows is answered from that entry (bot/service.py `Bot._neighbour`). A twenty-third trial: "and after the update, how
long until the row is visible in ClickHouse?" after the ClickHouse retraction entry kept that entry first and "Data
visibility in ClickHouse" third; "and why do I only see log files, no parquet?" after the Hudi duplicates entry kept
the upsert-kafka entry first. Real index; turns written for these tests."""

from __future__ import annotations

import pytest

from tests.support import chat, english_title

CASES = [
    (
        "Our Flink job joins two MySQL tables and sinks to ClickHouse; when a row is updated in MySQL it gets deleted "
        "in ClickHouse and never re-inserted",
        "and after the update, how long until the row is visible in ClickHouse?",
        "Retraction updates in ClickHouse",
        "Data visibility in ClickHouse",
    ),
    (
        "sink.update-strategy n'a aucun effet : les données CDC écrites dans ClickHouse sont supprimées au lieu "
        "d'être mises à jour",
        "et pourquoi les nouvelles lignes ne sont pas visibles tout de suite dans ClickHouse ?",
        "Retraction updates in ClickHouse",
        "Data visibility in ClickHouse",
    ),
    (
        "Flink writes to a Hudi MOR table with upsert from Kafka but the record count in Hudi is lower than expected",
        "and why do I only see log files in the table folder, no parquet files?",
        "Handling duplicate data in Hudi",
        "Merge On Read has only log files",
    ),
]


@pytest.mark.parametrize(("first", "follow", "before", "after"), CASES)
def test_a_follow_up_of_its_own_moves_to_the_neighbouring_entry(bot, first, follow, before, after):
    a1, a2 = chat(bot, first, follow)
    assert english_title(a1.citations[0]) == before, [c.title for c in a1.citations]
    titles = [english_title(c) for c in a2.citations]
    assert titles[0] == after, titles
    assert a2.language == a1.language


def test_a_short_follow_up_keeps_the_entry_under_discussion(bot):
    """"how do I fix it?" asks of the entry just shown: no reading alone moves it."""
    a1, a2 = chat(bot, CASES[0][0], "how do I fix it?")
    assert english_title(a2.citations[0]) == english_title(a1.citations[0]) == "Retraction updates in ClickHouse"
