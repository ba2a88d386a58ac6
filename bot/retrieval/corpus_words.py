"""What a follow-up is read against from the corpus itself: its product names, so that a lower-case
"what about hologres?" names one, and how common each word is, so that an entry's topic words are
weighed (a rare "duplicate" says more than "data")."""

from __future__ import annotations

import math
import re
import weakref
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from faqbot.ingest.textproc import SUPPORTED, tokenize

if TYPE_CHECKING:
    from faqbot.bot.retrieval.retrieve import HybridRetriever

# A capitalised word inside a sentence (after a lower-case word), and a lower-case word of prose
# (not part of an option, a path, a quoted value such as 'connector' = 'hologres').
_MID_SENTENCE_CAPITAL = re.compile(r"(?<=[a-z0-9,] )[A-Z][A-Za-z0-9]+(?![\w.\-'])")
_PROSE_LOWER = re.compile(r"(?<![\w.\-'=/:])[a-z][a-z0-9]+(?![\w.\-'/])")


@dataclass(frozen=True)
class CorpusWords:
    # product names, lower-cased: words the corpus writes capitalised inside sentences at least three
    # times and never in lower case as a word of prose (Hologres, ClickHouse, Paimon; not "Solution",
    # a heading's word, nor "SQL", an acronym), that are no function word of a supported language
    names: frozenset[str]
    document_frequency: dict[str, int]  # in how many chunks (entry versions) each token stands
    chunks: int
    # each entry version's title, and the entry (translation group) it heads; a title two entries share is left
    # out: it would not say which one an answer cited (bot/dialogue/shown.py)
    titles: dict[str, str]

    def idf(self, token: str) -> float:
        return math.log(1 + self.chunks / self.document_frequency.get(token, 1))


_CACHE: weakref.WeakKeyDictionary[HybridRetriever, CorpusWords] = weakref.WeakKeyDictionary()


def corpus_words(retriever: HybridRetriever) -> CorpusWords:
    """The corpus's names and word frequencies, read once per retriever."""
    if retriever not in _CACHE:
        capital: Counter[str] = Counter()
        lower: Counter[str] = Counter()
        df: Counter[str] = Counter()
        for c in retriever.chunks:
            text = c.title + "\n" + c.body
            capital.update(w.lower() for w in _MID_SENTENCE_CAPITAL.findall(text) if not w.isupper())
            lower.update(_PROSE_LOWER.findall(text))
            df.update(set(tokenize(text, c.language)))
        names = frozenset(
            w
            for w, n in capital.items()
            if n >= 3 and not lower[w] and len(w) > 2 and all(tokenize(w, lang) for lang in SUPPORTED)
        )
        heads: dict[str, set[str]] = {}
        for i, c in enumerate(retriever.chunks):
            heads.setdefault(c.title, set()).add(retriever.group_ids[retriever.chunk_group[i]])
        titles = {t: next(iter(g)) for t, g in heads.items() if len(g) == 1 and t.strip()}
        _CACHE[retriever] = CorpusWords(names, dict(df), len(retriever.chunks), titles)
    return _CACHE[retriever]


def corpus_names(retriever: HybridRetriever) -> frozenset[str]:
    return corpus_words(retriever).names
