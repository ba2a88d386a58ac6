"""The language a user asks in, read from the clause before a question mark (a new user's trial, sixteenth
session: "<English error> que faire ?", "... comment désactiver ?", "— comment je corrige ?" were answered in
English).

After a pasted English error, a user's question is often two or three words, and a word French writes and
English does too ("comment") or that three languages write ("que") is not enough for the function-word count
of ingest/textproc.py. How a question opens in a language is (the packs' `question_patterns`,
`fix_request_patterns`, `cause_request_patterns`): a clause ending in "?" that holds one language's opener is
asked in it. Only clauses closed by a question mark count: a pasted error or SQL ("COMMENT ON COLUMN ...")
asks nothing, and a clause holding an English asking word ("how", "why", "I") is English's. English is no
candidate: the caller asks only when English won on the words.
"""

from __future__ import annotations

import re

from faqbot.languages import PACKS

_FIELDS = ("question_patterns", "fix_request_patterns", "value_request_patterns", "cause_request_patterns")
# cause requests are anchored to a whole turn ("^\W*pourquoi\W*$"): here they are tried on one clause
_OPENERS = {
    code: re.compile("|".join(f"(?:{f})" for field in _FIELDS for f in getattr(p, field)), re.IGNORECASE)
    for code, p in PACKS.items()
    if code != "en" and p.spaced and any(getattr(p, field) for field in _FIELDS)
}
# a clause ends at a sentence's or a label's punctuation before a space (not "8.0.1"'s dots), a dash, a line
# break or an opening "¿": "... delete changes — comment je corrige ?" asks "comment je corrige"
_CLAUSE_END = re.compile(r"[.:;!]+(?=\s)|[—–\n¿]")
_FRAME = re.compile(r"^\s*at\s")


def question_clauses(text: str) -> list[str]:
    """The clauses of a text that a question mark closes (stack frames left out)."""
    kept = "\n".join(line for line in text.splitlines() if not _FRAME.match(line))
    pieces = re.split(r"[?？]", kept)[:-1]  # every piece but the last is followed by a question mark
    return [clause for piece in pieces if (clause := _CLAUSE_END.split(piece)[-1].strip())]


def _asked_in_english(clause: str) -> bool:
    """A clause holding a word a person asks with in English ("how to comment under a post") is English's."""
    return bool({w.lower() for w in re.findall(r"[^\W_]+", clause)} & PACKS["en"].asking_words)


def asking_language(text: str) -> str | None:
    """The one language (not English) whose question openers a question clause of the text holds, else None."""
    clauses = [c for c in question_clauses(text) if not _asked_in_english(c)]
    found = {code for clause in clauses for code, opener in _OPENERS.items() if opener.search(clause)}
    return next(iter(found)) if len(found) == 1 else None
