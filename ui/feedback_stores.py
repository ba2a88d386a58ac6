"""Which feedback store is configured, and the commands that read one (`faqbot report`'s text
form, `faqbot feedback export`).

Apart from `feedback` (the JSONL store, the records, the limits) so that the database store can
import those without `feedback` importing it back.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from functools import partial
from pathlib import Path

from .feedback import FeedbackStore, JsonlFeedback, summarize
from .feedback_guard import GuardedFeedback

DEFAULT_DB = "feedback.db"


def open_feedback(log: Path | None = None, db: str | None = None) -> FeedbackStore:
    """The configured store: a JSONL log when one is named (--feedback-log, FAQBOT_FEEDBACK), else a
    database (--feedback-db, FAQBOT_FEEDBACK_DB; a SQLite file ./feedback.db by default). The caller
    passes the values bot/settings.py read (Settings.feedback_log, Settings.feedback_db)."""
    if log is not None and not db:
        return JsonlFeedback(log)
    from .feedback_db import SqlFeedback

    return SqlFeedback(db or DEFAULT_DB)


def open_guarded(log: Path | None = None, db: str | None = None) -> GuardedFeedback:
    """The configured store for `faqbot serve`: a database server that cannot be reached at start is opened again on
    use (the replica answers meanwhile, with one warning line naming the fix); a bad SQLite file or a bad setting
    still stops the start with its message."""
    import sqlalchemy as sa

    from .feedback_db import FeedbackDBError

    try:
        return GuardedFeedback(open_feedback(log, db))
    except FeedbackDBError as exc:
        # only a server not answering (the driver's OperationalError), never a SQLite file or a schema too new
        unreachable = isinstance(exc.__cause__, sa.exc.OperationalError)
        if not unreachable or "://" not in (db or "") or (db or "").startswith("sqlite"):
            raise
        print(f"warning: {exc}; answering meanwhile, the database is tried again on use", file=sys.stderr)
        return GuardedFeedback(partial(open_feedback, log, db))


def store_name(store: FeedbackStore) -> str:
    return str(getattr(store, "location", None) or getattr(store, "path", "feedback"))


def _clip(shown: str, n: int = 100) -> str:
    """A long question cut to n characters; the reading of a follow-up after it, cut to n too."""
    q, sep, read_as = shown.partition(" [read as: ")
    # one line per question: a pasted post's newlines broke the list
    q, read_as = " ".join(q.split()), " ".join(read_as[:-1].split())
    return q[:n] + (f" [read as: {read_as[:n]}]" if sep else "")


def print_report(args: argparse.Namespace) -> int:
    store = open_feedback(args.feedback_log, args.feedback_db)
    s = summarize(store.events())
    if args.json:
        print(json.dumps(s, indent=2, ensure_ascii=False))
        return 0
    decisions = ", ".join(f"{k}={v}" for k, v in s["decisions"].items())
    print(f"{s['events']} events in {store_name(store)}: {s['answers']} questions ({decisions}), votes {s['votes']}")
    print("Top unanswered questions (not covered):")
    for q, n in s["top_unanswered"]:
        print(f"  {n:3}  {_clip(q)}")
    print("Top questions answered only with closest entries (the bot was not sure):")
    for q, n in s["top_closest"]:
        print(f"  {n:3}  {_clip(q)}")
    print("Downvoted answers:")
    for q, n in s["downvoted"]:
        print(f"  {n:3}  {_clip(q)}")
    print("Per language:")
    for lang, counts in s["per_language"].items():
        print(f"  {lang}: " + ", ".join(f"{k}={v}" for k, v in counts.items()))
    return 0


def _private_file(path: Path):
    """A file for writing, mode 0600 (it quotes users' questions), an existing one tightened first."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "w", encoding="utf-8")


def export(args: argparse.Namespace) -> int:
    """`faqbot feedback export`: every event of the configured store as JSON lines (the log's format)."""
    store = open_feedback(args.feedback_log, args.feedback_db)
    with _private_file(args.out) if args.out else contextlib.nullcontext(sys.stdout) as out:
        for e in store.events():
            out.write(json.dumps(e, ensure_ascii=False) + "\n")
    return 0
