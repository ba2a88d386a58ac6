"""What answering a question will cost, decided before it takes a worker slot (ui/gate.py).

The first round sent a question to the long-question lane by its characters (600 with the
previous turn). The work is in tokens, not characters: a 599-character question of random CJK,
emoji and punctuation is about 605 tokens and cost 2.1 s against 0.11 s, admitted as normal (8
such clients: 33 of 33 probes refused). A 19-character follow-up whose history carries 1,000
characters into the rewritten query cost 1.4 to 5.7 s, also admitted as normal. Now the cost is
the tokens of everything the answer will encode: the question and each earlier user turn the
follow-up rewrite reads (its query joins them, and the previous question is retrieved again to
compare), on the text each stage actually reads.

Counted by `estimate_tokens`, never by the index's tokenizer: the count runs on the event loop, before the gate
refuses anything, and a third attack round's 40 clients sending 3,000 characters of CJK and emoji (refused with 503
at once) held the loop 15 to 20 ms a request with the tokenizer: another user's question took 2.2 s (p50). The
estimate reads 3,000 such characters in under 1 ms and counts them as the tokenizer does (a token each).
"""

from __future__ import annotations

import unicodedata

from faqbot.bot.answers.answer import Turn
from faqbot.bot.service import MAX_HISTORY_TURNS, MAX_TURN_CHARS
from faqbot.ingest.embedders import MAX_QUERY_CHARS, MAX_QUERY_TOKENS

# a normal question is 5 to 40 tokens; the old 600-character line was about 150 English tokens.
# Past this, a question costs several normal ones and goes to the long-question lane.
HEAVY_TOKENS = 160


def estimate_tokens(text: str) -> int:
    """Subword tokens without a tokenizer: a character outside ASCII letters and digits is about a
    token of its own (CJK, emoji, punctuation), an ASCII word about one per four letters."""
    n = 0
    run = 0
    for ch in text:
        if ch.isascii() and ch.isalnum():
            run += 1
            continue
        if run:
            n += -(-run // 4)
            run = 0
        if not ch.isspace() and unicodedata.category(ch) != "Mn":
            n += 1
    return n + -(-run // 4)


def _bounded(text: str) -> int:
    # each pass reads at most one encoder window of the text's start
    return min(MAX_QUERY_TOKENS, estimate_tokens(text[:MAX_QUERY_CHARS]) + 2)


def question_cost(question: object, history: list[Turn] | None) -> int:
    """Tokens the answer will encode: the question, and the previous user turn a follow-up reads."""
    text = question if isinstance(question, str) else ""
    turns = [t.content[:MAX_TURN_CHARS] for t in (history or [])[-MAX_HISTORY_TURNS:] if t.role == "user"]
    if not turns:
        return _bounded(text)
    # at most: the rewritten query (the question and the previous turn, which itself carries what
    # it resolved from earlier ones, cut to MAX_TURN_CHARS), then the previous question retrieved
    # again to compare (bot/dialogue/aspect.py decline_repeat)
    return _bounded(text + " " + turns[-1]) + _bounded(turns[-1])


def is_heavy(question: object, history: list[Turn] | None) -> bool:
    return question_cost(question, history) > HEAVY_TOKENS
