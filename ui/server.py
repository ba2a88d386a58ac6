"""`faqbot serve`: one process, one port: Gradio chat UI at /, JSON API at /api."""

from __future__ import annotations

import argparse
import errno
import logging
import socket
import sys
from pathlib import Path

from faqbot.bot.config import Settings, default_corpus, ensure_store, make_llm
from faqbot.bot.reload import IndexWatcher
from faqbot.bot.retrieval.abstain import load_default_model
from faqbot.bot.service import Bot
from faqbot.ingest.store import StoreSpec, open_store

from .accounts import Auth
from .api import MAX_BODY_BYTES, AppState, register
from .auth import AuthMiddleware
from .connections import ConnectionLimits, limited
from .doors import ApiKeys, mount_doors, read_api_keys, read_public_url
from .feedback import FeedbackStore
from .feedback_stores import open_feedback, open_guarded
from .gate import DEFAULT_MAX_WAIT_S
from .guard import Guard, default_hosts
from .insights_page import CSS as INSIGHTS_CSS
from .insights_page import PATH as INSIGHTS_PATH
from .insights_page import build_page
from .insights_page import register_routes as register_insights
from .insights_source import RETENTION_DAYS, InsightsSource, start_retention, warm_later

log = logging.getLogger("faqbot")


def create_app(
    index: Path | StoreSpec,
    corpus: Path,
    llm=None,
    feedback_log: Path | FeedbackStore | None = None,
    max_concurrency: int = 4,
    auth: tuple[str, str] | None = None,
    allowed_hosts: set[str] | None = None,
    max_wait: float = DEFAULT_MAX_WAIT_S,
    api_keys: ApiKeys | None = None,
    public_url: str | None = None,
    insights_public: bool = False,
    retention_days: int = RETENTION_DAYS,
    settings: Settings | None = None,
    maintainer: tuple[str, str] | None = None,
):
    import gradio as gr
    from fastapi import FastAPI
    from starlette.middleware.cors import CORSMiddleware

    from .app import CSS, THEME, build_ui

    # `settings`: what `serve` read at its start; an app built in process (tests) reads them here
    settings = settings or Settings.from_env()
    spec = index if isinstance(index, StoreSpec) else StoreSpec("faiss", index)
    bot = Bot(open_store(spec), llm, abstain=load_default_model(settings.abstain_model))
    bot.warm()  # load detector and embedder before the first user
    feedback = feedback_log or open_feedback(settings.feedback_log, settings.feedback_db)
    state = AppState(bot, corpus, feedback, max_concurrency, max_wait)
    if settings.reload_interval > 0:  # follow newly published builds (bot/reload.py)
        state.watcher = IndexWatcher(bot, spec, settings.reload_interval).start()
    # the OpenAPI description is what the API fuzz test (schemathesis) generates requests from
    app = FastAPI(title="faqbot", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")
    app.state.logger = log
    # a CORS policy of the parent app makes Gradio drop its own, which granted localhost origins
    # credentialed access; this one grants no origin (the page and the API are same-origin)
    app.add_middleware(CORSMiddleware, allow_origins=[], allow_credentials=False)
    signin = Auth(*auth, maintainer=maintainer) if auth else None
    if signin:
        app.add_middleware(AuthMiddleware, auth=signin, maintainer_paths=(INSIGHTS_PATH,))
    hosts = allowed_hosts or default_hosts("127.0.0.1")
    mount_doors(app, state, hosts, signin, api_keys, public_url)  # /v1 and /mcp, their own keys (ui/doors.py)
    app.add_middleware(Guard, allowed_hosts=hosts, max_body=MAX_BODY_BYTES, trust_forwarding=settings.trust_forwarding)
    register(app, state)
    # the maintainer's view: behind the sign-in, or public only when asked (ui/insights_page.py)
    insights_on = bool(auth) or insights_public
    if insights_public and not auth:
        # said at the start (a twenty-fifth trial's operator saw nothing that told them)
        log.warning("--insights-public: anyone who can reach this server sees every stored question on /insights")
    elif insights_public and maintainer:
        log.warning("--insights-public is ignored: /insights takes the maintainers' account (--maintainer-auth-file)")
    source = InsightsSource(state.feedback, lambda: state.core.retriever)
    register_insights(app, source, insights_on, retention_days)
    start_retention(state.feedback, retention_days)
    if insights_on:
        # the stored questions read by meaning before a maintainer opens the page, once the server has loaded
        warm_later(source)
        app = gr.mount_gradio_app(
            app,
            build_page(source, retention_days),
            path="/insights",
            css=INSIGHTS_CSS,
            theme=THEME,
            footer_links=[],
            show_error=False,
            max_file_size=1,
        )
    demo = build_ui(state)
    # the chat's questions pass the same gate as the API's (ui/gate.py); Gradio only has to hand
    # them over, so its own queue admits more than the gate's workers and is itself bounded
    demo.queue(default_concurrency_limit=max_concurrency * 4, max_size=256)
    # no Gradio footer: its links ("Use via API", …) speak the browser's language, which Gradio gives no
    # way to pin to the page's; the Gradio API itself stays (gradio_client, api_name="/answer")
    app = gr.mount_gradio_app(
        app, demo, path="/", css=CSS, theme=THEME, footer_links=[], show_error=False, max_file_size=1
    )
    return app, state


def open_file_limit(wanted: int = 8192) -> int:
    """The process's open-file limit, raised towards `wanted` as far as the hard limit allows (each
    connection is a file: idle ones are held until the head timeout rather than churned)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return int(soft if soft != resource.RLIM_INFINITY else wanted)


def limited_protocol(limits: ConnectionLimits) -> type:
    """uvicorn's own choice of HTTP protocol class (`--http auto`), with the connection limits."""
    from uvicorn.config import HTTP_PROTOCOLS
    from uvicorn.importer import import_from_string

    return limited(import_from_string(HTTP_PROTOCOLS["auto"]), limits)


def read_auth(settings: Settings | argparse.Namespace) -> tuple[str, str] | None:
    """USER:PASS from --auth, FAQBOT_AUTH, --auth-file or FAQBOT_AUTH_FILE (first found; bot/settings.py)."""
    raw, file = settings.auth, settings.auth_file
    if not raw and file:
        raw = _first_line(file, "the auth file")
    if not raw:
        return None
    return _credentials(raw, "--auth, FAQBOT_AUTH or --auth-file")


def read_maintainer(settings: Settings, users: tuple[str, str] | None) -> tuple[str, str] | None:
    """The maintainers' USER:PASS from --maintainer-auth-file or FAQBOT_MAINTAINER_AUTH_FILE, or None."""
    file = settings.maintainer_auth_file
    if file is None:
        return None
    if users is None:
        raise ValueError(
            "--maintainer-auth-file (FAQBOT_MAINTAINER_AUTH_FILE) needs the users' sign-in too: give --auth-file "
            "(FAQBOT_AUTH_FILE), or leave the maintainers' file out"
        )
    maintainer = _credentials(_first_line(file, "the maintainers' auth file"), "--maintainer-auth-file")
    if maintainer[0] == users[0]:
        # the same account in both files made every user a maintainer, silently (a twenty-fifth trial)
        raise ValueError(
            f"the maintainers' account has the users' user name ({users[0]!r}): give the maintainers their own "
            "USER:PASS in --maintainer-auth-file, or leave the file out"
        )
    return maintainer


def _first_line(file: Path, what: str) -> str:
    try:
        # only the line ending goes: a password may end (or start) with spaces
        lines = file.read_text(encoding="utf-8").lstrip("\ufeff").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read {what} {file} ({exc}); it should hold USER:PASS") from exc
    return next((ln for ln in lines if ln.strip()), "")


def _credentials(raw: str, where: str) -> tuple[str, str]:
    user, sep, pw = raw.partition(":")
    if not sep or not user or not pw:
        raise ValueError(f"credentials must be USER:PASS ({where})")
    return user, pw


def allowed_hosts(host: str, settings: Settings) -> set[str]:
    extra = settings.allowed_hosts or ""
    return default_hosts(host) | {h.strip().lower() for h in extra.split(",") if h.strip()}


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or a one-line ValueError naming the fix (before minutes of loading)."""
    if not 0 < port < 65536:
        raise ValueError(f"--port {port} is not a TCP port; use a number from 1 to 65535, e.g. --port 7860")
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise ValueError(f"--host {host} is not an address of this machine ({exc.strerror})") from exc
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ValueError(f"port {port} is already in use; stop the other server or pick another --port") from exc
        if exc.errno == errno.EACCES:
            raise ValueError(f"no permission to bind port {port}; use a port above 1023, e.g. --port 7860") from exc
        raise ValueError(f"cannot listen on {host}:{port} ({exc.strerror}); check --host and --port") from exc
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _mcp_banner() -> str:
    """What the start line says of /mcp: it is mounted only when the MCP SDK is installed (ui/doors.py)."""
    import importlib.util

    return "MCP: /mcp; " if importlib.util.find_spec("mcp") else "MCP: off (pip install 'faqbot[mcp]'); "


def serve(args: argparse.Namespace, settings: Settings) -> int:
    """`settings`: read from the flags and the environment at the start (ui/commands.py)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    # FAISS logs each CPU build it tries, with the ModuleNotFoundError of the ones this CPU lacks: a new user read
    # that as a failure (a thirteenth trial); only its warnings are news
    logging.getLogger("faiss.loader").setLevel(logging.WARNING)
    auth = read_auth(settings)
    maintainer = read_maintainer(settings, auth)
    keys = read_api_keys(settings.api_keys_file)
    hosts = allowed_hosts(args.host, settings)
    max_wait = settings.max_wait if settings.max_wait is not None else DEFAULT_MAX_WAIT_S
    if args.max_concurrency < 1 or max_wait <= 0:  # before minutes of loading, like the port
        raise ValueError("--max-concurrency must be 1 or more and --max-wait more than 0 seconds")
    sock = bind(args.host, args.port)  # a bad or busy port fails now, in one line
    corpus = args.corpus or default_corpus()
    index = ensure_store(settings.store_spec(), args.index, corpus)
    feedback = open_guarded(settings.feedback_log, settings.feedback_db)  # JSONL log or database
    app, state = create_app(
        index, corpus, make_llm(settings.llm_settings), feedback, args.max_concurrency, auth, hosts, max_wait, keys,
        read_public_url(settings.public_url), insights_public=args.insights_public,
        retention_days=settings.retention_days or RETENTION_DAYS, settings=settings, maintainer=maintainer,
    )  # fmt: skip
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(
        f"faqbot serving on http://{shown}:{args.port}/  (API: /api/ask, /api/health; OpenAI: /v1; "
        f"{_mcp_banner()}backend: "
        f"{state.bot.backend_name}; queue: {args.max_concurrency} workers, {max_wait:g} s wait)",
        flush=True,
    )
    # the chat page keeps a connection open: do not wait long for it on shutdown
    # X-Forwarded-For only from a proxy named in FORWARDED_ALLOW_IPS: uvicorn believes it from
    # 127.0.0.1 by default, so any local client could pick a fresh address per failed sign-in
    proxied = settings.trust_forwarding
    files = open_file_limit()
    state.connections = ConnectionLimits.for_file_limit(files)
    config = uvicorn.Config(
        app,
        log_level="warning",
        timeout_graceful_shutdown=3,
        # a safety net only: ui/connections.py caps connections per address, ui/gate.py the work
        limit_concurrency=max(64, min(4096, files - 256)),
        proxy_headers=proxied,
        http=limited_protocol(state.connections),  # idle and trickling connections (ui/connections.py)
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        state.gate.close()
        sock.close()
    print("faqbot stopped", file=sys.stderr)
    return 0
