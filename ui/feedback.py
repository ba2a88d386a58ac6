"""Feedback: the answers given and the votes on them, behind a small `FeedbackStore` protocol.

`JsonlFeedback` is the log store (one JSON object a line); `SqlFeedback` (ui/feedback_db.py) the
database one. A vote names the answer by its `answer_id` (the chat's thumbs and `POST
/api/feedback` alike); a client's second vote on an answer replaces its first; votes are rate
limited per client address; files are created 0600; the log rotates at a size cap. `faqbot
report` summarises whatever store `events()` reads.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from .redact import redact

VOTES = ("up", "down", "none")  # "none" takes a vote back
MAX_COMMENT = 1000
MAX_BYTES = 10 * 1024 * 1024  # the live file; ROTATE_KEEP older files are kept beside it
ROTATE_KEEP = 3
# per client network address and process: the address, not a label the client picks (the chat's
# session, the API's x-faqbot-client), or a flood would rotate the label past any limit
RATE_VOTES, RATE_WINDOW_S = 60, 60.0
_REMEMBERED = 5000  # recent answers kept in memory so a vote finds its answer without a file scan


class UnknownAnswer(LookupError):
    """The vote names no answer this server gave."""


class FeedbackUnavailable(RuntimeError):
    """The feedback database did not answer (ui/feedback_guard.py); the message says what to check."""


class RateLimited(RuntimeError):
    """Too many votes from one client in the window."""


@dataclass
class Vote:
    answer_id: str
    vote: str
    client: str  # who votes, one standing vote per answer: a hash of the session or address, never the address itself
    comment: str = ""
    address: str = ""  # a hash of the network address it came from: what the rate limit counts

    @property
    def rate_key(self) -> str:
        return self.address or self.client


class FeedbackStore(Protocol):
    """What the UI, the API and `faqbot report` need of a feedback store."""

    def record_answer(self, answer: dict) -> None:
        """An answer was given (Answer.to_json()); votes name it by its answer_id."""

    def record_vote(self, vote: Vote) -> dict:
        """Store a vote (replacing that client's earlier vote on the answer); returns the event.

        Raises UnknownAnswer or RateLimited."""

    def events(self) -> list[dict]:
        """Every stored event, oldest first (answers and votes)."""


def client_id(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()[:16]


def outcome(answer: dict) -> str:
    """The decision an answer was given under: answer, closest or not_covered."""
    d = answer.get("decision")
    d = d.get("outcome") if isinstance(d, dict) else d
    if d in ("answer", "closest", "not_covered"):
        return str(d)
    return "not_covered" if answer.get("abstained") else "answer"


def answer_record(answer: dict) -> dict:
    """What a vote is stored with: the answer's question, text and citations. Secrets that users
    paste (passwords, access keys, tokens: ui/redact.py) are removed before anything is stored."""
    return {
        "answer_id": answer.get("answer_id"),
        "question": redact(answer.get("question")),
        # what a follow-up ("what about Hudi?") was read as: the report shows it beside the question
        "standalone_query": redact(answer.get("standalone_query") or ""),
        # the language the question was asked in (the answer's is one of the FAQ's three): a maintainer counting
        # questions by language saw no Chinese or German user (a twenty-fifth trial)
        "language": answer.get("detected_language") or answer.get("language"),
        "abstained": answer.get("abstained"),
        "decision": outcome(answer),
        "answer": redact(answer.get("text")),
        "citations": [
            {"n": c.get("n"), "chunk_id": c.get("chunk_id"), "title": c.get("title"), "language": c.get("language")}
            for c in answer.get("citations", [])
        ],
    }


RECORD_KEYS = (
    "answer_id", "question", "standalone_query", "language", "abstained", "decision", "answer", "citations"
)  # fmt: skip


class RateLimiter:
    """At most RATE_VOTES votes per key (a client address) in RATE_WINDOW_S, per process (each replica
    counts its own)."""

    def __init__(self, limit: int = RATE_VOTES, window_s: float = RATE_WINDOW_S) -> None:
        self.limit, self.window_s = limit, window_s
        self._lock = threading.Lock()
        self._recent: dict[str, deque[float]] = {}

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self._lock:
            q = self._recent.setdefault(client, deque())
            while q and now - q[0] > self.window_s:
                q.popleft()
            if len(q) >= self.limit:
                return False
            q.append(now)
            return True


class JsonlFeedback:
    """FeedbackStore over a JSONL file: append-only, each line written whole under a lock."""

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, keep: int = ROTATE_KEEP) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.keep = keep
        self._lock = threading.Lock()
        self._answers: OrderedDict[str, dict] = OrderedDict()
        self._limit = RateLimiter()
        # the log is read once, for answers given before this process started; a vote naming an
        # unknown id used to re-parse the whole log (up to 40 MB) every time
        self._scanned = False
        self._scan_lock = threading.Lock()

    # -- writing
    def _append(self, event: dict) -> dict:
        event = {"time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), **event}
        line = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock:
            self._rotate_if_full(len(line))
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.fchmod(fd, 0o600)  # votes quote users' questions: owner only, also for an older file
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)
        return event

    def _rotate_if_full(self, incoming: int) -> None:
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return
        if size + incoming <= self.max_bytes:
            return
        for n in range(self.keep - 1, 0, -1):
            older = self.path.with_name(f"{self.path.name}.{n}")
            if older.exists():
                os.replace(older, self.path.with_name(f"{self.path.name}.{n + 1}"))
        os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))

    def _remember(self, rec: dict) -> None:
        with self._lock:
            self._answers[rec["answer_id"]] = rec
            self._answers.move_to_end(rec["answer_id"])
            while len(self._answers) > _REMEMBERED:
                self._answers.popitem(last=False)

    def record_answer(self, answer: dict) -> None:
        rec = answer_record(answer)
        self._remember(rec)
        self._append({"kind": "abstained" if rec["abstained"] else "answer", **rec})

    def _scan_once(self) -> None:
        """Remember the last answers of the log (given before a restart), line by line, once."""
        with self._scan_lock:
            if self._scanned:
                return
            older: OrderedDict[str, dict] = OrderedDict()
            for e in self._stream():
                if e.get("kind") in ("answer", "abstained") and isinstance(e.get("answer_id"), str):
                    older[e["answer_id"]] = {k: e.get(k) for k in RECORD_KEYS}
                    older.move_to_end(e["answer_id"])
                    if len(older) > _REMEMBERED:
                        older.popitem(last=False)
            with self._lock:  # answers given since the start are newer: they stay last
                for aid, rec in older.items():
                    if aid not in self._answers:
                        self._answers[aid] = rec
                        self._answers.move_to_end(aid, last=False)
                while len(self._answers) > _REMEMBERED:
                    self._answers.popitem(last=False)
            self._scanned = True

    def _find(self, answer_id: str) -> dict:
        if not self._scanned:
            self._scan_once()
        with self._lock:
            rec = self._answers.get(answer_id)
        if rec is None:
            raise UnknownAnswer(answer_id)
        return {k: rec.get(k) for k in RECORD_KEYS}

    def record_vote(self, vote: Vote) -> dict:
        if vote.vote not in VOTES:
            raise ValueError(f'"vote" must be one of {", ".join(VOTES)}')
        # counted before the lookup: votes naming unknown ids are votes too (they were free before)
        if not self._limit.allow(vote.rate_key):
            raise RateLimited(vote.client)
        rec = self._find(vote.answer_id)
        return self._append(
            {
                "kind": "vote",
                "vote": vote.vote,
                "client": vote.client,
                "comment": redact(vote.comment[:MAX_COMMENT]),
                **rec,
            }
        )

    # -- the maintainer's view: group statuses, question vectors, retention
    def gap_statuses(self) -> dict[str, str]:
        """answer_id -> the status a maintainer last gave the coverage gap holding it."""
        out: dict[str, str] = {}
        for e in self.events():
            if e.get("kind") == "gap_status":
                out.update(dict.fromkeys(e.get("answer_ids") or [], str(e.get("status"))))
        return out

    def set_gap_status(self, answer_ids: list[str], status: str) -> None:
        self._append({"kind": "gap_status", "answer_ids": list(answer_ids), "status": status})

    def question_vectors(self, answer_ids: list[str]) -> dict[str, bytes]:
        wanted = set(answer_ids)
        return {
            str(e["answer_id"]): base64.b64decode(e["vec"])
            for e in self.events()
            if e.get("kind") == "vector" and e.get("answer_id") in wanted and isinstance(e.get("vec"), str)
        }

    def save_question_vectors(self, vectors: dict[str, bytes]) -> None:
        for aid, vec in vectors.items():
            self._append({"kind": "vector", "answer_id": aid, "vec": base64.b64encode(vec).decode()})

    def purge_older(self, days: int) -> int:
        """Delete every event older than `days` days (rewritten atomically); returns how many went."""
        cutoff = time.time() - days * 86400
        gone = 0
        with self._lock:
            files = [self.path.with_name(f"{self.path.name}.{n}") for n in range(self.keep, 0, -1)] + [self.path]
            for f in files:
                if not f.is_file():
                    continue
                lines = f.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
                kept = [ln for ln in lines if _stamp_seconds(ln) >= cutoff]
                if len(kept) == len(lines):
                    continue
                gone += len(lines) - len(kept)
                tmp = f.with_name(f.name + ".tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.writelines(kept)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(tmp, f)
            self._answers.clear()
        return gone

    # -- reading
    def _stream(self) -> Iterator[dict]:
        files = [self.path.with_name(f"{self.path.name}.{n}") for n in range(self.keep, 0, -1)] + [self.path]
        for f in files:
            if not f.is_file():
                continue
            with open(f, encoding="utf-8", errors="replace") as lines:
                for line in lines:
                    try:
                        e = json.loads(line)
                    except ValueError:
                        continue  # a torn last line from a crash is skipped, not fatal
                    if isinstance(e, dict):
                        yield e

    def events(self) -> list[dict]:
        return list(self._stream())


def _stamp_seconds(line: str) -> float:
    """An event line's time in seconds (an unreadable line counts as new: never deleted by mistake)."""
    try:
        return time.mktime(time.strptime(json.loads(line)["time"][:19], "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, KeyError, TypeError):
        return float("inf")


def current_votes(events: list[dict]) -> list[dict]:
    """The standing vote of each client on each answer: a later vote replaces an earlier one."""
    last: dict[tuple, dict] = {}
    for e in events:
        if e.get("kind") == "vote":
            last[(e.get("answer_id"), e.get("client"))] = e
    return [e for e in last.values() if e.get("vote") in ("up", "down")]


def shown_question(event: dict) -> str:
    """The question as the report lists it: a follow-up with what it was read as ("what about
    Hudi?" alone tells nothing of what it followed); older records have no reading."""
    q, read_as = event.get("question") or "", event.get("standalone_query") or ""
    return f"{q} [read as: {read_as}]" if read_as and read_as != q else q


def _event_outcome(event: dict) -> str:
    """An answer event's decision; an older record has only its kind ("abstained": not covered)."""
    return outcome({**event, "abstained": event.get("abstained") or event.get("kind") == "abstained"})


def summarize(events: list[dict]) -> dict:
    """The report's figures. Each answer counts under its decision (answer, closest, not_covered): a
    "closest entries" answer is no answer, and a maintainer reading "answer=21" where 20 were lists of
    entries the bot was unsure of (a third trial) saw a covered FAQ. Questions that got only closest
    entries are listed beside the unanswered ones: they are where the FAQ may lack an entry."""
    asked = [x for x in events if x.get("kind") in ("answer", "abstained")]
    decided = [_event_outcome(e) for e in asked]
    unanswered = Counter(shown_question(e) for e, d in zip(asked, decided) if d == "not_covered" and e.get("question"))
    unsure = Counter(shown_question(e) for e, d in zip(asked, decided) if d == "closest" and e.get("question"))
    votes = current_votes(events)
    down = Counter(shown_question(e) for e in votes if e["vote"] == "down" and e.get("question"))
    per_lang: dict[str, Counter] = {}
    for e, key in [*zip(asked, decided), *((v, v["vote"]) for v in votes)]:
        per_lang.setdefault(e.get("language") or "?", Counter())[key] += 1
    return {
        "events": len(events),
        "answers": len(asked),
        "decisions": dict(Counter(decided)),
        "votes": dict(Counter(e["vote"] for e in votes)),
        "top_unanswered": unanswered.most_common(10),
        "top_closest": unsure.most_common(10),
        "downvoted": down.most_common(10),
        "per_language": {k: dict(v) for k, v in per_lang.items()},
    }


def read(path: Path) -> list[dict]:
    """Every event of the JSONL log at path (rotated files included), oldest first."""
    return JsonlFeedback(path).events()
