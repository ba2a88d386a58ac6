"""ingest/hubs.py on small vectors (no index, no model): each chunk's level is the mean of its best
cosines to the reference terms over its closest row, centred, stored in the manifest and removed."""

from __future__ import annotations

import json

import numpy as np
from faqbot.ingest import hubs
from faqbot.ingest.hubs import Hubs, measure
from faqbot.ingest.records import Chunk


def _chunk(cid: str) -> Chunk:
    return Chunk(cid, "d.en", "D", "d", "d.en.txt", "en", cid, "body", 1, 2)


def test_the_reference_is_the_chinese_glossary():
    terms = hubs.reference_terms()
    assert len(terms) >= 50 and all(any("\u4e00" <= ch <= "\u9fff" for ch in t) for t in terms)


def test_a_chunk_near_every_term_gets_the_highest_level(monkeypatch):
    # three terms in a 3-d space; chunk "hub" has a row close to all of them, "plain" only to one
    monkeypatch.setattr(hubs, "reference_terms", lambda: ["t1", "t2", "t3"])
    monkeypatch.setattr(hubs, "HUB_K", 2)
    q = np.array([[1.0, 0, 0], [0.8, 0.6, 0], [0.8, 0, 0.6]], dtype=np.float32)
    chunks = [_chunk("hub"), _chunk("plain")]
    rows = [{"chunk": 0, "field": "body"}, {"chunk": 0, "field": "title"}, {"chunk": 1, "field": "body"}]
    vecs = np.array([[0, 1.0, 0], [1.0, 0, 0], [0, 0, 1.0]], dtype=np.float32)  # hub's title row is the close one
    out = measure(chunks, rows, vecs, lambda texts: q)
    levels = out["levels"]
    assert out["k"] == 2 and out["terms"] == 3
    # hub: best two of (1, 0.8, 0.8) over its closest row = 0.9; plain: best two of (0, 0, 0.6) = 0.3; centred
    assert np.isclose(levels["hub"], 0.3) and np.isclose(levels["plain"], -0.3)
    json.dumps(out)  # plain JSON for the manifest


def test_the_levels_are_removed_by_chunk_id_and_missing_ones_change_nothing():
    manifest = {"hubs": {"terms": 3, "k": 2, "levels": {"a": 0.02, "b": -0.01}}}
    h = Hubs(manifest, ["b", "a", "c"], weight=1.0)
    cos = np.array([0.8, 0.9, -1.0], dtype=np.float32)
    assert np.allclose(h.remove(cos), [0.81, 0.88, -1.0])  # c has no level; -1 (not reached) kept
    assert np.allclose(Hubs(manifest, ["b", "a"], weight=0.0).remove(cos[:2]), cos[:2])
    assert np.allclose(Hubs({}, ["b", "a"], weight=1.0).remove(cos[:2]), cos[:2])  # an older manifest
