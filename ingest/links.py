"""Translation links: chunks that are versions of one question in different languages.

Evidence, combined per pair of chunks from two documents of one family:
- cross-lingual embedding similarity of title + beginning of the body (multilingual e5),
- shared code tokens and identifiers (SQL, class names, parameters survive translation),
- relative position within the document (translations keep the order).
A one-to-one assignment with a floor leaves sections present in one language unlinked.
"""

from __future__ import annotations

import hashlib
from itertools import combinations

import numpy as np

from .records import Chunk
from .similarity import assign, fill_gaps
from .textproc import identifiers

LINK_THRESHOLD = 0.55


def _code_tokens(c: Chunk) -> set[str]:
    return set(identifiers(c.title + "\n" + c.body)) | {
        w for w in (c.title + " " + c.body).split() if any(ch.isdigit() for ch in w) and len(w) > 2
    }


def pair_scores(a: list[Chunk], b: list[Chunk], va: np.ndarray, vb: np.ndarray) -> np.ndarray:
    dense = va @ vb.T
    ta = [_code_tokens(c) for c in a]
    tb = [_code_tokens(c) for c in b]
    code = np.zeros_like(dense)
    for i, x in enumerate(ta):
        for j, y in enumerate(tb):
            if x and y:
                code[i, j] = len(x & y) / len(x | y)
    pa = np.arange(len(a))[:, None] / max(1, len(a) - 1)
    pb = np.arange(len(b))[None, :] / max(1, len(b) - 1)
    position = 1.0 - np.abs(pa - pb)
    return 0.55 * dense + 0.3 * code + 0.15 * position


def link_translations(chunks: list[Chunk], vectors: np.ndarray) -> int:
    """Set translation_group on every chunk; return how many groups span 2+ languages."""
    by_doc: dict[str, list[int]] = {}
    for i, c in enumerate(chunks):
        by_doc.setdefault(c.doc, []).append(i)
    parent = list(range(len(chunks)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    docs = sorted(by_doc)
    for da, db in combinations(docs, 2):
        ia, ib = by_doc[da], by_doc[db]
        ca, cb = chunks[ia[0]], chunks[ib[0]]
        if ca.family != cb.family or ca.language == cb.language:
            continue
        sim = pair_scores([chunks[i] for i in ia], [chunks[j] for j in ib], vectors[ia], vectors[ib])
        pairs = fill_gaps(assign(sim, LINK_THRESHOLD), len(ia), len(ib), sim, floor=LINK_THRESHOLD - 0.12)
        for x, y in pairs.items():
            parent[find(ia[x])] = find(ib[y])
    groups: dict[int, list[int]] = {}
    for i in range(len(chunks)):
        groups.setdefault(find(i), []).append(i)
    linked = 0
    for members in groups.values():
        key = "|".join(sorted(chunks[i].id for i in members))
        gid = "g-" + hashlib.sha1(key.encode()).hexdigest()[:10]
        for i in members:
            chunks[i].translation_group = gid
        if len({chunks[i].language for i in members}) > 1:
            linked += 1
    return linked
