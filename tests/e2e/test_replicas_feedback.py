"""Two `faqbot serve` replicas share one real PostgreSQL for feedback: concurrent votes, none lost or doubled."""

from __future__ import annotations

import concurrent.futures as cf
import os
import subprocess
import sys

import httpx
import pytest
from faqbot.ui.feedback_db import SqlFeedback

from tests.pg import postgres_cluster
from tests.support import CORPUS, ROOT, free_port, wait_until_up

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def replicas(index_dir):
    with postgres_cluster() as db:
        env = {k: v for k, v in os.environ.items() if k != "FAQBOT_FEEDBACK"}
        procs, urls = [], []
        try:
            for _ in range(2):
                port = free_port()
                cmd = [
                    sys.executable,
                    "-m",
                    "faqbot",
                    "serve",
                    "--index",
                    str(index_dir),
                    "--corpus",
                    str(CORPUS),
                    "--port",
                    str(port),
                    "--feedback-db",
                    db,
                ]
                procs.append(
                    subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                )
                urls.append(f"http://127.0.0.1:{port}")
            for url, proc in zip(urls, procs):
                assert wait_until_up(url + "/api/health", proc, timeout=240), "replica did not start"
            yield urls, db
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                p.wait(timeout=30)


def test_concurrent_votes_on_two_replicas(replicas):
    urls, db = replicas
    questions = [
        "kafka sasl ssl login fails",
        "paimon no space left on device",
        "hologres connection slots",
        "¿Cómo soluciono la pérdida de datos?",
    ]
    ids = []
    for i, q in enumerate(questions):  # answers come from either replica; a vote may reach the other one
        r = httpx.post(urls[i % 2] + "/api/ask", json={"question": q}, timeout=120)
        assert r.status_code == 200, r.text
        ids.append(r.json()["answer_id"])

    def votes_of(pair):
        i, c = pair
        codes = []
        for k, vote in enumerate(("down", "up")):  # the second vote replaces the first
            r = httpx.post(
                urls[(i + c + k) % 2] + "/api/feedback",
                json={"answer_id": ids[i], "vote": vote},
                headers={"x-faqbot-client": f"client-{c}"},
                timeout=60,
            )
            codes.append(r.status_code)
        return codes

    pairs = [(i, c) for i in range(len(ids)) for c in range(6)]
    with cf.ThreadPoolExecutor(12) as ex:
        codes = [code for cs in ex.map(votes_of, pairs) for code in cs]
    assert codes == [200] * (2 * len(pairs))
    events = SqlFeedback(db).events()
    votes = [e for e in events if e["kind"] == "vote"]
    assert len(votes) == len(pairs)  # one standing vote per answer and client: none lost, none doubled
    assert {e["vote"] for e in votes} == {"up"}
    assert {e["answer_id"] for e in votes} == set(ids)
    assert sum(e["kind"] in ("answer", "abstained") for e in events) == len(ids)
    unknown = httpx.post(urls[0] + "/api/feedback", json={"answer_id": "nope", "vote": "up"}, timeout=30)
    assert unknown.status_code == 404
