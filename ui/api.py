"""JSON API and source viewer: POST /api/ask, POST /api/feedback, GET /api/health, GET /source/{file}."""

from __future__ import annotations

import asyncio
import html
import json
from collections.abc import Iterator
from pathlib import Path

from faqbot.bot.answers.answer import Answer, Turn
from faqbot.bot.answers.extract import is_code_line
from faqbot.bot.answers.phrases import LANGUAGE_NAMES, PHRASES, phrase
from faqbot.bot.llm.health import reachable
from faqbot.bot.question import MAX_PASTE_CHARS, BadQuestion
from faqbot.bot.reload import IndexWatcher
from faqbot.bot.service import Bot
from faqbot.ingest.textproc import SUPPORTED
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse

from . import feedback
from .connections import ConnectionLimits
from .cost import is_heavy
from .feedback_guard import GuardedFeedback
from .gate import DEFAULT_MAX_WAIT_S, Busy, Gate
from .locale import browser_language

MAX_BODY_BYTES = 256 * 1024  # every route, Gradio's included (ui/guard.py)
MAX_HISTORY_TURNS = 20  # messages accepted in a request (the last ones); the bot reads as many (bot/service.py)


class BusyQuestion(BadQuestion):
    """No answer slot within the allowed wait: the chat shows it like any other notice."""

    def __init__(self, retry_after: int, language: str | None) -> None:
        super().__init__(phrase("busy", language or "en", seconds=str(retry_after)))
        self.retry_after = retry_after


class GatedBot:
    """The Bot as the chat sees it: every question goes through the same gate as the API."""

    def __init__(self, bot: Bot, gate: Gate) -> None:
        self._bot = bot
        self._gate = gate

    def __getattr__(self, name: str):
        return getattr(self._bot, name)

    def stream(
        self,
        question: str,
        language: str | None = None,
        history: list[Turn] | None = None,
        *,
        prior: str | None = None,
    ) -> Iterator[Answer]:
        try:
            with self._gate.slot(is_heavy(question, history)):
                yield from self._bot.stream(question, language, history, prior=prior)
        except Busy as exc:
            raise BusyQuestion(exc.retry_after, language) from None

    def ask(self, question: str, language: str | None = None, history: list[Turn] | None = None) -> Answer:
        *_, final = self.stream(question, language, history)
        return final


class AppState:
    def __init__(
        self,
        bot: Bot,
        corpus_dir: Path,
        feedback_log: Path | feedback.FeedbackStore,
        max_concurrency: int,
        max_wait: float = DEFAULT_MAX_WAIT_S,
    ) -> None:
        self.gate = Gate(max_concurrency, max_wait)
        self.core = bot
        self.bot = GatedBot(bot, self.gate)  # what the chat calls
        self.corpus_dir = corpus_dir
        self.feedback_log = feedback_log
        # a path is a JSONL log; any other FeedbackStore (the database) is used as given
        store = feedback.JsonlFeedback(feedback_log) if isinstance(feedback_log, Path) else feedback_log
        # an answer never fails or waits because the database does (ui/feedback_guard.py)
        self.feedback: GuardedFeedback = store if isinstance(store, GuardedFeedback) else GuardedFeedback(store)
        self.max_concurrency = max_concurrency
        self.watcher: IndexWatcher | None = None  # when the server follows newly published builds
        self.connections = ConnectionLimits()  # applied by the protocol class `faqbot serve` runs

    @property
    def store(self):
        # only files the index was built from are served: no path from the request touches the disk;
        # read on every request, so that a swapped-in build serves its own sources
        return self.bot.retriever.store


def gradio_answer(state: AppState, question: object, language: object = "auto") -> dict:
    """The Gradio `answer` endpoint: the same answer object as POST /api/ask, the same checks (a
    dict for the language gave an error event carrying a trace)."""
    if language in (None, "", "auto"):
        lang = None
    elif isinstance(language, str) and language in SUPPORTED:
        lang = language
    else:
        return {"error": f'"language" must be one of {", ".join(SUPPORTED)} (or "auto" for detection).'}
    if not isinstance(question, str):
        return {"error": '"question" must be text.'}
    try:
        return state.bot.ask(valid_text(question), lang).to_json()
    except BadQuestion as exc:
        return {"error": str(exc)}


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def valid_text(value: str) -> str:
    """The string with lone surrogates (JSON allows "\\ud800") replaced: they cannot be written as
    UTF-8, and a vote comment holding one was a 503 "internal error"."""
    return value.encode("utf-8", "replace").decode("utf-8")


def parse_history(raw: object) -> list[Turn]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(
        isinstance(t, dict) and t.get("role") in ("user", "assistant") and isinstance(t.get("content"), str)
        for t in raw
    ):
        raise BadQuestion('"history" must be a list of {"role": "user"|"assistant", "content": "..."}')
    return [Turn(t["role"], valid_text(t["content"])) for t in raw[-MAX_HISTORY_TURNS:]]


def answer_sync(state: AppState, question: object, language: object, history: list[Turn]) -> dict:
    """Runs in a worker slot of the gate."""
    lang = language if isinstance(language, str) and language in SUPPORTED else None
    a = state.core.ask(question, lang, history)  # type: ignore[arg-type]
    data = a.to_json()
    state.feedback.record_answer(data)  # so that a vote on its answer_id finds it
    return data


async def _parse_body(request: Request, example: str) -> object | JSONResponse:
    """The request body parsed as JSON, or the error response to send instead (every JSON route)."""
    raw = await request.body()
    if len(raw) > MAX_BODY_BYTES:
        return error(413, f"Request body over {MAX_BODY_BYTES // 1024} KB; send a shorter question.")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return error(400, "The request body is not valid UTF-8.")
    except RecursionError:  # not a ValueError: uncaught, it was a 503 "internal error"
        return error(400, f"The request body is nested too deeply. Send {example}.")
    except ValueError:
        return error(400, f"The request body is not JSON. Send {example}.")


async def _read_json(request: Request) -> dict | JSONResponse:
    """The request's JSON object, or the error response to send instead."""
    body = await _parse_body(request, '{"question": "..."}')
    if isinstance(body, JSONResponse):
        return body
    if not isinstance(body, dict) or "question" not in body:
        return error(422, 'Send a JSON object with a "question" string, e.g. {"question": "kafka sasl ssl"}.')
    if body.get("language") not in (None, "", "auto", *SUPPORTED):
        return error(422, f'"language" must be one of {", ".join(SUPPORTED)} (or omitted for detection).')
    if isinstance(body["question"], str):
        body["question"] = valid_text(body["question"])
    return body


ASK_BODY = {  # parsing stays by hand (clear messages); this only describes the body for clients
    "required": True,
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["question"],
                "properties": {
                    "question": {"type": "string", "maxLength": MAX_PASTE_CHARS},
                    "language": {"type": "string", "enum": ["auto", *SUPPORTED]},
                    "history": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["role", "content"],
                            "properties": {
                                "role": {"type": "string", "enum": ["user", "assistant"]},
                                "content": {"type": "string"},
                            },
                        },
                    },
                },
            }
        }
    },
}


SOURCE_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">
<style>
body{{font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#fff}}
header{{position:sticky;top:0;background:#f6f8fa;border-bottom:1px solid #d0d7de;padding:10px 16px}}
header h1{{font-size:1.15rem;margin:0 0 4px}} .badge{{font-size:12px;border-radius:4px;padding:1px 6px;
background:#2563eb;color:#fff;margin-left:6px;vertical-align:middle}} header a{{color:#0969da}}
#note{{font-size:14px;color:#57606a}} main{{max-width:860px;margin:0 auto;padding:12px 16px 40vh}}
.l{{display:flex;gap:12px;padding:0 6px;border-radius:4px}} .l .n{{color:#8c959f;min-width:3ch;text-align:right;
font-size:12px;padding-top:3px;user-select:none;text-decoration:none}}
.l .t{{white-space:pre-wrap;overflow-wrap:anywhere;flex:1}}
.l.code .t{{font:13px/1.45 ui-monospace,monospace;background:#f6f8fa}} .l.h .t{{font-weight:600;font-size:1.05rem}}
.l.hl{{background:#fff3b0}} .l.hl.first{{scroll-margin-top:130px}}
@media (prefers-color-scheme:dark){{body{{background:#0d1117;color:#e6edf3}} header{{background:#161b22;
border-color:#30363d}} .l.code .t{{background:#161b22}} .l.hl{{background:#3d3500}} header a{{color:#58a6ff}}}}
</style></head><body><header><a href="/" id="back">{back}</a><h1>{title}<span class="badge">{lang_name}</span></h1>
<div id="note" data-template="{note}"></div></header><main>{rows}</main><script>
const m=location.hash.match(/^#L(\\d+)-L(\\d+)$/)||location.hash.match(/^#L(\\d+)()$/);
if(m){{const last=document.querySelectorAll('.l').length,a=Math.min(+m[1],last),b=Math.min(+(m[2]||m[1]),last);
for(let i=a;i<=b;i++){{const r=document.getElementById('L'+i);if(r)r.classList.add('hl');}}
const f=document.getElementById('L'+a);if(f){{f.classList.add('first');f.scrollIntoView({{block:'start'}});}}
const n=document.getElementById('note');n.textContent=n.dataset.template.replace('{{start}}',a).replace('{{end}}',b);}}
</script></body></html>"""
SOURCE_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
PHRASES_NOTE = PHRASES["ui_cited_lines"]  # a template: the page's script fills in the cited lines


def source_page(name: str, data: bytes, chunks: list | None = None, reader: str | None = None) -> str:
    """A corpus file as a readable page: its title and language, entry titles as headings, code in
    monospace, the cited lines (#Lstart-Lend) highlighted and scrolled to, a link back to the chat. The page's own
    words (the link back, the note on the cited lines) in the `reader`'s language (the browser's), else the file's: a
    fifteenth trial's Spanish reader got them in English under the English entry they opened."""
    mine = [c for c in chunks or [] if c.source == name]
    lang = mine[0].language if mine else "en"
    ui_lang = reader if reader in SUPPORTED else lang
    title = mine[0].doc_title if mine else name
    headings = {c.line_start for c in mine}
    lines = data.decode("utf-8", errors="replace").lstrip("\ufeff").replace("\r\n", "\n").splitlines()
    rows = []
    for n, ln in enumerate(lines, 1):
        cls = "h" if n in headings else "code" if is_code_line(ln) else ""
        text = html.escape(ln) or " "
        link = f'<a class="n" href="#L{n}">{n}</a>'
        rows.append(f'<div class="l {cls}" id="L{n}">{link}<div class="t">{text}</div></div>')
    return SOURCE_PAGE.format(
        lang=lang,
        title=html.escape(title),
        lang_name=html.escape(LANGUAGE_NAMES.get(lang, LANGUAGE_NAMES["en"]).get(lang, lang)),
        back=html.escape(phrase("ui_back", ui_lang)),
        note=html.escape(PHRASES_NOTE.get(ui_lang, PHRASES_NOTE["en"])),
        rows="\n".join(rows),
    )


async def _read_feedback(request: Request) -> feedback.Vote | JSONResponse:
    body = await _parse_body(request, '{"answer_id": "...", "vote": "up"}')
    if isinstance(body, JSONResponse):
        return body
    if not isinstance(body, dict) or not isinstance(body.get("answer_id"), str) or not body["answer_id"]:
        return error(422, 'Send {"answer_id": "<answer_id of an /api/ask answer>", "vote": "up"|"down"}.')
    if body.get("vote") not in feedback.VOTES:
        return error(422, f'"vote" must be one of {", ".join(feedback.VOTES)} ("none" takes a vote back).')
    comment = body.get("comment", "")
    if not isinstance(comment, str):
        return error(422, '"comment" must be text.')
    address = request.client.host if request.client else "?"
    # x-faqbot-client tells apart callers behind one address; it cannot stand for another address
    # (and overwrite its votes) nor escape the rate limit, which counts the address
    label = request.headers.get("x-faqbot-client")
    client = feedback.client_id(f"{address}\n{label}" if label else address)
    return feedback.Vote(
        valid_text(body["answer_id"]), body["vote"], client, valid_text(comment), feedback.client_id(address)
    )


def register(app: FastAPI, state: AppState) -> None:
    @app.post("/api/ask", openapi_extra={"requestBody": ASK_BODY})
    async def ask(request: Request) -> JSONResponse:
        body = await _read_json(request)
        if isinstance(body, JSONResponse):
            return body
        try:
            history = parse_history(body.get("history"))
            data = await state.gate.run(
                is_heavy(body["question"], history),
                answer_sync,
                state,
                body["question"],
                body.get("language"),
                history,
            )
        except BadQuestion as exc:
            return error(422, str(exc))
        except Busy as exc:
            return JSONResponse(
                {"error": f"The server is busy; retry in {exc.retry_after} s.", "retry_after": exc.retry_after},
                status_code=503,
                headers={"Retry-After": str(exc.retry_after)},
            )
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
                # the LLM server answers or not (every answer falls back to the extractive one while it is down)
                "llm": None if state.bot.llm is None else {"reachable": reachable(state.bot.llm)},
                # votes and the maintainers' page wait for it; answers do not (ui/feedback_guard.py)
                "feedback": {"available": state.feedback.available()},
                "max_concurrency": state.max_concurrency,
                "queue": state.gate.stats(),
                "connections": state.connections.stats(),
            }
        )

    _register_votes_and_sources(app, state)


def _register_votes_and_sources(app: FastAPI, state: AppState) -> None:
    @app.post("/api/feedback")
    async def vote(request: Request) -> JSONResponse:
        v = await _read_feedback(request)
        if isinstance(v, JSONResponse):
            return v
        try:
            event = await asyncio.to_thread(state.feedback.record_vote, v)
        except feedback.UnknownAnswer:
            return error(404, "No answer with this answer_id: vote on the answer_id an /api/ask answer returned.")
        except feedback.RateLimited:
            return error(429, "Too many votes from this client; wait a minute.")
        except feedback.FeedbackUnavailable as exc:  # the database down or hung: said, answers go on
            return error(503, str(exc))
        return JSONResponse({"ok": True, "answer_id": event["answer_id"], "vote": event["vote"]})

    @app.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"], include_in_schema=False)
    def other_api(rest: str, request: Request) -> JSONResponse:
        # registered last: without it the chat page's mount answered Gradio's own {"detail": ...}
        posts = {"ask", "feedback"}
        if rest in posts | {"health"}:
            allowed = "GET" if rest == "health" else "POST"
            resp = error(405, f"Use {allowed} /api/{rest} (the API is described at /api/openapi.json).")
            resp.headers["Allow"] = allowed
            return resp
        return error(404, "No such API route: see /api/openapi.json for /api/ask, /api/feedback and /api/health.")

    @app.get("/source/{name}")
    def source(name: str, request: Request) -> HTMLResponse:
        data = state.store.source(name)
        if data is None:
            return HTMLResponse("<h1>Not found</h1>", status_code=404)
        # the chat page's links name its language (ui/answer_html.py for_reader); else the browser's
        accept = request.headers.get("accept-language")
        reader = request.query_params.get("lang") or (browser_language(accept) if accept else None)
        page = source_page(name, data, state.store.chunks, reader)
        return HTMLResponse(page, headers={"Content-Security-Policy": SOURCE_CSP})
