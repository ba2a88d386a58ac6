"""Feedback in a database: SQLite (the default) and a real PostgreSQL 15 cluster started by the test."""

from __future__ import annotations

import concurrent.futures as cf
import json
import subprocess
import sys

import pytest
import sqlalchemy as sa
from faqbot.ui.feedback import RateLimited, UnknownAnswer, Vote, summarize
from faqbot.ui.feedback_db import SCHEMA_VERSION, FeedbackDBError, SqlFeedback
from faqbot.ui.feedback_stores import open_feedback

from tests.pg import postgres_cluster
from tests.support import ROOT


def _answer(i: int, abstained: bool = False) -> dict:
    return {
        "answer_id": f"ans-{i}",
        "question": f"question {i}",
        "language": "en",
        "abstained": abstained,
        "text": f"answer {i} [1]",
        "citations": [{"n": 1, "chunk_id": "c1", "title": "T", "language": "en"}],
    }


@pytest.fixture(scope="module")
def pg_url():
    with postgres_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def spec(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "feedback.db")
    url = request.getfixturevalue("pg_url")
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # a clean database for each test
        conn.execute(sa.text("DROP TABLE IF EXISTS faqbot_votes, faqbot_answers, faqbot_schema"))
    engine.dispose()
    return url


def test_votes_replace_and_name_their_answer(spec):
    store = SqlFeedback(spec)
    store.record_answer(_answer(1))
    store.record_answer(_answer(1))  # recorded twice (a retry): still one answer
    store.record_answer(_answer(2, abstained=True))
    store.record_vote(Vote("ans-1", "up", "client-a"))
    event = store.record_vote(Vote("ans-1", "down", "client-a", "wrong connector"))
    assert event["question"] == "question 1" and event["vote"] == "down" and event["citations"][0]["chunk_id"] == "c1"
    with pytest.raises(UnknownAnswer):
        store.record_vote(Vote("no-such-answer", "up", "client-a"))
    with pytest.raises(ValueError):
        store.record_vote(Vote("ans-1", "maybe", "client-a"))
    events = SqlFeedback(spec).events()  # another process or replica reads the same
    assert [e["kind"] for e in events].count("answer") == 1 and [e["kind"] for e in events].count("abstained") == 1
    votes = [e for e in events if e["kind"] == "vote"]
    assert len(votes) == 1 and votes[0]["vote"] == "down" and votes[0]["comment"] == "wrong connector"
    s = summarize(events)
    assert s["votes"] == {"down": 1} and s["top_unanswered"] == [("question 2", 1)]


def test_concurrent_votes_from_two_stores_are_neither_lost_nor_doubled(spec):
    a, b = SqlFeedback(spec), SqlFeedback(spec)
    for i in range(10):
        a.record_answer(_answer(i))
    # 10 answers x 6 clients, each client voting twice on each answer from alternating stores
    jobs = [(i, c, k) for i in range(10) for c in range(6) for k in range(2)]

    def cast(job):
        i, c, k = job
        return (a if (i + c + k) % 2 else b).record_vote(Vote(f"ans-{i}", "up" if k else "down", f"client-{c}"))

    with cf.ThreadPoolExecutor(8) as ex:
        list(ex.map(cast, jobs))
    votes = [e for e in a.events() if e["kind"] == "vote"]
    assert len(votes) == 60
    assert len({(e["answer_id"], e["client"]) for e in votes}) == 60


def test_rate_limit_per_client(tmp_path):
    store = SqlFeedback(str(tmp_path / "f.db"))
    store.record_answer(_answer(1))
    with pytest.raises(RateLimited):
        for _ in range(100):
            store.record_vote(Vote("ans-1", "up", "flooder"))


def test_schema_is_versioned(spec):
    SqlFeedback(spec)
    engine = sa.create_engine(spec if "://" in spec else f"sqlite:///{spec}")
    with engine.begin() as conn:
        assert conn.execute(sa.text("SELECT version FROM faqbot_schema")).scalar() == SCHEMA_VERSION
        conn.execute(sa.text("UPDATE faqbot_schema SET version = :v"), {"v": SCHEMA_VERSION + 1})
    engine.dispose()
    with pytest.raises(FeedbackDBError, match="upgrade faqbot"):
        SqlFeedback(spec)


def test_unreachable_database_says_how_to_fix():
    with pytest.raises(FeedbackDBError, match="FAQBOT_FEEDBACK_DB"):
        SqlFeedback("postgresql://nobody@127.0.0.1:1/none")


def test_open_feedback_picks_the_configured_store(tmp_path, monkeypatch):
    monkeypatch.delenv("FAQBOT_FEEDBACK", raising=False)
    monkeypatch.chdir(tmp_path)
    assert isinstance(open_feedback(), SqlFeedback) and (tmp_path / "feedback.db").exists()
    assert type(open_feedback(log=tmp_path / "f.jsonl")).__name__ == "JsonlFeedback"


def test_report_and_export_read_the_database(tmp_path):
    db = str(tmp_path / "fb.db")
    store = SqlFeedback(db)
    store.record_answer(_answer(1, abstained=True))
    store.record_answer(_answer(2))
    store.record_vote(Vote("ans-2", "down", "c"))

    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "faqbot", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
        )

    rep = run("report", "--feedback-db", db, "--json")
    assert rep.returncode == 0, rep.stderr
    s = json.loads(rep.stdout)
    assert s["answers"] == 2 and s["votes"] == {"down": 1} and s["top_unanswered"] == [["question 1", 1]]
    out = tmp_path / "export.jsonl"
    exp = run("feedback", "export", "--feedback-db", db, "--out", str(out))
    assert exp.returncode == 0, exp.stderr
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert {e["kind"] for e in lines} == {"abstained", "answer", "vote"} and len(lines) == 3


def test_sqlite_file_is_private(tmp_path):
    """Votes quote users' questions: the database file is 0600 like the log, an older one tightened."""
    db = tmp_path / "feedback.db"
    SqlFeedback(str(db)).record_answer(_answer(1))
    assert oct(db.stat().st_mode & 0o777) == "0o600"
    db.chmod(0o644)
    SqlFeedback(str(db))
    assert oct(db.stat().st_mode & 0o777) == "0o600"


def test_rate_limit_counts_the_address_not_the_client_label(spec):
    """A client label (the chat's session, x-faqbot-client) is chosen by the caller: rotating it
    must not get past the limit, which counts the network address."""
    from faqbot.ui.feedback import RATE_VOTES

    store = SqlFeedback(spec)
    store.record_answer(_answer(1))
    for i in range(RATE_VOTES):
        store.record_vote(Vote("ans-1", "up", f"label-{i}", "", "address-a"))
    with pytest.raises(RateLimited):
        store.record_vote(Vote("ans-1", "up", "a-fresh-label", "", "address-a"))
    store.record_vote(Vote("ans-1", "up", "label-0", "", "address-b"))  # another address is not held back


def test_answers_are_capped_keeping_voted_ones(spec):
    """Every ask stores an answer: past the cap the oldest unvoted ones go, so a flood cannot fill the disk."""
    store = SqlFeedback(spec)
    store.max_answers = 5
    for i in range(12):
        store.record_answer(_answer(i))
    store.record_vote(Vote("ans-0", "down", "c"))
    assert store.prune() == 6  # ans-1 .. ans-6 go; ans-0 holds a vote, ans-7 .. ans-11 are the newest
    kept = sorted(e["answer_id"] for e in store.events() if e["kind"] == "answer")
    assert kept == sorted(["ans-0", *(f"ans-{i}" for i in range(7, 12))])
    assert store.prune() == 0


def test_a_follow_ups_reading_is_stored_and_reported(spec):
    store = SqlFeedback(spec)
    store.record_answer(
        {**_answer(1, abstained=True), "question": "et pour le sink ?", "standalone_query": "et pour le sink ? (Kafka)"}
    )
    events = SqlFeedback(spec).events()
    assert events[0]["standalone_query"] == "et pour le sink ? (Kafka)"
    assert summarize(events)["top_unanswered"] == [("et pour le sink ? [read as: et pour le sink ? (Kafka)]", 1)]


def test_a_version_1_database_is_upgraded_in_place(spec):
    """Version 1 had no standalone_query column: its answers and votes are kept, the column added."""
    engine = sa.create_engine(spec if "://" in spec else f"sqlite:///{spec}")
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE faqbot_schema (version INTEGER NOT NULL)"))
        conn.execute(sa.text("INSERT INTO faqbot_schema VALUES (1)"))
        conn.execute(
            sa.text(
                "CREATE TABLE faqbot_answers (answer_id VARCHAR(64) PRIMARY KEY, created FLOAT NOT NULL, "
                "question TEXT NOT NULL, language VARCHAR(8), abstained BOOLEAN NOT NULL, text TEXT NOT NULL, "
                "citations TEXT NOT NULL)"
            )
        )
        conn.execute(
            sa.text("INSERT INTO faqbot_answers VALUES ('old', 1.0, 'old question', 'en', true, 'not covered', '[]')")
        )
    store = SqlFeedback(spec)
    store.record_answer({**_answer(2, abstained=True), "standalone_query": "question 2 (read)"})
    with engine.begin() as conn:
        assert conn.execute(sa.text("SELECT version FROM faqbot_schema")).scalar() == SCHEMA_VERSION == 3
        # version 3 added the decision: the old answer has none stored and reads as its abstention said
        assert conn.execute(sa.text("SELECT decision FROM faqbot_answers WHERE answer_id = 'old'")).scalar() is None
    engine.dispose()
    shown = dict(summarize(store.events())["top_unanswered"])
    assert shown == {"old question": 1, "question 2 [read as: question 2 (read)]": 1}
