"""Synthetic scale benchmark: which FAISS index type faqbot would use at 100k and 1M vectors.

Random 384-dimensional unit vectors (the e5-small dimension). For each size and candidate
index: build time, serialized size, resident-memory growth, single-query latency p50/p95
and recall@10 against exact search. The parameters of approximate indexes are raised until
recall@10 reaches the target or the latency budget is spent.
"""

from __future__ import annotations

import gc
import time
from dataclasses import asdict, dataclass

import numpy as np
from faqbot.bot.evaluation.evaluate import percentiles

DIM = 384
RECALL_TARGET = 0.95


@dataclass
class ScaleRow:
    n: int
    index: str
    params: str
    build_s: float
    size_mb: float
    rss_growth_mb: float
    p50_ms: float
    p95_ms: float
    recall_at_10: float

    def to_json(self) -> dict:
        return asdict(self)


def rss_mb() -> float:
    import psutil

    return psutil.Process().memory_info().rss / 2**20


def unit_vectors(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, DIM), dtype=np.float32)
    for s in range(0, n, 100_000):  # in blocks, to keep the float64 temporaries small
        block = rng.standard_normal((min(100_000, n - s), DIM), dtype=np.float32)
        out[s : s + len(block)] = block / np.linalg.norm(block, axis=1, keepdims=True)
    return out


def _timed_search(index, queries: np.ndarray, k: int = 10) -> tuple[np.ndarray, list[float]]:
    lat, found = [], []
    for q in queries:
        t = time.perf_counter()
        _, ids = index.search(q[None, :], k)
        lat.append((time.perf_counter() - t) * 1000)
        found.append(ids[0])
    return np.stack(found), lat


def recall_at_k(found: np.ndarray, truth: np.ndarray) -> float:
    return float(np.mean([len(set(f) & set(t)) / len(t) for f, t in zip(found, truth)]))


def _row(n, name, params, build_s, index, rss0, found, lat, truth) -> ScaleRow:
    import faiss

    size = len(faiss.serialize_index(index)) / 2**20
    return ScaleRow(
        n,
        name,
        params,
        round(build_s, 1),
        round(size, 1),
        round(rss_mb() - rss0, 1),
        *percentiles(lat, 2),
        round(recall_at_k(found, truth), 3),
    )


def bench_size(n: int, n_queries: int = 200, log=print) -> list[ScaleRow]:
    import faiss

    data = unit_vectors(n, seed=n)
    queries = unit_vectors(n_queries, seed=7)
    rows: list[ScaleRow] = []

    rss0 = rss_mb()
    t = time.perf_counter()
    flat = faiss.IndexFlatIP(DIM)
    flat.add(data)
    build = time.perf_counter() - t
    truth, lat = _timed_search(flat, queries)
    rows.append(_row(n, "Flat (exact)", "-", build, flat, rss0, truth, lat, truth))
    log(rows[-1])

    for name, qtype in (
        ("SQfp16 (exact scan)", faiss.ScalarQuantizer.QT_fp16),
        ("SQ8 (exact scan)", faiss.ScalarQuantizer.QT_8bit),
    ):
        rss0 = rss_mb()
        t = time.perf_counter()
        sq = faiss.IndexScalarQuantizer(DIM, qtype, faiss.METRIC_INNER_PRODUCT)
        sq.train(data[:50_000])
        sq.add(data)
        build = time.perf_counter() - t
        found, lat = _timed_search(sq, queries)
        rows.append(_row(n, name, "-", build, sq, rss0, found, lat, truth))
        log(rows[-1])
        del sq

    nlist = int(4 * np.sqrt(n))
    rss0 = rss_mb()
    t = time.perf_counter()
    quant = faiss.IndexFlatIP(DIM)
    ivf = faiss.IndexIVFFlat(quant, DIM, nlist, faiss.METRIC_INNER_PRODUCT)
    ivf.train(data[np.random.default_rng(1).choice(n, min(n, 40 * nlist), replace=False)])
    ivf.add(data)
    build = time.perf_counter() - t
    for nprobe in (16, 64, 256, 1024, 2048):
        if nprobe > nlist:
            break
        ivf.nprobe = nprobe
        found, lat = _timed_search(ivf, queries)
        rows.append(_row(n, "IVFFlat", f"nlist={nlist} nprobe={nprobe}", build, ivf, rss0, found, lat, truth))
        log(rows[-1])
        if rows[-1].recall_at_10 >= RECALL_TARGET:
            break

    rss0 = rss_mb()
    t = time.perf_counter()
    hnsw = faiss.IndexHNSWFlat(DIM, 32, faiss.METRIC_INNER_PRODUCT)
    hnsw.hnsw.efConstruction = 80
    hnsw.add(data)
    build = time.perf_counter() - t
    for ef in (64, 256, 1024, 2048):
        hnsw.hnsw.efSearch = ef
        found, lat = _timed_search(hnsw, queries)
        rows.append(_row(n, "HNSWFlat", f"M=32 efC=80 efSearch={ef}", build, hnsw, rss0, found, lat, truth))
        log(rows[-1])
        if rows[-1].recall_at_10 >= RECALL_TARGET:
            break
    del flat, ivf, hnsw, data
    gc.collect()
    return rows


def choose(rows: list[ScaleRow], p95_budget_ms: float = 50.0) -> ScaleRow:
    """The smallest index that meets recall and latency; else the one with the best recall."""
    ok = [r for r in rows if r.recall_at_10 >= RECALL_TARGET and r.p95_ms <= p95_budget_ms]
    if ok:
        return min(ok, key=lambda r: (r.size_mb, r.p95_ms))
    return max(rows, key=lambda r: (r.recall_at_10, -r.p95_ms))
