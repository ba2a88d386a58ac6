"""`faqbot eval`: metrics over a question file, optionally with ranking signals switched off
(`--ablate NAME`, repeatable; `--ablate list` names them). The parser's shared flags are in ui/cli.py."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from faqbot.bot.config import embedder_index

if TYPE_CHECKING:
    from faqbot.bot.service import Bot

EXAMPLE = "faqbot eval eval/dev.jsonl --out results.jsonl; faqbot eval eval/dev.jsonl --ablate error_title --json"


def eval_flags(s: argparse.ArgumentParser) -> None:
    """The flags of `faqbot eval` that no other command has."""
    s.add_argument(
        "--embedder",
        default=None,
        help="evaluate with another embedder, in a temporary index (default: the index's own)",
    )
    s.add_argument(
        "--out", type=Path, default=None, help="write one JSON line per question, as each one ends (default: none)"
    )
    s.add_argument(
        "--support",
        action="store_true",
        help="also score extractive answers' support (always on with --llm; embeds every answer sentence)",
    )
    s.add_argument(
        "--split", default=None, help="only the questions of this half: tune or test of eval/posts.jsonl (default: all)"
    )
    s.add_argument(
        "--llm-warm", action="store_true", help="first warm the LLM server's prefix cache (see faqbot llm-warm)"
    )
    s.add_argument(
        "--answer-all",
        action="store_true",
        help="answer every question retrieval finds an entry for, whatever the decision (both thresholds 0): "
        "measures what answers hold, e.g. a generated answer on the whole set; the decision's own metrics are "
        "then not the shipped ones (default: the shipped decision)",
    )
    s.add_argument(
        "--ablate",
        action="append",
        default=[],
        metavar="SIGNAL",
        help="switch a ranking signal off (weight 0) for this run; repeatable; `--ablate list` names them "
        "(default: none; docs/eval.md)",
    )


def signal_table() -> str:
    """The ranking's signals, one per line: name, weight, what it measures."""
    from faqbot.bot.retrieval.signals import CITED_VERSION, SIGNALS

    rows = [*SIGNALS, CITED_VERSION]
    width = max(len(s.name) for s in rows)
    return "\n".join(f"{s.name:{width}}  {s.weight:<5g}  {s.measures}" for s in rows)


def _ablate(bot: Bot, weights: dict[str, float]) -> None:
    """The bot's retriever rebuilt with these signal weights (the index is not read again)."""
    from faqbot.bot.retrieval.retrieve import HybridRetriever

    old = bot.retriever
    bot.retriever = HybridRetriever(old.store, fusion=old.fusion, abstain=old.abstain_model, weights=weights)


def _open_bot(args: argparse.Namespace, weights: dict[str, float]) -> Bot:
    """The bot the run measures: another embedder's temporary index, signals switched off, every
    question answered (--answer-all), as asked."""
    from faqbot.bot.retrieval.abstain import answering, load_default_model
    from faqbot.bot.service import Bot

    from .commands import open_bot_from_args, settings_from_args

    if args.embedder:
        model = load_default_model(settings_from_args(args).abstain_model)
        bot = Bot(embedder_index(args.embedder, args.corpus, quiet=args.json), abstain=model)
    else:
        bot = open_bot_from_args(args)
    if args.ablate:
        _ablate(bot, weights)
    if args.answer_all:
        bot.retriever.abstain_model = answering(bot.retriever.abstain_model)
    return bot


def cmd_eval(args: argparse.Namespace) -> int:
    from faqbot.bot.evaluation.evaluate import evaluate, format_answer_table, format_table, read_questions
    from faqbot.bot.retrieval.signals import ablated

    from .commands import warm_llm

    if "list" in args.ablate:
        print(signal_table())
        return 0
    if args.file is None:
        print("faqbot eval: name a question file, e.g. faqbot eval eval/dev.jsonl", file=sys.stderr)
        return 2
    weights = ablated(args.ablate)  # an unknown name fails here, before the index is opened
    questions = read_questions(args.file, args.split)
    bot = _open_bot(args, weights)
    bot.warm()
    warm = None
    if args.llm_warm and bot.llm is None:
        print("warning: --llm-warm needs --llm (and --llm-base-url): nothing to warm", file=sys.stderr)
    elif args.llm_warm:
        warm = warm_llm(bot, quiet=args.json)
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115 (closed below)

    def write(line: dict) -> None:
        # written as each question ends: a long LLM run that stops early keeps what it measured
        if out:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            out.flush()

    try:
        run = evaluate(bot, questions, support=True if args.support else None, on_row=write)
    finally:
        if out:
            out.close()
    if args.json:
        result = {"metrics": run.metrics, "answers": run.answers, "questions": run.rows}
        result |= {"ablated": sorted(set(args.ablate)), "weights": weights, "answer_all": args.answer_all}
        print(json.dumps(result | ({"llm_warm": warm.to_json()} if warm else {}), indent=2))
    else:
        if args.ablate:
            print(f"ablated (weight 0): {', '.join(sorted(set(args.ablate)))}\n")
        print(format_table(run.metrics))
        print()
        print(format_answer_table(run.answers))
    return 0
