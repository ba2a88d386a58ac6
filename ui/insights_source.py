"""Where the maintainer's view gets its data: the feedback store, and the index for the FAQ's entries,
the embedder that groups questions, and the nearest entry of a group. One object serves the page,
`faqbot report` and the benchmark.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import numpy as np

from .gaps import STATUSES, Candidate, paraphrase_threshold
from .insights import Entry, InsightsData, Tally, assemble, period_start, tally_events

# how many missing question vectors one view computes (the rest wait for the next view): a first
# view of a large store stays bounded, later views read the stored vectors
EMBED_PER_VIEW = 512
RETENTION_DAYS = 180


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

    def __init__(self, feedback: Any, retriever: Callable[[], Any] | None = None) -> None:
        self.feedback = feedback
        # a getter: a server swaps its retriever when a new build is published (bot/reload.py)
        self._retriever = retriever
        self._threshold: dict[int, float] = {}
        self._lock = threading.Lock()

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

    def embed(self, r: Any | None, cands: list[Candidate]) -> np.ndarray:
        """A normalised vector per candidate: stored ones read back, missing ones computed (at most
        EMBED_PER_VIEW a view; beyond that a question stands alone until the next view) and stored."""
        ids = [c.answer_id for c in cands]
        have = {
            k: np.frombuffer(v, dtype=np.float16).astype(np.float32) for k, v in _vectors(self.feedback, ids).items()
        }
        dim = next((len(v) for v in have.values()), 0) or (r.embedder.dim if r is not None else 1)
        missing = [c for c in reversed(cands) if c.answer_id not in have][:EMBED_PER_VIEW]
        if missing and r is not None:
            vecs = r.embedder.embed_queries([c.question[:2000] for c in missing])
            new = {c.answer_id: np.asarray(v, dtype=np.float16).tobytes() for c, v in zip(missing, vecs)}
            _save_vectors(self.feedback, new)
            have.update({k: np.frombuffer(v, dtype=np.float16).astype(np.float32) for k, v in new.items()})
        out = np.zeros((len(cands), dim), dtype=np.float32)
        for i, c in enumerate(cands):
            v = have.get(c.answer_id)
            if v is not None and len(v) == dim:
                out[i] = v / max(float(np.linalg.norm(v)), 1e-12)
            else:  # not embedded yet: a direction of its own, so it groups with nothing
                out[i, i % dim] = 1.0
        return out

    # -- the view
    def data(self, period_days: int) -> InsightsData:
        r = self.retriever  # read once per view: a swap mid-view cannot mix two builds
        statuses = self.feedback.gap_statuses() if hasattr(self.feedback, "gap_statuses") else {}
        now = datetime.now(timezone.utc)
        return assemble(
            self.tally(period_days, now),
            period_days,
            self.entries(r),
            embed=(lambda cands: self.embed(r, cands)) if r is not None else None,
            threshold=self.threshold(r),
            nearest=lambda centroid: self.nearest(r, centroid),
            statuses=statuses,
            now=now,
        )

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


def _save_vectors(store: Any, vectors: dict[str, bytes]) -> None:
    if hasattr(store, "save_question_vectors"):
        store.save_question_vectors(vectors)


def start_retention(store: Any, days: int, every_s: float = 6 * 3600) -> threading.Thread | None:
    """Delete questions older than `days` now, then every `every_s` seconds (a daemon thread)."""
    if not hasattr(store, "purge_older"):
        return None

    def loop() -> None:
        while True:
            try:
                store.purge_older(days)
            except Exception as exc:  # noqa: BLE001 - a failed purge is retried, never fatal to the server
                import logging

                logging.getLogger("faqbot").warning("feedback retention: %s", type(exc).__name__)
            time.sleep(every_s)

    t = threading.Thread(target=loop, name="faqbot-retention", daemon=True)
    t.start()
    return t
