"""Headings the FAQ lists with no text under them, and the questions that ask them (the `unanswered` notice).

The Connectors FAQ has questions that are headings only ("The endPoint and tunnelEndpoint parameters", "View print
results", "Why does MaxCompute read previous partitions when the start position is 2019-10-11 00:00:00?"): ingest
records them in the index's manifest (`empty_headings`) and makes the one an entry names its alias
(ingest/empty_headings.py). An eleventh new-user trial asked four of the others as they are written and got three
unrelated closest entries with no hint that the FAQ names the topic but has no answer for it. A question that asks
one now gets a notice saying so, beside whatever the search found.

A question asks a heading when the heading's words (two at least) are in it, weighted by how rare each is in the
corpus, for at least ASKS_SHARE of their weight, and make at least MOST_OF_QUESTION of the question's own: a
report holds "view", "print" and "results" without asking about print results (a written post did; long posts are
not read for it at all). Of the 771 labelled questions (real
posts, dev, every written set) none other asks one (docs/eval.md, twenty-second session).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from faqbot.ingest.records import Chunk
from faqbot.ingest.store_protocol import Manifest
from faqbot.ingest.textproc import tokenize

ASKS_SHARE = 0.8  # of a heading's words' weight the question must hold
MIN_WORDS = 2  # a heading of one word ("Print") names nothing on purpose
# of the question's words' weight the heading must hold: a question asking it says little else ("what is the
# difference between endPoint and tunnelEndpoint?"), a report naming its words says much more
MOST_OF_QUESTION = 0.5


@dataclass(frozen=True)
class Heading:
    title: str
    language: str  # its document's
    tokens: frozenset[str]
    # its title in each language of its document's translations ("Paramètres endPoint et tunnelEndpoint")
    titles: Mapping[str, str]


def unanswered_headings(manifest: Manifest, chunks: Sequence[Chunk]) -> list[Heading]:
    """The manifest's headings without text that no entry answers (an entry naming one has it as an alias). A
    document's translations list the same headings in the same order: the n-th of each is one heading in their
    languages (when they list as many)."""
    aliases = {a for c in chunks for a in c.aliases}
    docs = {c.doc: (c.family, c.language) for c in chunks}
    by_doc: dict[str, list[str]] = {}
    for h in manifest.get("empty_headings", []):
        by_doc.setdefault(str(h.get("doc", "")), []).append(str(h.get("title", "")))
    out = []
    for doc, titles in by_doc.items():
        family, lang = docs.get(doc, (doc, doc.rsplit(".", 1)[-1]))
        versions = {docs[d][1]: t for d, t in by_doc.items() if d in docs and docs[d][0] == family}
        for n, title in enumerate(titles):
            tokens = frozenset(tokenize(title, lang))
            if title in aliases or len(tokens) < MIN_WORDS:
                continue
            same = {other: t[n] for other, t in versions.items() if len(t) == len(titles)}
            out.append(Heading(title, lang, tokens, same))
    return out


def asked_heading(
    headings: Sequence[Heading], question: str, language: str, df: Mapping[str, int], n_chunks: int
) -> str:
    """The title, in the answer's `language` when the FAQ has it in that language (else in English), of the heading
    the question asks (the one holding the largest share), or ""."""
    best: tuple[float, str] = (0.0, "")

    def weight(tokens: set[str] | frozenset[str]) -> float:
        return sum(math.log(1 + n_chunks / df.get(t, 1)) for t in tokens)

    # what the question says, in its own language's words (a Spanish question's function words are no topic)
    said = weight(set(tokenize(question, language)))
    # the question read once per language the headings are in
    read = {lang: set(tokenize(question, lang)) for lang in {h.language for h in headings}}
    for h in headings:
        held = h.tokens & read[h.language]
        if len(held) < MIN_WORDS:
            continue
        share = weight(held) / weight(h.tokens)
        if share >= ASKS_SHARE and weight(held) >= MOST_OF_QUESTION * said:
            # in the answer's language, else as the English FAQ writes it: a Spanish answer quoted the French
            # heading, read from the French FAQ's copy at the same share (a seventeenth trial)
            best = max(best, (round(share, 6), h.titles.get(language) or h.titles.get("en") or h.title))
    return best[1]
