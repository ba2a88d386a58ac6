"""JSON API and source viewer: POST /api/ask, GET /api/health, GET /source/{file}."""

from __future__ import annotations

import asyncio
import html
import json
import threading
from pathlib import Path

from faqbot.bot.answer import Turn
from faqbot.bot.service import BadQuestion, Bot
from faqbot.ingest.textproc import SUPPORTED
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse

from . import feedback

MAX_BODY_BYTES = 64 * 1024


class AppState:
    def __init__(self, bot: Bot, corpus_dir: Path, feedback_log: Path, max_concurrency: int) -> None:
        self.bot = bot
        self.corpus_dir = corpus_dir
        self.feedback_log = feedback_log
        self.slots = threading.BoundedSemaphore(max_concurrency)
        self.max_concurrency = max_concurrency
        # only files the index was built from are served: no path from the request touches the disk
        self.store = bot.retriever.store


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def parse_history(raw: object) -> list[Turn]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(
        isinstance(t, dict) and t.get("role") in ("user", "assistant") and isinstance(t.get("content"), str)
        for t in raw
    ):
        raise BadQuestion('"history" must be a list of {"role": "user"|"assistant", "content": "..."}')
    return [Turn(t["role"], t["content"]) for t in raw[-10:]]


def answer_sync(state: AppState, question: object, language: object, history: list[Turn]) -> dict:
    if not state.slots.acquire(timeout=30):
        raise TimeoutError("busy")
    try:
        lang = language if isinstance(language, str) and language in SUPPORTED else None
        a = state.bot.ask(question, lang, history)  # type: ignore[arg-type]
    finally:
        state.slots.release()
    data = a.to_json()
    if a.abstained:
        feedback.append(state.feedback_log, feedback.answer_event("abstained", data))
    return data


async def _read_json(request: Request) -> dict | JSONResponse:
    """The request's JSON object, or the error response to send instead."""
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        return error(413, f"Request body over {MAX_BODY_BYTES // 1024} KB; send a shorter question.")
    try:
        body = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return error(400, "The request body is not valid UTF-8.")
    except ValueError:
        return error(400, 'The request body is not JSON. Send {"question": "..."}.')
    if not isinstance(body, dict) or "question" not in body:
        return error(422, 'Send a JSON object with a "question" string, e.g. {"question": "kafka sasl ssl"}.')
    if body.get("language") not in (None, "", "auto", *SUPPORTED):
        return error(422, f'"language" must be one of {", ".join(SUPPORTED)} (or omitted for detection).')
    return body


SOURCE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{name}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{{font-family:sans-serif;margin:0}}table{{border-collapse:collapse;width:100%}}
td.n{{color:#888;text-align:right;padding:0 8px;user-select:none;vertical-align:top}}
pre{{margin:0;white-space:pre-wrap}} tr:target, tr.hl{{background:#fff3b0}}</style></head>
<body><h3 style="padding:8px">{name}</h3><table>{rows}</table><script>
const m=location.hash.match(/^#L(\\d+)-L(\\d+)$/);
if(m){{for(let i=+m[1];i<=+m[2];i++){{const r=document.getElementById('L'+i);if(r)r.className='hl';}}
const f=document.getElementById('L'+m[1]);if(f)f.scrollIntoView();}}</script></body></html>"""
SOURCE_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


def source_page(name: str, data: bytes) -> str:
    lines = data.decode("utf-8", errors="replace").lstrip("\ufeff").replace("\r\n", "\n").splitlines()
    rows = "\n".join(
        f'<tr id="L{n}"><td class="n"><a href="#L{n}">{n}</a></td><td><pre>{html.escape(ln)}</pre></td></tr>'
        for n, ln in enumerate(lines, 1)
    )
    return SOURCE_PAGE.format(name=html.escape(name), rows=rows)


def register(app: FastAPI, state: AppState) -> None:
    @app.post("/api/ask")
    async def ask(request: Request) -> JSONResponse:
        body = await _read_json(request)
        if isinstance(body, JSONResponse):
            return body
        try:
            history = parse_history(body.get("history"))
            data = await asyncio.to_thread(answer_sync, state, body["question"], body.get("language"), history)
        except BadQuestion as exc:
            return error(422, str(exc))
        except TimeoutError:
            return error(503, "The server is busy; retry in a few seconds.")
        except Exception as exc:  # logged server side, never a traceback to the client
            app.state.logger.exception("ask failed")
            return error(500, f"Internal error ({type(exc).__name__}); the server keeps running.")
        return JSONResponse(data)

    @app.get("/api/health")
    def health() -> JSONResponse:
        store = state.bot.retriever.store
        return JSONResponse(
            {
                "status": "ok",
                "index": {
                    "build": store.location.rsplit("/", 1)[-1],
                    "chunks": len(store.chunks),
                    "created": store.manifest.get("created"),
                    "embedder": store.manifest.get("embedder"),
                    "format_version": store.manifest.get("format_version"),
                },
                "backend": state.bot.backend_name,
                "max_concurrency": state.max_concurrency,
            }
        )

    @app.get("/source/{name}")
    def source(name: str) -> HTMLResponse:
        data = state.store.source(name)
        if data is None:
            return HTMLResponse("<h1>Not found</h1>", status_code=404)
        return HTMLResponse(source_page(name, data), headers={"Content-Security-Policy": SOURCE_CSP})
