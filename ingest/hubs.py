"""How close each chunk sits to Chinese text in general (its "hub" level): measured at ingest, read back
by retrieval for long Chinese, Japanese and Korean posts (writer and reader together).

multilingual-e5-small places a few short, error-titled entries ("remaining connection slots are
reserved", "Incorrect string value", "multi-statement be found") close to any long CJK post full of
logs: on real Chinese posts about deadlocks or nested JSON they came first (docs/eval.md, issue 22).
A chunk's hub level is the mean of its HUB_K best cosines to the Chinese glossary's terms embedded as
queries (a sample of Chinese text about the corpus's own topics, taken from no question), minus the
mean of all chunks; retrieval subtracts `weight * level` from the cosines of a long post whose prose
is CJK, before each entry's best version is taken (as cross-domain similarity local scaling does).
Nothing is fitted: the level is a mean of cosines, the weight 1 removes it as measured. Short
questions keep their cosines: on them the same correction cost zh-short and ja/ko questions their
entry (docs/eval.md), while long posts are where the attractors won.

Stored in the index manifest as `hubs`: {"terms": n, "k": HUB_K, "levels": {chunk id: level}}.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from faqbot.languages import PACKS

from .records import Chunk

HUB_K = 10  # a chunk's best term cosines averaged: enough to be a level, few enough to be its own


def reference_terms() -> list[str]:
    """The Chinese text the levels are measured against: the zh pack's glossary terms."""
    return sorted(dict(PACKS["zh"].glossary))


def measure(
    chunks: Sequence[Chunk],
    rows: Sequence[Mapping[str, Any]],
    vectors: np.ndarray,
    embed_queries: Callable[[list[str]], np.ndarray],
) -> dict[str, Any]:
    """The manifest's `hubs`, from the chunks, their vector rows (row -> chunk index) and the vectors."""
    terms = reference_terms()
    if not terms or not len(chunks):
        return {"terms": 0, "k": HUB_K, "levels": {}}
    cos = np.asarray(embed_queries(terms), dtype=np.float32) @ np.asarray(vectors, dtype=np.float32).T
    per_chunk = np.full((len(terms), len(chunks)), -1.0, dtype=np.float32)
    for i, r in enumerate(rows):  # a chunk's cosine is its closest row's (title, body or alias), as searched
        c = int(r["chunk"])
        per_chunk[:, c] = np.maximum(per_chunk[:, c], cos[:, i])
    k = min(HUB_K, len(terms))
    level = np.sort(per_chunk, axis=0)[-k:].mean(axis=0)
    level = level - level.mean()
    return {"terms": len(terms), "k": k, "levels": {c.id: round(float(v), 6) for c, v in zip(chunks, level)}}


class Hubs:
    """The hub levels of an index, as an array in the order of the store's chunks."""

    def __init__(self, manifest: Mapping[str, Any], chunk_ids: Sequence[str], weight: float) -> None:
        stored = (manifest.get("hubs") or {}).get("levels") or {}
        self.weight = weight
        self.levels = np.array([float(stored.get(cid, 0.0)) for cid in chunk_ids], dtype=np.float32)

    def offsets(self) -> np.ndarray:
        """Per chunk, what a long CJK post's cosines lose."""
        return self.weight * self.levels

    def remove(self, per_chunk: np.ndarray) -> np.ndarray:
        """The cosines without the hub levels; chunks the search did not reach (-1) stay -1."""
        return np.where(per_chunk > -1, per_chunk - self.offsets(), per_chunk).astype(np.float32)
