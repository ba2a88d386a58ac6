"""English words for the French and Spanish terms of a question, for entries that lack its language.

The Data validity FAQ exists in English and Spanish, the Common SQL errors in English, the
Connectors FAQ in English and French: a French question about an empty sink table meets only the
English and Spanish versions of its entry, and BM25 cannot match "table sink vide" against "no
output in the sink table"; the small multilingual e5 model reads the pair weakly and a French entry
about another sink (Hologres, Paimon) won with high confidence. The question's terms are looked up
here (accents optional, longest first) and:

- their English words are added to what BM25 reads (as bot/retrieval/glossary.py does for Chinese);
- the question with its terms put in English is embedded too, and an entry that has no version in
  the question's language is scored by the closer of the two readings (an entry that has one is
  scored as before, so same-language retrieval is unchanged).

The lists (the language packs' glossaries: languages/fr.py, es.py, and German's, de.py) are the
general vocabulary of stream processing and of this product's FAQ (its titles, symptoms and fixes),
written from the corpus, not from any evaluation question. docs/eval.md gives the measurements and
what was tried and dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from faqbot.ingest.textproc import fold
from faqbot.languages import PACKS

# per language, the glossary of a language written with spaces (the packs': languages/fr.py, es.py)
TERMS: dict[str, dict[str, str]] = {code: dict(p.glossary) for code, p in PACKS.items() if p.spaced and p.glossary}
ENDINGS: dict[str, tuple[str, ...]] = {code: PACKS[code].glossary_endings for code in TERMS}


def _pattern(terms: dict[str, str], endings: tuple[str, ...]) -> re.Pattern[str]:
    # whole words or phrases of the folded text, longest first, the pack's endings allowed (a plural "s"); after
    # an elided article or pronoun too ("n'apparaissent", "l'echec", "qu'au"), not inside a quoted name or a
    # hyphenated word
    body = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in sorted(terms, key=len, reverse=True))
    ends = "|".join(re.escape(e) for e in endings)
    return re.compile(rf"(?:(?<=\b[cdjlmnst]')|(?<=\bqu')|(?<![\w'-]))(?:{body})(?:{ends})?(?![\w-])")


_PATTERNS = {lang: _pattern(terms, ENDINGS[lang]) for lang, terms in TERMS.items()}


@dataclass
class Gloss:
    """A question's terms in English: the words alone (for BM25) and the question with them in place."""

    words: str  # "" when no term was found
    text: str  # the question (folded) with each term put in English; as typed when none was found
    terms: int = 0  # how many distinct terms were found


def gloss(text: str, lang: str) -> Gloss:
    """The English reading of a question's terms, for a language whose pack has a glossary of whole words
    (French, Spanish, German; empty for the others)."""
    pattern, terms, ends = _PATTERNS.get(lang), TERMS.get(lang, {}), ENDINGS.get(lang, ())
    if pattern is None:
        return Gloss("", text)
    folded = fold(text).replace("’", "'")
    seen: list[str] = []

    def put(m: re.Match[str]) -> str:
        t = re.sub(r"\s+", " ", m.group(0))
        english = terms.get(t) or next(terms[t[: -len(e)]] for e in ends if t.endswith(e) and t[: -len(e)] in terms)
        if english not in seen:
            seen.append(english)
        return english

    translated = pattern.sub(put, folded)
    return Gloss(" ".join(seen), translated if seen else text, len(seen))
