"""`faqbot bench`: speed and memory on this machine, written to docs/benchmarks.md."""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bot.cli import default_corpus, default_index, ensure_index


def _machine() -> dict:
    import psutil

    cpu = platform.processor() or ""
    try:
        cpu = next(ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import faiss
    import gradio

    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
            "python": platform.python_version(), "faiss": faiss.__version__, "gradio": gradio.__version__}


def _pct(xs: list[float]) -> tuple[float, float]:
    return round(float(np.percentile(xs, 50)), 1), round(float(np.percentile(xs, 95)), 1)


def run_bench(args: argparse.Namespace) -> int:
    import psutil

    from bot.evaluate import read_questions
    from bot.service import Bot
    from ingest.pipeline import run_ingest

    corpus, index = args.corpus or default_corpus(), args.index or default_index()
    res: dict = {"machine": _machine()}
    with tempfile.TemporaryDirectory() as tmp:
        cold = run_ingest(corpus, Path(tmp) / "index", progress=False)
        warm = run_ingest(corpus, Path(tmp) / "index", progress=False)
    res["ingest_cold_s"], res["ingest_unchanged_s"] = round(cold.seconds, 2), round(warm.seconds, 2)
    ensure_index(index, corpus, quiet=True)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ui", "ask", "kafka idle partition watermark", "--json", "--index",
                    str(index)], check=True, capture_output=True)
    res["cold_start_s"] = round(time.perf_counter() - t0, 2)
    bot = Bot(index)
    qs = [q.question for q in read_questions(Path(args.questions))]
    bot.ask("warm up")
    answer_ms, retr_ms = [], []
    for q in qs:
        t = time.perf_counter()
        bot.ask(q)
        answer_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        bot.retriever.retrieve(q)
        retr_ms.append((time.perf_counter() - t) * 1000)
    res["answer_p50_ms"], res["answer_p95_ms"] = _pct(answer_ms)
    res["retrieval_p50_ms"], res["retrieval_p95_ms"] = _pct(retr_ms)
    res["rss_mb_bot_loaded"] = round(psutil.Process().memory_info().rss / 2**20, 1)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        for k, v in res.items():
            print(f"{k:24} {v}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(_markdown(res))
    return 0


def _markdown(r: dict) -> str:
    m = r["machine"]
    return f"""# Benchmarks

Written by `faqbot bench` on {time.strftime('%Y-%m-%d')}.
Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB; Python {m['python']}, faiss {m['faiss']}, gradio {m['gradio']}.

| measure | value | target |
|---|---|---|
| cold ingest of corpus/ (149 chunks, 417 vectors) | {r['ingest_cold_s']} s | ≤ 30 s |
| re-ingest, nothing changed | {r['ingest_unchanged_s']} s | ≤ 2 s |
| cold start (process start to first answer, `faqbot ask`) | {r['cold_start_s']} s | ≤ 2.5 s |
| answer latency p50 / p95 (extractive, dev set) | {r['answer_p50_ms']} / {r['answer_p95_ms']} ms | ≤ 35 / 80 ms |
| retrieval latency p50 / p95 | {r['retrieval_p50_ms']} / {r['retrieval_p95_ms']} ms | p50 ≤ 30 ms |
| resident memory with the bot loaded | {r['rss_mb_bot_loaded']} MB | ≤ 500 MB |

Not measured yet: the load test (20 clients × 50 questions on `/api/ask`) and the synthetic
100k / 1M vector benchmark (`--load` and `--scale` are accepted but not implemented).
"""
