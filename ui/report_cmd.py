"""`faqbot report`: the feedback summary (text or --json) and the Insights view (--json tables,
--html FILE), from whatever store the feedback flags name."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from faqbot.bot.settings import DEFAULT_INDEX

from .feedback import summarize
from .feedback_stores import open_feedback, print_report, store_name
from .insights_source import RETENTION_DAYS, InsightsSource


def _retriever(index: Path | None):
    """The index's retriever when there is one (entries, embedder); None groups nothing."""
    path = index or DEFAULT_INDEX
    if not path.exists():
        return None
    from faqbot.bot.retrieval.retrieve import HybridRetriever

    r = HybridRetriever(path)
    return lambda: r


def write_private(path: Path, text: str) -> None:
    """Written whole (a temporary file renamed over it) and 0600: it quotes users' questions."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(tmp, path)


def report(args: argparse.Namespace) -> int:
    store = open_feedback(args.feedback_log, args.feedback_db)
    if not (args.json or args.html):
        return print_report(args)
    retention = getattr(args, "retention_days", None) or RETENTION_DAYS  # ui/commands.py _with_settings
    source = InsightsSource(store, _retriever(args.index), embed_budget_s=None)  # a one-off command reads them all
    data = source.data(args.days)
    if args.html:
        from .insights_html import render

        write_private(args.html, render(data, retention, getattr(args, "lang", "en")))
        if not args.json:
            print(
                f"wrote {args.html}: {data.questions} questions, {len(data.gaps)} coverage gaps ({store_name(store)})"
            )
    if args.json:
        print(json.dumps({**summarize(store.events()), "insights": data.to_json()}, indent=2, ensure_ascii=False))
    return 0
