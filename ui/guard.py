"""HTTP guard around the whole app (JSON API, source viewer and Gradio alike), as ASGI middleware.

- Host: only the names the server is reached by (the bound address and localhost names by
  default, `--allowed-hosts` behind a reverse proxy): a DNS-rebinding page cannot talk to it.
- Body: one size limit on every route, whether the request says its length or streams it.
- File upload routes of Gradio are closed: the page has no file input.
- A request's body must arrive within BODY_TIMEOUT_S of its head: a body that stalls is answered 408 and its
  connection closed (the head's own timeout is ui/connections.py's).
- The JSON API, /v1 and /mcp take JSON only (a cross-site form or text/plain post would need no preflight).
- Every response: no framing, no MIME sniffing, no CORS grant (same-origin pages need none).
- Errors: an exception becomes a JSON 503 with the trace in the server log only; a 5xx other
  than 503 from any inner app is sent as 503 (the only 5xx clients are told to retry on).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections import Counter
from collections.abc import Iterable
from urllib.parse import unquote

from faqbot.ingest.store_protocol import StoreError
from starlette.requests import ClientDisconnect

from .feedback import FeedbackUnavailable

log = logging.getLogger("faqbot")

LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
CLOSED_PATHS = ("/gradio_api/upload", "/upload", "/gradio_api/upload_progress", "/upload_progress")
# Gradio's monitoring dashboard and its URL proxy: nothing the chat uses, closed
CLOSED_PREFIXES = ("/monitoring", "/gradio_api/monitoring", "/proxy=", "/gradio_api/proxy=")
# /gradio_api/file=<URL> fetched any public URL and streamed it back from this origin: a file
# route may name a local file, never a URL (a scheme, or // which a browser reads as one)
_URL_TARGET = re.compile(r"(?i)^\s*(?:[a-z][a-z0-9+.\-]*:|[/\\]{2})")
# what tells Gradio (and uvicorn) the public address: believed only from a proxy named in
# FORWARDED_ALLOW_IPS; /config copied X-Forwarded-Host into its "root", cacheable
FORWARDING_HEADERS = (
    b"x-forwarded-host",
    b"x-forwarded-proto",
    b"x-forwarded-port",
    b"x-forwarded-prefix",
    b"forwarded",
)
SECURITY_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
FRAME_ANCESTORS = b"frame-ancestors 'none'"
# a page without its own policy (Gradio's) may load images only from this server: no remote pixel
# even if some text slipped past the sanitiser
PAGE_POLICY = FRAME_ANCESTORS + b"; img-src 'self' data: blob:"


# a whole request body, from its head: a question is at most MAX_BODY_BYTES, sent in milliseconds; a third attack
# round held 2,000 connections per address with a complete head and a body that never ended (256 KB buffered each,
# 650 MB that the process kept)
BODY_TIMEOUT_S = 30.0
# the POST routes that take JSON only (a cross-site form or text/plain post needs no preflight: any page a user opens
# could post questions to an open server and fill its feedback)
JSON_ONLY = ("/api/", "/v1/", "/mcp")
_WITH_BODY = ("POST", "PUT", "PATCH")
# requests one client address may have still sending their body at once: a normal client's body arrives in
# milliseconds; a fourth attack round reconnected 2,000 stalled 261 KB bodies per address every 30 s (1.7 GB kept)
BODIES_PER_ADDRESS = 32
# one traceback per route and kind of error a minute: an unknown Gradio session hash wrote 6.6 KB of traceback per
# request (a fourth attack round: 1.3 MB in 3 s); the others are counted in the next one
LOG_EVERY_S = 60.0


def _error(path: str, status: int, message: str) -> dict:
    """A refusal's JSON: OpenAI's error object under /v1 (its clients read error.message), else {"error": message}."""
    if not path.startswith("/v1/"):
        return {"error": message}
    kind = {400: "bad_request", 404: "not_found", 413: "request_too_large", 415: "unsupported_media_type"}
    return {"error": {"message": message, "type": "invalid_request_error", "code": kind.get(status, str(status))}}




def default_hosts(bound: str) -> set[str]:
    """The bound address and this machine's local names; for 0.0.0.0 also its interface addresses."""
    hosts = {*LOCAL_NAMES, bound.strip("[]").lower()}
    if bound in ("0.0.0.0", "::", ""):
        import socket

        import psutil

        hosts.add(socket.gethostname().lower())
        for addrs in psutil.net_if_addrs().values():
            hosts.update(
                a.address.split("%")[0].lower() for a in addrs if a.family in (socket.AF_INET, socket.AF_INET6)
            )
    return hosts


def host_name(value: str) -> str:
    """The host part of a Host header: 'example.org:7860' -> 'example.org', '[::1]:80' -> '::1'."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


async def send_json(send, status: int, payload: dict, headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps(payload).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
                (b"content-security-policy", FRAME_ANCESTORS),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _with_security_headers(headers: list, no_store: bool = False) -> list:
    out = [(k, v) for k, v in headers if not k.lower().startswith(b"access-control-allow-")]
    csp = [i for i, (k, _) in enumerate(out) if k.lower() == b"content-security-policy"]
    if csp:
        k, v = out[csp[0]]
        if b"frame-ancestors" not in v:
            out[csp[0]] = (k, v.rstrip(b"; ") + b"; " + FRAME_ANCESTORS)
    else:
        out.append((b"content-security-policy", PAGE_POLICY))
    present = {k.lower() for k, _ in out}
    if no_store and b"cache-control" not in present:
        out.append((b"cache-control", b"no-store"))
    return out + [(k, v) for k, v in SECURITY_HEADERS if k not in present]


def file_url_target(path: str) -> bool:
    """A Gradio file route naming a URL (decoded up to three times: Gradio decodes again)."""
    if "/file=" not in path:
        return False
    target = path.split("/file=", 1)[1]
    for _ in range(3):
        if _URL_TARGET.match(target):
            return True
        target = unquote(target)
    return bool(_URL_TARGET.match(target))


class Guard:
    def __init__(
        self,
        app,
        allowed_hosts: set[str],
        max_body: int,
        trust_forwarding: bool = False,
        body_timeout: float = BODY_TIMEOUT_S,
    ) -> None:
        self.app = app
        self.body_timeout = body_timeout
        self.receiving: Counter[str] = Counter()  # requests still sending their body, per client address
        self._logged: dict[tuple[str, str], tuple[float, int]] = {}  # (route, error) -> (last logged, skipped since)
        self.allowed = {h.lower() for h in allowed_hosts}
        self.max_body = max_body
        # FORWARDED_ALLOW_IPS is set (bot/settings.py): uvicorn believes X-Forwarded-For from that proxy
        self.trust_forwarding = trust_forwarding

    def _refusal(self, scope) -> tuple[int, str] | None:
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        host = host_name(headers.get(b"host", b"").decode("latin-1"))
        if "*" not in self.allowed and host not in self.allowed:
            return 400, "Host not allowed. Reach the server by its address, or start it with --allowed-hosts NAME."
        path = scope.get("path", "")
        if path.rstrip("/") in CLOSED_PATHS or path.startswith(CLOSED_PREFIXES) or file_url_target(path):
            return 404, "Not found."
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return 413, f"Request body over {self.max_body // 1024} KB; send a shorter question."
        if scope["type"] == "http" and path.startswith(JSON_ONLY) and scope["method"] in _WITH_BODY:
            ctype = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            if ctype != b"application/json":
                return 415, "This route takes JSON only: send content-type: application/json."
        return None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await send_json(send, refusal[0], _error(scope.get("path", ""), refusal[0], refusal[1]))
            return
        if not self.trust_forwarding:
            scope = {
                **scope,
                "headers": [(k, v) for k, v in scope.get("headers", []) if k.lower() not in FORWARDING_HEADERS],
            }
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        await self._http(scope, receive, send)

    async def _http(self, scope, receive, send) -> None:
        address = (scope.get("client") or ("?",))[0]
        path = scope.get("path", "")
        if scope["method"] in _WITH_BODY and self.receiving[address] >= BODIES_PER_ADDRESS:
            message = "Too many requests from this address are still sending their body; retry."
            await send_json(send, 503, _error(path, 503, message), [(b"retry-after", b"5"), (b"connection", b"close")])
            return
        exchange = _Exchange(send, scope, self)
        body = _Body(receive, self, exchange, address if scope["method"] in _WITH_BODY else None)
        try:
            await self.app(scope, body, exchange.send)
        except ClientDisconnect:
            # the client went away mid-body (or its body was refused: the app read a disconnect): nothing to answer,
            # and no trace (a third attack round wrote 3.6 KB of traceback per aborted request, 34 MB in a session)
            log.debug("client left during %s %s", scope["method"], path)
        except (FeedbackUnavailable, StoreError) as exc:  # a database or the Milvus server down: said, no trace
            if not exchange.started:
                await send_json(send, 503, _error(path, 503, str(exc)), [(b"retry-after", b"10")])
        except Exception as exc:  # the trace stays in the server log; the client gets a sentence
            if exchange.answered:
                return
            self.log_error(scope, type(exc).__name__, exc)
            if not exchange.started:
                message = "Internal error; the server keeps running. Retry, or report it if it persists."
                await send_json(send, 503, _error(path, 503, message), [(b"retry-after", b"5")])
        finally:
            body.finished()

    def log_error(self, scope, kind: str, exc: Exception | None = None) -> None:
        """An error on a route, logged with its trace at most once a minute per route and kind."""
        route = "/".join(scope.get("path", "").split("/")[:3])
        key, now = (route, kind), time.monotonic()
        last, skipped = self._logged.get(key, (-LOG_EVERY_S, 0))
        if now - last < LOG_EVERY_S:
            self._logged[key] = (last, skipped + 1)
            return
        if len(self._logged) > 256:  # routes are the client's to choose: the table stays small
            self._logged.clear()
        self._logged[key] = (now, 0)
        more = f" ({skipped} more since, not logged)" if skipped else ""
        log.error("%s on %s %s%s", kind, scope["method"], scope.get("path"), more, exc_info=exc)

    async def refuse(self, exchange: _Exchange, status: int, message: str, headers: list) -> None:
        """Answer a request whose body the Guard refused, at once; what the app answers after is dropped."""
        if not exchange.started:
            path = exchange.scope.get("path", "")
            await send_json(exchange.raw_send, status, _error(path, status, message), headers)
        exchange.answered = True


class _Exchange:
    """One request's response as the Guard sends it on: 5xx other than 503 sent as 503, security headers added, and
    nothing after the Guard answered the request itself (a refused body)."""

    def __init__(self, send, scope, guard: Guard) -> None:
        self.raw_send = send
        self.scope = scope
        self.guard = guard
        self.started = False
        self.answered = False

    async def send(self, message) -> None:
        if self.answered:
            return
        if message["type"] == "http.response.start":
            self.started = True
            status, path = message["status"], self.scope.get("path", "")
            if status >= 500 and status != 503:
                self.guard.log_error(self.scope, f"answered {status}, sent as 503")
                message = {**message, "status": 503}
            no_store = path.rstrip("/").endswith(("/config", "/info")) or path.startswith("/api/")
            message = {**message, "headers": _with_security_headers(list(message.get("headers", [])), no_store)}
        await self.raw_send(message)


class _Body:
    """A request's receive, limited in size and, until its body is whole, in time. A body refused is answered at once
    (413, or 408 for a body stalled past the deadline, its connection closed) and the app reads a disconnect: an app
    of its own (the /v1 and /mcp doors) turned an exception from here into its own 500."""

    def __init__(self, receive, guard: Guard, exchange: _Exchange, address: str | None) -> None:
        self.receive = receive
        self.guard = guard
        self.exchange = exchange
        self.received = 0
        self.done = False
        self.loop = asyncio.get_running_loop()
        self.deadline = self.loop.time() + guard.body_timeout
        self.address = address  # counted among the bodies its address is sending, until whole
        if address is not None:
            guard.receiving[address] += 1

    def finished(self) -> None:
        self.done = True
        if self.address is not None:
            self.guard.receiving[self.address] -= 1
            if self.guard.receiving[self.address] <= 0:
                del self.guard.receiving[self.address]
            self.address = None

    async def __call__(self):
        if self.done:  # after the body: a streaming response waiting for the client to go, as long as it lasts
            return await self.receive()
        try:
            message = await asyncio.wait_for(self.receive(), max(self.deadline - self.loop.time(), 0.001))
        except asyncio.TimeoutError:
            text = f"The request body did not arrive within {self.guard.body_timeout:g} s; send it whole at once."
            return await self._refused(408, text, [(b"connection", b"close")])
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.guard.max_body:
                return await self._refused(413, f"Request body over {self.guard.max_body // 1024} KB.", [])
        if message["type"] != "http.request" or not message.get("more_body", False):
            self.finished()
        return message

    async def _refused(self, status: int, text: str, headers: list) -> dict:
        self.finished()
        await self.guard.refuse(self.exchange, status, text, headers)
        return {"type": "http.disconnect"}
