"""Two follow-ups that are not new searches: "and in French?" (the entry under discussion, in another
language) and "how do I fix it?" with nothing before it (no entry under discussion at all).

"and in French?" after a product swap ("ClickHouse visibility" -> "what about Hologres?") used to
re-run a search on the swapped question's words and return the French ClickHouse entry; the turn it
follows is now retrieved again as it was (its own history, its own follow-up checks) and its
entries are cited in the asked language. "how do I fix it?" as a first message (after Clear, with
the selector on Español) used to search those words and cite a random entry with low confidence.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from faqbot.bot.answers.answer import Turn
from faqbot.bot.dialogue.follows import is_follow_up
from faqbot.bot.dialogue.requests import ASKS_FIX, ENTRY_REQUESTS, FIX_WORDS, entry_request
from faqbot.bot.dialogue.words import PRONOUNS, REFERS_BACK, no_topic, word_count
from faqbot.bot.retrieval.decision import NOT_COVERED, Decision

if TYPE_CHECKING:
    from faqbot.bot.retrieval.retrieve import Hit, HybridRetriever, Retrieval

_PUNCT = re.compile(r"[?¿!¡.,;:…？！。，]+")


def previous_user_turn(history: list[Turn]) -> int | None:
    """Index of the last user turn in the history, or None."""
    return next((i for i in range(len(history) - 1, -1, -1) if history[i].role == "user"), None)


def _cited_in(h: Hit, lang: str) -> Hit:
    """The hit citing its version in lang, else its English original (as retrieval cites)."""
    by_lang = {c.language: c for c in h.versions}
    chunk = by_lang.get(lang) or by_lang.get("en") or h.chunk
    return replace(h, chunk=chunk, other_language=lang not in by_lang)


def in_language(r: Retrieval, lang: str) -> Retrieval:
    """The same entries, ranks and decision, cited and answered in another language."""
    return replace(r, language=lang, hits=[_cited_in(h, lang) for h in r.hits])


def is_bare_reference(question: str) -> bool:
    """A turn that only points back ("how do I fix it?", "et ça ?", "¿y eso?"): once its fix
    phrase, its opener and its pronouns are gone, no word of a topic is left."""
    if word_count(question) > FIX_WORDS or not (entry_request(question) or is_follow_up(question)):
        return False
    rest = REFERS_BACK.sub(" ", question)
    for pattern in (ASKS_FIX, *ENTRY_REQUESTS.values()):
        rest = pattern.sub(" ", rest)
    rest = _PUNCT.sub(" ", PRONOUNS.sub(" ", rest))
    return no_topic(rest)


def nothing_to_refer_to(retriever: HybridRetriever, r: Retrieval) -> Retrieval:
    """A bare reference with no earlier question: "not covered", whatever the retrieval found (a
    decision of its own reason, bot/retrieval/decision.py)."""
    decision = Decision(NOT_COVERED, r.confidence, "bare_reference")
    return replace(r, decision=decision, features={**r.features, "bare_reference": 1.0})
