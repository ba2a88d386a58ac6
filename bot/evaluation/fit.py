"""Fitting the decision on real posts: cross-validation grouped by source repository, a reliability
table, and the two thresholds chosen from the cost of each error (`faqbot calibrate --group-by repo`).

Rows without a group (the written sets: dev, calibration) are fitting data in every fold and are
never scored: the reported figures are those of real posts whose repository the model never saw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from faqbot.bot.retrieval.abstain import FEATURES, fit
from faqbot.bot.retrieval.decision import ANSWER, CLOSEST, CLOSEST_N, NOT_COVERED, decide


@dataclass
class Row:
    """One labelled question as the decision sees it."""

    features: dict
    label: int  # 1: the FAQ answers it, 0: it does not
    group: str  # source repository ("" for a written set: always fitted on, never scored)
    rank: int | None = None  # where retrieval ranks the right entry (1-based), None if not in the list
    answer_shows: int = 1  # entries an answer shows (the first, and its "see also" ones)
    id: str = ""


# The cost of each outcome per case (docs/eval.md): a covered post declared "not covered" leaves the
# user with nothing (worst); a confident answer to an uncovered post misleads (next); closest
# entries on a covered post cost a glance at three entries (cheapest).
COSTS: dict[str, dict[str, float]] = {
    "covered, right entry first": {ANSWER: 0.0, CLOSEST: 1.0, NOT_COVERED: 10.0},
    "covered, right entry 2nd-3rd": {ANSWER: 4.0, CLOSEST: 1.0, NOT_COVERED: 10.0},
    "covered, right entry not in top 3": {ANSWER: 5.0, CLOSEST: 3.0, NOT_COVERED: 10.0},
    "uncovered": {ANSWER: 5.0, CLOSEST: 1.0, NOT_COVERED: 0.0},
}


def case(row: Row) -> str:
    if not row.label:
        return "uncovered"
    if row.rank == 1:
        return "covered, right entry first"
    if row.rank is not None and row.rank <= CLOSEST_N:
        return "covered, right entry 2nd-3rd"
    return "covered, right entry not in top 3"


def grouped_probabilities(rows: list[Row], features: tuple[str, ...], l2: float = 1.0) -> list[float | None]:
    """Leave one group out: each grouped row's probability from a model fitted without its group
    (and with every ungrouped row); None for ungrouped rows."""
    out: list[float | None] = [None] * len(rows)
    for g in sorted({r.group for r in rows if r.group}):
        train = [r for r in rows if r.group != g]
        if len({r.label for r in train}) < 2:
            continue
        model = fit([r.features for r in train], [r.label for r in train], l2=l2, features=features)
        for i, r in enumerate(rows):
            if r.group == g:
                out[i] = model.probability(r.features)
    return out


def outcome_of(p: float, closest_at: float, answer_at: float) -> str:
    return decide(p, closest_at, answer_at).outcome


def total_cost(probs: list[float], rows: list[Row], closest_at: float, answer_at: float) -> float:
    return sum(COSTS[case(r)][outcome_of(p, closest_at, answer_at)] for p, r in zip(probs, rows))


def choose_thresholds(probs: list[float], rows: list[Row], step: float = 0.01) -> tuple[float, float, float]:
    """(closest_at, answer_at, cost) of least total cost; ties go to fewer "closest" outcomes, then each
    threshold goes to the middle of the range over which nothing changes (the widest margin on both
    sides: the lowest of them would say "not covered" to nothing the posts did not already show)."""
    grid = [round(float(x), 4) for x in np.arange(step, 1.0, step)]
    best: tuple[float, int, float, float] | None = None
    for lo in grid:
        for hi in (x for x in grid if x >= lo):
            c = total_cost(probs, rows, lo, hi)
            unsure = sum(1 for p in probs if lo <= p < hi)
            key = (c, unsure, hi, lo)
            if best is None or key < best:
                best = key
    assert best is not None
    cost, _, hi, lo = best
    lo = _middle([g for g in grid if g <= hi], lo, lambda x: [outcome_of(p, x, hi) for p in probs], step)
    hi = _middle(grid, hi, lambda x: [outcome_of(p, lo, x) for p in probs], step, floor=lo)
    return lo, hi, cost


def _middle(
    grid: list[float], x: float, outcomes: Callable[[float], list[str]], step: float, floor: float = 0.0
) -> float:
    """The grid point nearest the middle of the run of thresholds around x that give the same outcomes
    (the run stretches one step below its lowest point: nothing lies between)."""
    same = outcomes(x)
    run = [g for g in grid if g >= floor and outcomes(g) == same]
    i = run.index(x)
    lo_i, hi_i = i, i
    while lo_i > 0 and abs(run[lo_i - 1] - run[lo_i] + step) < 1e-9:
        lo_i -= 1
    while hi_i < len(run) - 1 and abs(run[hi_i + 1] - run[hi_i] - step) < 1e-9:
        hi_i += 1
    middle = (run[lo_i] - step + run[hi_i]) / 2
    return round(max(run[lo_i], min(run[hi_i], round(middle / step) * step)), 4)


def figures(probs: list[float], rows: list[Row], closest_at: float, answer_at: float) -> dict:
    """The issue's targets for one pair of thresholds (covered posts: right entry shown first,
    among the entries shown, nothing shown; uncovered posts: a confident answer)."""
    ins = [(p, r) for p, r in zip(probs, rows) if r.label]
    outs = [p for p, r in zip(probs, rows) if not r.label]

    def shown(p: float, r: Row) -> int:
        o = outcome_of(p, closest_at, answer_at)
        return 0 if o == NOT_COVERED else (CLOSEST_N if o == CLOSEST else r.answer_shows)

    def share(xs: list[bool]) -> float | None:
        return round(sum(xs) / len(xs), 3) if xs else None

    outcomes = [outcome_of(p, closest_at, answer_at) for p in probs]
    return {
        "covered": len(ins),
        "uncovered": len(outs),
        "shown_first": share([shown(p, r) > 0 and r.rank == 1 for p, r in ins]),
        "shown_any": share([r.rank is not None and r.rank <= shown(p, r) for p, r in ins]),
        "nothing_shown": share([shown(p, r) == 0 for p, r in ins]),
        "uncovered_answered": share([outcome_of(p, closest_at, answer_at) == ANSWER for p in outs]),
        "answer": share([o == ANSWER for o in outcomes]),
        "closest": share([o == CLOSEST for o in outcomes]),
        "not_covered": share([o == NOT_COVERED for o in outcomes]),
        "cost": total_cost(probs, rows, closest_at, answer_at),
    }


def reliability(probs: list[float], labels: list[int], bins: int = 5) -> list[dict]:
    """Predicted against observed per probability bin: a calibrated model's rows agree."""
    out = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [i for i, p in enumerate(probs) if lo <= p < hi or (b == bins - 1 and p == 1.0)]
        out.append(
            {
                "bin": f"{lo:.1f}-{hi:.1f}",
                "n": len(idx),
                "predicted": round(float(np.mean([probs[i] for i in idx])), 3) if idx else None,
                "observed": round(float(np.mean([labels[i] for i in idx])), 3) if idx else None,
            }
        )
    return out


@dataclass
class GroupedFit:
    features: tuple[str, ...]
    closest_at: float
    answer_at: float
    held_out: dict  # figures on grouped rows, each scored by a model that never saw its group
    reliability: list[dict]
    per_row: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "features": list(self.features),
            "closest_at": self.closest_at,
            "answer_at": self.answer_at,
            "held_out": self.held_out,
            "reliability": self.reliability,
            "costs": COSTS,
            "rows": self.per_row,
        }


def grouped_fit(rows: list[Row], features: tuple[str, ...] = FEATURES, l2: float = 1.0) -> GroupedFit:
    """Held-out probabilities by group, the thresholds of least cost on them, and their figures."""
    probs = grouped_probabilities(rows, features, l2)
    scored = [(p, r) for p, r in zip(probs, rows) if p is not None]
    if not scored or len({r.label for _, r in scored}) < 2:
        raise ValueError("grouped cross-validation needs covered and uncovered rows in at least two groups")
    ps, rs = [p for p, _ in scored], [r for _, r in scored]
    lo, hi, _ = choose_thresholds(ps, rs)
    per_row = [
        {"id": r.id, "group": r.group, "label": r.label, "rank": r.rank, "p": round(p, 4)}
        | {"outcome": outcome_of(p, lo, hi)}
        for p, r in scored
    ]
    return GroupedFit(features, lo, hi, figures(ps, rs, lo, hi), reliability(ps, [r.label for r in rs]), per_row)
