"""Issue 23's attacks replayed against a running `faqbot serve` on 127.0.0.1, with a probe.

Scenarios (each bounded in time, loopback only):
  idle      N connections that never send a byte (reopened as the server closes them)
  trickle   N connections sending a request head one byte every 5 s
  dense     8 clients sending 599-character token-dense questions (random CJK, emoji, punctuation)
  followup  6 clients sending a 19-character follow-up whose history carries a 1,000-character turn
Meanwhile a probe asks a normal question every 0.5 s, each on a fresh connection, and the figures
are its latencies and refusals (with the machine's load average, which other work shares).

    python -m faqbot.bench.attack --url http://127.0.0.1:7860 --scenario idle --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import threading
import time
from dataclasses import asdict, dataclass, field
from urllib.parse import urlparse

from faqbot.bot.evaluation.evaluate import percentiles

from .load import LOOPBACK

PROBE_QUESTION = "Kafka SASL_SSL login fails"
FOLLOW_UP = "and for the source?"
LONG_TURN = ("kafka watermark idle partition source connector checkpoint barrier " * 20)[:1000]


@dataclass
class AttackResult:
    scenario: str
    seconds: float
    attackers: int
    probes: int = 0
    probe_refused: int = 0  # 503 or a failed connection
    probe_p50_ms: float = 0.0
    probe_p95_ms: float = 0.0
    probe_max_ms: float = 0.0
    attack_requests: int = 0
    attack_refused: int = 0
    load_before: float = 0.0
    load_after: float = 0.0
    server: dict = field(default_factory=dict)
    samples: list[str] = field(default_factory=list)


def dense_question(seed: int, n: int = 599) -> str:
    rnd = random.Random(seed)
    pool = [chr(c) for c in range(0x4E00, 0x9FA5)] + list("🙂🚀🔥💡✅❌«»¿¡§¶†‡") + list("!?;:()[]{}<>~^%&*")
    return "".join(rnd.choice(pool) for _ in range(n))


def _probe(url: str, stop: threading.Event, res: AttackResult, times: list[float]) -> None:
    import httpx

    while not stop.is_set():
        t = time.perf_counter()
        try:
            r = httpx.post(url + "/api/ask", json={"question": PROBE_QUESTION}, timeout=30)
            ok = r.status_code == 200
            if not ok and len(res.samples) < 5:
                res.samples.append(f"probe {r.status_code}: {r.text[:120]}")
        except httpx.HTTPError as exc:
            ok = False
            if len(res.samples) < 5:
                res.samples.append(f"probe {type(exc).__name__}: {exc}"[:160])
        res.probes += 1
        if ok:
            times.append((time.perf_counter() - t) * 1000)
        else:
            res.probe_refused += 1
        stop.wait(0.5)


def _asker(url: str, stop: threading.Event, i: int, res: AttackResult, lock: threading.Lock, follow: bool) -> None:
    import httpx

    n = 0
    with httpx.Client(timeout=60) as c:
        while not stop.is_set():
            if follow:
                turn = LONG_TURN.replace("kafka", f"kafka{i}-{n}", 1)
                body = {
                    "question": FOLLOW_UP,
                    "history": [{"role": "user", "content": turn}, {"role": "assistant", "content": "See [1]."}],
                }
            else:
                body = {"question": dense_question(i * 100_000 + n)}
            try:
                status = c.post(url + "/api/ask", json=body).status_code
            except httpx.HTTPError:
                status = 0
            with lock:
                res.attack_requests += 1
                res.attack_refused += status != 200
            n += 1


async def _hold(host: str, port: int, stop: threading.Event, trickle: bool, res: AttackResult) -> None:
    """One attacker connection, reopened whenever the server closes it."""
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4000
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            await asyncio.sleep(0.5)
            continue
        res.attack_requests += 1
        try:
            i = 0
            while not stop.is_set() and not reader.at_eof():
                if trickle:
                    writer.write(head[i : i + 1])
                    i += 1
                try:
                    await asyncio.wait_for(reader.read(1024), timeout=5 if trickle else 1)
                    if reader.at_eof():
                        res.attack_refused += 1  # closed by the server
                        break
                except asyncio.TimeoutError:
                    pass
        except OSError:
            res.attack_refused += 1
        finally:
            writer.close()


def _connections(url: str, n: int, stop: threading.Event, trickle: bool, res: AttackResult) -> None:
    u = urlparse(url)

    async def main() -> None:
        tasks = []
        for _ in range(n):  # opened in a burst, as the attack did
            tasks.append(asyncio.create_task(_hold(u.hostname or "127.0.0.1", u.port or 80, stop, trickle, res)))
            await asyncio.sleep(0)
        await asyncio.gather(*tasks)

    asyncio.run(main())


def run_attack(url: str, scenario: str, seconds: float = 20.0, connections: int = 1000) -> AttackResult:
    if urlparse(url).hostname not in LOOPBACK:
        raise ValueError("the attack replay runs against a server on this machine only (127.0.0.1)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, connections + 512)), hard))
    attackers = {"idle": connections, "trickle": connections, "dense": 8, "followup": 6}[scenario]
    res = AttackResult(scenario, seconds, attackers, load_before=os.getloadavg()[0])
    stop, lock = threading.Event(), threading.Lock()
    times: list[float] = []
    if scenario in ("idle", "trickle"):
        workers = [threading.Thread(target=_connections, args=(url, connections, stop, scenario == "trickle", res))]
    else:
        workers = [
            threading.Thread(target=_asker, args=(url, stop, i, res, lock, scenario == "followup"))
            for i in range(attackers)
        ]
    for w in workers:
        w.start()
    time.sleep(2)  # the attack in place before the first probe
    probe = threading.Thread(target=_probe, args=(url, stop, res, times))
    probe.start()
    time.sleep(seconds)
    import httpx

    try:
        res.server = httpx.get(url + "/api/health", timeout=10).json().get("connections", {})
    except (httpx.HTTPError, ValueError):
        res.server = {}
    stop.set()
    probe.join()
    for w in workers:
        w.join(timeout=30)
    res.probe_p50_ms, res.probe_p95_ms = percentiles(times)
    res.probe_max_ms = round(max(times), 1) if times else 0.0
    res.load_after = os.getloadavg()[0]
    return res


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", required=True, help="a faqbot serve on 127.0.0.1")
    p.add_argument("--scenario", choices=["idle", "trickle", "dense", "followup"], action="append", required=True)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--connections", type=int, default=1000)
    args = p.parse_args(argv)
    for scenario in args.scenario:
        print(json.dumps(asdict(run_attack(args.url, scenario, args.seconds, args.connections))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
