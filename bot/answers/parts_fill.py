"""Filling the room a selection of parts leaves (bot/answers/parts.py chooses the parts first).

Two cases: the other remedies of a list of alternatives the question's words cannot tell apart, and
the LLM's passage, which is read by a model rather than on a screen: what the selection left out
takes the room left within the passage's budget, so the model can quote it.
"""

from __future__ import annotations

from typing import Protocol

from faqbot.bot.answers.excerpt import fit, item_opening
from faqbot.bot.answers.parts_score import PartQuery, case_fit
from faqbot.ingest.records import Part

LEAST = 60  # room below which no part is begun


class Picker(Protocol):
    parts: list[Part]
    texts: list[str]
    chosen: dict[int, str]
    room: int

    def take(self, i: int, text: str | None = None) -> bool: ...

    def opener(self, i: int) -> None: ...


def take_alternatives(pick: Picker, shape: str, rel: list[float], qy: PartQuery, slack: int) -> None:
    """The other remedies of an entry whose fix is a closing list of alternatives ("items"), when the
    question's words tell at most one of them apart (a question in a language the entry lacks): each in
    its opening sentences, sharing the room the fix may take (the budget and slack), in the entry's
    order. Otherwise the answer was the one remedy its words hit, and the user never saw the others."""
    alts = [i for i, p in enumerate(pick.parts) if p.fix and p.kind == "item"]
    if shape != "items" or sum(rel[i] > 0 for i in alts) > 1:
        return
    _share(pick, [i for i in alts if i not in pick.chosen], pick.room + slack, qy)


def complete(pick: Picker, order: list[int], qy: PartQuery) -> None:
    """The LLM's passage: the parts the selection left out (not another version's branch, no code
    sample) share the room left, each whole or in its opening sentences, in reading order; the error
    text the selection shortened first gets the room back (its lines from the one the question hits,
    a stack trace cut to its exception lines and each library's last frame)."""
    for i in [i for i in pick.chosen if pick.parts[i].kind == "problem" and pick.chosen[i] != pick.texts[i]]:
        room = pick.room + len(pick.chosen[i])
        longer = pick.texts[i] if len(pick.texts[i]) <= room else fit(pick.texts[i], room, *qy.q, traces=True)
        if len(longer) > len(pick.chosen[i]):
            pick.room -= len(longer) - len(pick.chosen[i])
            pick.chosen[i] = longer
    left = [
        i
        for i in order
        if i not in pick.chosen
        and pick.parts[i].kind not in ("label", "heading", "code")
        and case_fit(pick.parts[i].case, qy.cond) >= 0
    ]
    _share(pick, left, pick.room, qy)


def _share(pick: Picker, left: list[int], room: int, qy: PartQuery) -> None:
    """Parts taken in order, each whole when it fits its share of the room, else its opening."""
    for k, i in enumerate(left):
        limit = room // (len(left) - k) - 2
        if limit < LEAST:
            continue
        text = pick.texts[i]
        if len(text) > limit:
            if pick.parts[i].kind == "problem":
                text = fit(text, limit, *qy.q, traces=True)
            else:
                text = item_opening(text, limit, *qy.q[1:])
        if text and pick.take(i, text):
            room -= len(text) + 2
            pick.opener(i)
