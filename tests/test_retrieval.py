"""Hybrid retrieval on the real index: language preference, fusion, abstention."""

from __future__ import annotations

import numpy as np

from bot.retrieve import HybridRetriever


def test_french_question_cites_french_version(bot):
    r = bot.retriever.retrieve("Ma fenêtre event time sur une source Kafka ne produit aucune sortie, pourquoi ?")
    top = r.hits[0]
    assert r.language == "fr" and top.chunk.language == "fr" and not top.other_language
    assert "Kafka" in top.chunk.group
    assert {v.language for v in top.versions} == {"en", "fr"}


def test_spanish_question_on_connectors_entry_is_flagged(bot):
    r = bot.retriever.retrieve("¿Cómo configuro SASL_SSL con SCRAM-SHA-256 en una tabla Kafka?")
    top = r.hits[0]
    assert r.language == "es"
    # no Spanish version: the English original is cited, not the French translation
    assert top.chunk.language == "en" and top.other_language
    assert {v.language for v in top.versions} == {"en", "fr"}
    assert "SCRAM-SHA-256" in top.chunk.body


def test_language_override(bot):
    r = bot.retriever.retrieve("kafka idle partition watermark", language="fr")
    assert r.language == "fr" and r.hits[0].chunk.language == "fr"


def test_pasted_error_finds_its_entry(bot):
    r = bot.retriever.retrieve("Caused by: com.aliyun.openservices.aliyun.log.producer.errors.LogSizeTooLargeException")
    assert r.hits[0].chunk.title == "LogSizeTooLargeException"


def test_unrelated_questions_abstain(bot):
    for q in ["What is the capital of Australia?", "Quelle est la meilleure recette de crêpes ?",
              "¿Cuál es el precio de un billete de avión a Madrid?"]:
        assert bot.retriever.retrieve(q).abstained, q


def test_in_scope_keywords_do_not_abstain(bot):
    assert not bot.retriever.retrieve("paimon no space left on device").abstained


def test_rrf_fusion_order_on_crafted_scores(index_dir):
    r = HybridRetriever(index_dir)
    dense = np.array([0.9, 0.8, 0.7, 0.1], dtype=np.float32)
    lex = np.array([0.0, 5.0, 4.0, 0.0], dtype=np.float32)
    # groups 1 and 2 rank in both lists, group 0 only in the dense one: RRF puts 1, 2 first
    assert list(np.argsort(-r.fuse(dense, lex, "rrf"))) == [1, 2, 0, 3]
    assert list(np.argsort(-r.fuse(dense, lex, "dense"))) == [0, 1, 2, 3]
    assert list(np.argsort(-r.fuse(dense, lex, "bm25"))[:2]) == [1, 2]
    close = r.fuse(np.array([0.86, 0.85, 0.70, 0.10], dtype=np.float32), lex, "linear")
    assert close[1] > close[0]  # a strong lexical match lifts an entry over a slightly better dense one
    assert r.fuse(dense, lex, "linear")[0] > r.fuse(dense, lex, "linear")[1]  # but not over a clearly better one


def test_entry_missing_the_query_language_is_not_sunk_by_bm25(index_dir):
    r = HybridRetriever(index_dir)
    dense = np.array([0.92, 0.85, 0.80, 0.70], dtype=np.float32)
    lex = np.array([0.0, 10.0, 6.0, 2.0], dtype=np.float32)
    has_lang = np.array([False, True, True, True])
    # without the language mask, entry 0 (say English-only, asked in French) has no lexical score at all
    assert np.argmax(r.fuse(dense, lex, "linear")) == 1
    filled = r.fuse(dense, lex, "linear", has_lang)
    # it gets the median lexical score of the same-language dense candidates (6/10) instead of 0
    assert np.isclose(filled[0], 0.92 + r.lexical_weight * 0.6)
    assert np.argmax(filled) == 0
    assert np.allclose(filled[1:], r.fuse(dense, lex, "linear")[1:])  # same-language entries unchanged


def test_unknown_product_names_feature(bot):
    f = bot.retriever.retrieve("How do I configure a Pulsar source with exactly-once?").features
    assert f["unknown_names"] == 1.0
    known = bot.retriever.retrieve("How do I configure a Kafka source with SASL_SSL?").features
    assert known["unknown_names"] == 0.0
