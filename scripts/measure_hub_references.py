"""Hub levels measured against other reference texts (docs/eval.md, issue 22, sixth session): hit@1/3/5 of
the in-scope questions per set with the shipped levels replaced, and each question's rank per variant.

    python scripts/measure_hub_references.py INDEX real-posts,posts OUT.json [VARIANTS]

VARIANTS (comma-separated; default all): off (no levels); glossary_zh (the zh glossary's terms: the
levels shipped before, for CJK posts only then); glossary_en (their English words); titles (the other
entries' titles); entriesN (the other entries' title and body cut at N characters, read as questions);
answers (the other entries' answer rows: what ingest/hubs.py stores, read from the index). With real-posts
among the sets, also the reference chosen leaving each repository out, as docs/eval.md reports it.
"""

import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from faqbot.bot.evaluation.evaluate import contains_needle, read_questions
from faqbot.bot.retrieval.retrieve import HybridRetriever
from faqbot.ingest.hubs import HUB_K
from faqbot.languages import PACKS

VARIANTS = ("off", "glossary_zh", "glossary_en", "titles", "entries200", "entries360", "entries1500", "answers")


def levels(ret: HybridRetriever, variant: str, stored: np.ndarray) -> np.ndarray:
    chunks, group = ret.chunks, ret.chunk_group
    own: list[int] | None = None
    if variant == "answers":  # what ingest/hubs.py stored in the index
        return stored
    if variant == "off":
        return np.zeros(len(chunks), dtype=np.float32)
    if variant == "glossary_zh":
        texts = sorted(dict(PACKS["zh"].glossary))
    elif variant == "glossary_en":
        texts = sorted(set(dict(PACKS["zh"].glossary).values()))
    elif variant == "titles":
        first = {c.title: int(group[i]) for i, c in reversed(list(enumerate(chunks)))}
        texts, own = list(first), list(first.values())
    else:
        n = int(variant.removeprefix("entries"))
        texts, own = [f"{c.title}\n{c.body}"[:n] for c in chunks], [int(g) for g in group]
    per = np.stack([ret.store.dense(v, 1_000_000) for v in ret.embedder.embed_queries(texts)])
    if own is not None:  # an entry read as a question finds itself: no pull
        per[np.array(own)[:, None] == group[None, :]] = -1.0
    lv = np.sort(per, axis=0)[-HUB_K:].mean(axis=0)
    return (lv - lv.mean()).astype(np.float32)


def main(index: str, names: str, out: str, variants: str) -> None:
    ret = HybridRetriever(Path(index))
    stored = ret.hubs.levels.copy()
    ranks: dict[str, int] = {}
    for variant in variants.split(","):
        ret.hubs.levels = levels(ret, variant, stored)
        for name in names.split(","):
            got = []
            for q in read_questions(Path(f"eval/{name}.jsonl"), None):
                if not q.in_scope:
                    continue
                hits = ret.retrieve(q.question, k=5).hits
                texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in hits]
                rank = next((i + 1 for i, t in enumerate(texts) if contains_needle(t, q.needles)), 99)
                ranks[f"{variant}:{name}:{q.id}"] = rank
                got.append(rank)
            if got:
                print(f"{variant:12} {name:12} n={len(got):3} "
                      + " ".join(f"hit@{k} {sum(r <= k for r in got) / len(got):.3f}" for k in (1, 3, 5)))
    Path(out).write_text(json.dumps(ranks, indent=1))
    if "real-posts" in names.split(","):
        held_out(ranks, variants.split(","))


def held_out(ranks: dict[str, int], variants: list[str]) -> None:
    """The reference chosen without each repository (best hit@1, then hit@3, then the first listed) on the
    other repositories' covered real posts, then that repository's posts ranked with it."""
    repo = {q.id: q.repo for q in read_questions(Path("eval/real-posts.jsonl"), None) if q.in_scope}
    rank = {v: {i: ranks[f"{v}:real-posts:{i}"] for i in repo} for v in variants}
    got, chosen = [], Counter()
    for held in sorted(set(repo.values())):
        train = [i for i in repo if repo[i] != held]
        best = max(variants, key=lambda v: (sum(rank[v][i] <= 1 for i in train), sum(rank[v][i] <= 3 for i in train),
                                             -variants.index(v)))
        chosen[best] += 1
        got += [rank[best][i] for i in repo if repo[i] == held]
    hits = " ".join(f"hit@{k} {sum(r <= k for r in got) / len(got):.3f}" for k in (1, 3, 5))
    print(f"held out by repository ({sum(chosen.values())} folds; chosen: {dict(chosen)}): {hits}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else ",".join(VARIANTS))
