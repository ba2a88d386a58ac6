"""How close each chunk sits to text in general (its "hub" level): measured at ingest, read back by
retrieval for long posts (writer and reader together).

multilingual-e5-small places a few short, error-titled entries ("multi-statement be found",
"remaining connection slots are reserved", "Incorrect string value") close to any long post full of
logs: on real posts about a missing JDBC driver, deadlocks or emoji they came first (docs/eval.md,
issue 22). A chunk's hub level is the mean of its HUB_K best cosines to the other entries' texts read as
questions (each chunk's title and body cut at REFERENCE_CHARS, the length of a long post's dense reading,
embedded as a query; a chunk's own entry is left out), minus the mean of all chunks; retrieval subtracts
`weight * level` from the cosines of a long post before each entry's best version is taken (as
cross-domain similarity local scaling does). The reference is the corpus itself: text about the FAQ's
own topics, taken from no question. Nothing is fitted: the level is a mean of cosines, the weight 1
removes it as measured. Short questions keep their cosines: on them a correction cost short Chinese,
Japanese and Korean questions their entry (docs/eval.md), while long posts are where the attractors won.

Stored in the index manifest as `hubs`:
{"reference": "entries", "texts": n, "k": HUB_K, "levels": {chunk id: level}}.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from .records import Chunk

HUB_K = 10  # a chunk's best reference cosines averaged: enough to be a level, few enough to be its own
# what a long post's dense reading holds at most (bot/retrieval/report.py DENSE_CHARS; a test keeps them equal)
REFERENCE_CHARS = 360
REFERENCE = "entries"  # the reference texts: the corpus's own entries read as questions


def reference_texts(chunks: Sequence[Chunk]) -> list[str]:
    """Each chunk's title and body, cut at a long post's dense-reading length: the texts read as questions."""
    return [f"{c.title}\n{c.body}"[:REFERENCE_CHARS] for c in chunks]


def measure(
    chunks: Sequence[Chunk],
    rows: Sequence[Mapping[str, Any]],
    vectors: np.ndarray,
    embed_queries: Callable[[list[str]], np.ndarray],
) -> dict[str, Any]:
    """The manifest's `hubs`, from the chunks, their vector rows (row -> chunk index) and the vectors."""
    if len(chunks) < 2:
        return {"reference": REFERENCE, "texts": 0, "k": HUB_K, "levels": {}}
    texts = reference_texts(chunks)
    cos = np.asarray(embed_queries(texts), dtype=np.float32) @ np.asarray(vectors, dtype=np.float32).T
    per_chunk = np.full((len(texts), len(chunks)), -1.0, dtype=np.float32)
    for i, r in enumerate(rows):  # a chunk's cosine is its closest row's (title, body or alias), as searched
        c = int(r["chunk"])
        per_chunk[:, c] = np.maximum(per_chunk[:, c], cos[:, i])
    # an entry read as a question finds itself and its translations: that is no pull, leave them out
    group = np.array([c.translation_group or c.id for c in chunks])
    per_chunk[group[:, None] == group[None, :]] = -1.0
    k = min(HUB_K, len(texts) - 1)
    level = np.sort(per_chunk, axis=0)[-k:].mean(axis=0)
    level = level - level.mean()
    return {
        "reference": REFERENCE,
        "texts": len(texts),
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
