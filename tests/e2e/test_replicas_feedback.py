"""Two `faqbot serve` replicas share one real PostgreSQL for feedback: concurrent votes, none lost or doubled."""

from __future__ import annotations

import concurrent.futures as cf
import os

import httpx
import pytest
from faqbot.ui.feedback_db import SCHEMA_VERSION, SqlFeedback, schema_table

from tests.pg import postgres_cluster
from tests.support import CORPUS, Served, start_serve

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def replicas(index_dir):
    with postgres_cluster() as db:
        env = {k: v for k, v in os.environ.items() if k != "FAQBOT_FEEDBACK"}
        args = ["--index", str(index_dir), "--corpus", str(CORPUS), "--feedback-db", db]
        replicas: list[Served] = []
        try:
            for _ in range(2):  # both start at once
                replicas.append(start_serve(*args, env=env))
            for r in replicas:
                r.wait_up(timeout=240)
            yield [r.url for r in replicas], db
        finally:
            for r in replicas:
                r.stop(timeout=30)


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


def test_replicas_starting_together_create_the_schema_once():
    """Replicas start at the same moment on an empty database: each one opens it (one creates the
    schema, the others wait for it) instead of failing on the tables another is creating."""
    with postgres_cluster() as db:
        with cf.ThreadPoolExecutor(6) as ex:
            opened = list(ex.map(lambda _i: SqlFeedback(db), range(6)))
        assert len(opened) == 6
        with opened[0].engine.connect() as conn:
            assert conn.execute(schema_table.select()).fetchall() == [(SCHEMA_VERSION,)]
