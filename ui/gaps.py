"""Coverage gaps: the questions the FAQ failed, grouped by meaning.

A question is a gap candidate when it was answered "not covered" or "closest entries", or when its
answer stands voted down. Candidates are embedded with the index's own embedder and grouped by
average-linkage clustering (scipy) cut at a similarity that needs no tuning per corpus: it is read
off the index itself (`paraphrase_threshold`): two questions closer to each other than 99 % of the
pairs of distinct FAQ entries are ask the same thing. Each group gets a stable key (its earliest
question's id); a maintainer's status (open / addressed / dismissed) is kept per question, so it
stays with the group as new questions join, and the questions that joined since are counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

STATUSES = ("open", "addressed", "dismissed")
MAX_CANDIDATES = 2000  # the most recent gap questions of the period that are grouped (time is O(n^2))
EXAMPLES = 3
# when the index cannot say (fewer than 3 entries): what the rule gives e5-small on this corpus
DEFAULT_THRESHOLD = 0.90
# two questions closer than 99 % of the pairs of distinct FAQ entries: a cut for precision (a group
# a maintainer reads must hold one topic; docs/insights.md has the measured precision and recall)
THRESHOLD_QUANTILE = 0.99


@dataclass
class Candidate:
    answer_id: str
    question: str
    language: str
    time: str  # ISO stamp of the event
    reason: str  # not_covered, closest, voted_down
    nearest: str = ""  # the title the bot cited first, when it cited one
    comment: str = ""  # the user's comment on a down vote (what they said was wrong)


@dataclass
class Gap:
    key: str
    size: int
    last_seen: str
    languages: dict[str, int]
    reasons: dict[str, int]
    examples: list[str]
    nearest_entry: str
    status: str = "open"
    members: list[str] = field(default_factory=list)  # answer ids
    comments: list[str] = field(default_factory=list)  # down-vote comments, most recent first
    # questions that joined after a maintainer set the status (a twenty-fifth trial: an "addressed" group took in new
    # questions and nothing said so, though they tell the entry written for it did not help)
    new_since_status: int = 0

    def row(self) -> dict:
        """The table's row, in the order a maintainer reads it (the page, the report, the CSV): the questions, how
        many, their status and the nearest entry first; the group's id last (a nineteenth trial saw only 32-character
        ids at 1366 px, and the report still opened on them: a twenty-fifth)."""
        return {
            "examples": " | ".join(self.examples),
            "size": self.size,
            "status": self.status,
            "nearest entry": self.nearest_entry,
            "new since status": self.new_since_status,
            "why": ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items(), key=lambda kv: -kv[1])),
            "comments": " | ".join(self.comments),
            "languages": ", ".join(f"{k} {v}" for k, v in sorted(self.languages.items(), key=lambda kv: -kv[1])),
            "last seen": self.last_seen,
            "group": self.key,
        }


def paraphrase_threshold(entry_vectors: np.ndarray) -> float:
    """The similarity above which two questions are taken to ask the same thing: closer than
    THRESHOLD_QUANTILE of the pairs of DIFFERENT entries of this index are to each other. Read off
    the index (one normalised vector per entry, its title), so it adapts to the embedder and the
    corpus without any tuning on questions."""
    n = len(entry_vectors)
    if n < 3:
        return DEFAULT_THRESHOLD
    sims = (entry_vectors @ entry_vectors.T)[np.triu_indices(n, 1)]
    return float(np.quantile(sims, THRESHOLD_QUANTILE))


def cluster(vectors: np.ndarray, threshold: float) -> list[int]:
    """A group label per row: average linkage on cosine distance, cut at 1 - threshold."""
    n = len(vectors)
    if n == 0:
        return []
    if n == 1:
        return [0]
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import pdist

    d = np.clip(pdist(vectors.astype(np.float64), metric="cosine"), 0.0, 2.0)
    tree = linkage(d, method="average")
    return [int(x) - 1 for x in fcluster(tree, t=1.0 - threshold, criterion="distance")]


def group_gaps(
    candidates: list[Candidate],
    vectors: np.ndarray,
    threshold: float,
    nearest: Callable[[np.ndarray], str],
    statuses: dict[str, str] | None = None,
) -> list[Gap]:
    """Gaps, largest (then most recent) first. vectors: one normalised row per candidate;
    nearest(centroid) names the closest FAQ entry."""
    statuses = statuses or {}
    labels = cluster(vectors, threshold)
    members: dict[int, list[int]] = {}
    for i, lab in enumerate(labels):
        members.setdefault(lab, []).append(i)
    gaps = []
    for idx in members.values():
        idx.sort(key=lambda i: candidates[i].time)
        group = [candidates[i] for i in idx]
        centroid = vectors[idx].mean(axis=0)
        centroid /= max(float(np.linalg.norm(centroid)), 1e-12)
        # examples: the questions closest to the group's centre, distinct, shortest text first on ties
        order = sorted(idx, key=lambda i: (-float(vectors[i] @ centroid), len(candidates[i].question)))
        examples: list[str] = []
        for i in order:
            q = candidates[i].question.strip()
            if q and q not in examples:
                examples.append(q[:300])
            if len(examples) == EXAMPLES:
                break
        cited = Counter(c.nearest for c in group if c.nearest)
        key = group[0].answer_id
        status = _status_of(group, statuses)
        gaps.append(
            Gap(
                key=key,
                size=len(group),
                last_seen=group[-1].time,
                languages=dict(Counter(c.language or "?" for c in group)),
                reasons=dict(Counter(c.reason for c in group)),
                examples=examples,
                nearest_entry=cited.most_common(1)[0][0] if cited else nearest(centroid),
                status=status,
                members=[c.answer_id for c in group],
                comments=_comments(group),
                new_since_status=sum(c.answer_id not in statuses for c in group) if status != "open" else 0,
            )
        )
    gaps.sort(key=lambda g: (-g.size, g.last_seen), reverse=False)
    return gaps


def _comments(group: list[Candidate]) -> list[str]:
    """The group's distinct down-vote comments, most recent first (EXAMPLES of them, each cut as an example is)."""
    out: list[str] = []
    for c in reversed(group):
        text = c.comment.strip()[:300]
        if text and text not in out:
            out.append(text)
    return out[:EXAMPLES]


def _status_of(group: list[Candidate], statuses: dict[str, str]) -> str:
    """A group keeps the status a maintainer gave any of its members' groups before (the most
    recent such decision wins); a new group is open."""
    for c in reversed(group):
        if c.answer_id in statuses:
            return statuses[c.answer_id]
    return "open"
