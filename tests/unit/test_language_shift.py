"""ingest/language_shift.py on small vectors (no index, no model): the shift measured from
translation pairs, stored in the manifest and removed from the cosines of one question."""

from __future__ import annotations

import json

import numpy as np
from faqbot.ingest.language_shift import LanguageShift, measure
from faqbot.ingest.records import Chunk


def _chunk(cid: str, lang: str, group: str) -> Chunk:
    c = Chunk(cid, f"d.{lang}", "D", "d", f"d.{lang}.txt", lang, cid, "body", 1, 2)
    c.translation_group = group
    return c


def _rows(n_chunks: int) -> list[dict]:
    return [{"chunk": n, "field": f} for n in range(n_chunks) for f in ("body", "title")]


def test_the_shift_is_the_mean_difference_of_translation_pairs_from_english():
    chunks = [
        _chunk("a-en", "en", "a"),
        _chunk("a-fr", "fr", "a"),
        _chunk("b-en", "en", "b"),
        _chunk("b-fr", "fr", "b"),
        _chunk("c-es", "es", "c"),
    ]  # c has no English version
    fr = np.array([0.0, 1.0, 0.0])
    a_en, b_en = np.array([1.0, 0, 0]), np.array([0, 0, 1.0])
    per_chunk = [a_en, a_en + fr, b_en, b_en + 3 * fr, np.array([5.0, 5, 5])]  # pair b: a larger shift
    vecs = np.array([v for v in per_chunk for _field in ("body", "title")], dtype=np.float32)
    shift = measure(chunks, _rows(5), vecs)
    assert set(shift) == {"fr"}  # Spanish has no version paired with English: no shift
    assert shift["fr"]["pairs"] == 2
    assert np.allclose(shift["fr"]["vector"], 2 * fr)  # the mean of 1x and 3x
    json.dumps(shift)  # what the manifest stores is plain JSON


def test_the_offset_is_removed_from_versions_in_the_shifted_language_only():
    manifest = {"language_shift": {"fr": {"pairs": 2, "vector": [0.0, 0.1, 0.0]}}}
    shift = LanguageShift(manifest, ["en", "fr", "es", "fr"], weight=1.0)
    q = np.array([0.0, 0.5, 0.0], dtype=np.float32)
    cos = np.array([0.8, 0.9, 0.7, -1.0], dtype=np.float32)
    out = shift.remove(cos, q)
    assert np.allclose(out, [0.8, 0.85, 0.7, -1.0])  # French -0.05; -1 (not reached by the search) kept
    assert np.allclose(LanguageShift(manifest, ["en", "fr"], weight=0.0).remove(cos[:2], q), cos[:2])
    # an index without the field (or another store's manifest) changes nothing
    assert np.allclose(LanguageShift({}, ["en", "fr", "es", "fr"], weight=1.0).remove(cos, q), cos)
