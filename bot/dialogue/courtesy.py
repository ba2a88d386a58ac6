"""A turn that only thanks or greets ("merci !", "muchas gracias", "hello", "ok thanks"): answered as such, in the
language of its words, with no entry. A sixteenth trial's "gracias" got three unrelated entries under "I am not
sure the FAQ covers this", and "merci" "The FAQ does not cover this question"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from faqbot.bot.retrieval.decision import GREETING, THANKS
from faqbot.languages import PACKS, expand

_FIELDS = {THANKS: "thanks_patterns", GREETING: "greeting_patterns"}
# what else such a turn may hold: an acknowledgement, a politeness word ("ok thanks", "merci svp")
_BESIDES = ("acknowledgement_patterns", "please_patterns")
LONGEST = 60  # characters: a longer turn says something more


def _alternation(fields: tuple[str, ...], spaced: bool, code: str | None = None) -> str:
    packs = [p for c, p in PACKS.items() if p.spaced == spaced and (code is None or c == code)]
    return "|".join(expand(x) for p in packs for f in fields for x in getattr(p, f))


def _alternatives(fields: tuple[str, ...], code: str | None = None) -> str:
    spaced, unspaced = _alternation(fields, True, code), _alternation(fields, False, code)
    return "|".join(([rf"\b(?:{spaced})\b"] if spaced else []) + ([f"(?:{unspaced})"] if unspaced else []))


def _compile(fields: tuple[str, ...], code: str | None = None) -> re.Pattern[str] | None:
    alts = _alternatives(fields, code)
    return re.compile(alts, re.IGNORECASE) if alts else None


# each phrase such a turn may be made of, alone: the turn is read phrase by phrase, the longest at each word, never
# by one pattern repeating an alternation ("ok ok ok ... x" took seconds per word added: "ok" is four packs')
_WRITTEN = {
    (expand(x), p.spaced) for p in PACKS.values() for f in (*_FIELDS.values(), *_BESIDES) for x in getattr(p, f)
}
_PHRASES = tuple(re.compile(rf"(?:{x})\b" if spaced else f"(?:{x})", re.IGNORECASE) for x, spaced in sorted(_WRITTEN))
_BETWEEN = re.compile(r"[\W_]*")  # punctuation, spaces and emoji between the phrases


def _only_courtesy(text: str) -> bool:
    pos = _BETWEEN.match(text).end()  # type: ignore[union-attr]
    while pos < len(text):
        end = max((m.end() for p in _PHRASES if (m := p.match(text, pos))), default=pos)
        if end == pos:
            return False
        pos = _BETWEEN.match(text, end).end()  # type: ignore[union-attr]
    return True


_OWN = {
    (kind, code): pattern
    for kind, field in _FIELDS.items()
    for code in PACKS
    if (pattern := _compile((field,), code)) is not None
}


@dataclass(frozen=True)
class Courtesy:
    kind: str  # THANKS or GREETING (thanks win: "hi, thanks!")
    language: str | None  # the one language its words are in; None when they are several's ("ok", "hallo")


def courtesy(text: str) -> Courtesy | None:
    """The turn's courtesy when it holds nothing else (punctuation and emoji aside), else None. An acknowledgement
    alone ("ok", "d'accord") is not one: it may wait for more; nor is a question ("that worked?")."""
    if len(text) > LONGEST or "?" in text or "？" in text or not _only_courtesy(text):
        return None
    found = [(kind, code) for (kind, code), pattern in _OWN.items() if pattern.search(text)]
    if not found:
        return None
    kind = THANKS if any(k == THANKS for k, _ in found) else GREETING
    languages = {code for k, code in found if k == kind}
    return Courtesy(kind, languages.pop() if len(languages) == 1 else None)
