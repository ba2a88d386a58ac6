"""What answering a question will cost, decided before it takes a worker slot (ui/gate.py).

The first round sent a question to the long-question lane by its characters (600 with the
previous turn). The work is in tokens, not characters: a 599-character question of random CJK,
emoji and punctuation is about 605 tokens and cost 2.1 s against 0.11 s, admitted as normal (8
such clients: 33 of 33 probes refused). A 19-character follow-up whose history carries 1,000
characters into the rewritten query cost 1.4 to 5.7 s, also admitted as normal. Now the cost is
the tokens of everything the answer will encode: the question and each earlier user turn the
follow-up rewrite reads (its query joins them, and the previous question is retrieved again to
compare), counted with the index's own tokenizer on the text each stage actually reads.
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


def _counter(bot):
    embedder = getattr(getattr(bot, "retriever", None), "embedder", None)
    count = getattr(embedder, "count_tokens", None)
    return count if callable(count) else estimate_tokens


def _bounded(text: str, count) -> int:
    # each pass reads at most one encoder window of the text's start
    text = text[:MAX_QUERY_CHARS]
    if len(text) * 3 <= HEAVY_TOKENS:
        # a token is at least one character: a short text is cheap without asking the tokenizer,
        # which takes 15 to 20 ms of the event loop for 600 to 1,000 characters on a busy machine
        return len(text) + 2
    return min(MAX_QUERY_TOKENS, int(count(text)))


def question_cost(bot, question: object, history: list[Turn] | None) -> int:
    """Tokens the answer will encode: the question, and the previous user turn a follow-up reads."""
    count = _counter(bot)
    text = question if isinstance(question, str) else ""
    turns = [t.content[:MAX_TURN_CHARS] for t in (history or [])[-MAX_HISTORY_TURNS:] if t.role == "user"]
    if not turns:
        return _bounded(text, count)
    # at most: the rewritten query (the question and the previous turn, which itself carries what
    # it resolved from earlier ones, cut to MAX_TURN_CHARS), then the previous question retrieved
    # again to compare (bot/dialogue/aspect.py decline_repeat)
    return _bounded(text + " " + turns[-1], count) + _bounded(turns[-1], count)


def is_heavy(bot, question: object, history: list[Turn] | None) -> bool:
    return question_cost(bot, question, history) > HEAVY_TOKENS
