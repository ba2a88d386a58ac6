"""Load test: concurrent clients asking dev-set questions on POST /api/ask of a running server.

Fixed request counts and an overall time bound; loopback addresses only.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from urllib.parse import urlparse

from faqbot.bot.evaluation.evaluate import percentiles

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


@dataclass
class LoadResult:
    clients: int
    per_client: int
    requests: int
    errors: int
    error_samples: list[str]
    p50_ms: float
    p95_ms: float
    max_ms: float
    seconds: float

    @property
    def throughput(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


async def _client(http, url: str, questions: list[str], start: int, n: int, lat: list, errs: list) -> None:
    for i in range(n):
        q = questions[(start + i) % len(questions)]
        t = time.perf_counter()
        try:
            r = await http.post(url + "/api/ask", json={"question": q})
            ok = r.status_code == 200 and "text" in r.json()
            if not ok:
                errs.append(f"{r.status_code}: {r.text[:120]}")
        except Exception as exc:  # counted, reported, never fatal to the run
            errs.append(f"{type(exc).__name__}: {exc}"[:160])
        lat.append((time.perf_counter() - t) * 1000)


async def _run(url: str, questions: list[str], clients: int, per_client: int, time_limit: float) -> LoadResult:
    import httpx

    lat: list[float] = []
    errs: list[str] = []
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    started = time.perf_counter()
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        tasks = [_client(http, url, questions, c * per_client, per_client, lat, errs) for c in range(clients)]
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=time_limit)
        except asyncio.TimeoutError:
            errs.append(f"time limit of {time_limit:g} s reached")
    secs = time.perf_counter() - started
    p50, p95 = percentiles(lat)
    return LoadResult(
        clients, per_client, len(lat), len(errs), errs[:5], p50, p95, round(max(lat, default=0.0), 1), round(secs, 2)
    )


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, proc, timeout: float = 120.0, auth: tuple[str, str] | None = None) -> bool:
    """Poll url until it answers 200; False when the process died or time ran out."""
    import httpx

    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None:
        try:
            if httpx.get(url, timeout=2, auth=auth).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    return False


def run_load(
    url: str, questions: list[str], clients: int = 20, per_client: int = 50, time_limit: float = 300.0
) -> LoadResult:
    host = urlparse(url).hostname or ""
    if host not in LOOPBACK:
        raise ValueError(f"the load test only targets this machine (127.0.0.1/localhost), not {host!r}")
    return asyncio.run(_run(url.rstrip("/"), questions, clients, per_client, time_limit))
