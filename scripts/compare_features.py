"""Compare feature sets of the decision's model, each scored leaving one source repository out.

    python scripts/compare_features.py eval/real-posts.jsonl eval/dev.jsonl eval/calibration.jsonl --index INDEX

Questions without a repository (the written sets) are fitting data in every fold and never scored;
the figures are those of the real posts (bot/fit.py). Retrieval runs once; each feature set is a
refit. The thresholds of each row are the least-cost pair on its held-out probabilities.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from faqbot.bot.abstain import never_abstain
from faqbot.bot.evaluate import labelled_rows
from faqbot.bot.fit import grouped_fit
from faqbot.bot.retrieve import HybridRetriever

CANDIDATES: dict[str, tuple[str, ...]] = {
    "all 16 (the written-post model's 14, plus fused_top, fused_gap)": (
        "dense_top", "dense_of_top", "lex_top", "lex_of_top", "coverage", "unknown_terms", "n_tokens",
        "unknown_share", "unknown_names", "long_post", "dense_gap", "title_cov", "title_unknown", "exc_unknown",
        "fused_top", "fused_gap",
    ),
    "shipped before (14, unknown-term features included)": (
        "dense_top", "dense_of_top", "lex_top", "lex_of_top", "coverage", "unknown_terms", "n_tokens",
        "unknown_share", "unknown_names", "long_post", "dense_gap", "title_cov", "title_unknown", "exc_unknown",
    ),
    "no unknown-term features": (
        "dense_top", "dense_of_top", "lex_top", "lex_of_top", "coverage", "n_tokens", "long_post", "dense_gap",
        "title_cov",
    ),
    "dense_top, lex_top, title_cov, long_post": ("dense_top", "lex_top", "title_cov", "long_post"),
    "dense_top, fused_top, fused_gap, title_cov, long_post": (
        "dense_top", "fused_top", "fused_gap", "title_cov", "long_post",
    ),
    "fused_top, fused_gap, title_cov, long_post": ("fused_top", "fused_gap", "title_cov", "long_post"),
    "dense_top, lex_of_top, title_cov, coverage, long_post": (
        "dense_top", "lex_of_top", "title_cov", "coverage", "long_post",
    ),
    "dense_top, long_post": ("dense_top", "long_post"),
    "dense_top, title_cov, long_post": ("dense_top", "title_cov", "long_post"),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", type=Path, nargs="+")
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--rows", type=Path, default=None, help="cache of the retrieval rows (JSON)")
    a = ap.parse_args(argv)
    from faqbot.bot.fit import Row

    if a.rows and a.rows.exists():
        rows = [Row(**d) for d in json.loads(a.rows.read_text())]
    else:
        rows = labelled_rows(HybridRetriever(a.index, abstain=never_abstain()), a.files, None)
        if a.rows:
            a.rows.write_text(json.dumps([r.__dict__ for r in rows]))
    cols = ("lo", "hi", "first", "shown", "none", "oos_ans", "closest", "cost")
    print(f"{'features':64} " + " ".join(f"{c:>6}" for c in cols))
    for name, feats in CANDIDATES.items():
        f = grouped_fit(rows, feats, a.l2)
        h = f.held_out
        print(
            f"{name[:64]:64} {f.closest_at:5.2f} {f.answer_at:5.2f} {h['shown_first']:6} {h['shown_any']:6} "
            f"{h['nothing_shown']:6} {h['uncovered_answered']:7} {h['closest']:7} {h['cost']:6.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
