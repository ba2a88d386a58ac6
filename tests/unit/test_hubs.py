"""ingest/hubs.py on small vectors (no index, no model): each chunk's level is the mean of its best
cosines to the other entries' answer rows, over its closest row, centred, stored in the manifest and
removed."""

from __future__ import annotations

import json

import numpy as np
from faqbot.ingest import hubs
from faqbot.ingest.hubs import Hubs, measure
from faqbot.ingest.records import Chunk


def _chunk(cid: str, group: str = "", body: str = "body") -> Chunk:
    return Chunk(cid, "d.en", "D", "d", "d.en.txt", "en", cid, body, 1, 2, translation_group=group)


def test_a_chunk_near_every_other_answer_gets_the_highest_level_and_its_own_entry_is_left_out(monkeypatch):
    # four chunks in a 3-d space, each with an answer row ("body") and a title row; "hub"'s title row is
    # close to every other answer; "plain" and "plain-fr" are one entry in two languages: their closeness
    # to each other is no pull
    monkeypatch.setattr(hubs, "HUB_K", 2)
    chunks = [_chunk("hub"), _chunk("plain", "g"), _chunk("plain-fr", "g"), _chunk("other")]
    rows = [
        {"chunk": 0, "field": "body"},
        {"chunk": 0, "field": "title"},
        {"chunk": 1, "field": "body"},
        {"chunk": 2, "field": "body"},
        {"chunk": 3, "field": "body"},
    ]
    vecs = np.array([[0, 0.6, 0.8], [1.0, 0, 0], [0.8, 0.6, 0], [0.8, 0.6, 0], [0.8, 0, 0.6]], dtype=np.float32)
    out = measure(chunks, rows, vecs)
    levels = out["levels"]
    assert out["k"] == 2 and out["texts"] == 4 and out["reference"] == "answers"
    # hub: best two of the other answers' (0.8, 0.8, 0.8) over its title row = 0.8
    # plain (own entry left out): hub's answer 0.36, other's 0.64 -> 0.5; plain-fr the same
    # other: hub's answer 0.48, plain's and plain-fr's 0.64 -> 0.64; mean 0.61, centred
    got = [levels[c] for c in ("hub", "plain", "plain-fr", "other")]
    assert np.allclose(got, [0.19, -0.11, -0.11, 0.03], atol=1e-6)
    json.dumps(out)  # plain JSON for the manifest


def test_too_few_entries_give_no_levels():
    out = measure([_chunk("only")], [{"chunk": 0, "field": "body"}], np.ones((1, 3), dtype=np.float32))
    assert out["levels"] == {} and out["texts"] == 0


def test_the_levels_are_removed_by_chunk_id_and_missing_ones_change_nothing():
    manifest = {"hubs": {"reference": "answers", "texts": 3, "k": 2, "levels": {"a": 0.02, "b": -0.01}}}
    h = Hubs(manifest, ["b", "a", "c"], weight=1.0)
    cos = np.array([0.8, 0.9, -1.0], dtype=np.float32)
    assert np.allclose(h.remove(cos), [0.81, 0.88, -1.0])  # c has no level; -1 (not reached) kept
    assert np.allclose(Hubs(manifest, ["b", "a"], weight=0.0).remove(cos[:2]), cos[:2])
    assert np.allclose(Hubs({}, ["b", "a"], weight=1.0).remove(cos[:2]), cos[:2])  # no levels stored
