"""`faqbot bench --store milvus:…`: the Milvus store next to the index folder, written as one
section of docs/benchmarks.md (the rest of the file, from `faqbot bench`, is kept).

Ingest and serving run as real `faqbot` subprocesses on a Milvus Lite file in a temporary
folder (a Lite file is opened by one process at a time); answer and retrieval latency are
timed in this process for both stores on the same questions, one after the other.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from faqbot.bot.config import Settings, default_corpus, ensure_index
from faqbot.bot.evaluation.evaluate import percentiles
from faqbot.ingest.store import StoreSpec, open_store

from . import sections

BEGIN, END = "<!-- milvus-store:begin -->", "<!-- milvus-store:end -->"


def _faqbot(*args: str, env: dict | None = None) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "faqbot", *args], check=True, capture_output=True, env=env)
    return round(time.perf_counter() - t, 2)


def _load() -> float:
    """1-minute load average: other jobs share this machine, and the figures are read next to it."""
    return round(os.getloadavg()[0], 1)


def _latency(bot, questions: list[str]) -> dict:
    bot.warm()
    answer_ms, retr_ms, hits = [], [], []
    for q in questions:
        t = time.perf_counter()
        a = bot.ask(q)
        answer_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        bot.retriever.retrieve(q)
        retr_ms.append((time.perf_counter() - t) * 1000)
        hits.append([c.chunk_id for c in a.citations][:1])
    return {"answer": percentiles(answer_ms), "retrieval": percentiles(retr_ms), "tops": hits}


def run_store_bench(args: argparse.Namespace, corpus: Path) -> dict:
    from faqbot.bot.evaluation.evaluate import read_questions
    from faqbot.bot.service import Bot

    from .serving import serving

    res: dict = {"load_avg_start": _load()}
    qs = [q.question for q in read_questions(Path(args.questions))]
    with tempfile.TemporaryDirectory() as tmp:
        store = f"milvus:{Path(tmp) / 'faq.db'}"
        res["ingest_cold_s"] = _faqbot("ingest", "--corpus", str(corpus), "--store", store, "--json")
        res["ingest_unchanged_s"] = _faqbot("ingest", "--corpus", str(corpus), "--store", store, "--json")
        res["cold_start_s"] = _faqbot("ask", "kafka idle partition watermark", "--json", "--store", store)
        res["serving"] = serving(["--store", store], corpus, qs, full_load=args.load)
        index = ensure_index(args.index, corpus, quiet=True)
        faiss_run = _latency(Bot(open_store(index)), qs)
        milvus_run = _latency(Bot(open_store(StoreSpec.parse(store, index))), qs)
    res["faiss"] = {k: faiss_run[k] for k in ("answer", "retrieval")}
    res["milvus"] = {k: milvus_run[k] for k in ("answer", "retrieval")}
    res["same_top_citation"] = sum(a == b for a, b in zip(faiss_run["tops"], milvus_run["tops"]))
    res["questions"] = len(qs)
    res["load_avg_end"] = _load()
    return res


def markdown(r: dict) -> str:
    f, m, sv = r["faiss"], r["milvus"], r["serving"]
    ld = sv["load"]
    lines = [
        BEGIN,
        "## Milvus store next to the index folder (`faqbot bench --store milvus:…`)",
        "",
        f"Written on {time.strftime('%Y-%m-%d %H:%M')} UTC; Milvus Lite in-process (a temporary `faq.db`); "
        f"load average {r.get('load_avg_start', '?')} at the start, {r.get('load_avg_end', '?')} at the end "
        f"({os.cpu_count()} cores).",
        "",
        "| measure | index folder (FAISS + bm25s) | Milvus Lite |",
        "|---|---|---|",
        f"| answer latency p50 / p95 (dev set, extractive) | {f['answer'][0]} / {f['answer'][1]} ms "
        f"| {m['answer'][0]} / {m['answer'][1]} ms |",
        f"| retrieval latency p50 / p95 | {f['retrieval'][0]} / {f['retrieval'][1]} ms "
        f"| {m['retrieval'][0]} / {m['retrieval'][1]} ms |",
        f"| same first citation | {r['same_top_citation']} of {r['questions']} questions | |",
        f"| cold ingest (`faqbot ingest` process) | see above | {r['ingest_cold_s']} s |",
        f"| re-ingest, nothing changed | see above | {r['ingest_unchanged_s']} s |",
        f"| cold start (`faqbot ask` process) | see above | {r['cold_start_s']} s |",
        f"| `faqbot serve` RSS after load / ready in | see above | {sv['rss_mb_after_load']} MB / "
        f"{sv['server_ready_s']} s |",
        f"| load: {ld['clients']} clients × {ld['per_client']} questions | see above | p50 {ld['p50_ms']} / "
        f"p95 {ld['p95_ms']} ms, {ld['errors']} errors, {ld['throughput_rps']} req/s |",
        "",
    ]
    lines.append(END)
    return "\n".join(lines) + "\n"


def write_section(out: Path, section: str, begin: str = BEGIN, end: str = END) -> None:
    """The store section of the benchmarks page (bench/sections.py), between this module's markers."""
    sections.write_section(out, section, begin, end)


def bench_store(args: argparse.Namespace) -> int:
    corpus = args.corpus or default_corpus()
    r = run_store_bench(args, corpus)
    print(json.dumps(r, indent=2) if args.json else markdown(r))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    write_section(Path(args.out), markdown(r))
    if args.scale:
        from . import milvus_scale

        budget = Settings.from_env().bench_scale_budget  # FAQBOT_BENCH_SCALE_BUDGET_S
        scale = milvus_scale.bench_sizes([100_000, 1_000_000], time.time() + budget, log=_log)
        write_section(Path(args.out), milvus_scale.markdown(scale), milvus_scale.BEGIN, milvus_scale.END)
    return 0


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
