"""Cheap lexical similarity and one-to-one matching, used to pair TOC entries with
headings and chunks with their translations."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
from scipy.optimize import linear_sum_assignment

from .textproc import fold, tokenize


def _ngrams(text: str, n: int = 3) -> Counter:
    t = " " + " ".join(fold(text).split()) + " "
    return Counter(t[i : i + n] for i in range(max(0, len(t) - n + 1)))


def tfidf_matrix(a: list[str], b: list[str], lang: str) -> np.ndarray:
    """Cosine of char-trigram + stemmed-word TF-IDF vectors between two lists of texts."""
    feats_a = [_ngrams(t) + Counter({"w:" + w: 3 for w in tokenize(t, lang)}) for t in a]
    feats_b = [_ngrams(t) + Counter({"w:" + w: 3 for w in tokenize(t, lang)}) for t in b]
    df: Counter = Counter()
    for f in feats_a + feats_b:
        df.update(f.keys())
    n = len(feats_a) + len(feats_b)

    def vec(f: Counter) -> dict[str, float]:
        v = {k: c * math.log(1 + n / df[k]) for k, c in f.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        return {k: x / norm for k, x in v.items()}

    va = [vec(f) for f in feats_a]
    vb = [vec(f) for f in feats_b]
    out = np.zeros((len(a), len(b)), dtype=np.float32)
    for i, x in enumerate(va):
        for j, y in enumerate(vb):
            small, big = (x, y) if len(x) < len(y) else (y, x)
            out[i, j] = sum(val * big.get(k, 0.0) for k, val in small.items())
    return out


def assign(sim: np.ndarray, threshold: float) -> dict[int, int]:
    """One-to-one assignment maximising total similarity; pairs below threshold dropped."""
    if sim.size == 0:
        return {}
    rows, cols = linear_sum_assignment(-sim)
    return {int(r): int(c) for r, c in zip(rows, cols) if sim[r, c] >= threshold}


def fill_gaps(pairs: dict[int, int], n_a: int, n_b: int, sim: np.ndarray, floor: float) -> dict[int, int]:
    """Pair leftovers that sit between the same two matched neighbours.

    TOC entries and sections (or two translations) keep their order locally, so
    an unmatched item of A flanked by the same matched pair as exactly one
    unmatched item of B is almost certainly its counterpart even when their
    words differ ("Selecting a Tunnel" / "Choose a data channel").
    """
    pairs = dict(pairs)
    used_b = set(pairs.values())
    anchors = sorted(pairs.items())
    for i in range(n_a):
        if i in pairs:
            continue
        prev = max((a for a in anchors if a[0] < i), default=(-1, -1))
        nxt = min((a for a in anchors if a[0] > i), default=(n_a, n_b))
        if nxt[1] <= prev[1]:
            continue
        gap_a = [x for x in range(prev[0] + 1, nxt[0]) if x not in pairs]
        gap_b = [y for y in range(prev[1] + 1, nxt[1]) if y not in used_b]
        # equal-sized gaps pair up in order
        if len(gap_a) == len(gap_b) and all(sim[x, y] >= floor for x, y in zip(gap_a, gap_b)):
            for x, y in zip(gap_a, gap_b):
                pairs[x] = y
                used_b.add(y)
            anchors = sorted(pairs.items())
    return pairs
