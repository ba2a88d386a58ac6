"""Entries titled with an error message, and the questions that quote it (the `error_title` signal).

An entry titled with an error message ("Error: No suitable driver found", "IllegalArgumentException:
timeout value is negative", 'Paimon write job error: "Heartbeat of TaskManager timed out"') gains the
signal's weight when the question quotes that message: a pasted error is the surest sign of what is
asked, and the words around it (an address, a driver name) otherwise pull towards longer entries that
share them. The weight is `ERROR_TITLE_BONUS` in bot/retrieval/signals.py.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np
from faqbot.languages import words

_ERROR_TITLE_RE = re.compile(
    rf"^\s*(?:{'|'.join(words('error_label_patterns'))})\s*:\s*(.+)$|^\s*\w+(?:Exception|Error)\s*:\s*(.+)$", re.I
)
_QUOTES = "\"'«»“”‘’ \u00a0"
# a title naming an error or a failure: 'Paimon write job error: "Heartbeat of TaskManager timed out"', "MaxCompute
# job fails with 'Invalid partition spec'" (a quote in a title that names neither is no message: 'Use the "Other
# Configuration" field')
_ERROR_WORD = re.compile(rf"\b(?:{'|'.join(words('error_label_patterns') + words('failure_title_patterns'))})\b", re.I)
# from its first word, in double or single quotes ("MaxCompute job fails with 'Invalid partition spec'": a real post
# quoting the message had the entry second, after an entry titled with the post's exception class). A quote opening
# in lower case is the middle of a message, and its missing start can be
# what differs ("StreamPhysicalWindowAggregate doesn't support consuming update and delete changes ..." is not
# the entry's "Table sink ... doesn't support ...": a real post labelled uncovered was answered)
_QUOTED = re.compile(r"[\"“«]\s*([A-Z][^\"”»]{11,}?)\s*[\"”»]|(?<!\w)['‘]([A-Z][^'’]{11,}?)['’](?!\w)")
# ... unless the entry's own text quotes the whole message: then the message is that line, from its start, up to
# the last word of the title's quote but one ('How do I fix the "doesn't support consuming update and delete changes
# which is produced by node TableSourceScan" error?' quotes "Table sink 'vvp.default.***' doesn't support ...": a
# real report's "Table sink 'orders_joined' doesn't support ... produced by node Join(...)" missed its entry, a
# twenty-first trial). The last word names the job's own node, table or file.
_MIDDLE = re.compile(r"[\"“«]\s*([a-z][^\"”»]{11,}?)\s*[\"”»]")
COMPLETED_WORDS = 10  # a completed message this long at least: shorter openings are shared by other errors
# a word standing for any one word: "File xxx not found", the entry's masked name ("'vvp.default.***'")
_PLACEHOLDER = re.compile(r"\bx{3,}\b|[^\s*]*\*{3,}[^\s*]*")


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


def error_title_index(titles: list[list[str]], texts: list[str]) -> list[tuple[int, str]]:
    """(entry, error message) for every title that is an error message of at least 12 characters
    found in no other entry's text (any language): "SQL validation failed" heads every Flink SQL
    error, so quoting it tells nothing."""
    out = []
    squashed = [_squash(t) for t in texts]
    for gi, group in enumerate(titles):
        for t in group:
            for msg in _messages(t) or _completed(t, texts[gi]):
                if not any(quotes(msg, text) for gj, text in enumerate(squashed) if gj != gi):
                    out.append((gi, msg))
    return out


@lru_cache(maxsize=256)
def _placeholder_pattern(msg: str) -> re.Pattern[str]:
    return re.compile(r"\S+".join(re.escape(p) for p in _PLACEHOLDER.split(msg)))


def quotes(msg: str, low: str) -> bool:
    """Whether squashed text quotes the message; a placeholder in it ("File xxx not found") stands for any
    one word (the file a real report names)."""
    return _placeholder_pattern(msg).search(low) is not None if _PLACEHOLDER.search(msg) else msg in low


def _messages(title: str) -> list[str]:
    """The error message a title is or quotes, squashed ([] for none): "Error: X", "XException: X", or a
    quote in a title ('Paimon write job error: "Heartbeat of TaskManager timed out"', "MaxCompute job fails with
    'Invalid partition spec'")."""
    m = _ERROR_TITLE_RE.match(title)
    quoted = _QUOTED.search(title) if not m and _ERROR_WORD.search(title) else None
    said = (m.group(1) or m.group(2)).strip(_QUOTES) if m else (quoted.group(1) or quoted.group(2)) if quoted else ""
    msg = _squash(said)
    return [msg] if len(msg) >= 12 else []


def _completed(title: str, text: str) -> list[str]:
    """The message a title quotes the middle of, as the entry's text writes it whole (_MIDDLE), squashed; [] when
    the text does not, or the message is short."""
    m = _MIDDLE.search(title) if _ERROR_WORD.search(title) else None
    if m is None:
        return []
    middle = _squash(m.group(1))
    for line in text.splitlines():
        low = _squash(line)
        at = low.find(middle)
        if at > 0 and low[at - 1] not in "\"“«":  # the line writes the message, not quotes it (a title)
            msg = " ".join(low[: at + len(middle)].split()[:-1]).strip(_QUOTES)
            return [msg] if len(msg.split()) >= COMPLETED_WORDS else []
    return []


def error_title_bonus(index: list[tuple[int, str]], text: str, n: int, bonus: float) -> np.ndarray:
    """bonus for each of the n entries whose title's message the text quotes, else 0."""
    out = np.zeros(n, dtype=np.float64)
    low = _squash(text)
    for gi, msg in index:
        if quotes(msg, low):
            out[gi] = bonus
    return out
