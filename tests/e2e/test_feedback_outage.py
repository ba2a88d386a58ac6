"""The feedback database down, hung or missing at start never stops answers (ui/feedback_guard.py). A twenty-fourth
trial (an operator's) stopped the shared PostgreSQL: every /api/ask was a 503 "Internal error"; paused it (SIGSTOP):
asks waited 101 s and filled every worker slot; and a replica could not start while it was down. Real `faqbot serve`
subprocesses on a real PostgreSQL 15 the test stops, pauses and starts again."""

from __future__ import annotations

import concurrent.futures as cf
import os
import time

import httpx
import pytest
from faqbot.ui.feedback_guard import READ_WAIT_S, RECORD_WAIT_S, RETRY_S

from tests.pg import controlled_cluster
from tests.support import CORPUS, start_serve

pytestmark = pytest.mark.slow

QUESTION = "hologres remaining connection slots are reserved"


def _ask(url: str, question: str = QUESTION) -> httpx.Response:
    return httpx.post(url + "/api/ask", json={"question": question}, timeout=120)


def _vote(url: str, answer_id: str) -> httpx.Response:
    return httpx.post(url + "/api/feedback", json={"answer_id": answer_id, "vote": "up"}, timeout=120)


def _serve(index_dir, db: str):
    env = {k: v for k, v in os.environ.items() if k != "FAQBOT_FEEDBACK"}
    return start_serve("--index", str(index_dir), "--corpus", str(CORPUS), "--feedback-db", db, env=env)


def _back(url: str, answer_id: str) -> httpx.Response:
    """A vote once the pause after the failure is over (the database is then tried again)."""
    deadline = time.monotonic() + RETRY_S + 30
    while True:
        r = _vote(url, answer_id)
        if r.status_code != 503 or time.monotonic() > deadline:
            return r
        time.sleep(1)


def test_a_database_outage_leaves_answers_and_says_why_votes_wait(index_dir):
    with controlled_cluster() as pg:
        served = _serve(index_dir, pg.url)
        try:
            served.wait_up(timeout=240)
            url = served.url
            before = _ask(url)
            assert before.status_code == 200 and _vote(url, before.json()["answer_id"]).status_code == 200

            pg.stop()
            during = _ask(url)
            assert during.status_code == 200, during.text
            assert "Hologres" in during.json()["text"]
            refused = _vote(url, before.json()["answer_id"])
            assert refused.status_code == 503
            message = refused.json()["error"]
            assert "feedback database is unavailable" in message and "FAQBOT_FEEDBACK_DB" in message, message
            health = httpx.get(url + "/api/health", timeout=30).json()
            assert health["status"] == "ok" and health["feedback"] == {"available": False}
            assert "postgres@" not in message and "Traceback" not in served.output()

            pg.start()
            assert _back(url, before.json()["answer_id"]).status_code == 200
            assert httpx.get(url + "/api/health", timeout=30).json()["feedback"] == {"available": True}

            # hung: every asker is answered, each after RECORD_WAIT_S at most of waiting on the database
            pg.pause()
            t0 = time.monotonic()
            with cf.ThreadPoolExecutor(6) as ex:
                codes = [r.status_code for r in ex.map(lambda _: _ask(url), range(6))]
            took = time.monotonic() - t0
            assert codes == [200] * 6, codes
            assert took < 6 * RECORD_WAIT_S + 30, took  # (it was 101 s, until the server was resumed)
            t0 = time.monotonic()
            assert _vote(url, before.json()["answer_id"]).status_code == 503
            assert time.monotonic() - t0 < READ_WAIT_S + 10
            pg.resume()
            assert _back(url, before.json()["answer_id"]).status_code == 200
        finally:
            served.stop(timeout=30)


def test_a_replica_starts_while_the_database_is_down(index_dir):
    with controlled_cluster() as pg:
        pg.stop()
        served = _serve(index_dir, pg.url)
        try:
            served.wait_up(timeout=240)
            assert "feedback database" in served.output() and "tried again on use" in served.output()
            assert _ask(served.url).status_code == 200
            pg.start()
            time.sleep(RETRY_S + 1)
            answer = _ask(served.url).json()["answer_id"]
            assert _vote(served.url, answer).status_code == 200  # opened (and created) on use
        finally:
            served.stop(timeout=30)
