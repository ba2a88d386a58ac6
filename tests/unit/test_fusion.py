"""Fusion of dense and lexical scores on crafted numbers (no index, no model)."""

from __future__ import annotations

import numpy as np
from faqbot.bot.retrieval.signals import LEXICAL_WEIGHT, fuse


def test_rrf_fusion_order_on_crafted_scores():
    dense = np.array([0.9, 0.8, 0.7, 0.1], dtype=np.float32)
    lex = np.array([0.0, 5.0, 4.0, 0.0], dtype=np.float32)
    # groups 1 and 2 rank in both lists, group 0 only in the dense one: RRF puts 1, 2 first
    assert list(np.argsort(-fuse(dense, lex, "rrf"))) == [1, 2, 0, 3]
    assert list(np.argsort(-fuse(dense, lex, "dense"))) == [0, 1, 2, 3]
    assert list(np.argsort(-fuse(dense, lex, "bm25"))[:2]) == [1, 2]
    close = fuse(np.array([0.86, 0.85, 0.70, 0.10], dtype=np.float32), lex, "linear")
    assert close[1] > close[0]  # a strong lexical match lifts an entry over a slightly better dense one
    assert fuse(dense, lex, "linear")[0] > fuse(dense, lex, "linear")[1]  # but not over a clearly better one


def test_entry_missing_the_query_language_is_not_sunk_by_bm25():
    dense = np.array([0.92, 0.85, 0.80, 0.70], dtype=np.float32)
    lex = np.array([0.0, 10.0, 6.0, 2.0], dtype=np.float32)
    has_lang = np.array([False, True, True, True])
    # without the language mask, entry 0 (say English-only, asked in French) has no lexical score at all
    assert np.argmax(fuse(dense, lex, "linear")) == 1
    filled = fuse(dense, lex, "linear", has_lang)
    # it gets the median lexical score of the same-language dense candidates (6/10) instead of 0
    assert np.isclose(filled[0], 0.92 + LEXICAL_WEIGHT * 0.6)
    assert np.argmax(filled) == 0
    assert np.allclose(filled[1:], fuse(dense, lex, "linear")[1:])  # same-language entries unchanged


def test_an_error_title_counts_only_when_quoted_and_distinctive():
    from faqbot.bot.retrieval.error_titles import error_title_bonus, error_title_index
    from faqbot.bot.retrieval.signals import ERROR_TITLE_BONUS

    titles = [
        ["Error: No suitable driver found", "Erreur : No suitable driver found"],
        ["ValidationException: SQL validation failed"],
        ["Error: « multi-statement be found »"],
        ["How do I write to MySQL?"],
    ]
    texts = ["the driver is missing", "SQL validation failed", "multi-statement be found", "SQL validation failed: x"]
    index = error_title_index(titles, texts)
    # a message another entry also holds ("SQL validation failed") names no entry; quotes are not the message
    assert sorted({m for _, m in index}) == ["multi-statement be found", "no suitable driver found"]
    pasted = "java.sql.SQLException: No  suitable driver FOUND for jdbc:mysql://h:3306/db"
    bonus = error_title_bonus(index, pasted, 4, ERROR_TITLE_BONUS)
    assert list(bonus) == [ERROR_TITLE_BONUS, 0, 0, 0]
    assert not error_title_bonus(index, "no driver found", 4, ERROR_TITLE_BONUS).any()


def test_an_error_a_title_quotes_counts_and_its_placeholder_stands_for_the_file_a_report_names():
    from faqbot.bot.retrieval.error_titles import error_title_bonus, error_title_index

    titles = [
        ['Paimon write job error: "Heartbeat of TaskManager timed out"'],
        ["Erreur « File xxx not found » dans un job de consommation Paimon"],
        ['How do I fix the "doesn\'t support consuming update and delete changes" error?'],
        ['Use the "Other Configuration" field'],  # a quote in a title that names no error
    ]
    index = error_title_index(titles, ["a", "b", "c", "d"])
    assert sorted(m for _, m in index) == ["file xxx not found", "heartbeat of taskmanager timed out"]
    report = "Caused by: java.io.FileNotFoundException: File oss://b/paimon/t/bucket-0/data-1.orc not found\n"
    assert list(error_title_bonus(index, report, 4, 1.0)) == [0, 1.0, 0, 0]
    assert list(error_title_bonus(index, "JobManager: Heartbeat of TaskManager timed out.", 4, 1.0)) == [1.0, 0, 0, 0]
    # a quote opening in lower case is a message's middle: its missing start (what consumed the changes) can differ
    post = "StreamPhysicalWindowAggregate doesn't support consuming update and delete changes"
    assert not error_title_bonus(index, post, 4, 1.0).any()
    assert not error_title_bonus(index, "File not found", 4, 1.0).any()  # the placeholder stands for a word


def test_an_entry_titled_with_another_exception_loses_ground():
    from faqbot.bot.retrieval.signals import OTHER_EXCEPTION_PENALTY, other_exception_penalty

    titles = [frozenset({"IllegalArgumentException"}), frozenset(), frozenset({"TimeoutException"})]
    trace = "org.apache.kafka.common.errors.TimeoutException: Timeout expired while fetching topic metadata"
    assert list(other_exception_penalty(titles, trace)) == [OTHER_EXCEPTION_PENALTY, 0, 0]
    assert not other_exception_penalty(titles, "my job times out reading Kafka").any()  # names no exception
