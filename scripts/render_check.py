"""Check that a change to how answers are built or rendered leaves what users see unchanged (issue 28).

    python scripts/render_check.py dump --index INDEX OUT.jsonl   # on the old code, then on the new
    python scripts/render_check.py compare OLD.jsonl NEW.jsonl     # prints the differences, exit 1 if any

Each question of the sets is retrieved once, then composed under every outcome (the shipped
decision, answer, answer with focus "fix", closest entries, not covered), so all the answer's
layouts are covered whatever the shipped model decides. Per answer it keeps what each door shows:
the Markdown text (JSON API, CLI, MCP), the lead and notices, the OpenAI-compatible API's shown
text, and the chat's HTML bubble (answer ids blanked: they are random).

Issue 28 (answers as parts, two renderers), measured on one index (format 6) with the extractive
backend, old code 6690fb1 against the new: 308 questions (dev, real-posts, other-langs, zh-short)
x 5 outcomes = 1540 answers, 0 differences in text, lead, notices, shown text and chat HTML.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

SETS = ("eval/dev.jsonl", "eval/real-posts.jsonl", "eval/other-langs.jsonl", "eval/zh-short.jsonl")


def _bubble(a) -> str:
    from faqbot.ui.app import render_answer

    try:
        html = render_answer(a)
    except TypeError:  # before issue 28 the chat rendered the answer's JSON
        html = render_answer(a.to_json())
    return html.replace(a.answer_id[:12], "ID")


def _row(qid: str, variant: str, a) -> dict:
    from faqbot.ui.openai_api import shown_text

    return {
        "id": qid,
        "variant": variant,
        "text": a.text,
        "lead": a.lead,
        "notices": a.notices,
        "shown": shown_text(a, "https://example.org"),
        "html": _bubble(a),
    }


def dump(index: str, out: str) -> int:
    from faqbot.bot.answers.compose import compose
    from faqbot.bot.evaluation.evaluate import read_questions
    from faqbot.bot.retrieval.decision import ANSWER, CLOSEST, NOT_COVERED, Decision
    from faqbot.bot.service import Bot

    bot = Bot.open(index)
    rows = []
    for path in SETS:
        for q in read_questions(Path(path)):
            r = bot.retriever.retrieve(q.question, k=bot.k)
            variants = {"shipped": (r, "")}
            for outcome, reason in ((ANSWER, "confident"), (CLOSEST, "unsure"), (NOT_COVERED, "far")):
                variants[outcome] = (replace(r, decision=Decision(outcome, r.confidence, reason)), "")
            variants["fix"] = (variants[ANSWER][0], "fix")
            for name, (rv, focus) in variants.items():
                rows.append(_row(q.id, name, compose(rv, q.question, focus)))
    Path(out).write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in rows), encoding="utf-8")
    print(f"{len(rows)} answers written to {out}")
    return 0


def compare(old: str, new: str) -> int:
    a = [json.loads(x) for x in Path(old).read_text(encoding="utf-8").splitlines()]
    b = [json.loads(x) for x in Path(new).read_text(encoding="utf-8").splitlines()]
    if len(a) != len(b):
        print(f"{len(a)} answers before, {len(b)} after")
        return 1
    diffs = {k: 0 for k in a[0] if k not in ("id", "variant")}
    for x, y in zip(a, b):
        for k in diffs:
            if x[k] != y[k]:
                diffs[k] += 1
                if diffs[k] <= 3:
                    print(f"{x['id']} {x['variant']} {k}:\n  before: {x[k]!r}\n  after:  {y[k]!r}")
    print(f"{len(a)} answers; differences: " + ", ".join(f"{k} {n}" for k, n in diffs.items()))
    return 1 if any(diffs.values()) else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--index", required=True)
    d.add_argument("out")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    args = p.parse_args(argv)
    return dump(args.index, args.out) if args.cmd == "dump" else compare(args.old, args.new)


if __name__ == "__main__":
    sys.exit(main())
