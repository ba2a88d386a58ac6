"""Feedback log (JSONL): votes on answers and every abstained question; `faqbot report` summary."""

from __future__ import annotations

import argparse
import json
import os
import threading
import time
from collections import Counter
from pathlib import Path

_LOCK = threading.Lock()


def default_log() -> Path:
    return Path(os.environ.get("FAQBOT_FEEDBACK", "feedback.jsonl"))


def append(path: Path, event: dict) -> None:
    """Append one event; a line is written whole (single write under a lock, then fsync)."""
    event = {"time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), **event}
    line = json.dumps(event, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    with _LOCK, open(path, "a", encoding="utf-8") as f:
        f.write(line)
        f.flush()
        os.fsync(f.fileno())


def answer_event(kind: str, answer: dict, vote: str | None = None) -> dict:
    return {
        "kind": kind,
        "vote": vote,
        "question": answer.get("question"),
        "language": answer.get("language"),
        "abstained": answer.get("abstained"),
        "answer": answer.get("text"),
        "citations": [
            {"chunk_id": c["chunk_id"], "title": c["title"], "language": c["language"]}
            for c in answer.get("citations", [])
        ],
    }


def read(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue  # a torn last line from a crash is skipped, not fatal
    return out


def summarize(events: list[dict]) -> dict:
    unanswered = Counter(e["question"] for e in events if e.get("kind") == "abstained" and e.get("question"))
    down = Counter(e["question"] for e in events if e.get("vote") == "down")
    per_lang: dict[str, Counter] = {}
    for e in events:
        per_lang.setdefault(e.get("language") or "?", Counter())[e.get("vote") or e.get("kind")] += 1
    return {
        "events": len(events),
        "top_unanswered": unanswered.most_common(10),
        "downvoted": down.most_common(10),
        "per_language": {k: dict(v) for k, v in per_lang.items()},
    }


def print_report(args: argparse.Namespace) -> int:
    path = Path(args.feedback_log) if args.feedback_log else default_log()
    s = summarize(read(path))
    if args.json:
        print(json.dumps(s, indent=2, ensure_ascii=False))
        return 0
    print(f"{s['events']} events in {path}")
    print("Top unanswered questions:")
    for q, n in s["top_unanswered"]:
        print(f"  {n:3}  {q[:100]}")
    print("Downvoted answers:")
    for q, n in s["downvoted"]:
        print(f"  {n:3}  {q[:100]}")
    print("Per language:")
    for lang, counts in s["per_language"].items():
        print(f"  {lang}: " + ", ".join(f"{k}={v}" for k, v in counts.items()))
    return 0
