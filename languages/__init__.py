"""Language packs: everything faqbot knows of a language, one module per language.

The lowest layer (ingest/ and bot/ build their word lists and patterns from here; it imports
nothing of faqbot). `PACKS` is the registry; its order is the order the tables are built in
(English first: ties of the language detector go to it, and the patterns try its words first).
Adding a language is one module here plus its entry in `_MODULES` (docs/architecture.md,
"Adding a language").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from types import MappingProxyType

from . import de, en, es, fr, it, ja, ko, nl, pt, zh
from .pack import LABEL_KINDS, ROLE_KINDS, LanguagePack
from .scripts import CJK, HAN, HANGUL, KANA, KATAKANA, OTHER_SCRIPTS

_MODULES = (en, fr, es, it, de, pt, nl, zh, ja, ko)
PACKS: MappingProxyType[str, LanguagePack] = MappingProxyType({m.PACK.code: m.PACK for m in _MODULES})
# the languages questions are answered in (the corpus's): ("en", "fr", "es")
ANSWERED: tuple[str, ...] = tuple(code for code, p in PACKS.items() if p.answers)
# a script that names its language outright, tried in this order: kana before Han (Japanese
# writes kanji too), then the scripts of languages without a pack
SCRIPTS: tuple[tuple[str, str, int], ...] = (
    *((code, PACKS[code].script, PACKS[code].script_minimum) for code in ("ja", "ko", "zh")),
    *OTHER_SCRIPTS,
)

__all__ = [
    "ANSWERED",
    "CJK",
    "HAN",
    "HANGUL",
    "KANA",
    "KATAKANA",
    "LABEL_KINDS",
    "PACKS",
    "ROLE_KINDS",
    "SCRIPTS",
    "LanguagePack",
    "alternatives",
    "expand",
    "pack",
    "unaccented",
    "words",
]


def pack(code: str) -> LanguagePack | None:
    """The pack of a language, or None when faqbot has none for it."""
    return PACKS.get(code)


def words(field: str, key: str = "", packs: Iterable[LanguagePack] | None = None) -> tuple[str, ...]:
    """A tuple field of every pack (or one key of a mapping field: words("roles", "sink")), in
    registry order, without repeats."""
    out: dict[str, None] = {}
    for p in PACKS.values() if packs is None else packs:
        value = getattr(p, field)
        out.update(dict.fromkeys(value.get(key, ()) if key else value))
    return tuple(out)


def expand(pattern: str) -> str:
    """A pack's pattern with "{negation}" standing for every pack's `negation_words` ("telnet not ok" in a
    French question is still a failed check), each accented letter also matching its letter without the accent."""
    negation = "|".join(sorted(words("negation_words"), key=len, reverse=True))
    return unaccented(pattern.replace("{negation}", negation))


def _bare(ch: str) -> str:
    base = unicodedata.normalize("NFKD", ch)[0]
    return base if base != ch and base.isascii() and base.isalpha() else ""


def unaccented(pattern: str) -> str:
    """A regex whose accented letters also match the letter without its accent ("marché" -> "march[ée]",
    "[eé]" -> "[eée]"): users type "ca n'a pas marche", "exactly-once active" on keyboards without accents (a
    sixteenth trial's French turns were read as not covered, or as the opposite case)."""
    out: list[str] = []
    in_class = negated = escaped = False
    for i, ch in enumerate(pattern):
        bare = "" if escaped or (in_class and negated) else _bare(ch)
        if escaped or ch == "\\":
            out.append(ch)
            escaped = not escaped
        elif ch == "[" and not in_class:
            in_class, negated = True, pattern[i + 1 : i + 2] == "^"
            out.append(ch)
        elif ch == "]" and in_class and pattern[i - 1] not in "[^":
            in_class = False
            out.append(ch)
        else:
            out.append(ch + bare if in_class else f"[{ch}{bare}]" if bare else ch)
    return "".join(out)


def alternatives(field: str, spaced: bool) -> str:
    """The `*_patterns` of the packs whose words are (spaced=True) or are not separated by spaces,
    joined into one regex alternation (registry order: a pattern may rely on trying English first)."""
    return "|".join(expand(f) for f in words(field, packs=(p for p in PACKS.values() if p.spaced == spaced)))


def any_pattern(*fields: str) -> re.Pattern[str]:
    """One case-insensitive regex matching any of the packs' `fields` patterns: the spaced languages' at a word's
    start, the others anywhere ("设置多少")."""
    spaced = [a for f in fields if (a := alternatives(f, True))]
    unspaced = [a for f in fields if (a := alternatives(f, False))]
    return re.compile("|".join([rf"\b(?:{a})" for a in spaced] + unspaced), re.IGNORECASE)
