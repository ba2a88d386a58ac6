"""How far e5 moves a text when it is translated out of English: one vector per language, measured on
the corpus's own translations at ingest and read back by retrieval (writer and reader together).

multilingual-e5-small scores a question higher against text in the question's language: a French
question sits about 0.03 closer to a French entry than to the English original of the same entry
(docs/eval.md, issue 25). The French questions about the Data validity FAQ (English and Spanish
only) lost to French Connectors entries that way. The shift of a language is the mean, over the
entries that exist in it and in English, of (its version's vector - the English version's vector),
for the answer and title rows. Retrieval subtracts `weight * question . shift[language]` from the
cosine of every version in that language (English: 0), so an entry's best-version score no longer
depends on whether it exists in the question's language. Nothing is fitted: the vector is a mean of
the corpus's translation pairs, the weight 1 removes exactly the measured shift.

Stored in the index manifest as `language_shift`: {language: {"pairs": n, "vector": [floats]}}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .records import Chunk

BASE = "en"  # every entry has an English version: the shifts are measured from it
FIELDS = ("body", "title")  # the vector rows compared (aliases exist in some versions only)


def measure(chunks: list[Chunk], rows: list[dict], vectors: np.ndarray) -> dict[str, dict]:
    """The manifest's `language_shift`, from the ingested chunks (translation groups linked), their
    vector rows and the vectors; a language with no version paired with English gets none."""
    first_row: dict[tuple[int, str], int] = {}
    for i, r in enumerate(rows):
        first_row.setdefault((r["chunk"], r["field"]), i)
    groups: dict[str, dict[str, int]] = {}
    for n, c in enumerate(chunks):
        groups.setdefault(c.translation_group or c.id, {}).setdefault(c.language, n)
    diffs: dict[str, list[np.ndarray]] = {}
    pairs: dict[str, int] = {}
    for versions in groups.values():
        if BASE not in versions:
            continue
        for lang, n in versions.items():
            if lang == BASE:
                continue
            pairs[lang] = pairs.get(lang, 0) + 1
            for f in FIELDS:
                a, b = first_row.get((n, f)), first_row.get((versions[BASE], f))
                if a is not None and b is not None:
                    diffs.setdefault(lang, []).append(vectors[a] - vectors[b])
    return {
        lang: {"pairs": pairs[lang], "vector": [round(float(x), 6) for x in np.mean(d, axis=0)]}
        for lang, d in sorted(diffs.items())
    }


class LanguageShift:
    """The shifts of an index, applied to the per-chunk cosines of one question."""

    def __init__(self, manifest: Mapping[str, Any], chunk_languages: list[str], weight: float) -> None:
        stored = manifest.get("language_shift") or {}
        self.languages = sorted(stored)
        self.weight = weight
        self._matrix = (
            np.array([stored[lang]["vector"] for lang in self.languages], dtype=np.float32)
            if self.languages
            else np.zeros((0, 0), dtype=np.float32)
        )
        # column of each chunk's language in the matrix, -1 for English and languages without a shift
        index = {lang: i for i, lang in enumerate(self.languages)}
        self._chunk_col = np.array([index.get(lang, -1) for lang in chunk_languages], dtype=np.int64)

    def offsets(self, query_vector: np.ndarray) -> np.ndarray:
        """Per chunk, what the question's closeness to the chunk's language adds to its cosine."""
        out = np.zeros(len(self._chunk_col), dtype=np.float32)
        if not self.languages or not self.weight:
            return out
        per_lang = self._matrix @ np.asarray(query_vector, dtype=np.float32)
        has = self._chunk_col >= 0
        out[has] = self.weight * per_lang[self._chunk_col[has]]
        return out

    def remove(self, per_chunk: np.ndarray, query_vector: np.ndarray) -> np.ndarray:
        """The cosines without the language offsets; chunks the search did not reach (-1) stay -1."""
        return np.where(per_chunk > -1, per_chunk - self.offsets(query_vector), per_chunk).astype(np.float32)
