"""Synthetic scale benchmark in Milvus Lite: the index types Lite offers at 100k and 1M vectors.

The same random 384-d unit vectors and queries as bench/scale.py (FAISS). One collection per
size; each index type is built on it in turn (release, drop the index, create, load). Per index:
insert and build time, data folder size, resident-memory growth of this process (Lite 3.x runs
in-process as Python threads behind a loopback gRPC server), single-query p50/p95 through the
client, recall@10 against exact search, the number of queries timed and the machine's load average.

Milvus Lite 3.2.2 builds one vector index per segment (a segment holds at most 100,000 rows,
`milvus_lite.constants.MAX_SEGMENT_ROWS`) and merges the per-segment top k, so IVF's nlist is
sized for a segment, not for the collection. The run is bounded: each configuration gets at most
`n_queries` queries and `query_budget_s` seconds, and once `deadline` passes every configuration
not measured is still listed, as not run, rather than left out.

Run alone: `python -m faqbot.bench.milvus_scale --sizes 100000 1000000 --until 09:50`.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
from faqbot.bot.evaluation.evaluate import percentiles

from .scale import RECALL_TARGET, ScaleRow, recall_at_k, rss_mb, unit_vectors

BATCH = 20_000  # rows per insert call: 20k measured fastest here (2,300 rows/s vs 1,600 at 50k, 2,600 at 5k idle)
SEGMENT_ROWS = 100_000  # milvus_lite.constants.MAX_SEGMENT_ROWS in 3.2.2
BEGIN, END = "<!-- milvus-scale:begin -->", "<!-- milvus-scale:end -->"


@dataclass
class LiteRow(ScaleRow):
    queries: int = 0
    load_avg: float = 0.0
    note: str = ""


@dataclass
class InsertRun:
    n: int
    batch: int
    seconds: float
    rows_per_s: float
    load_avg: float
    data_mb: float
    rss_growth_mb: float

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class Config:
    index_type: str
    build: dict
    tries: list[dict]


def _load() -> float:
    return round(os.getloadavg()[0], 1)


def _folder_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20


def _configs(n: int) -> list[Config]:
    """Every vector index type Lite 3.2.2 builds (milvus_lite/index/factory.py), with the search
    parameters to try in order until recall@10 reaches the target."""
    nlist = int(4 * np.sqrt(min(n, SEGMENT_ROWS)))
    ivf = [{"metric_type": "IP", "params": {"nprobe": p}} for p in sorted({min(p, nlist) for p in (16, 128, 1024)})]
    hnsw = [{"metric_type": "IP", "params": {"ef": ef}} for ef in (64, 512, 2048)]
    return [
        Config("FLAT", {}, [{"metric_type": "IP"}]),
        Config("IVF_FLAT", {"nlist": nlist}, ivf),
        Config("IVF_SQ8", {"nlist": nlist}, ivf),
        Config("HNSW", {"M": 32, "efConstruction": 80}, hnsw),
        Config("HNSW_SQ", {"M": 32, "efConstruction": 80}, hnsw),  # 8-bit, fixed in Lite (no sq_type)
    ]


def _search(client, queries: np.ndarray, params: dict, until: float) -> tuple[np.ndarray, list[float]]:
    """Single queries in order until all are done or `until` (time.time()) passes; at least one."""
    lat, found = [], []
    for q in queries:
        t = time.perf_counter()
        res = client.search("scale", data=[q.tolist()], anns_field="vec", limit=10, search_params=params)
        lat.append((time.perf_counter() - t) * 1000)
        found.append([h["id"] for h in res[0]] + [-1] * (10 - len(res[0])))
        if time.time() > until:
            break
    return np.array(found), lat


class _Run:
    """One collection of n vectors in a temporary Lite file, and the rows measured on it."""

    def __init__(self, n: int, n_queries: int, log: Callable[[str], None]) -> None:
        from pymilvus import DataType, MilvusClient

        self.n, self.log = n, log
        self.data = unit_vectors(n, seed=n)
        self.queries = unit_vectors(n_queries, seed=7)
        self.truth = np.argsort(-(self.queries @ self.data.T), axis=1)[:, :10]
        self.tmp = Path(tempfile.mkdtemp(prefix="faqbot-milvus-scale-"))
        self.rss0 = rss_mb()
        # pymilvus pings every 10 s by default; Lite's gRPC server answers a long call (an index
        # build of minutes) with GOAWAY "too_many_pings", and pymilvus then retries the create_index
        # that had succeeded ("index already exists"). One ping in 10 min keeps the call alone.
        self.client = MilvusClient(str(self.tmp / "scale.db"), grpc_options={"grpc.keepalive_time_ms": 600_000})
        schema = self.client.create_schema(auto_id=False)
        schema.add_field("id", DataType.INT64, is_primary=True)
        schema.add_field("vec", DataType.FLOAT_VECTOR, dim=self.data.shape[1])
        self.client.create_collection("scale", schema=schema)

    def insert(self, batch: int = BATCH) -> InsertRun:
        t = time.perf_counter()
        for s in range(0, self.n, batch):
            rows = [{"id": s + i, "vec": v} for i, v in enumerate(self.data[s : s + batch].tolist())]
            self.client.insert("scale", rows)
        self.client.flush("scale")
        sec = time.perf_counter() - t
        ins = InsertRun(
            self.n, batch, round(sec, 1), round(self.n / sec), _load(), round(_folder_mb(self.tmp), 1), self._growth()
        )
        self.log(f"insert {ins}")
        return ins

    def _growth(self) -> float:
        return round(rss_mb() - self.rss0, 1)

    def _row(self, cfg: Config, shown: str, build_s: float | None, lat: list[float], found, note: str) -> LiteRow:
        k = len(found)
        return LiteRow(
            self.n,
            f"Lite {cfg.index_type}",
            shown or "-",
            round(build_s, 1) if build_s is not None else -1.0,
            round(_folder_mb(self.tmp), 1),
            self._growth(),
            *(percentiles(lat, 2) if lat else (-1.0, -1.0)),
            round(recall_at_k(found, self.truth[:k]), 3) if k else -1.0,
            queries=k,
            load_avg=_load(),
            note=note,
        )

    def build(self, cfg: Config) -> float:
        self.client.release_collection("scale")
        if self.client.list_indexes("scale"):
            self.client.drop_index("scale", "vec")
        ip = self.client.prepare_index_params()
        # Lite reads the build parameters from one JSON "params" key (adapter/grpc/translators/index.py)
        ip.add_index("vec", index_type=cfg.index_type, metric_type="IP", params={"params": cfg.build})
        t = time.perf_counter()
        self.client.create_index("scale", ip)
        self.client.load_collection("scale")  # Lite builds the per-segment indexes here
        return time.perf_counter() - t

    def measure(
        self, cfg: Config, deadline: float, query_budget_s: float, expect_build_s: float = 0.0
    ) -> list[LiteRow]:
        """Rows for one index type; `expect_build_s` (scaled from a smaller run) skips a build
        that would end past the deadline, since a build cannot be interrupted."""
        rows: list[LiteRow] = []
        left = deadline - time.time()
        if left < expect_build_s or left <= 0:
            why = f"build expected ~{expect_build_s:.0f} s, {max(left, 0):.0f} s left" if left > 0 else "no time left"
            self.log(f"skip {cfg.index_type} at {self.n}: {why}")
            return [self._row(cfg, _shown(cfg, {}), None, [], [], f"not run: {why}")]
        try:
            build_s = self.build(cfg)
        except Exception as exc:  # one failed configuration is a row, not the end of the run
            self.log(f"build {cfg.index_type} at {self.n} failed: {exc}")
            return [self._row(cfg, _shown(cfg, {}), None, [], [], f"failed: {str(exc)[:120]}")]
        self.log(
            f"built {cfg.index_type} at {self.n} in {build_s:.1f} s (load {_load()}, expected ~{expect_build_s:.0f} s)"
        )
        for params in cfg.tries:
            shown = _shown(cfg, params)
            if time.time() > deadline:
                rows.append(self._row(cfg, shown, build_s, [], [], "not run: out of time"))
                continue
            until = min(deadline, time.time() + query_budget_s)
            found, lat = _search(self.client, self.queries, params, until)
            note = "" if len(lat) == len(self.queries) else f"stopped after {len(lat)} queries: time budget"
            rows.append(self._row(cfg, shown, build_s, lat, found, note))
            self.log(str(rows[-1]))
            if rows[-1].recall_at_10 >= RECALL_TARGET:
                break
        return rows

    def close(self) -> None:
        try:
            self.client.close()
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)
            del self.data
            gc.collect()


def _shown(cfg: Config, params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in {**cfg.build, **params.get("params", {})}.items())


def bench_size(
    n: int,
    n_queries: int = 200,
    log: Callable[[str], None] = print,
    deadline: float | None = None,
    query_budget_s: float = 120.0,
    build_s_per_row: dict[str, float] | None = None,
) -> tuple[InsertRun | None, list[LiteRow]]:
    """Insert n vectors, then measure each index type in turn until `deadline` (time.time()).
    `build_s_per_row` (index type -> seconds per row, from a smaller run) predicts each build:
    Lite builds one index per segment of at most 100k rows, so the time grows linearly."""
    end = deadline if deadline is not None else float("inf")
    per_row = build_s_per_row or {}
    run = _Run(n, n_queries, log)
    try:
        ins = run.insert()
        rows = []
        for cfg in _configs(n):
            rows += run.measure(cfg, end, query_budget_s, per_row.get(cfg.index_type, 0.0) * n)
    finally:
        run.close()
    return ins, rows


def bench_sizes(
    sizes: list[int],
    deadline: float,
    log: Callable[[str], None] = print,
    queries_at_1m: int = 50,
    on_size: Callable[[dict], None] | None = None,
) -> dict:
    """Each size in turn; a size whose insert alone would run past the deadline at the rate just
    measured is reported as not run, with the estimate. `on_size(results so far)` after each size."""
    out: dict = {"started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "load_avg_start": _load()}
    rate = None
    per_row: dict[str, float] = {}
    for n in sizes:
        left = deadline - time.time()
        if rate and n / rate > left:
            out[str(n)] = {"skipped": f"insert alone needs ~{n / rate:.0f} s at {rate:.0f} rows/s; {left:.0f} s left"}
            log(f"skip {n}: {out[str(n)]['skipped']}")
            continue
        nq = 200 if n < 1_000_000 else queries_at_1m
        budget = 120.0 if n < 1_000_000 else 60.0
        ins, rows = bench_size(n, nq, log, deadline, budget, per_row)
        rate = ins.rows_per_s if ins else rate
        per_row.update({r.index.removeprefix("Lite "): r.build_s / n for r in rows if r.build_s > 0})
        out[str(n)] = {"insert": ins.to_json() if ins else None, "rows": [asdict(r) for r in rows]}
        out["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        out["load_avg_end"] = _load()
        if on_size:
            on_size(out)
    return out


def _cell(x: float, unit: str = "") -> str:
    return "–" if x == -1.0 else f"{x}{unit}"


def markdown(r: dict) -> str:
    """The measured tables, between markers so `faqbot bench` keeps them when it rewrites the page."""
    import milvus_lite
    import pymilvus

    lines = [
        BEGIN,
        "### Measured (`python -m faqbot.bench.milvus_scale`, also run by `faqbot bench --scale --store milvus:…`)",
        "",
        f"Milvus Lite {milvus_lite.__version__}, pymilvus {pymilvus.__version__}; started {r['started']}, "
        f"finished {r.get('finished', '-')}; {os.cpu_count()} cores shared with other jobs, load average "
        f"{r['load_avg_start']} at the start, {r.get('load_avg_end', '-')} at the end (per row below). "
        f"Inserts in batches of {BATCH:,} rows.",
        "",
        "| vectors | insert s | rows/s | data MB | RSS growth MB | load avg |",
        "|---|---|---|---|---|---|",
    ]
    for n, block in _sizes(r):
        ins = block.get("insert")
        if ins:
            lines.append(
                f"| {int(n):,} | {ins['seconds']} | {ins['rows_per_s']:,} | {ins['data_mb']} | "
                f"{ins['rss_growth_mb']} | {ins['load_avg']} |"
            )
        else:
            lines.append(f"| {int(n):,} | not run: {block.get('skipped', '')} | | | | |")
    lines += [
        "",
        "| vectors | index | parameters | build s | data MB | RSS growth MB | queries | p50 ms | p95 ms | recall@10 "
        "| load avg | note |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for n, block in _sizes(r):
        for x in block.get("rows", []):
            lines.append(
                f"| {int(n):,} | {x['index']} | {x['params']} | {_cell(x['build_s'])} | {x['size_mb']} | "
                f"{x['rss_growth_mb']} | {x['queries']} | {_cell(x['p50_ms'])} | {_cell(x['p95_ms'])} | "
                f"{_cell(x['recall_at_10'])} | {x['load_avg']} | {x['note']} |"
            )
    lines += ["", END]
    return "\n".join(lines) + "\n"


def _sizes(r: dict) -> list[tuple[str, dict]]:
    return [(k, v) for k, v in r.items() if k.isdigit()]


def _deadline(until: str | None, budget_s: float) -> float:
    """`until` is a UTC wall-clock time HH:MM today; else now + budget_s."""
    if not until:
        return time.time() + budget_s
    hh, mm = (int(x) for x in until.split(":"))
    now = time.gmtime()
    return time.time() + ((hh * 60 + mm) - (now.tm_hour * 60 + now.tm_min)) * 60 - now.tm_sec


def main(argv: list[str] | None = None) -> int:
    from .sections import write_section

    p = argparse.ArgumentParser(prog="python -m faqbot.bench.milvus_scale", description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    p.add_argument("--until", help="stop starting work at this UTC time, HH:MM")
    p.add_argument("--budget-s", type=float, default=3600.0, help="else stop after this many seconds")
    p.add_argument("--out", type=Path, default=Path("docs/benchmarks.md"), help="page to write the block in")
    p.add_argument("--json", type=Path, help="also write the raw results here")
    a = p.parse_args(argv)

    def save(r: dict) -> None:  # after each size: a later failure keeps what was measured
        if a.json:
            a.json.write_text(json.dumps(r, indent=2), encoding="utf-8")
        write_section(a.out, markdown(r), BEGIN, END)

    r = bench_sizes(a.sizes, _deadline(a.until, a.budget_s), log=_log, on_size=save)
    print(markdown(r))
    return 0


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
