"""Feedback in a database (SQLite file by default, PostgreSQL for several replicas), through SQLAlchemy Core.

Every answer given is stored once (keyed by its answer_id) so that a vote, which may reach
another replica, can name it; a vote is one row per (answer, client): a second vote replaces the
first, so concurrent replicas neither lose nor double a vote. The schema is versioned and created
or migrated when the server starts.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

SCHEMA_VERSION = 1

_meta = sa.MetaData()
schema_table = sa.Table("faqbot_schema", _meta, sa.Column("version", sa.Integer, nullable=False))
answers = sa.Table(
    "faqbot_answers",
    _meta,
    sa.Column("answer_id", sa.String(64), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("question", sa.Text, nullable=False),
    sa.Column("language", sa.String(8)),
    sa.Column("abstained", sa.Boolean, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("citations", sa.Text, nullable=False),  # JSON list of {chunk_id, title, language}
)
votes = sa.Table(
    "faqbot_votes",
    _meta,
    sa.Column("answer_id", sa.String(64), sa.ForeignKey("faqbot_answers.answer_id"), primary_key=True),
    sa.Column("client", sa.String(128), primary_key=True),
    sa.Column("vote", sa.String(8), nullable=False),
    sa.Column("comment", sa.Text),
    sa.Column("updated", sa.Float, nullable=False),
)


class FeedbackDBError(RuntimeError):
    """The database cannot be used; the message says how to fix it."""


def _url(spec: str) -> str:
    """A plain path is a SQLite file; postgresql:// gets the psycopg (v3) driver."""
    if spec.startswith("postgresql://") or spec.startswith("postgres://"):
        return "postgresql+psycopg://" + spec.split("://", 1)[1]
    if "://" in spec:
        return spec
    return f"sqlite:///{spec}"


def _insert(engine: Engine, table: sa.Table):
    if engine.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    elif engine.dialect.name == "sqlite":
        from sqlalchemy.dialects.sqlite import insert  # type: ignore[assignment]
    else:
        raise FeedbackDBError(f"feedback database {engine.dialect.name} is not supported: use SQLite or PostgreSQL")
    return insert(table)


class SqlFeedback:
    """Answers, votes and abstained questions in one database shared by every replica."""

    def __init__(self, spec: str) -> None:
        try:
            self.engine = sa.create_engine(_url(spec), pool_pre_ping=True, future=True)
            self._migrate()
        except sa.exc.SQLAlchemyError as exc:
            raise FeedbackDBError(f"cannot open the feedback database ({type(exc).__name__}); check "
                                  "--feedback-db / FAQBOT_FEEDBACK_DB and that the server is reachable") from exc
        self.location = self.engine.url.render_as_string(hide_password=True)

    def _migrate(self) -> None:
        with self.engine.begin() as conn:
            _meta.create_all(conn)
            version = conn.execute(sa.select(schema_table.c.version)).scalar()
            if version is None:
                conn.execute(schema_table.insert().values(version=SCHEMA_VERSION))
            elif version > SCHEMA_VERSION:
                raise FeedbackDBError(f"the feedback database has schema version {version}; this faqbot knows "
                                      f"{SCHEMA_VERSION}: upgrade faqbot")
            # future versions: ALTER steps from `version` up to SCHEMA_VERSION go here

    def record_answer(self, answer: dict) -> None:
        row = {
            "answer_id": answer["answer_id"],
            "created": time.time(),
            "question": answer.get("question") or "",
            "language": answer.get("language"),
            "abstained": bool(answer.get("abstained")),
            "text": answer.get("text") or "",
            "citations": json.dumps([{"chunk_id": c["chunk_id"], "title": c["title"], "language": c["language"]}
                                     for c in answer.get("citations", [])], ensure_ascii=False),
        }
        stmt = _insert(self.engine, answers).values(**row).on_conflict_do_nothing(index_elements=["answer_id"])
        with self.engine.begin() as conn:
            conn.execute(stmt)

    def vote(self, answer_id: str, vote: str, comment: str | None, client: str) -> bool:
        """Record or replace this client's vote; False when no answer has that id."""
        row = {"answer_id": answer_id, "client": client[:128], "vote": vote, "comment": comment,
               "updated": time.time()}
        with self.engine.begin() as conn:
            if conn.execute(sa.select(answers.c.answer_id).where(answers.c.answer_id == answer_id)).first() is None:
                return False
            stmt = _insert(self.engine, votes).values(**row)
            stmt = stmt.on_conflict_do_update(index_elements=["answer_id", "client"],
                                              set_={"vote": vote, "comment": comment, "updated": row["updated"]})
            conn.execute(stmt)
        return True

    def events(self) -> list[dict[str, Any]]:
        """Votes and abstained questions as the JSONL log writes them (for export and the report)."""
        out: list[dict[str, Any]] = []
        with self.engine.connect() as conn:
            for a in conn.execute(sa.select(answers).where(answers.c.abstained).order_by(answers.c.created)):
                out.append(_event("abstained", a, None))
            joined = sa.select(answers, votes.c.vote, votes.c.comment, votes.c.client, votes.c.updated).join(
                votes, votes.c.answer_id == answers.c.answer_id).order_by(votes.c.updated)
            for r in conn.execute(joined):
                out.append(_event("vote", r, r))
        return out

    def summary(self) -> dict:
        events = self.events()
        unanswered = Counter(e["question"] for e in events if e["kind"] == "abstained")
        down = Counter(e["question"] for e in events if e.get("vote") == "down")
        per_lang: dict[str, Counter] = {}
        for e in events:
            per_lang.setdefault(e.get("language") or "?", Counter())[e.get("vote") or e["kind"]] += 1
        return {"events": len(events), "top_unanswered": unanswered.most_common(10),
                "downvoted": down.most_common(10), "per_language": {k: dict(v) for k, v in per_lang.items()}}


def _event(kind: str, a: Any, v: Any) -> dict[str, Any]:
    e: dict[str, Any] = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(v.updated if v is not None else a.created)),
        "kind": kind, "answer_id": a.answer_id, "question": a.question, "language": a.language,
        "abstained": a.abstained, "answer": a.text, "citations": json.loads(a.citations),
        "vote": v.vote if v is not None else None,
    }
    if v is not None:
        e["comment"] = v.comment
        e["client"] = v.client
    return e
