"""Feedback in a database (SQLite file by default, PostgreSQL for several replicas), through SQLAlchemy Core.

Every answer given is stored once (keyed by its answer_id) so that a vote, which may reach
another replica, can name it; a vote is one row per (answer, client): a second vote replaces the
first, so concurrent replicas neither lose nor double a vote. The schema is versioned and created
or migrated when the server starts.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from .feedback import MAX_COMMENT, VOTES, RateLimited, RateLimiter, UnknownAnswer, Vote, answer_record
from .redact import redact

# 1: answers and votes; 2: answers keep the standalone question a follow-up was read as;
# 3: answers keep their decision; gap statuses and question vectors (the Insights view)
SCHEMA_VERSION = 3
# answers kept (each ask stores one, so a flood would fill the disk): past this, the oldest answers
# nobody voted on are deleted, checked every PRUNE_EVERY answers a process records
MAX_ANSWERS = 200_000
PRUNE_EVERY = 500
VOTED_SHARE = 0.5  # voted answers kept: at most half of MAX_ANSWERS, the newest
_MIGRATION_LOCK = 0x66617162  # "faqb": the advisory lock key that serializes schema creation

_meta = sa.MetaData()
schema_table = sa.Table("faqbot_schema", _meta, sa.Column("version", sa.Integer, nullable=False))
answers = sa.Table(
    "faqbot_answers",
    _meta,
    sa.Column("answer_id", sa.String(64), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("question", sa.Text, nullable=False),
    sa.Column("standalone_query", sa.Text),  # version 2; NULL for answers stored before it
    sa.Column("language", sa.String(8)),
    sa.Column("abstained", sa.Boolean, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("citations", sa.Text, nullable=False),  # JSON list of {chunk_id, title, language}
    sa.Column("decision", sa.String(16)),  # version 3: answer, closest or not_covered
)
votes = sa.Table(
    "faqbot_votes",
    _meta,
    sa.Column("answer_id", sa.String(64), sa.ForeignKey("faqbot_answers.answer_id"), primary_key=True),
    sa.Column("client", sa.String(128), primary_key=True),
    sa.Column("vote", sa.String(8), nullable=False),  # up, down or none (taken back)
    sa.Column("comment", sa.Text),
    sa.Column("updated", sa.Float, nullable=False),
)


gap_status = sa.Table(
    "faqbot_gap_status",
    _meta,
    sa.Column("answer_id", sa.String(64), primary_key=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)
qvec = sa.Table(
    "faqbot_qvec",
    _meta,
    sa.Column("answer_id", sa.String(64), primary_key=True),
    sa.Column("vec", sa.LargeBinary, nullable=False),  # float16 bytes of the question's embedding
)


CONNECT_TIMEOUT_S = 3


class FeedbackDBError(RuntimeError):
    """The database cannot be used; the message says how to fix it."""


def _reason(exc: Exception, spec: str = "") -> str:
    """The driver's first line ("connection to server at "127.0.0.1", port 7950 failed: Connection refused",
    "password authentication failed for user "faqbot""): it names the host and the user, never the password (a
    twenty-fourth trial's operator could not tell a wrong password from a server down)."""
    first = str(getattr(exc, "orig", None) or "").strip().splitlines()
    line = first[0][:200] if first else ""
    with contextlib.suppress(Exception):  # and if a driver ever echoed its arguments: no password either
        password = sa.engine.make_url(_url(spec)).password
        if password:
            line = line.replace(str(password), "***")
    return f"{type(exc).__name__}: {line}" if line else type(exc).__name__


def _url(spec: str) -> str:
    """A plain path is a SQLite file; postgresql:// gets the psycopg (v3) driver."""
    if spec.startswith("postgresql://") or spec.startswith("postgres://"):
        return "postgresql+psycopg://" + spec.split("://", 1)[1]
    if "://" in spec:
        return spec
    return f"sqlite:///{spec}"


def _private_sqlite_file(url: sa.engine.URL) -> None:
    """A SQLite file holds users' questions: created 0600 (an older file is tightened); SQLite gives
    its journal and WAL files the database file's mode."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return
    fd = os.open(url.database, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


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
            url = _url(spec)
            # a server that does not answer: fail in CONNECT_TIMEOUT_S, not after the system's TCP timeout (minutes)
            args = {"connect_timeout": CONNECT_TIMEOUT_S} if url.startswith("postgresql") else {}
            self.engine = sa.create_engine(url, pool_pre_ping=True, pool_timeout=CONNECT_TIMEOUT_S, connect_args=args)
            _private_sqlite_file(self.engine.url)
            self._migrate()
        except OSError as exc:
            raise FeedbackDBError(f"cannot create the feedback database file ({exc}); check --feedback-db") from exc
        except sa.exc.SQLAlchemyError as exc:
            raise FeedbackDBError(
                f"cannot open the feedback database ({_reason(exc, spec)}); check "
                "--feedback-db / FAQBOT_FEEDBACK_DB and that the server is reachable"
            ) from exc
        self.location = self.engine.url.render_as_string(hide_password=True)
        self._limit = RateLimiter()
        self.max_answers = MAX_ANSWERS
        self._recorded = 0
        self._count_lock = threading.Lock()

    def _migrate(self) -> None:
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                # replicas starting together: one creates or migrates, the others wait for its commit
                # (concurrent CREATE TABLE fails on PostgreSQL's catalog, not with "already exists")
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
            version = None
            if sa.inspect(conn).has_table(schema_table.name):
                version = conn.execute(sa.select(schema_table.c.version)).scalar()
            if version is not None and version > SCHEMA_VERSION:
                raise FeedbackDBError(
                    f"the feedback database has schema version {version}; this faqbot knows "
                    f"{SCHEMA_VERSION}: upgrade faqbot"
                )
            _meta.create_all(conn)
            if version is None:
                conn.execute(schema_table.insert().values(version=SCHEMA_VERSION))
            elif version < SCHEMA_VERSION:
                _upgrade(conn, version)

    def record_answer(self, answer: dict) -> None:
        rec = answer_record(answer)
        row = {
            "answer_id": rec["answer_id"],
            "created": time.time(),
            "question": rec["question"] or "",
            "standalone_query": rec["standalone_query"] or None,
            "language": rec["language"],
            "abstained": bool(rec["abstained"]),
            "text": rec["answer"] or "",
            "citations": json.dumps(rec["citations"], ensure_ascii=False),
            "decision": rec["decision"],
        }
        # the same answer recorded twice (a retry, another replica) stays one row
        stmt = _insert(self.engine, answers).values(**row).on_conflict_do_nothing(index_elements=["answer_id"])
        with self.engine.begin() as conn:
            conn.execute(stmt)
        with self._count_lock:
            self._recorded += 1
            due = self._recorded % PRUNE_EVERY == 0
        if due:
            self.prune()

    def prune(self) -> int:
        """Delete the oldest answers past max_answers that hold no vote, then, if voted answers
        alone pass VOTED_SHARE of max_answers, the oldest voted ones with their votes (a client
        voting on every answer it asks for kept them all: 20 KB rows at 60 a minute); returns how
        many answers went."""
        with self.engine.begin() as conn:
            gone = conn.execute(
                sa.delete(answers).where(answers.c.created < self._nth_newest(self.max_answers), ~_voted(answers))
            )
            n = int(gone.rowcount or 0)
            cut = self._nth_newest(max(1, int(self.max_answers * VOTED_SHARE)), voted_only=True)
            old = [
                r[0]
                for r in conn.execute(sa.select(answers.c.answer_id).where(answers.c.created < cut, _voted(answers)))
            ]
            for i in range(0, len(old), 500):  # votes first: PostgreSQL enforces the foreign key
                conn.execute(sa.delete(votes).where(votes.c.answer_id.in_(old[i : i + 500])))
                conn.execute(sa.delete(answers).where(answers.c.answer_id.in_(old[i : i + 500])))
            kept = sa.select(answers.c.answer_id)
            for table in (gap_status, qvec):  # what the maintainer's view kept of the answers gone
                conn.execute(sa.delete(table).where(table.c.answer_id.not_in(kept)))
        return n + len(old)

    @staticmethod
    def _nth_newest(n: int, voted_only: bool = False):
        """The creation time of the n-th newest answer (of the voted ones), from its own alias of
        the table so that it is not correlated with the statement it sits in."""
        a = answers.alias("nth")
        q = sa.select(a.c.created)
        if voted_only:
            q = q.where(_voted(a))
        return q.order_by(a.c.created.desc()).offset(n - 1).limit(1).scalar_subquery()

    def record_vote(self, vote: Vote) -> dict:
        """Record or replace this client's vote on the answer (one row per answer and client)."""
        if vote.vote not in VOTES:
            raise ValueError(f'"vote" must be one of {", ".join(VOTES)}')
        now = time.time()
        comment = redact(vote.comment[:MAX_COMMENT])
        if not self._limit.allow(vote.rate_key):  # before the lookup: unknown ids count too
            raise RateLimited(vote.client)
        with self.engine.begin() as conn:
            a = conn.execute(sa.select(answers).where(answers.c.answer_id == vote.answer_id)).first()
            if a is None:
                raise UnknownAnswer(vote.answer_id)
            stmt = _insert(self.engine, votes).values(
                answer_id=vote.answer_id, client=vote.client[:128], vote=vote.vote, comment=comment, updated=now
            )
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=["answer_id", "client"], set_={"vote": vote.vote, "comment": comment, "updated": now}
                )
            )
        return {
            **_answer_event(a),
            "kind": "vote",
            "vote": vote.vote,
            "client": vote.client,
            "comment": comment,
            "time": _stamp(now),
        }

    def events(self) -> list[dict]:
        """Answers given and standing votes, oldest first, in the JSONL log's event format."""
        out: list[tuple[float, dict]] = []
        with self.engine.connect() as conn:
            for a in conn.execute(sa.select(answers)):
                out.append((a.created, _answer_event(a)))
            joined = sa.select(answers, votes.c.vote, votes.c.comment, votes.c.client, votes.c.updated).join(
                votes, votes.c.answer_id == answers.c.answer_id
            )
            for r in conn.execute(joined):
                out.append(
                    (
                        r.updated,
                        {
                            **_answer_event(r),
                            "kind": "vote",
                            "vote": r.vote,
                            "client": r.client,
                            "comment": r.comment or "",
                            "time": _stamp(r.updated),
                        },
                    )
                )
        return [e for _, e in sorted(out, key=lambda p: p[0])]

    # -- the maintainer's view: period reads, group statuses, question vectors, retention
    def events_since(self, since: float) -> list[dict]:
        """Answers given since `since` (seconds) and their standing votes, without the answer texts,
        as light events carrying their time in seconds (`ts`): what the Insights view reads."""
        cols = [answers.c[n] for n in ("answer_id", "created", "question", "standalone_query", "language",
                                       "abstained", "decision", "citations")]  # fmt: skip
        out: list[dict] = []
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(*cols).where(answers.c.created >= since).order_by(answers.c.created))
            for a in rows:
                out.append(
                    {"ts": a.created, "kind": "abstained" if a.abstained else "answer", "answer_id": a.answer_id,
                     "question": a.question, "standalone_query": a.standalone_query or "", "language": a.language,
                     "abstained": a.abstained, "decision": a.decision, "citations": json.loads(a.citations)}
                )  # fmt: skip
            joined = (
                sa.select(
                    answers.c.answer_id,
                    answers.c.question,
                    answers.c.language,
                    votes.c.vote,
                    votes.c.client,
                    votes.c.comment,
                    votes.c.updated,
                )  # fmt: skip
                .join(votes, votes.c.answer_id == answers.c.answer_id)
                .where(answers.c.created >= since)
            )
            for r in conn.execute(joined):
                out.append(
                    {"ts": r.updated, "kind": "vote", "answer_id": r.answer_id, "question": r.question,
                     "language": r.language, "vote": r.vote, "client": r.client, "comment": r.comment or ""}
                )  # fmt: skip
        return out

    def gap_statuses(self) -> dict[str, str]:
        with self.engine.connect() as conn:
            return {r.answer_id: r.status for r in conn.execute(sa.select(gap_status))}

    def set_gap_status(self, answer_ids: list[str], status: str) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            for aid in answer_ids:
                stmt = _insert(self.engine, gap_status).values(answer_id=aid[:64], status=status, updated=now)
                conn.execute(
                    stmt.on_conflict_do_update(index_elements=["answer_id"], set_={"status": status, "updated": now})
                )

    def question_vectors(self, answer_ids: list[str]) -> dict[str, bytes]:
        out: dict[str, bytes] = {}
        with self.engine.connect() as conn:
            for i in range(0, len(answer_ids), 500):  # bounded IN lists
                part = answer_ids[i : i + 500]
                out.update(
                    {r.answer_id: bytes(r.vec) for r in conn.execute(sa.select(qvec).where(qvec.c.answer_id.in_(part)))}
                )
        return out

    def save_question_vectors(self, vectors: dict[str, bytes]) -> None:
        if not vectors:
            return
        with self.engine.begin() as conn:
            for aid, vec in vectors.items():
                conn.execute(_insert(self.engine, qvec).values(answer_id=aid, vec=vec).on_conflict_do_nothing())

    def purge_older(self, days: int) -> int:
        """Delete the questions older than `days` days with their votes, statuses and vectors."""
        cutoff = time.time() - days * 86400
        old = sa.select(answers.c.answer_id).where(answers.c.created < cutoff)
        with self.engine.begin() as conn:
            for table in (votes, gap_status, qvec):
                conn.execute(sa.delete(table).where(table.c.answer_id.in_(old)))
            gone = conn.execute(sa.delete(answers).where(answers.c.created < cutoff))
        return int(gone.rowcount or 0)


def _upgrade(conn: sa.Connection, version: int) -> None:
    """ALTER steps from `version` up to SCHEMA_VERSION, in the migration's transaction (create_all
    adds the new tables, not a column to a table that exists)."""
    if version < 2:
        conn.execute(sa.text("ALTER TABLE faqbot_answers ADD COLUMN standalone_query TEXT"))
    if version < 3:
        conn.execute(sa.text("ALTER TABLE faqbot_answers ADD COLUMN decision VARCHAR(16)"))
    conn.execute(schema_table.update().values(version=SCHEMA_VERSION))


def _voted(table) -> sa.Exists:
    """Whether an answer row of `table` (the answers table or an alias of it) holds a vote."""
    return sa.select(votes.c.answer_id).where(votes.c.answer_id == table.c.answer_id).exists()


def _stamp(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(t))


def _answer_event(a: Any) -> dict[str, Any]:
    return {
        "time": _stamp(a.created),
        "kind": "abstained" if a.abstained else "answer",
        "answer_id": a.answer_id,
        "question": a.question,
        "language": a.language,
        "abstained": a.abstained,
        "answer": getattr(a, "text", ""),
        "citations": json.loads(a.citations),
        "standalone_query": getattr(a, "standalone_query", None) or "",
        "decision": getattr(a, "decision", None) or ("not_covered" if a.abstained else "answer"),
    }
