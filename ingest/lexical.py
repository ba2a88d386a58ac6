"""The lexical index: BM25 over the tokens of `textproc.tokenize` (the only module that imports bm25s).

The files live in a build's `lexical/` folder (JSON and .npy, loaded without pickle); the
store module decides where, this module what they hold.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np
from bm25s import stopwords as _sw
from faqbot.languages import PACKS

K1, B = 1.2, 0.75


@lru_cache(maxsize=8)
def stopwords(lang: str) -> tuple[str, ...]:
    """bm25s's stop-word list for a language (the one its pack names; English for the others)."""
    p = PACKS.get(lang)
    return tuple(getattr(_sw, f"STOPWORDS_{p.bm25s_stopwords if p and p.bm25s_stopwords else 'EN'}"))


def write(docs: list[list[str]], folder: Path) -> None:
    """Index one token list per chunk (same order as the chunks) into folder."""
    bm25 = bm25s.BM25(k1=K1, b=B)
    bm25.index(docs, show_progress=False)
    bm25.save(str(folder), show_progress=False)


class LexicalIndex:
    """BM25 scores for every chunk, read from a `lexical/` folder."""

    def __init__(self, folder: Path) -> None:
        self._bm25 = bm25s.BM25.load(str(folder), allow_pickle=False, show_progress=False)
        self.vocabulary: dict[str, int] = self._bm25.vocab_dict or {}

    def scores(self, tokens: list[str], n_docs: int) -> np.ndarray:
        known = [t for t in tokens if t in self.vocabulary]
        if not known:
            return np.zeros(n_docs, dtype=np.float32)
        return np.asarray(self._bm25.get_scores(known), dtype=np.float32)
