"""The feedback store as the server uses it: never the reason an answer fails or waits.

A twenty-fourth trial (an operator's: two replicas, a shared PostgreSQL) stopped PostgreSQL: every /api/ask
returned 503, because recording the answer (so that a vote finds it) failed; with PostgreSQL hung (SIGSTOP), asks
waited 101 s and filled every worker slot; and a replica could not start while the database was down. Here:
- recording an answer waits at most `RECORD_WAIT_S`; a failure or a timeout is logged once per `RETRY_S` and the
  answer is served (not recorded: a vote on it is told the database was unavailable);
- after a failure, the database is left alone for `RETRY_S` (no request waits on a database known to be down);
- a vote or a maintainer's read waits at most `READ_WAIT_S`, then raises `FeedbackUnavailable` (a 503 naming the
  fix);
- a database that cannot be opened at start is opened again on use, every `RETRY_S` (the replica answers meanwhile).
The calls run in a small pool of threads: one hung on a stopped server holds that thread, never a request.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from .feedback import FeedbackStore, FeedbackUnavailable, RateLimited, UnknownAnswer, Vote

log = logging.getLogger("faqbot")

RECORD_WAIT_S = 2.0  # an answer's record: the answer goes out after this at most
READ_WAIT_S = 5.0  # a vote, a maintainer's read
RETRY_S = 10.0  # after a failure, the database is tried again after this
POOL_THREADS = 4
# what the store raises for what the caller did, not for the database: passed on as it is
_CALLERS = (UnknownAnswer, RateLimited, ValueError, LookupError)


UNAVAILABLE = (
    "The feedback database is unavailable ({reason}): votes and the maintainers' page wait for it; answers are "
    "served. Check FAQBOT_FEEDBACK_DB and that the database server is running."
)


class GuardedFeedback:
    """A feedback store (or the function opening one) behind bounded waits and a pause after failures."""

    def __init__(self, store: FeedbackStore | Callable[[], FeedbackStore]) -> None:
        self._opener = store if callable(store) and not hasattr(store, "record_answer") else None
        self._store: FeedbackStore | None = None if self._opener else store  # type: ignore[assignment]
        self._pool = ThreadPoolExecutor(POOL_THREADS, thread_name_prefix="faqbot-feedback")
        self._lock = threading.Lock()
        self._down_until = 0.0
        self._reason = ""
        self._logged = 0.0
        if self._opener is not None:
            self._open()

    @property
    def inner(self) -> FeedbackStore | None:
        return self._store

    @property
    def location(self) -> str:
        return str(getattr(self._store, "location", None) or getattr(self._store, "path", "feedback"))

    def available(self) -> bool:
        """Whether the database was usable at the last try (health)."""
        return self._store is not None and time.monotonic() >= self._down_until

    def _open(self) -> FeedbackStore | None:
        if self._store is None and self._opener is not None and time.monotonic() >= self._down_until:
            try:
                self._store = self._opener()
            except Exception as exc:  # a database down at start: answer meanwhile, try again later
                self._failed(str(exc) or type(exc).__name__)
        return self._store

    def _failed(self, reason: str) -> None:
        with self._lock:
            self._down_until = time.monotonic() + RETRY_S
            self._reason = reason
            due = time.monotonic() - self._logged >= RETRY_S
            if due:
                self._logged = time.monotonic()
        if due:  # one line, no traceback: a database down for a day must not fill the log
            log.warning("feedback database unavailable (%s); answers are served, retrying in %.0f s", reason, RETRY_S)

    def _call(self, wait: float, name: str, *args: Any) -> Any:
        if time.monotonic() < self._down_until:
            raise FeedbackUnavailable(UNAVAILABLE.format(reason=self._reason))
        store = self._open()
        if store is None:
            raise FeedbackUnavailable(UNAVAILABLE.format(reason=self._reason))
        future = self._pool.submit(getattr(store, name), *args)
        try:
            return future.result(timeout=wait)
        except _CALLERS:
            raise
        except FutureTimeout:
            reason = f"no answer within {wait:.0f} s"
        except Exception as exc:
            reason = type(exc).__name__
        self._failed(reason)
        raise FeedbackUnavailable(UNAVAILABLE.format(reason=reason))

    def record_answer(self, answer: dict) -> None:
        """Recorded if the database answers within RECORD_WAIT_S; the answer is served either way."""
        try:
            self._call(RECORD_WAIT_S, "record_answer", answer)
        except FeedbackUnavailable:
            pass

    def record_vote(self, vote: Vote) -> dict:
        return self._call(READ_WAIT_S, "record_vote", vote)

    def events(self) -> list[dict]:
        return self._call(READ_WAIT_S, "events")

    def purge_older(self, days: int) -> int:
        # here, not only through __getattr__: the retention thread starts with the server, the database maybe later
        return self._call(READ_WAIT_S, "purge_older", days)

    def __getattr__(self, name: str) -> Any:
        # what the store has besides: the maintainers' reads and writes (gap statuses, question vectors, purges),
        # bounded the same way; its other attributes as they are (the database's engine). None of them while the
        # database is not open: the insights page then reads `events`, which says it is unavailable
        store = self.__dict__.get("_store")
        if name.startswith("_") or store is None or not hasattr(store, name):
            raise AttributeError(name)
        attr = getattr(store, name)
        if not callable(attr):
            return attr
        return lambda *args: self._call(READ_WAIT_S, name, *args)
