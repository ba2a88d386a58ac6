"""The chosen parts of an entry as one text (bot/answers/parts.py chooses them): in reading order, a version
branch introduced by the case it is, and never a note's label left over nothing."""

from __future__ import annotations

import re

from faqbot.bot.answers.parts_score import case_fit
from faqbot.bot.answers.phrases import phrase
from faqbot.ingest.records import Part


def join_parts(
    parts: list[Part], chosen: dict[int, str], order: list[int], cond: tuple[str, str] | None, lang: str
) -> str:
    """The chosen parts in reading order; a version branch the question's version selected is
    introduced by the case it is ("From version 6.0.2:")."""
    out = []
    for i in order:
        if i not in chosen:
            continue
        case = parts[i].case
        if case and cond and case_fit(case, cond) > 0:
            kind, v = case.split(" ", 1)
            out.append(f"**{phrase('case_' + kind, lang, version=v)}**")
        out.append(chosen[i] if parts[i].kind in ("label", "heading") else _no_dangling_label(chosen[i]))
    while out and _BARE_LABEL.match(out[-1]):
        out.pop()  # a section's label with nothing of its section after it
    return "\n\n".join(t for t in out if t)


# a paragraph that is only a note's label ("Note", "Remarque", "Important"): nothing to read without its note
_BARE_LABEL = re.compile(r"^\s*(?:\*\*)?\w+(?: \w+)?(?:\*\*)?:?\s*$")


def _no_dangling_label(text: str) -> str:
    """A part's text without the label it ends on: a part cut to its opening can stop right after a note's
    label, which then reads as a heading over nothing ("Note" at an answer's end: an eighth trial)."""
    paras = text.split("\n\n")
    while paras and _BARE_LABEL.match(paras[-1]):
        paras.pop()
    return "\n\n".join(paras)
