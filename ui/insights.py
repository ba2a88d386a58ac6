"""The maintainer's view, computed: what users asked, how the bot decided, what they voted, and
where the FAQ falls short. Pure functions over the feedback store's events (ui/feedback.py), so
the Insights page (ui/insights_page.py), `faqbot report --json` and `faqbot report --html`
(ui/insights_html.py) show the same figures.
"""

from __future__ import annotations

import csv
import io
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

import numpy as np

from .gaps import MAX_CANDIDATES, Candidate, Gap, group_gaps

PERIODS = (7, 30, 90)
DECISIONS = ("answer", "closest", "not_covered")
GAP_DECISIONS = ("closest", "not_covered")


@dataclass
class Entry:
    """One FAQ entry (a translation group) as the maintainer knows it."""

    group: str
    title: str  # the English title when there is one
    doc: str
    chunk_ids: list[str] = field(default_factory=list)


@dataclass
class InsightsData:
    period_days: int
    since: str
    questions: int
    answers_voted_down: int
    share_voted_down: float
    per_day_language: list[dict]  # day, language, questions
    per_day_decision: list[dict]  # day, decision, questions
    votes_per_day: list[dict]  # day, vote, votes
    cited: list[dict]  # entry, document, cited
    never_cited: list[dict]  # entry, document
    gaps: list[Gap]
    grouped: int  # gap questions grouped (at most MAX_CANDIDATES)
    gap_questions: int

    def tables(self) -> dict[str, list[dict]]:
        return {
            "questions_per_day_language": self.per_day_language,
            "questions_per_day_decision": self.per_day_decision,
            "votes_per_day": self.votes_per_day,
            "entries_cited": self.cited,
            "entries_never_cited": self.never_cited,
            "coverage_gaps": [g.row() for g in self.gaps],
        }

    def to_json(self) -> dict:
        return {
            "period_days": self.period_days,
            "since": self.since,
            "questions": self.questions,
            "answers_voted_down": self.answers_voted_down,
            "share_voted_down": self.share_voted_down,
            "gap_questions": self.gap_questions,
            "gap_questions_grouped": self.grouped,
            **self.tables(),
        }


def event_time(e: dict) -> datetime:
    """An event's time: `ts` (seconds) when the store gives it, else its ISO stamp; unreadable: the epoch."""
    ts = e.get("ts")
    if isinstance(ts, (int, float)):
        return datetime.fromtimestamp(ts, timezone.utc)
    raw = str(e.get("time") or "")
    try:
        t = datetime.fromisoformat(raw)
    except ValueError:
        return datetime.fromtimestamp(0, timezone.utc)
    return t.astimezone(timezone.utc) if t.tzinfo else t.replace(tzinfo=timezone.utc)


def decision_of(e: dict) -> str:
    d = e.get("decision")
    if d in DECISIONS:
        return str(d)
    return "not_covered" if e.get("abstained") else "answer"


def _day(t: datetime) -> str:
    return t.date().isoformat()


def _days(since: datetime, now: datetime) -> list[str]:
    n = (now.date() - since.date()).days
    return [_day(since + timedelta(days=i)) for i in range(n + 1)]


def _daily(rows: list[tuple[str, str]], days: list[str], keys: list[str], kname: str, vname: str) -> list[dict]:
    """Counts per (day, key), every day of the period present (zeros included: a plot's gap is a 0)."""
    count = Counter(rows)
    return [{"day": d, kname: k, vname: count[(d, k)]} for d in days for k in keys]


def standing_votes(events: list[dict]) -> dict[tuple, dict]:
    """The last vote of each client on each answer."""
    last: dict[tuple, dict] = {}
    for e in events:
        if e.get("kind") == "vote":
            last[(e.get("answer_id"), e.get("client"))] = e
    return last


def compute(
    events: list[dict],
    period_days: int,
    entries: list[Entry],
    embed: Callable[[list[Candidate]], np.ndarray] | None = None,
    threshold: float = 0.86,
    nearest: Callable[[np.ndarray], str] | None = None,
    statuses: dict[str, str] | None = None,
    now: datetime | None = None,
) -> InsightsData:
    """Everything the page shows for the last period_days days. embed(candidates) returns one
    normalised vector per gap candidate (None: gaps are not grouped, each question its own row)."""
    now = now or datetime.now(timezone.utc)
    since = (now - timedelta(days=period_days - 1)).replace(hour=0, minute=0, second=0, microsecond=0)
    for e in events:  # each event's time read once (the view reads it several times)
        e["_t"] = event_time(e)
    asked = [e for e in events if e.get("kind") in ("answer", "abstained") and e["_t"] >= since]
    days = _days(since, now)
    langs = sorted({e.get("language") or "?" for e in asked}) or ["en"]
    per_lang = _daily([(_day(e["_t"]), e.get("language") or "?") for e in asked], days, langs, "language", "questions")
    per_dec = _daily([(_day(e["_t"]), decision_of(e)) for e in asked], days, list(DECISIONS), "decision", "questions")
    votes = [v for v in standing_votes(events).values() if v.get("vote") in ("up", "down") and v["_t"] >= since]
    per_vote = _daily([(_day(v["_t"]), str(v["vote"])) for v in votes], days, ["up", "down"], "vote", "votes")
    down_ids = {v.get("answer_id") for v in votes if v.get("vote") == "down"}
    cited, never = _citations(asked, entries)
    candidates = gap_candidates(asked, down_ids)
    recent = candidates[-MAX_CANDIDATES:]
    gaps = _gaps(recent, embed, threshold, nearest, statuses)
    return InsightsData(
        period_days=period_days,
        since=_day(since),
        questions=len(asked),
        answers_voted_down=len(down_ids),
        share_voted_down=round(len(down_ids) / len(asked), 4) if asked else 0.0,
        per_day_language=per_lang,
        per_day_decision=per_dec,
        votes_per_day=per_vote,
        cited=cited,
        never_cited=never,
        gaps=gaps,
        grouped=len(recent),
        gap_questions=len(candidates),
    )


def _citations(asked: list[dict], entries: list[Entry]) -> tuple[list[dict], list[dict]]:
    """How often each entry was cited first in an answer (a "closest" list counts each entry shown)."""
    by_chunk = {cid: e for e in entries for cid in e.chunk_ids}
    count: Counter[str] = Counter()
    for a in asked:
        cits = a.get("citations") or []
        shown = cits if decision_of(a) == "closest" else cits[:1]
        for c in shown:
            entry = by_chunk.get(str(c.get("chunk_id")))
            count[entry.group if entry else str(c.get("title"))] += 1
    by_group = {e.group: e for e in entries}
    cited = [
        {
            "entry": by_group[g].title if g in by_group else g,
            "document": by_group[g].doc if g in by_group else "",
            "cited": n,
        }
        for g, n in count.most_common()
    ]
    never = [{"entry": e.title, "document": e.doc} for e in entries if e.group not in count]
    return cited, never


def gap_candidates(asked: list[dict], down_ids: set) -> list[Candidate]:
    """Questions the FAQ failed, oldest first; a follow-up counts by what it asked once resolved."""
    out = []
    for a in sorted(asked, key=lambda e: e["_t"]):
        d = decision_of(a)
        reason = d if d in GAP_DECISIONS else ("voted_down" if a.get("answer_id") in down_ids else "")
        if not reason:
            continue
        cits = a.get("citations") or []
        out.append(
            Candidate(
                answer_id=str(a.get("answer_id")),
                question=str(a.get("standalone_query") or a.get("question") or ""),
                language=str(a.get("language") or "?"),
                time=a["_t"].strftime("%Y-%m-%d %H:%M"),
                reason=reason,
                nearest=str(cits[0].get("title") or "") if cits and d != "not_covered" else "",
            )
        )
    return out


def _gaps(
    cands: list[Candidate],
    embed: Callable[[list[Candidate]], np.ndarray] | None,
    threshold: float,
    nearest: Callable[[np.ndarray], str] | None,
    statuses: dict[str, str] | None,
) -> list[Gap]:
    if not cands:
        return []
    if embed is None:  # no embedder at hand: one group per question
        vectors = np.eye(len(cands), dtype=np.float32)
    else:
        vectors = embed(cands)
    return group_gaps(cands, vectors, threshold, nearest or (lambda _c: ""), statuses)


def to_csv(rows: list[dict]) -> str:
    """A table as CSV text (a header row even when empty is impossible to guess: empty text then)."""
    if not rows:
        return ""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0].keys()))
    w.writeheader()
    for r in rows:
        # a cell starting with = + - @ would be a formula in a spreadsheet: quote it as text
        w.writerow({k: ("'" + v if isinstance(v, str) and v[:1] in "=+-@" else v) for k, v in r.items()})
    return buf.getvalue()


def stamp() -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
