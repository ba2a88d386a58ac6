"""How close each chunk sits to text in general (its "hub" level): measured at ingest, read back by
retrieval for long posts (writer and reader together).

multilingual-e5-small places a few short, error-titled entries ("multi-statement be found",
"remaining connection slots are reserved", "Incorrect string value") close to any long post full of
logs: on real posts about a missing JDBC driver, deadlocks or emoji they came first (docs/eval.md,
issue 22). A chunk's hub level is the mean of its HUB_K best cosines to the other entries' answers (each
chunk's answer row: its title and the start of its body, the vector ingest already made; a chunk's own
entry is left out), minus the mean of all chunks; retrieval subtracts `weight * level` from the cosines
of a long post before each entry's best version is taken (as cross-domain similarity local scaling does).
The reference is the corpus itself: text about the FAQ's own topics, taken from no question, and costing
no embedding. Nothing is fitted: the level is a mean of cosines, the weight 1 removes it as measured.
Short questions keep their cosines: on them a correction cost short Chinese, Japanese and Korean
questions their entry (docs/eval.md), while long posts are where the attractors won.

Stored in the index manifest as `hubs`:
{"reference": "answers", "texts": n, "k": HUB_K, "levels": {chunk id: level}}.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .records import Chunk

HUB_K = 10  # a chunk's best reference cosines averaged: enough to be a level, few enough to be its own
REFERENCE = "answers"  # the reference: the other entries' answer rows (ingest/pipeline.py vector_rows)
REFERENCE_FIELD = "body"


def measure(chunks: Sequence[Chunk], rows: Sequence[Mapping[str, Any]], vectors: np.ndarray) -> dict[str, Any]:
    """The manifest's `hubs`, from the chunks, their vector rows (row -> chunk index, field) and the vectors."""
    ref = [i for i, r in enumerate(rows) if r["field"] == REFERENCE_FIELD]
    if len(chunks) < 2 or not ref:
        return {"reference": REFERENCE, "texts": 0, "k": HUB_K, "levels": {}}
    vecs = np.asarray(vectors, dtype=np.float32)
    cos = vecs[ref] @ vecs.T
    per_chunk = np.full((len(ref), len(chunks)), -1.0, dtype=np.float32)
    for i, r in enumerate(rows):  # a chunk's cosine is its closest row's (title, body or alias), as searched
        c = int(r["chunk"])
        per_chunk[:, c] = np.maximum(per_chunk[:, c], cos[:, i])
    # an entry's answer is closest to itself and its translations: that is no pull, leave them out
    group = np.array([c.translation_group or c.id for c in chunks])
    ref_group = group[[int(rows[i]["chunk"]) for i in ref]]
    per_chunk[ref_group[:, None] == group[None, :]] = -1.0
    k = min(HUB_K, len(ref) - 1)
    level = np.sort(per_chunk, axis=0)[-k:].mean(axis=0)
    level = level - level.mean()
    return {
        "reference": REFERENCE,
        "texts": len(ref),
        "k": k,
        "levels": {c.id: round(float(v), 6) for c, v in zip(chunks, level)},
    }


class Hubs:
    """The hub levels of an index, as an array in the order of the store's chunks."""

    def __init__(self, manifest: Mapping[str, Any], chunk_ids: Sequence[str], weight: float) -> None:
        stored = (manifest.get("hubs") or {}).get("levels") or {}
        self.weight = weight
        self.levels = np.array([float(stored.get(cid, 0.0)) for cid in chunk_ids], dtype=np.float32)

    def offsets(self) -> np.ndarray:
        """Per chunk, what a long post's cosines lose."""
        return self.weight * self.levels

    def remove(self, per_chunk: np.ndarray) -> np.ndarray:
        """The cosines without the hub levels; chunks the search did not reach (-1) stay -1."""
        return np.where(per_chunk > -1, per_chunk - self.offsets(), per_chunk).astype(np.float32)
