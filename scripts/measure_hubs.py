"""Measure a hub correction for Chinese, Japanese and Korean questions against the glossary's terms
(docs/eval.md, third session: not adopted; the shipped levels are measured against the entries
themselves, ingest/hubs.py, and the sixth session's variants in docs/eval.md).

    python scripts/measure_hubs.py INDEX 0,1,2 eval/zh-train.jsonl eval/real-posts.jsonl ...

Per chunk, the mean of its 10 best cosines to the glossary's Chinese terms (embedded as queries) is
its "hub" level; a CJK question's ranking cosines lose WEIGHT times that level. Prints hit@1 and
hit@5 of the in-scope CJK questions per file and weight.
"""

import collections
import sys
from pathlib import Path

import faqbot.bot.retrieval.retrieve as R
import numpy as np
from faqbot.bot.evaluation.evaluate import contains_needle, read_questions
from faqbot.bot.retrieval.glossary import _CJK_RE, ZH_TERMS

ret = R.HybridRetriever(Path(sys.argv[1]))
terms = list(ZH_TERMS)
V = ret.embedder.embed_queries(terms)
S = np.stack([ret.store.dense(v, 100000) for v in V])  # terms x chunks
k = 10
hub = np.sort(S, axis=0)[-k:].mean(axis=0)  # per chunk: mean of its k best term cosines
hub = hub - hub.mean()
print("hub range", hub.min(), hub.max(), "top hubs:", [ret.chunks[i].title[:40] for i in np.argsort(-hub)[:6]])
orig = R.HybridRetriever._dense
ALPHA = [0.0]


def dense(self, query, shifted=True):  # noqa: ANN001
    a, raw = orig(self, query, shifted)
    if ALPHA[0] and _CJK_RE.search(query):
        a = a - ALPHA[0] * hub
    return a, raw


R.HybridRetriever._dense = dense
alphas = [float(x) for x in sys.argv[2].split(",")]
agg = collections.defaultdict(lambda: [0, 0, 0])
for f in sys.argv[3:]:
    for q in read_questions(Path(f)):
        if not q.in_scope or q.lang not in ("zh", "ja", "ko"):
            continue
        for al in alphas:
            ALPHA[0] = al
            r = ret.retrieve(q.question, k=5)
            texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in r.hits]
            rank = next((i + 1 for i, t in enumerate(texts) if contains_needle(t, q.needles)), None)
            a = agg[(Path(f).stem, al)]
            a[0] += 1
            a[1] += rank == 1
            a[2] += rank is not None
for key, a in sorted(agg.items()):
    print(key, a[0], f"hit1 {a[1] / a[0]:.3f} hit5 {a[2] / a[0]:.3f}")
