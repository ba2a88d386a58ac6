"""`faqbot mcp` and `faqbot api-key`: the commands of the doors other clients use (ui/doors.py)."""

from __future__ import annotations

import argparse
import contextlib
import sys


def cmd_mcp(args: argparse.Namespace) -> int:
    from faqbot.bot.config import Settings, open_bot

    from .doors import read_public_url

    settings = Settings.from_env(vars(args))  # the edge: flags, then the environment
    base = read_public_url(settings.public_url) or ""
    try:
        from .mcp_server import run_stdio
    except ImportError:
        print("error: the MCP SDK is missing; install it with pip install 'faqbot[mcp]'", file=sys.stderr)
        return 1
    # stdout carries the protocol: whatever loading prints (an index build's progress) goes to stderr
    with contextlib.redirect_stdout(sys.stderr):
        llm, spec, model = settings.llm_settings, settings.store_spec(), settings.abstain_model
        bot = open_bot(args.index, args.corpus, llm, quiet=True, store=spec, abstain_model=model)
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
