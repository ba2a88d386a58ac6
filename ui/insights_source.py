"""Where the maintainer's view gets its data: the feedback store, and the index for the FAQ's entries,
the embedder that groups questions, and the nearest entry of a group. One object serves the page,
`faqbot report` and the benchmark.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import numpy as np
from faqbot.bot.retrieval.report import read_report

from .gaps import STATUSES, Candidate, paraphrase_threshold
from .insights import Entry, InsightsData, Tally, assemble, period_start, tally_events

# A question's vector is computed once, by the first view that groups it, and stored. A twenty-fourth trial
# (3,686 questions, none read yet) waited 10 to 23 s per view: each computed 512 vectors at ~28 ms. Now the
# server's view computes them for EMBED_BUDGET_S at most and leaves the rest to one background thread (a
# question not read yet stands alone meanwhile, and the page says how many); `faqbot report` computes them all.
EMBED_BUDGET_S = 0.6
EMBED_BATCH = 8
FILL_PAUSE_S = 0.05  # between the background thread's batches: requests get the cores between them
WARM_AFTER_S = 30.0  # the server starts reading the stored questions after this, not while it loads
RETENTION_DAYS = 180
MAX_READ = 16_000  # characters of a stored question the reader reads (one is stored as read: 4,000 at most)
GROUPING_CHARS = 240  # of its condensed query: the title and first error name the topic; e5 time grows with tokens

log = logging.getLogger("faqbot")


def entries_of(chunks: list) -> list[Entry]:
    """One Entry per translation group, titled by its English version when it has one."""
    groups: dict[str, Entry] = {}
    for c in chunks:
        key = c.translation_group or c.id
        e = groups.setdefault(key, Entry(key, c.title, c.doc_title))
        e.chunk_ids.append(c.id)
        if c.language == "en":
            e.title, e.doc = c.title, c.doc_title
    return list(groups.values())


class InsightsSource:
    """The feedback store plus (optionally) the index: figures for a period."""

    def __init__(
        self, feedback: Any, retriever: Callable[[], Any] | None = None, embed_budget_s: float | None = EMBED_BUDGET_S
    ) -> None:
        self.feedback = feedback
        # a getter: a server swaps its retriever when a new build is published (bot/reload.py)
        self._retriever = retriever
        self._threshold: dict[int, float] = {}
        self._lock = threading.Lock()
        self.embed_budget_s = embed_budget_s  # None: a view computes every missing vector itself
        self._filling = threading.Lock()  # one background thread at a time

    @property
    def retriever(self) -> Any | None:
        """bot.retrieve.HybridRetriever, or None: questions are then not grouped by meaning."""
        return self._retriever() if self._retriever is not None else None

    # -- what the index gives
    @staticmethod
    def entries(r: Any | None) -> list[Entry]:
        return entries_of(r.store.chunks) if r is not None else []

    def threshold(self, r: Any | None) -> float:
        """Where this index's embedder says two questions ask the same thing (once per store object)."""
        if r is None:
            return 1.0
        key = id(r.store)
        with self._lock:
            if key not in self._threshold:
                titles = [e.title for e in self.entries(r)]
                vecs = r.embedder.embed_queries(titles) if titles else np.zeros((0, 1), np.float32)
                self._threshold[key] = paraphrase_threshold(np.asarray(vecs, dtype=np.float32))
            return self._threshold[key]

    def nearest(self, r: Any | None, centroid: np.ndarray) -> str:
        if r is None:
            return ""
        scores = r.store.dense(centroid.astype(np.float32), 10)
        best = int(np.argmax(scores))
        if scores[best] < 0:
            return ""
        chunk = r.store.chunks[best]
        by_group = {e.group: e.title for e in self.entries(r)}
        return by_group.get(chunk.translation_group or chunk.id, chunk.title)

    def embed(self, r: Any | None, cands: list[Candidate]) -> tuple[np.ndarray, int]:
        """A normalised vector per candidate, and how many are not read yet: stored ones read back,
        missing ones computed (newest first, within the budget; the rest in the background) and stored."""
        have = {k: _vector(v) for k, v in _vectors(self.feedback, [c.answer_id for c in cands]).items()}
        dim = next((len(v) for v in have.values()), 0) or (r.embedder.dim if r is not None else 1)
        missing = [c for c in reversed(cands) if c.answer_id not in have]
        # while the background thread reads, a view reads nothing itself: the two would share the cores and
        # the same newest questions (a twenty-fifth trial's views took 14 to 27 s then)
        if missing and r is not None and not self.filling:
            deadline = None if self.embed_budget_s is None else time.monotonic() + self.embed_budget_s
            have.update(self._compute(r, missing, deadline)[0])
            rest = [c for c in missing if c.answer_id not in have]
            if rest:
                self._fill_later(r, rest)
        out = np.zeros((len(cands), dim), dtype=np.float32)
        pending = 0
        for i, c in enumerate(cands):
            v = have.get(c.answer_id)
            if v is not None and len(v) == dim:
                out[i] = v / max(float(np.linalg.norm(v)), 1e-12)
            else:  # not read yet: a direction of its own, so it groups with nothing
                out[i, i % dim] = 1.0
                pending += 1
        return out, pending

    def _compute(self, r: Any, cands: list[Candidate], deadline: float | None) -> tuple[dict[str, np.ndarray], bool]:
        """Vectors for cands in batches, each stored as it is computed, until the deadline passes (one batch at
        least: the few questions asked since the last view are read by the view itself); False when the store
        refused them (computed, not stored: the view still shows them)."""
        got: dict[str, np.ndarray] = {}
        for i in range(0, len(cands), EMBED_BATCH):
            part = cands[i : i + EMBED_BATCH]
            vecs = r.embedder.embed_queries([grouping_text(c.question) for c in part])
            new = {c.answer_id: np.asarray(v, dtype=np.float16).tobytes() for c, v in zip(part, vecs)}
            got.update({k: _vector(v) for k, v in new.items()})
            try:
                _save_vectors(self.feedback, new)
            except Exception as exc:  # noqa: BLE001 - the view shows what it computed; a later view stores them
                log.warning("insights: question vectors not stored (%s); a later view tries again", type(exc).__name__)
                return got, False
            if deadline is not None and time.monotonic() >= deadline:
                break
        return got, True

    def _fill_later(self, r: Any, cands: list[Candidate]) -> None:
        """Compute the rest in one background thread (a view while it runs starts none)."""
        if not self._filling.acquire(blocking=False):
            return

        def run() -> None:
            try:
                for i in range(0, len(cands), EMBED_BATCH):
                    if not self._compute(r, cands[i : i + EMBED_BATCH], None)[1]:
                        break  # not stored (said in the log): a later view starts again
                    time.sleep(FILL_PAUSE_S)
            except Exception as exc:  # noqa: BLE001 - the next view tries again; a server never fails for this
                log.warning("insights: questions not read (%s); a later view tries again", type(exc).__name__)
            finally:
                self._filling.release()

        threading.Thread(target=run, name="faqbot-insights-vectors", daemon=True).start()

    @property
    def filling(self) -> bool:
        """True while the background thread computes vectors."""
        return self._filling.locked()

    def warm(self, period_days: int = 90) -> None:
        """Start reading the period's gap questions in the background (a server, once it has loaded)."""
        r = self.retriever
        if r is None:
            return
        try:
            cands = self.tally(period_days, datetime.now(timezone.utc)).recent
            have = _vectors(self.feedback, [c.answer_id for c in cands])
        except Exception as exc:  # noqa: BLE001 - the database may be down: the first view reads them
            log.warning("insights: stored questions not read at start (%s)", type(exc).__name__)
            return
        missing = [c for c in reversed(cands) if c.answer_id not in have]
        if missing:
            self._fill_later(r, missing)

    # -- the view
    def data(self, period_days: int) -> InsightsData:
        r = self.retriever  # read once per view: a swap mid-view cannot mix two builds
        statuses = self.feedback.gap_statuses() if hasattr(self.feedback, "gap_statuses") else {}
        now = datetime.now(timezone.utc)
        pending = [0]  # this view's own count: views run in parallel threads

        def embed(cands: list[Candidate]) -> np.ndarray:
            vectors, pending[0] = self.embed(r, cands)
            return vectors

        data = assemble(
            self.tally(period_days, now),
            period_days,
            self.entries(r),
            embed=embed if r is not None else None,
            threshold=self.threshold(r),
            nearest=lambda centroid: self.nearest(r, centroid),
            statuses=statuses,
            now=now,
        )
        data.pending = pending[0]
        return data

    def tally(self, period_days: int, now: datetime, in_sql: bool = True) -> Tally:
        """The period's counts: computed by the database when the store is one (GROUP BY, only the
        gap questions the grouping needs read), else from the events. Answers older than the period
        plus a day of margin (time zones) are not read, nor their votes."""
        since = period_start(period_days, now)
        margin = now.timestamp() - (period_days + 1) * 86400
        engine = getattr(self.feedback, "engine", None)
        if in_sql and engine is not None and engine.dialect.name in ("sqlite", "postgresql"):
            from .insights_sql import tally_sql

            return tally_sql(engine, since, margin)
        if hasattr(self.feedback, "events_since"):
            return tally_events(self.feedback.events_since(margin), since)
        return tally_events(self.feedback.events(), since)

    def set_status(self, answer_ids: list[str], status: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}")
        self.feedback.set_gap_status(answer_ids, status)


def _vectors(store: Any, ids: list[str]) -> dict[str, bytes]:
    return store.question_vectors(ids) if hasattr(store, "question_vectors") else {}


def grouping_text(question: str) -> str:
    """What a question is grouped by: the report reader's condensed query (its title, error and symptom lines, at
    most 360 characters), as retrieval embeds it; a short question as typed. A whole pasted post took 1.5 s to
    embed, and twenty unrelated Chinese posts written in one issue template were grouped by the template (a twenty-
    fifth trial)."""
    return read_report(question[:MAX_READ]).dense_query(GROUPING_CHARS)


def _vector(raw: bytes) -> np.ndarray:
    return np.frombuffer(raw, dtype=np.float16).astype(np.float32)


def _save_vectors(store: Any, vectors: dict[str, bytes]) -> None:
    if hasattr(store, "save_question_vectors"):
        store.save_question_vectors(vectors)


def warm_later(source: InsightsSource, after_s: float = WARM_AFTER_S) -> threading.Timer:
    """source.warm() after `after_s` seconds, in a daemon thread."""
    t = threading.Timer(after_s, source.warm)
    t.daemon = True
    t.start()
    return t


def start_retention(store: Any, days: int, every_s: float = 6 * 3600) -> threading.Thread | None:
    """Delete questions older than `days` now, then every `every_s` seconds (a daemon thread)."""
    if not hasattr(store, "purge_older"):
        return None

    def loop() -> None:
        while True:
            try:
                store.purge_older(days)
            except Exception as exc:  # noqa: BLE001 - a failed purge is retried, never fatal to the server
                log.warning("feedback retention: %s", type(exc).__name__)
            time.sleep(every_s)

    t = threading.Thread(target=loop, name="faqbot-retention", daemon=True)
    t.start()
    return t
