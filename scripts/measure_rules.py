"""Re-measure the retrieval's rules on a question set, each one switched off in turn (docs/eval.md).

    python scripts/measure_rules.py eval/real-posts.jsonl --index INDEX [--json]

The rules are not fitted, so "held out by repository" holds for them by construction: none was
tuned on these posts. Reported per variant: hit@1, hit@3, hit@5 over the covered posts, and the
repositories where the variant finds more (or fewer) right entries first than all rules together.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from faqbot.bot.evaluation.evaluate import contains_needle, read_questions
from faqbot.bot.retrieval import retrieve
from faqbot.bot.retrieval.report import Report
from faqbot.bot.retrieval.signals import ablated


@contextmanager
def _patched(**values: object) -> Iterator[None]:
    old = {k: getattr(retrieve, k) for k in values}
    for k, v in values.items():
        setattr(retrieve, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(retrieve, k, v)


def _plain(text: str) -> Report:
    return Report(text, is_long=False)


# (patch of the question's reading, ranking signals switched off: bot/retrieval/signals.py, as `faqbot eval --ablate`)
VARIANTS: dict[str, tuple[Callable[[], object], list[str]]] = {
    "all rules (shipped)": (lambda: _patched(), []),
    "without the report reader (whole post embedded and matched)": (lambda: _patched(read_report=_plain), []),
    "without the glossary (Chinese terms to English words)": (lambda: _patched(english_terms=lambda text: ""), []),
    "without the error-title bonus": (lambda: _patched(), ["error_title"]),
    "without the other-exception penalty": (lambda: _patched(), ["other_exception"]),
    "without the lexical score (dense only)": (lambda: _patched(), ["lexical"]),
}


def ranks(retriever: retrieve.HybridRetriever, questions: list) -> list[int | None]:
    out = []
    for q in questions:
        r = retriever.retrieve(q.question, k=5)
        texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in r.hits]
        out.append(next((i + 1 for i, t in enumerate(texts) if contains_needle(t, q.needles)), None))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    from faqbot.bot.retrieval.abstain import never_abstain

    qs = [q for q in read_questions(a.file) if q.in_scope]
    base: list[int | None] = []
    result = {}
    for name, (patch, off) in VARIANTS.items():
        with patch():  # type: ignore[attr-defined]
            retr = retrieve.HybridRetriever(a.index, abstain=never_abstain(), weights=ablated(off))
            rk = ranks(retr, qs)
        base = base or rk
        n = len(rk)
        by_repo: dict[str, int] = {}
        for q, mine, ref in zip(qs, rk, base):
            by_repo[q.repo] = by_repo.get(q.repo, 0) + (mine == 1) - (ref == 1)
        result[name] = {
            "n": n,
            "hit@1": round(sum(x == 1 for x in rk) / n, 3),
            "hit@3": round(sum(x is not None and x <= 3 for x in rk) / n, 3),
            "hit@5": round(sum(x is not None for x in rk) / n, 3),
            "repos_better": sorted(r for r, d in by_repo.items() if d > 0),
            "repos_worse": sorted(r for r, d in by_repo.items() if d < 0),
            "changed": [q.id for q, mine, ref in zip(qs, rk, base) if mine != ref],
        }
    if a.json:
        print(json.dumps(result, indent=2))
    else:
        for name, m in result.items():
            print(f"{name:62} {m['n']:4} {m['hit@1']:6} {m['hit@3']:6} {m['hit@5']:6}", end="  ")
            print(f"+{m['repos_better']} -{m['repos_worse']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
