"""A pasted report over the question limit, shortened to what the report reader (report.py) reads of it.

Real posts paste whole logs: a twenty-second trial's 5,657-character report was refused with a message asking the
user to leave out repeated stack frames, work the README says the bot does. Of a trace the reader keeps the first
MAX_FRAMES frames and the exception lines; the later frames and lines repeated word for word (a retried job's log)
say nothing it reads. They are left out, in that order, until the post fits; a post that still does not fit (prose,
DDL) is refused as before. Every step is one pass over the lines: a paste of MAX_PASTE_CHARS costs a few
milliseconds.

A job's log pasted whole (a twenty-sixth trial: 19,505 characters, its root cause in the last "Caused by" lines) was
refused unread, the user told to trim it: routine log records (TRACE, DEBUG, INFO, then WARN) that name no error,
exception or failure are left out too, after the late frames and repeats and before the frames themselves.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from faqbot.bot.retrieval.report import FRAME_RE, MAX_FRAMES, log_level

# what a paste may be before shortening: a job's log of a few hundred lines (16,000 refused a twenty-sixth trial's
# 19,505-character log); more is refused unread. Far under the request body's 256 KB.
MAX_PASTE_CHARS = 64_000
# what a log record says when it reports a problem: such a record stays whatever its level
_ALARM = re.compile(r"exception|error|caused by|fail|refused|denied|timeout|timed out|reject|错误|失败|异常|超时", re.I)


def shorten(text: str, limit: int) -> tuple[str, int]:
    """The text within `limit` characters if leaving out late stack frames, then repeated lines, then every frame
    gets it there (else as short as that makes it), and how many lines were left out."""
    if len(text) <= limit:
        return text, 0
    lines = text.split("\n")
    kept = lines
    for step in _STEPS:
        kept = step(kept)
        if sum(len(ln) + 1 for ln in kept) - 1 <= limit:
            break
    return "\n".join(kept), len(lines) - len(kept)


def _late_frames(lines: list[str]) -> list[str]:
    """Each trace's frames past its first MAX_FRAMES ("... 12 more" counts as one)."""
    out, run = [], 0
    for ln in lines:
        run = run + 1 if FRAME_RE.match(ln) else 0
        if run <= MAX_FRAMES:
            out.append(ln)
    return out


def _repeats(lines: list[str]) -> list[str]:
    """Lines said before, word for word (blank lines stay: they part the post)."""
    seen: set[str] = set()
    out = []
    for ln in lines:
        key = ln.strip()
        if key and key in seen:
            continue
        seen.add(key)
        out.append(ln)
    return out


def _quiet(levels: frozenset[str]) -> Callable[[list[str]], list[str]]:
    """A step leaving out the log records at these levels that name no problem."""

    def step(lines: list[str]) -> list[str]:
        return [ln for ln in lines if log_level(ln) not in levels or _ALARM.search(ln)]

    return step


def _frames(lines: list[str]) -> list[str]:
    return [ln for ln in lines if not FRAME_RE.match(ln)]


_STEPS: tuple[Callable[[list[str]], list[str]], ...] = (
    _late_frames,
    _repeats,
    _quiet(frozenset({"TRACE", "DEBUG", "INFO"})),
    _quiet(frozenset({"TRACE", "DEBUG", "INFO", "WARN", "WARNING"})),
    _frames,
)
