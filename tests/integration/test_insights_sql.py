"""The Insights counts the database computes (ui/insights_sql.py: GROUP BY, only the recent gap
questions read) equal the count in Python over the same store's events (ui/insights.py's
tally_events, what the view computed before), on a real SQLite file and a real PostgreSQL, with
real questions of the project's sets and the real index's chunks."""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone

import pytest
import sqlalchemy as sa
from faqbot.ui.feedback_db import SqlFeedback, answers, votes
from faqbot.ui.gaps import MAX_CANDIDATES
from faqbot.ui.insights import assemble, period_start
from faqbot.ui.insights_source import InsightsSource

from tests.pg import postgres_cluster
from tests.support import ROOT

DAY = 86400.0
N = 4 * MAX_CANDIDATES  # more gap questions in 90 days than the grouping reads


def _questions() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for name in ("dev.jsonl", "other-langs.jsonl", "zh-short.jsonl"):
        for line in (ROOT / "eval" / name).read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            out.append((d["question"], d.get("lang")))
    return out + [("Flink on Windows 95?", None), ("¿Flink en Windows 95?", "")]  # no language stored


def _seed(store: SqlFeedback, chunks: list, now: float) -> None:
    """N answers over 100 days: every decision, rows stored before decisions were (NULL), citations
    of chunks the index no longer has, and votes: up, down, taken back, two clients on one answer,
    cast long after the answer or before the period."""
    rng = random.Random(27)
    pool = _questions()
    rows, vrows = [], []
    for k in range(N):
        q, lang = pool[rng.randrange(len(pool))]
        decision = rng.choice(("answer", "answer", "answer", "closest", "not_covered", None))
        abstained = decision == "not_covered" or (decision is None and rng.random() < 0.5)
        cited = [chunks[rng.randrange(len(chunks))] for _ in range(3 if decision == "closest" else 1)]
        cits = [{"n": i + 1, "chunk_id": c.id, "title": c.title, "language": c.language} for i, c in enumerate(cited)]
        if rng.random() < 0.03:
            cits[0] = {"n": 1, "chunk_id": "gone-chunk", "title": "An entry since removed", "language": "en"}
        created = now - rng.random() * 100 * DAY
        aid = f"a{k:05d}"
        rows.append(
            {"answer_id": aid, "created": created, "question": q, "standalone_query": q + " (read as)" if k % 9 == 0
             else None, "language": lang, "abstained": abstained, "text": "…", "decision": decision,
             "citations": json.dumps([] if abstained else cits)}
        )  # fmt: skip
        for client in ("c1", "c2") if rng.random() < 0.12 else ():
            vote = rng.choice(("up", "down", "down", "none"))
            updated = created + rng.random() * (now - created)
            comment = rng.choice(("", "", "wrong entry", "cites Kafka, I use Pulsar"))  # shown with a down vote only
            vrows.append({"answer_id": aid, "client": client, "vote": vote, "comment": comment, "updated": updated})
    with store.engine.begin() as conn:
        conn.execute(sa.insert(answers), rows)
        conn.execute(sa.insert(votes), vrows)


def _check(store: SqlFeedback, bot) -> None:
    now = datetime.now(timezone.utc)
    _seed(store, bot.retriever.store.chunks, now.timestamp())
    src = InsightsSource(store, lambda: bot.retriever)
    entries = src.entries(bot.retriever)
    for days in (7, 30, 90):
        in_sql = src.tally(days, now)
        in_python = src.tally(days, now, in_sql=False)
        assert in_sql == in_python, days
        # and the figures a maintainer reads, counted here once more from the rows themselves
        since = period_start(days, now).timestamp()
        with store.engine.connect() as conn:
            asked = conn.execute(sa.select(answers).where(answers.c.created >= since)).all()
        assert in_sql.questions == len(asked) == sum(in_sql.languages.values()) == sum(in_sql.decisions.values())
        closest = sum(1 for a in asked if a.decision == "closest")
        assert sum(n for (_, d), n in in_sql.decisions.items() if d == "closest") == closest
        shown = sum(len(json.loads(a.citations)) if a.decision == "closest" else min(1, len(json.loads(a.citations)))
                    for a in asked)  # fmt: skip
        assert sum(in_sql.cited.values()) == shown
        assert ("gone-chunk", "An entry since removed") in in_sql.cited
        assert len(in_sql.recent) == min(MAX_CANDIDATES, in_sql.gap_questions)
        assert in_sql.gap_questions >= sum(1 for a in asked if a.decision in ("closest", "not_covered"))
        # the view built from either is the same, table by table (no embedder: each gap its own group)
        a = assemble(in_sql, days, entries, now=now).to_json()
        b = assemble(in_python, days, entries, now=now).to_json()
        assert a == b, days
    assert in_sql.gap_questions > MAX_CANDIDATES and in_sql.votes and in_sql.voted_down
    # down votes' comments reach the gap questions (equal in both readings above), no other vote's
    with store.engine.connect() as conn:
        q = sa.select(votes.c.answer_id).where(votes.c.vote == "down", votes.c.comment != "", votes.c.updated >= since)
        down_commented = {r.answer_id for r in conn.execute(q)}
    commented = {c.answer_id for c in in_sql.recent if c.comment}
    assert commented and commented == {c.answer_id for c in in_sql.recent} & down_commented


def test_sql_counts_equal_python_counts_sqlite(bot, tmp_path):
    _check(SqlFeedback(str(tmp_path / "feedback.db")), bot)


@pytest.mark.slow
def test_sql_counts_equal_python_counts_postgres(bot):
    with postgres_cluster() as url:
        _check(SqlFeedback(url), bot)
