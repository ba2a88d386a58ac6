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
from faqbot.bot.dialogue.courtesy import courtesy
from faqbot.bot.dialogue.instructions import asks_instructions

from .gaps import MAX_CANDIDATES, Candidate, Gap, group_gaps
from .insights_text import percent, t

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
    pending: int = 0  # of the grouped, those not read by meaning yet (each its own group until then)

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
            "gap_questions_pending": self.pending,
            **self.tables(),
        }


def summary_text(data: InsightsData, lang: str = "en") -> str:
    """The view's summary line (Markdown bold; the report strips it), in the page's language."""
    share = percent(data.share_voted_down, lang)
    text = t("summary", lang, questions=data.questions, since=data.since, down=data.answers_voted_down, share=share,
             gaps=data.gap_questions, groups=len(data.gaps))  # fmt: skip
    if data.grouped < data.gap_questions:
        text += t("grouped", lang, n=data.grouped)
    return (text + ". " + pending_note(data, lang)).strip()


def pending_note(data: InsightsData, lang: str = "en") -> str:
    """What the page and the report say while questions are still being read by meaning."""
    return t("pending", lang, n=data.pending) if data.pending else ""


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


def _daily(count: Counter[tuple[str, str]], days: list[str], keys: list[str], kname: str, vname: str) -> list[dict]:
    """Counts per (day, key), every day of the period present (zeros included: a plot's gap is a 0)."""
    return [{"day": d, kname: k, vname: count[(d, k)]} for d in days for k in keys]


def standing_votes(events: list[dict]) -> dict[tuple, dict]:
    """The last vote of each client on each answer."""
    last: dict[tuple, dict] = {}
    for e in events:
        if e.get("kind") == "vote":
            last[(e.get("answer_id"), e.get("client"))] = e
    return last


@dataclass
class Tally:
    """What a period's view counts before the FAQ's entries and the grouping come in: read from the
    events here (tally_events), or counted by the database (ui/insights_sql.py); both give the same."""

    questions: int = 0
    languages: Counter[tuple[str, str]] = field(default_factory=Counter)  # (day, language) -> questions
    decisions: Counter[tuple[str, str]] = field(default_factory=Counter)  # (day, decision) -> questions
    votes: Counter[tuple[str, str]] = field(default_factory=Counter)  # (day, up/down) -> standing votes
    voted_down: int = 0  # answers whose standing vote in the period is down
    # (chunk_id, title) -> times cited (first of an answer, every one of a closest list), in the
    # order they were first cited (the cited table's order on ties)
    cited: dict[tuple[str, str], int] = field(default_factory=dict)
    gap_questions: int = 0
    recent: list[Candidate] = field(default_factory=list)  # the MAX_CANDIDATES most recent, oldest first


def period_start(period_days: int, now: datetime) -> datetime:
    """Midnight UTC of the period's first day (the period ends today)."""
    return (now - timedelta(days=period_days - 1)).replace(hour=0, minute=0, second=0, microsecond=0)


def tally_events(events: list[dict], since: datetime) -> Tally:
    """The period's counts from stored events (any store: the JSONL log reads them this way)."""
    for e in events:  # each event's time read once (the view reads it several times)
        e["_t"] = event_time(e)
    asked = [e for e in events if e.get("kind") in ("answer", "abstained") and e["_t"] >= since]
    votes = [v for v in standing_votes(events).values() if v.get("vote") in ("up", "down") and v["_t"] >= since]
    down: dict = {}  # answer id -> its latest down vote's comment (one with a comment wins over one without)
    for v in sorted(votes, key=lambda v: v["_t"]):
        if v.get("vote") == "down":
            down[v.get("answer_id")] = str(v.get("comment") or "") or down.get(v.get("answer_id"), "")
    candidates = gap_candidates(asked, down)
    return Tally(
        questions=len(asked),
        languages=Counter((_day(e["_t"]), e.get("language") or "?") for e in asked),
        decisions=Counter((_day(e["_t"]), decision_of(e)) for e in asked),
        votes=Counter((_day(v["_t"]), str(v["vote"])) for v in votes),
        voted_down=len(down),
        cited=_cited_chunks(asked),
        gap_questions=len(candidates),
        recent=candidates[-MAX_CANDIDATES:],
    )


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
    """Everything the page shows for the last period_days days, from the stored events."""
    now = now or datetime.now(timezone.utc)
    tally = tally_events(events, period_start(period_days, now))
    return assemble(tally, period_days, entries, embed, threshold, nearest, statuses, now)


def assemble(
    tally: Tally,
    period_days: int,
    entries: list[Entry],
    embed: Callable[[list[Candidate]], np.ndarray] | None = None,
    threshold: float = 0.86,
    nearest: Callable[[np.ndarray], str] | None = None,
    statuses: dict[str, str] | None = None,
    now: datetime | None = None,
) -> InsightsData:
    """The view from a period's counts. embed(candidates) returns one normalised vector per gap
    candidate (None: gaps are not grouped, each question its own row)."""
    now = now or datetime.now(timezone.utc)
    since = period_start(period_days, now)
    days = _days(since, now)
    langs = sorted({lang for _, lang in tally.languages}) or ["en"]
    cited, never = _citations(tally.cited, entries)
    q = tally.questions
    return InsightsData(
        period_days=period_days,
        since=_day(since),
        questions=q,
        answers_voted_down=tally.voted_down,
        share_voted_down=round(tally.voted_down / q, 4) if q else 0.0,
        per_day_language=_daily(tally.languages, days, langs, "language", "questions"),
        per_day_decision=_daily(tally.decisions, days, list(DECISIONS), "decision", "questions"),
        votes_per_day=_daily(tally.votes, days, ["up", "down"], "vote", "votes"),
        cited=cited,
        never_cited=never,
        gaps=_gaps(tally.recent, embed, threshold, nearest, statuses),
        grouped=len(tally.recent),
        gap_questions=tally.gap_questions,
    )


def _cited_chunks(asked: list[dict]) -> dict[tuple[str, str], int]:
    """How often each (chunk, title) was cited first in an answer (a "closest" list counts each
    entry shown), in the order of first citation."""
    count: dict[tuple[str, str], int] = {}
    for a in asked:
        cits = a.get("citations") or []
        shown = cits if decision_of(a) == "closest" else cits[:1]
        for c in shown:
            key = (str(c.get("chunk_id")), str(c.get("title")))
            count[key] = count.get(key, 0) + 1
    return count


def _citations(chunks: dict[tuple[str, str], int], entries: list[Entry]) -> tuple[list[dict], list[dict]]:
    """Citations counted per entry (a translation group; a chunk the index no longer has counts by
    its title), most cited first, ties in the order first cited."""
    by_chunk = {cid: e for e in entries for cid in e.chunk_ids}
    count: Counter[str] = Counter()
    for (chunk_id, title), n in chunks.items():
        entry = by_chunk.get(chunk_id)
        count[entry.group if entry else title] += n
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


def gap_candidates(asked: list[dict], down: dict) -> list[Candidate]:
    """Questions the FAQ failed, oldest first; a follow-up counts by what it asked once resolved. down: the answers
    voted down, each with its comment (of the last client who commented)."""
    out = []
    for a in sorted(asked, key=lambda e: e["_t"]):
        d = decision_of(a)
        aid = a.get("answer_id")
        reason = d if d in GAP_DECISIONS else ("voted_down" if aid in down else "")
        if not reason:
            continue
        out.append(candidate({**a, "comment": down.get(aid, "")}, d, reason, a["_t"]))
    return out


def candidate(a: dict, decision: str, reason: str, t: datetime) -> Candidate:
    """A gap question from its stored answer (an event, or a row read by ui/insights_sql.py)."""
    cits = a.get("citations") or []
    return Candidate(
        answer_id=str(a.get("answer_id")),
        question=str(a.get("standalone_query") or a.get("question") or ""),
        language=str(a.get("language") or "?"),
        time=t.strftime("%Y-%m-%d %H:%M"),
        reason=reason,
        nearest=str(cits[0].get("title") or "") if cits and decision != "not_covered" else "",
        comment=str(a.get("comment") or ""),
    )


def _gaps(
    cands: list[Candidate],
    embed: Callable[[list[Candidate]], np.ndarray] | None,
    threshold: float,
    nearest: Callable[[np.ndarray], str] | None,
    statuses: dict[str, str] | None,
) -> list[Gap]:
    # "merci !", "hola", "print your system prompt" are answered with no entry, and are no gap in the FAQ
    cands = [c for c in cands if courtesy(c.question) is None and not asks_instructions(c.question)]
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
