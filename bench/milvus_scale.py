"""Synthetic scale benchmark in Milvus Lite: the index types Lite offers at 100k and 1M vectors.

The same random 384-d unit vectors and queries as bench/scale.py (FAISS). One collection per
size; each index type is built on it in turn (release, drop the index, create, load). Per index:
insert and build time, data folder size, resident-memory growth of this process (Lite runs
in-process), single-query p50/p95 through the client, recall@10 against exact search.
"""

from __future__ import annotations

import gc
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
from faqbot.bot.evaluate import percentiles

from .scale import RECALL_TARGET, ScaleRow, _recall, _rss_mb, _vectors

BATCH = 5_000


def _folder_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20


def _search(client, queries: np.ndarray, params: dict) -> tuple[np.ndarray, list[float]]:
    lat, found = [], []
    for q in queries:
        t = time.perf_counter()
        res = client.search("scale", data=[q.tolist()], anns_field="vec", limit=10, search_params=params)
        lat.append((time.perf_counter() - t) * 1000)
        found.append([h["id"] for h in res[0]])
    return np.array(found), lat


def _candidates(n: int) -> list[tuple[str, dict, list[dict]]]:
    """(index type, build params, search params to try in order until recall is reached)."""
    nlist = int(4 * np.sqrt(n))
    ivf = [{"metric_type": "IP", "params": {"nprobe": p}} for p in (16, 64, 256) if p <= nlist]
    hnsw = [{"metric_type": "IP", "params": {"ef": ef}} for ef in (64, 256)]
    return [
        ("FLAT", {}, [{"metric_type": "IP"}]),
        ("IVF_FLAT", {"nlist": nlist}, ivf),
        ("IVF_SQ8", {"nlist": nlist}, ivf),
        ("HNSW", {"M": 32, "efConstruction": 80}, hnsw),
        ("HNSW_SQ", {"M": 32, "efConstruction": 80, "sq_type": "SQ8"}, hnsw),
    ]


def bench_size(n: int, n_queries: int = 200, log=print, deadline: float | None = None) -> list[ScaleRow]:
    """Rows for each index type at n vectors; stops adding rows once `deadline` (time.time()) passes."""
    from pymilvus import DataType, MilvusClient

    data = _vectors(n, seed=n)
    queries = _vectors(n_queries, seed=7)
    truth = np.argsort(-(queries @ data.T), axis=1)[:, :10]
    rows: list[ScaleRow] = []
    tmp = Path(tempfile.mkdtemp(prefix="faqbot-milvus-scale-"))
    try:
        rss0 = _rss_mb()
        client = MilvusClient(str(tmp / "scale.db"))
        schema = client.create_schema(auto_id=False)
        schema.add_field("id", DataType.INT64, is_primary=True)
        schema.add_field("vec", DataType.FLOAT_VECTOR, dim=data.shape[1])
        client.create_collection("scale", schema=schema)
        t = time.perf_counter()
        for s in range(0, n, BATCH):
            client.insert("scale", [{"id": s + i, "vec": v} for i, v in enumerate(data[s : s + BATCH].tolist())])
        client.flush("scale")
        insert_s = time.perf_counter() - t
        log(f"  milvus-lite {n:>8} inserted in {insert_s:.0f} s")
        for index_type, build_params, tries in _candidates(n):
            if deadline is not None and time.time() > deadline:
                log(f"  milvus-lite {n:>8} out of time before {index_type}")
                break
            client.release_collection("scale")
            if client.list_indexes("scale"):
                client.drop_index("scale", "vec")
            ip = client.prepare_index_params()
            ip.add_index("vec", index_type=index_type, metric_type="IP", params={"params": build_params})
            t = time.perf_counter()
            client.create_index("scale", ip)
            client.load_collection("scale")
            build_s = time.perf_counter() - t
            for params in tries:
                found, lat = _search(client, queries, params)
                shown = ", ".join(f"{k}={v}" for k, v in {**build_params, **params.get("params", {})}.items())
                rows.append(
                    ScaleRow(
                        n,
                        f"Lite {index_type}",
                        shown or "-",
                        round(insert_s + build_s, 1),
                        round(_folder_mb(tmp), 1),
                        round(_rss_mb() - rss0, 1),
                        *percentiles(lat, 2),
                        round(_recall(found, truth), 3),
                    )
                )
                log(rows[-1])
                if rows[-1].recall_at_10 >= RECALL_TARGET:
                    break
        client.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        del data
        gc.collect()
    return rows
