"""`faqbot serve`: one process, one port: Gradio chat UI at /, JSON API at /api."""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

from faqbot.bot.config import LLMSettings, default_corpus, ensure_store, make_llm, reload_interval, resolve_store
from faqbot.bot.reload import IndexWatcher
from faqbot.bot.service import Bot
from faqbot.ingest.store import StoreSpec, open_store

from .api import AppState, register
from .feedback import default_log

log = logging.getLogger("faqbot")


def create_app(
    index: Path | StoreSpec,
    corpus: Path,
    llm=None,
    feedback_log: Path | None = None,
    max_concurrency: int = 4,
    auth: tuple[str, str] | None = None,
):
    import gradio as gr
    from fastapi import FastAPI

    from .app import CSS, build_ui

    spec = index if isinstance(index, StoreSpec) else StoreSpec("faiss", index)
    bot = Bot(open_store(spec), llm)
    bot.warm()  # load detector and embedder before the first user
    state = AppState(bot, corpus, feedback_log or default_log(), max_concurrency)
    if reload_interval() > 0:  # follow newly published builds (bot/reload.py)
        state.watcher = IndexWatcher(bot, spec, reload_interval()).start()
    app = FastAPI(title="faqbot", docs_url=None, redoc_url=None)
    app.state.logger = log
    if auth:
        _require_basic_auth(app, auth)
    register(app, state)
    demo = build_ui(state)
    return gr.mount_gradio_app(app, demo, path="/", auth=auth, css=CSS, footer_links=["api"]), state


def _require_basic_auth(app, auth: tuple[str, str]) -> None:
    import base64
    import secrets

    from fastapi.responses import JSONResponse

    @app.middleware("http")
    async def basic(request, call_next):
        if request.url.path.startswith(("/api/", "/source/")):
            header = request.headers.get("authorization", "")
            ok = False
            if header.startswith("Basic "):
                try:
                    user, _, pw = base64.b64decode(header[6:]).decode().partition(":")
                    ok = secrets.compare_digest(user, auth[0]) and secrets.compare_digest(pw, auth[1])
                except ValueError:
                    ok = False
            if not ok:
                return JSONResponse(
                    {"error": "Authentication required (HTTP Basic)."},
                    status_code=401,
                    headers={"WWW-Authenticate": "Basic"},
                )
        return await call_next(request)


def read_auth(args: argparse.Namespace) -> tuple[str, str] | None:
    """USER:PASS from --auth, FAQBOT_AUTH, --auth-file or FAQBOT_AUTH_FILE (first found)."""
    raw = args.auth or os.environ.get("FAQBOT_AUTH")
    file = args.auth_file or (Path(os.environ["FAQBOT_AUTH_FILE"]) if os.environ.get("FAQBOT_AUTH_FILE") else None)
    if not raw and file:
        try:
            raw = file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read the auth file {file} ({exc}); it should hold USER:PASS") from exc
    if not raw:
        return None
    user, sep, pw = raw.partition(":")
    if not sep or not user or not pw:
        raise ValueError("credentials must be USER:PASS (--auth, FAQBOT_AUTH or --auth-file)")
    return user, pw


def serve(args: argparse.Namespace, llm: LLMSettings) -> int:
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    corpus = args.corpus or default_corpus()
    index = ensure_store(resolve_store(args.store, args.index), args.index, corpus)
    auth = read_auth(args)
    feedback_log = args.feedback_log or default_log()
    app, state = create_app(index, corpus, make_llm(llm), feedback_log, args.max_concurrency, auth)
    print(
        f"faqbot serving on http://{args.host}:{args.port}/  (API: /api/ask, /api/health; backend: "
        f"{state.bot.backend_name})",
        flush=True,
    )
    # the chat page keeps a connection open: do not wait long for it on shutdown
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=3)
    return 0
