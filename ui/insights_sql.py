"""The Insights view's counts computed by the feedback database (SQLite or PostgreSQL) with GROUP BY,
instead of reading every answer of the period into Python: per day by language and decision, votes,
citations per chunk, and only the gap questions the grouping uses (the MAX_CANDIDATES most recent).
The same Tally as ui/insights.py's tally_events over the store's events (tests/integration checks
both on one seeded store).
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timedelta, timezone
from typing import Any

import sqlalchemy as sa

from .feedback_db import answers, votes
from .gaps import MAX_CANDIDATES
from .insights import DECISIONS, GAP_DECISIONS, Tally, candidate

DAY_S = 86400


def decision_col() -> Any:
    """decision_of() in SQL: the stored decision, or (older rows) not_covered when abstained."""
    return sa.case(
        (answers.c.decision.in_(DECISIONS), answers.c.decision),
        (answers.c.abstained, sa.literal("not_covered")),
        else_=sa.literal("answer"),
    )


def _day_index(dialect: str, col: Any, since: float) -> Any:
    """Whole days from `since` (a UTC midnight) to col: its UTC day, as a number the day list maps.
    Only for col >= since: SQLite's CAST truncates (= floor there), PostgreSQL's rounds, so floor()."""
    frac = (col - since) / DAY_S
    if dialect == "postgresql":
        return sa.cast(sa.func.floor(frac), sa.Integer)
    return sa.cast(frac, sa.Integer)


def _down_voted(since: float) -> Any:
    """The answers whose standing vote, cast in the period, is down."""
    return sa.select(votes.c.answer_id).where(votes.c.vote == "down", votes.c.updated >= since)


def tally_sql(engine: sa.Engine, since_dt: datetime, margin: float) -> Tally:
    """The period's counts from the database. since_dt: the period's first midnight (UTC); margin:
    answers created before it are not read at all (their votes neither), as events_since(margin)."""
    since = since_dt.timestamp()
    dialect = engine.dialect.name

    def day(i: Any) -> str:
        return (since_dt + timedelta(days=int(i))).date().isoformat()

    t = Tally()
    dec = decision_col()
    down = answers.c.answer_id.in_(_down_voted(since))
    gap = sa.or_(dec.in_(GAP_DECISIONS), down)
    with engine.connect() as conn:
        d = _day_index(dialect, answers.c.created, since).label("d")
        lang = sa.func.coalesce(sa.func.nullif(answers.c.language, ""), "?")
        q = sa.select(d, lang, dec, sa.func.count()).where(answers.c.created >= since).group_by(d, lang, dec)
        for i, language, decision, n in conn.execute(q):
            t.questions += n
            t.languages[(day(i), language)] += n
            t.decisions[(day(i), decision)] += n
        voted = (
            sa.select(votes.c.answer_id, votes.c.vote, votes.c.updated)
            .join(answers, answers.c.answer_id == votes.c.answer_id)
            .where(answers.c.created >= margin, votes.c.updated >= since, votes.c.vote.in_(("up", "down")))
            .subquery()
        )
        vd = _day_index(dialect, voted.c.updated, since)
        q = sa.select(vd, voted.c.vote, sa.func.count()).group_by(vd, voted.c.vote)
        t.votes = Counter({(day(i), vote): n for i, vote, n in conn.execute(q)})
        q = sa.select(sa.func.count(sa.distinct(voted.c.answer_id))).where(voted.c.vote == "down")
        t.voted_down = int(conn.execute(q).scalar() or 0)
        t.cited = _cited(conn, dialect, since)
        q = sa.select(sa.func.count()).where(answers.c.created >= since, gap)
        t.gap_questions = int(conn.execute(q).scalar() or 0)
        t.recent = _recent(conn, since, dec, down, gap)
    return t


def _recent(conn: sa.Connection, since: float, dec: Any, down: Any, gap: Any) -> list:
    """The most recent gap questions, oldest first, with only the columns a candidate shows."""
    cols = [answers.c[n] for n in ("answer_id", "created", "question", "standalone_query", "language", "citations")]
    comment = (  # a down vote's comment, the latest written (the events' reading keeps one with a comment too)
        sa.select(votes.c.comment)
        .where(
            votes.c.answer_id == answers.c.answer_id,
            votes.c.vote == "down",
            votes.c.comment != "",
            votes.c.updated >= since,  # a vote of the period, as the down votes themselves
        )
        .order_by(votes.c.updated.desc())
        .limit(1)
        .scalar_subquery()
    )
    q = (
        sa.select(*cols, dec.label("dec"), down.label("down"), comment.label("comment"))
        .where(answers.c.created >= since, gap)
        .order_by(answers.c.created.desc())
        .limit(MAX_CANDIDATES)
    )
    out = []
    for r in reversed(conn.execute(q).all()):
        a = {**r._mapping, "citations": json.loads(r.citations), "comment": r.comment if r.down else ""}
        reason = r.dec if r.dec in GAP_DECISIONS else "voted_down"
        out.append(candidate(a, r.dec, reason, datetime.fromtimestamp(r.created, timezone.utc)))
    return out


def _cited(conn: sa.Connection, dialect: str, since: float) -> dict[tuple[str, str], int]:
    """Citations shown (the first of an answer, every one of a closest list) counted per
    (chunk_id, title), in the order first cited. The database splits the citation lists and counts
    each distinct citation's JSON text (a few hundred: chunk, title, language, rank); Python reads
    those, not 100,000 lists (extracting the fields in SQL took twice as long on SQLite)."""
    value: Any
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import ARRAY, JSON, aggregate_order_by

        elements = sa.func.json_array_elements(sa.cast(answers.c.citations, JSON))
        j = elements.table_valued("value", with_ordinality="pos").render_derived(name="j")
        value, pos, first_shown = sa.cast(j.c.value, sa.Text), j.c.pos, 1  # json has no equality: group its text
        first_pos = sa.func.array_agg(aggregate_order_by(pos, answers.c.created, pos), type_=ARRAY(sa.Integer))[1]
    else:
        j = sa.func.json_each(answers.c.citations).table_valued("key", "value").alias("j")
        value, pos, first_shown = j.c.value, j.c.key, 0
        first_pos = pos  # SQLite: a bare column next to min() is read from the min() row
    q = (
        sa.select(value, sa.func.count(), sa.func.min(answers.c.created), first_pos)
        .select_from(answers)
        .join(j, sa.true())
        .where(answers.c.created >= since, sa.or_(pos == first_shown, decision_col() == "closest"))
        .group_by(value)
    )
    first: dict[tuple[str, str], tuple[float, int]] = {}
    count: Counter[tuple[str, str]] = Counter()
    for text, n, created, at in conn.execute(q):
        try:
            c = json.loads(text)
        except (TypeError, ValueError):
            continue
        if not isinstance(c, dict):
            continue
        # str() as the events' reading does: a missing id or title counts as "None"
        key = (str(c.get("chunk_id")), str(c.get("title")))
        count[key] += int(n)
        first[key] = min(first.get(key, (created, at)), (created, at))
    return {k: count[k] for k in sorted(first, key=lambda k: first[k])}
