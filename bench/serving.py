"""The serving part of a benchmark: a real `faqbot serve` started, its memory read, loaded."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def serving(store_args: list[str], corpus: Path, questions: list[str], full_load: bool) -> dict:
    """Start a real `faqbot serve`, read its memory, run the load test against it."""
    import psutil

    from .load import free_port, run_load, wait_until_up
    from .pressure import run_pressure

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FAQBOT_FEEDBACK": str(Path(tmp) / "feedback.jsonl")}
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "faqbot",
                "serve",
                *store_args,
                "--corpus",
                str(corpus),
                "--port",
                str(port),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            t0 = time.perf_counter()
            if not wait_until_up(url + "/api/health", proc):
                raise RuntimeError("`faqbot serve` did not become healthy within 120 s")
            ready_s = time.perf_counter() - t0
            clients, per = (20, 50) if full_load else (5, 10)
            load = run_load(url, questions, clients, per)
            rss = psutil.Process(proc.pid).memory_info().rss / 2**20
            # 4,000-character posts and 64 KB histories grow the allocator's arenas: read apart
            pressure = run_pressure(url, questions, seconds=30 if full_load else 15)
            rss_pressure = psutil.Process(proc.pid).memory_info().rss / 2**20
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    return {
        "server_ready_s": round(ready_s, 2),
        "rss_mb_after_load": round(rss, 1),
        "rss_mb_after_pressure": round(rss_pressure, 1),
        "load": {**load.__dict__, "throughput_rps": round(load.throughput, 1)},
        "pressure": pressure.__dict__,
    }
