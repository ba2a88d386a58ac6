"""hit@1, hit@3 and hit@5 of in-scope questions per set and language, the right entry told by the
question's needles (docs/eval.md, issue 22), and each question's rank written to OUT (JSON) so that two
runs can be compared question by question.

    python scripts/retrieval_hits.py INDEX real-posts,dev,zh-short OUT.json
"""

import json
import sys
from collections import defaultdict
from pathlib import Path

from faqbot.bot.evaluation.evaluate import contains_needle, read_questions
from faqbot.bot.retrieval.retrieve import HybridRetriever

MISSING = 99  # the right entry is not among the first five


def main(index: str, names: str, out_path: str) -> None:
    ret = HybridRetriever(Path(index))
    ranks_out = {}
    for name in names.split(","):
        stats = defaultdict(list)
        for q in read_questions(Path(f"eval/{name}.jsonl"), None):
            if not q.in_scope:
                continue
            r = ret.retrieve(q.question, k=5)
            texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in r.hits]
            rank = next((i + 1 for i, t in enumerate(texts) if contains_needle(t, q.needles)), MISSING)
            for key in (q.lang, "all"):
                stats[key].append(rank)
            ranks_out[f"{name}:{q.id}"] = rank
        for key, ranks in sorted(stats.items()):
            n = len(ranks)
            hits = " ".join(f"hit{k} {sum(r <= k for r in ranks) / n:.3f}" for k in (1, 3, 5))
            print(f"{name:12} {key:4} n={n:3} {hits}")
    Path(out_path).write_text(json.dumps(ranks_out, indent=1))


if __name__ == "__main__":
    main(*sys.argv[1:4])
