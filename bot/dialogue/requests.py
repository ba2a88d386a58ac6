"""What a short turn asks of the entry under discussion, by its words alone: its fix ("how do I fix it?", "que
faire ?"), its cause ("why?", "is that normal?"), its SQL ("give me the SQL"), the entries next to it ("that did not
work", "what else?", "I tried that"), its other fixes ("I already increased binlog retention": bot/answers/done.py);
nothing when the turn names a problem of its own beside the request."""

from __future__ import annotations

import re

from faqbot.bot.answers.answer import Turn
from faqbot.bot.answers.done import content_words, done_turn
from faqbot.bot.answers.focus import ASKED
from faqbot.bot.dialogue.words import (
    ACKNOWLEDGED,
    ERROR_CLASS,
    NEW_SYMPTOM,
    OPENS_QUESTION,
    OPENS_WHY,
    PRONOUNS,
    QUOTED_MESSAGE,
    REFERS_BACK,
    SHORT,
    word_count,
)
from faqbot.languages import any_pattern, expand, words

# a setting's value or unit asks for the fix too: it is there, or the entry gives none (bot/answers/detail.py)
ASKS_FIX = any_pattern("fix_request_patterns", "value_request_patterns", "unit_request_patterns")
FIX_WORDS = 10  # a longer question names its own problem: it is searched as it is
# saying the fix did not work takes a few words more ("ça n'a pas marché, j'ai toujours la même erreur", 11 with its
# elisions; "that did not work, still nothing comes out of the window"): a fourth trial saw both searched as typed
FAILED_WORDS = 16
# What else a short turn may ask of the entry under discussion, checked in this order: its fix was tried and
# did not help ("that did not work"), its SQL or configuration ("give me the SQL"), its cause ("why?"). Each
# pattern says where it stands itself ("why" only opens a turn that is nothing more), so no \b is added.
ENTRY_REQUESTS = {
    kind: re.compile("|".join(f"(?:{expand(p)})" for p in words(f"{field}_patterns")), re.I)
    for kind, field in (("failed", "failed_fix"), ("code", "code_request"), ("cause", "cause_request"))
}


def asks_for_fix(question: str, history: list[Turn]) -> bool:
    """A short follow-up asking how to fix what the previous answer was about."""
    return (
        any(t.role == "user" for t in history)
        and word_count(question) <= FIX_WORDS
        and bool(ASKS_FIX.search(question))
    )


def entry_request(question: str) -> str:
    """What a short turn asks of an entry, by its words alone: "failed", "done", "code", "cause", "fix" or "". An
    acknowledgement it opens on is not read ("ok and is that normal?" asks "is that normal?": an eighth trial)."""
    question = ACKNOWLEDGED.sub("", question, count=1) or question
    n_words = word_count(question)
    if n_words > FAILED_WORDS or (
        n_words > SHORT and (ERROR_CLASS.search(question) or QUOTED_MESSAGE.search(question))
    ):
        # a turn pasting an error of its own, or quoting its message, names its own problem (as in is_follow_up): "¿Cómo
        # soluciono el error 'doesn't support consuming update and delete changes'?" after a Kafka window answer
        # was given that window entry's fix (the README's screenshot, retaken in a twenty-sixth session)
        return ""
    kind = next((k for k, pattern in ENTRY_REQUESTS.items() if pattern.search(question)), "")
    if kind == "failed":
        # "pourquoi le paramètre ne marche pas ?" asks the cause of what does not work (a seventh trial got a
        # leftover fix, "Enregistrez la configuration et redémarrez le job.")
        return "cause" if OPENS_WHY.match(question) else kind
    # a turn saying only what the user did ("I already increased binlog retention"): as long as "that did not work"
    kind = done_turn(question) or kind
    if kind in ("done", "failed"):
        # what it did, then what happens now ("ya lo cambié a upsert-kafka y ahora dice que la tabla necesita
        # PRIMARY KEY"): a new symptom, asked of the FAQ as a question of its own (a ninth trial stayed on the entry)
        return "" if NEW_SYMPTOM.search(question) else kind
    kind = kind or ("fix" if ASKS_FIX.search(question) else "")
    before = content_words(_before_request(question))
    # a longer turn is a request when it opens on it: what follows are details ("how do I fix it for the writing
    # job? we do not use lookup"); words before it name a problem of their own
    if n_words > FIX_WORDS and before:
        return ""
    return "" if kind and before >= OWN_PROBLEM_WORDS else kind


# words of a problem of its own before a request ("Timeout expired while fetching topic metadata, que faire ?"): a
# new question, not one about the entry under discussion ("the job then crashes, what should I do?" names two)
OWN_PROBLEM_WORDS = 3


def _before_request(question: str) -> str:
    """The words of a turn before its first request or question opening (all of it when it has none), without
    an opener referring back and pronouns."""
    starts = [m.start() for p in (ASKS_FIX, *ENTRY_REQUESTS.values(), OPENS_QUESTION) if (m := p.search(question))]
    head = question[: min(starts)] if starts else question
    return PRONOUNS.sub(" ", REFERS_BACK.sub(" ", head))


def names_own_problem(question: str) -> bool:
    """Whether a turn names a problem of its own before what it asks."""
    return content_words(_before_request(question)) >= OWN_PROBLEM_WORDS


def asked_focus(question: str) -> str:
    """The focus of a question asked of the entry under discussion in its words: its cause for one opening on "why"
    ("why would the order change?"), else the part its words ask for."""
    return "cause" if OPENS_WHY.match(ACKNOWLEDGED.sub("", question, count=1) or question) else ASKED


def focus(question: str, history: list[Turn]) -> str:
    """What the answer should quote of the entry under discussion: "fix" for a how-do-I-fix-it follow-up,
    "cause" for "why?", "code" for "give me the SQL", "done" for "I already increased the retention" (its other
    fixes: bot/service.py), "failed" for "that did not work" or "I tried that" (its fix and the
    other entries close to the question: bot/answers/compose.py); "" for a question of its own."""
    return entry_request(question) if any(t.role == "user" for t in history) else ""
