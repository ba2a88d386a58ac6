"""English words for the Chinese (Japanese, Korean) terms of a Flink user's question, for the lexical pass.

The corpus has no Chinese version, so BM25 matches a Chinese question only through its
identifiers ("MySQL", "CDC"); "字符集" (character set) or "乱码" (garbled text) count for nothing,
and the small multilingual e5 model reads them weakly. The question's Chinese terms are looked up
here and their English words are added to what BM25 reads (and, for a one-line question, to what
the abstention features read). The dense query is left as typed: e5 reads Chinese itself, and with
the English words added to it one question of the Chinese set lost its first place (docs/eval.md).

The list is general vocabulary of stream processing and of this product, written from the
terminology of Flink's Chinese documentation, not from any evaluation question.
"""

from __future__ import annotations

import re

from faqbot.languages import CJK, PACKS

# term -> English words, the glossaries of the packs written without spaces (languages/zh.py, ja.py,
# ko.py; French and Spanish ones are read word by word, bot/retrieval/xling.py): a term two packs share (kanji)
# takes the later pack's words
ZH_TERMS: dict[str, str] = dict(PACKS["zh"].glossary)
TERMS: dict[str, str] = {term: english for p in PACKS.values() if not p.spaced for term, english in p.glossary.items()}

# Han, kana and Hangul: the scripts whose terms are looked up
_CJK_RE = re.compile(f"[{CJK}]")
# longest first, so "滚动窗口" is read before "窗口" and its characters are not counted twice
_TERM_RE = re.compile("|".join(re.escape(t) for t in sorted(TERMS, key=len, reverse=True)))


def english_terms(text: str) -> str:
    """The English words for the Chinese, Japanese or Korean terms of the text ('' when it has none)."""
    if not _CJK_RE.search(text):
        return ""
    seen: list[str] = []
    for m in _TERM_RE.finditer(text):
        words = TERMS[m.group(0)]
        if words not in seen:
            seen.append(words)
    return " ".join(seen)
