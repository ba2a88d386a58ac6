"""The `faqbot` command: bot's commands plus serve, report and bench."""

from __future__ import annotations

import argparse

from bot.cli import add_index_args, add_llm_args, build_parser, run


def cmd_serve(args: argparse.Namespace) -> int:
    from .server import serve

    return serve(args)


def cmd_report(args: argparse.Namespace) -> int:
    from .feedback import print_report

    return print_report(args)


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    return run_bench(args)


def parser() -> argparse.ArgumentParser:
    p = build_parser()
    sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    s = sub.add_parser("serve", help="chat UI and JSON API on one port")
    add_index_args(s, corpus=True)
    add_llm_args(s)
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=7860)
    s.add_argument("--auth", default=None, help="USER:PASS for the UI and API (or FAQBOT_AUTH)")
    s.add_argument("--feedback-log", default=None, help="JSONL feedback log (FAQBOT_FEEDBACK, else ./feedback.jsonl)")
    s.add_argument("--max-concurrency", type=int, default=4)
    s.set_defaults(func=cmd_serve)

    s = sub.add_parser("report", help="summarise the feedback log")
    s.add_argument("--feedback-log", default=None)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_report)

    s = sub.add_parser("bench", help="measure speed and memory; rewrite docs/benchmarks.md")
    add_index_args(s, corpus=True)
    s.add_argument("--load", action="store_true", help="also run the full load test (20 clients x 50 questions)")
    s.add_argument("--scale", action="store_true", help="also run the 100k / 1M synthetic vector benchmark")
    s.add_argument("--questions", type=str, default="../shared/eval/dev.jsonl")
    s.add_argument("--out", default="docs/benchmarks.md")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    return run(parser(), argv)
