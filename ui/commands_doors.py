"""`faqbot mcp` and `faqbot api-key`: the commands of the doors other clients use (ui/doors.py)."""

from __future__ import annotations

import argparse
import contextlib
import sys


def cmd_mcp(args: argparse.Namespace) -> int:
    from faqbot.bot.config import LLMSettings, open_bot, resolve_store

    from .doors import read_public_url

    base = read_public_url(args) or ""
    try:
        from .mcp_server import run_stdio
    except ImportError:
        print("error: the MCP SDK is missing; install it with pip install 'faqbot[mcp]'", file=sys.stderr)
        return 1
    # stdout carries the protocol: whatever loading prints (an index build's progress) goes to stderr
    with contextlib.redirect_stdout(sys.stderr):
        llm = LLMSettings.resolve(args.llm, args.llm_base_url, args.llm_timeout)
        bot = open_bot(args.index, args.corpus, llm, quiet=True, store=resolve_store(args.store, args.index))
        bot.warm()
    print(f"faqbot MCP server on stdio: {len(bot.retriever.chunks)} entries", file=sys.stderr, flush=True)
    run_stdio(bot, base)
    return 0


def cmd_api_key(args: argparse.Namespace) -> int:
    from .doors import HASH, add_key

    key = add_key(args.file)
    print(key)
    print(
        f"(its {HASH} hash was added to {args.file}; start the server with --api-keys-file {args.file}. "
        "The key is shown only now.)",
        file=sys.stderr,
    )
    return 0
