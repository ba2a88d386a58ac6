"""Compare feature sets of the decision's model, each scored leaving one source repository out.

    python scripts/compare_features.py eval/real-posts.jsonl eval/dev.jsonl eval/calibration.jsonl --index INDEX

Questions without a repository (the written sets) are fitting data in every fold and never scored;
the figures are those of the real posts (bot/evaluation/fit.py). Retrieval runs once; each feature set is a
refit. The thresholds of each row are the least-cost pair on its held-out probabilities.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from faqbot.bot.evaluation.evaluate import labelled_rows
from faqbot.bot.evaluation.fit import grouped_fit
from faqbot.bot.retrieval.abstain import FEATURES, never_abstain
from faqbot.bot.retrieval.retrieve import HybridRetriever

# the features about words the corpus lacks (unknown terms, names, exception classes)
UNKNOWN = frozenset({"unknown_terms", "unknown_share", "unknown_names", "title_unknown", "exc_unknown"})
WRITTEN_MODEL = FEATURES[:14]  # the model fitted on written posts, before fused_top and fused_gap existed

CANDIDATES: dict[str, tuple[str, ...]] = {
    "all 16 (the written-post model's 14, plus fused_top, fused_gap)": FEATURES,
    "shipped before (14, unknown-term features included)": WRITTEN_MODEL,
    "no unknown-term features": tuple(f for f in WRITTEN_MODEL if f not in UNKNOWN),
    "dense_top, lex_top, title_cov, long_post": ("dense_top", "lex_top", "title_cov", "long_post"),
    "dense_top, fused_top, fused_gap, title_cov, long_post": (
        "dense_top",
        "fused_top",
        "fused_gap",
        "title_cov",
        "long_post",
    ),
    "fused_top, fused_gap, title_cov, long_post": ("fused_top", "fused_gap", "title_cov", "long_post"),
    "dense_top, lex_of_top, title_cov, coverage, long_post": (
        "dense_top",
        "lex_of_top",
        "title_cov",
        "coverage",
        "long_post",
    ),
    "dense_top, fused_top, title_cov": ("dense_top", "fused_top", "title_cov"),
    "fused_top, title_cov": ("fused_top", "title_cov"),
    "dense_top, long_post": ("dense_top", "long_post"),
    "dense_top, title_cov, long_post": ("dense_top", "title_cov", "long_post"),
}


def _rows(files: list[Path], index: Path, cache: Path | None) -> list:
    """Every question's row; those of questions (id and text) already in the cache are not retrieved again."""
    import hashlib

    from faqbot.bot.evaluation.evaluate import read_questions
    from faqbot.bot.evaluation.fit import Row

    def key(q) -> str:
        return q.id + ":" + hashlib.sha256(q.question.encode()).hexdigest()[:12] + ":" + q.repo

    known = {d.pop("key"): Row(**d) for d in json.loads(cache.read_text())} if cache and cache.exists() else {}
    qs = [q for f in files for q in read_questions(f)]
    missing = [f for f in files if any(key(q) not in known for q in read_questions(f))]
    if missing:
        retr = HybridRetriever(index, abstain=never_abstain())
        for f in missing:
            todo = [q for q in read_questions(f) if key(q) not in known]
            tmp = f.with_suffix(".todo.jsonl")
            tmp.write_text("".join(json.dumps(q.__dict__, ensure_ascii=False) + "\n" for q in todo))
            try:
                for q, row in zip(todo, labelled_rows(retr, [tmp], None)):
                    known[key(q)] = row
            finally:
                tmp.unlink()
    if cache:
        cache.write_text(json.dumps([{"key": k, **r.__dict__} for k, r in known.items()]))
    return [known[key(q)] for q in qs]


def _write(rows: list, name: str, l2: float, path: Path) -> int:
    from faqbot.bot.retrieval.abstain import fit, save_model

    feats = CANDIDATES[name]
    g = grouped_fit(rows, feats, l2)
    model = fit(
        [r.features for r in rows],
        [r.label for r in rows],
        l2=l2,
        threshold=g.closest_at,
        features=feats,
        answer_threshold=g.answer_at,
    )
    save_model(model, path)
    print(json.dumps({**g.to_json(), "fitted_on": len(rows), "model": model.to_json()}, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", type=Path, nargs="+")
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--rows", type=Path, default=None, help="cache of the retrieval rows (JSON), kept by question id")
    ap.add_argument("--only", default=None, help="name of the one candidate to fit (default: all)")
    ap.add_argument("--write", type=Path, default=None, help="write the --only candidate's model, fitted on all rows")
    a = ap.parse_args(argv)
    rows = _rows(a.files, a.index, a.rows)
    if a.write:
        return _write(rows, a.only or "", a.l2, a.write)
    cols = ("lo", "hi", "first", "shown", "none", "oos_ans", "closest", "cost")
    print(f"{'features':64} " + " ".join(f"{c:>6}" for c in cols))
    for name, feats in CANDIDATES.items():
        if a.only and name != a.only:
            continue
        f = grouped_fit(rows, feats, a.l2)
        h = f.held_out
        print(
            f"{name[:64]:64} {f.closest_at:5.2f} {f.answer_at:5.2f} {h['shown_first']:6} {h['shown_any']:6} "
            f"{h['nothing_shown']:6} {h['uncovered_answered']:7} {h['closest']:7} {h['cost']:6.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
