"""Coverage gaps: the questions the FAQ failed, grouped by meaning.

A question is a gap candidate when it was answered "not covered" or "closest entries", or when its
answer stands voted down. Candidates are embedded with the index's own embedder and grouped by
average-linkage clustering (scipy) cut at a similarity that needs no tuning per corpus: it is read
off the index itself, as the similarity the embedder gives the language versions of one FAQ entry
(`paraphrase_threshold`): two questions at least as close as two translations of one entry ask the
same thing. Each group gets a stable key (its earliest question's id) so that a maintainer's status
(open / addressed / dismissed) stays with it as new questions join.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

STATUSES = ("open", "addressed", "dismissed")
MAX_CANDIDATES = 2000  # the most recent gap questions of the period that are grouped (time is O(n^2))
EXAMPLES = 3
# when the index cannot say (fewer than 3 entries in two languages): e5-small's similarity of two
# translations of one entry, median over this corpus's 61 pairs (measured, docs/insights.md)
DEFAULT_THRESHOLD = 0.86
THRESHOLD_QUANTILE = 0.25  # a low quartile of translation pairs: paraphrases in one language sit above it


@dataclass
class Candidate:
    answer_id: str
    question: str
    language: str
    time: str  # ISO stamp of the event
    reason: str  # not_covered, closest, voted_down
    nearest: str = ""  # the title the bot cited first, when it cited one


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

    def row(self) -> dict:
        return {
            "group": self.key,
            "size": self.size,
            "last seen": self.last_seen,
            "languages": ", ".join(f"{k} {v}" for k, v in sorted(self.languages.items(), key=lambda kv: -kv[1])),
            "why": ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items(), key=lambda kv: -kv[1])),
            "examples": " | ".join(self.examples),
            "nearest entry": self.nearest_entry,
            "status": self.status,
        }


def paraphrase_threshold(version_vectors: Sequence[np.ndarray]) -> float:
    """The similarity two language versions of one entry have, low quartile: a cut that adapts to
    the embedder without any tuning on the questions. version_vectors: per entry, an array of its
    versions' normalised vectors (entries with one version are skipped)."""
    sims: list[float] = []
    for vecs in version_vectors:
        if len(vecs) < 2:
            continue
        m = vecs @ vecs.T
        sims.extend(float(m[i, j]) for i in range(len(vecs)) for j in range(i + 1, len(vecs)))
    if len(sims) < 3:
        return DEFAULT_THRESHOLD
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
        gaps.append(
            Gap(
                key=key,
                size=len(group),
                last_seen=group[-1].time,
                languages=dict(Counter(c.language or "?" for c in group)),
                reasons=dict(Counter(c.reason for c in group)),
                examples=examples,
                nearest_entry=cited.most_common(1)[0][0] if cited else nearest(centroid),
                status=_status_of(group, statuses),
                members=[c.answer_id for c in group],
            )
        )
    gaps.sort(key=lambda g: (-g.size, g.last_seen), reverse=False)
    return gaps


def _status_of(group: list[Candidate], statuses: dict[str, str]) -> str:
    """A group keeps the status a maintainer gave any of its members' groups before (the most
    recent such decision wins); a new group is open."""
    for c in reversed(group):
        if c.answer_id in statuses:
            return statuses[c.answer_id]
    return "open"
