"""Normal questions while the server is kept at its limit by long ones (issue 11's attacks).

Attackers send 4,000-character questions and follow-ups carrying a 64 KB history turn, as fast
as answers (or 503s) come back, from more threads than the server has slots; meanwhile one
user asks normal dev-set questions one after another. Loopback only, bounded in time.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlparse

from faqbot.bot.evaluation.evaluate import percentiles

from .load import LOOPBACK

LONG_QUESTION = ("Caused by: java.lang.RuntimeException: kafka sasl login failed in source N " * 60)[:4000]
LONG_TURN = ("kafka watermark idle partition source connector checkpoint barrier " * 1200)[: 64 * 1024]


@dataclass
class PressureResult:
    attackers: int
    seconds: float
    attack_requests: int = 0
    attack_503: int = 0
    attack_max_s: float = 0.0
    normal_requests: int = 0
    normal_errors: int = 0
    normal_p50_ms: float = 0.0
    normal_p95_ms: float = 0.0
    normal_max_ms: float = 0.0
    samples: list[str] = field(default_factory=list)


def _attack(url: str, stop: threading.Event, i: int, res: PressureResult, lock: threading.Lock) -> None:
    import httpx

    with httpx.Client(timeout=120) as http:
        n = 0
        while not stop.is_set():
            n += 1
            body: dict[str, object]
            if (i + n) % 2:
                body = {"question": LONG_QUESTION.replace(" N ", f" {i}-{n} ")}
            else:
                body = {"question": "and what about it?", "history": [{"role": "user", "content": LONG_TURN}]}
            t = time.perf_counter()
            try:
                code = http.post(url + "/api/ask", json=body).status_code
            except httpx.HTTPError:
                code = 0
            with lock:
                res.attack_requests += 1
                res.attack_503 += code == 503
                res.attack_max_s = max(res.attack_max_s, round(time.perf_counter() - t, 2))


def run_pressure(url: str, questions: list[str], attackers: int = 12, seconds: float = 20.0) -> PressureResult:
    import httpx

    if (urlparse(url).hostname or "") not in LOOPBACK:
        raise ValueError("the pressure test only targets this machine (127.0.0.1/localhost)")
    res = PressureResult(attackers, seconds)
    stop, lock = threading.Event(), threading.Lock()
    threads = [threading.Thread(target=_attack, args=(url, stop, i, res, lock), daemon=True) for i in range(attackers)]
    for th in threads:
        th.start()
    time.sleep(2.0)  # let the long questions fill the slots first
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    with httpx.Client(timeout=60) as http:
        i = 0
        while time.perf_counter() < deadline:
            t = time.perf_counter()
            r = http.post(url + "/api/ask", json={"question": questions[i % len(questions)]})
            latencies.append((time.perf_counter() - t) * 1000)
            if r.status_code != 200:
                res.normal_errors += 1
                res.samples.append(f"{r.status_code}: {r.text[:100]}")
            i += 1
            time.sleep(0.2)
    stop.set()
    for th in threads:
        th.join(timeout=150)
    res.normal_requests = len(latencies)
    res.normal_p50_ms, res.normal_p95_ms = percentiles(latencies)
    res.normal_max_ms = round(max(latencies, default=0.0), 1)
    res.samples = res.samples[:5]
    return res
