"""The doors other clients come in by: /v1 (OpenAI-compatible chat) and /mcp (MCP, streamable HTTP).

They live in an app of their own, reached through `Doors`, an ASGI middleware placed inside the
Guard (hosts, body limit, headers) and in front of the sign-in: it sends /v1/* and /mcp to that
app after its own credential check, and everything else on. Accepted credentials:
- an API key from `--api-keys-file` (`Authorization: Bearer <key>`; the file holds one hash per line),
- with `--auth`/`--auth-file`, the same sign-in as the rest of the server: HTTP Basic, the session
  cookie or bearer token of /login, or the bearer `USER:PASS` itself (clients with only a key field),
- nothing, when neither is configured (the server then is open, like its chat page).
Failed attempts slow down per address as on /login (ui/auth.py), when a sign-in is configured.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import logging
import os
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

from .accounts import Auth
from .api import AppState
from .guard import send_json
from .openai_format import error_body

log = logging.getLogger("faqbot")

HASH = "sha256"  # of the key's UTF-8 bytes: keys are random 256-bit strings, so a fast hash suffices
KEY_PREFIX = "fqb-"


def hash_key(key: str) -> str:
    """The line --api-keys-file holds for a key."""
    return f"{HASH}:" + hashlib.sha256(key.encode("utf-8")).hexdigest()


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


class ApiKeys:
    """The hashed keys of --api-keys-file; a key is checked by its hash, in constant time."""

    def __init__(self, hashes: list[str]) -> None:
        self._hashes = [h.encode() for h in hashes]

    def __len__(self) -> int:
        return len(self._hashes)

    @classmethod
    def read(cls, path: Path) -> ApiKeys:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read the API keys file {path} ({exc}); make one with `faqbot api-key`") from exc
        hashes = []
        for n, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            kind, _, digest = line.partition(":")
            if kind != HASH or len(digest) != 64 or any(ch not in "0123456789abcdef" for ch in digest):
                raise ValueError(
                    f"{path}:{n} is not '{HASH}:<64 hex digits>'; add keys with `faqbot api-key --file {path}` "
                    "(never the key itself)"
                )
            hashes.append(line)
        if not hashes:
            raise ValueError(f"the API keys file {path} holds no key; add one with `faqbot api-key --file {path}`")
        return cls(hashes)

    def check(self, key: str) -> bool:
        h = hash_key(key).encode()
        return any([hmac.compare_digest(h, x) for x in self._hashes])  # every comparison runs


def add_key(path: Path) -> str:
    """A new key: its hash appended to the file (created owner-only), the key returned once."""
    key = new_key()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with open(fd, "a", encoding="utf-8") as f:
        f.write(hash_key(key) + "\n")
    return key


def is_door(path: str) -> bool:
    return path.startswith("/v1/") or path == "/v1" or path == "/mcp" or path.startswith("/mcp/")


class Doors:
    def __init__(self, app, doors, keys: ApiKeys | None, auth: Auth | None) -> None:
        self.app = app
        self.doors = doors
        self.keys = keys
        self.auth = auth

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or not is_door(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("?", 0))[0]
        verdict = self._verdict(scope, client)
        if verdict == "ok":
            await self.doors(scope, receive, send)
        elif verdict == "wait":
            assert self.auth is not None
            wait = max(1, round(self.auth.throttle.wait_left(self._keys(client)) + 0.5))
            body = error_body(f"Too many failed sign-ins; wait {wait} s.", "rate_limit_error", "rate_limit_exceeded")
            await send_json(send, 429, body, [(b"retry-after", str(wait).encode())])
        else:
            message = (
                "Invalid API key: send Authorization: Bearer <key>"
                if verdict == "bad"
                else "Authentication required: send Authorization: Bearer <API key>"
            )
            body = error_body(message, "invalid_request_error", "invalid_api_key")
            await send_json(send, 401, body, [(b"www-authenticate", b'Bearer realm="faqbot"')])

    def _verdict(self, scope, client: str) -> str:
        """ok, missing, bad or wait (too many failures from this address)."""
        if self.keys is None and self.auth is None:
            return "ok"
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        if self.auth is not None and self._session(headers):
            return "ok"
        scheme, _, value = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
        if scheme.lower() not in ("bearer", "basic") or not value.strip():
            return "missing"
        if scheme.lower() == "bearer" and self.keys is not None and self.keys.check(value.strip()):
            # an API key (256 random bits, nothing to guess) is never throttled: a password guesser on the same
            # address locked valid keys out with 429 (a third attack round); only password attempts count
            return "ok"
        if self.auth is not None and self.auth.throttle.wait_left(self._keys(client)) > 0:
            return "wait"
        ok = self._bearer(value.strip()) if scheme.lower() == "bearer" else self._basic(value.strip())
        if self.auth is not None:
            throttle = self.auth.throttle
            (throttle.succeeded if ok else throttle.failed)(self._keys(client))
        return "ok" if ok else "bad"

    def _keys(self, client: str) -> list[tuple[str, int]]:
        """What a door's failed key counts against: the address (ui/throttle.py), as the sign-in's."""
        assert self.auth is not None
        return self.auth.throttle.keys(client, None, None)

    def _session(self, headers: dict[bytes, bytes]) -> bool:
        from .auth import COOKIE

        assert self.auth is not None
        for part in headers.get(b"cookie", b"").decode("latin-1").split(";"):
            name, _, value = part.strip().partition("=")
            if name == COOKIE and value and self.auth.valid_session(value):
                return True
        return False

    def _bearer(self, token: str) -> bool:
        if self.keys is not None and self.keys.check(token):
            return True
        if self.auth is None:
            return False
        user, sep, password = token.partition(":")
        if sep and self.auth.check(user.encode("utf-8"), password.encode("utf-8")):
            return True
        return self.auth.valid_session(token)

    def _basic(self, value: str) -> bool:
        if self.auth is None:
            return False
        try:
            raw = base64.b64decode(value, validate=True)
        except ValueError:
            return False
        user, sep, password = raw.partition(b":")
        return bool(sep) and self.auth.check(user, password)


def build_doors(state: AppState, hosts: set[str], public_url: str | None = None):
    """The app behind the doors: the OpenAI-compatible routes, and /mcp when the SDK is installed."""
    from fastapi import FastAPI
    from fastapi.exceptions import RequestValidationError
    from starlette.exceptions import HTTPException

    from .openai_api import openai_error, register_openai

    app = FastAPI(title="faqbot doors", docs_url=None, redoc_url=None, openapi_url=None)

    @app.exception_handler(HTTPException)
    async def http_error(request, exc: HTTPException):  # 404 / 405 in OpenAI's shape
        return openai_error(exc.status_code, str(exc.detail), "invalid_request_error", "not_found")

    @app.exception_handler(RequestValidationError)
    async def validation_error(request, exc):
        return openai_error(400, "Invalid request.", "invalid_request_error")

    register_openai(app, state, public_url)
    session = _mount_mcp(app, state, hosts, public_url)
    if session is not None:

        @contextlib.asynccontextmanager
        async def lifespan(_app) -> AsyncIterator[None]:
            async with session.run():
                yield

        app.router.lifespan_context = lifespan
    return app


MCP_OFF = (
    "MCP is off on this server: the MCP SDK is not installed. Install it with pip install 'faqbot[mcp]' "
    "and restart faqbot serve."
)


def _mcp_off(app) -> None:
    """/mcp without the SDK says why and how to turn it on (an eighth trial got a bare 404 "Not Found")."""
    from starlette.routing import Route

    from .openai_api import openai_error

    async def off(request):
        return openai_error(503, MCP_OFF, "service_unavailable", "mcp_off")

    app.router.routes.append(Route("/mcp", off, methods=["GET", "POST", "DELETE"]))
    app.router.routes.append(Route("/mcp/{rest:path}", off, methods=["GET", "POST", "DELETE"]))


def _mount_mcp(app, state: AppState, hosts: set[str], public_url: str | None):
    """/mcp on the doors app; its session manager (to run in the server's lifespan), or None."""
    try:
        from mcp.server.transport_security import TransportSecuritySettings

        from .mcp_server import FaqTools, build_server
    except ImportError:
        log.info("/mcp is off: install the MCP SDK with pip install 'faqbot[mcp]'")
        _mcp_off(app)
        return None
    from starlette.routing import Route

    from .cost import is_heavy
    from .gate import Busy
    from .mcp_server import ToolError

    async def gated(fn, *args):
        try:
            # ask_faq's history (its turns: the only list among the tools' arguments) counts in the cost as
            # /api/ask's does
            history = next((a for a in args[1:] if isinstance(a, list)), None)
            return await state.gate.run(is_heavy(args[0], history), fn, *args)
        except Busy as exc:
            raise ToolError(f"The server is busy; retry in {exc.retry_after} s.") from None

    base = (public_url or "").rstrip("/")
    tools = FaqTools(lambda: state.core, gated, base, state.feedback.record_answer)
    server = build_server(tools, state.core.retriever.chunks)
    names = [f"[{h}]" if ":" in h else h for h in hosts]
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection="*" not in hosts,  # the Guard checks Host too; Origin is checked here
        allowed_hosts=[*names, *(f"{h}:*" for h in names)],
        allowed_origins=[f"{s}://{h}{p}" for s in ("http", "https") for h in names for p in ("", ":*")],
    )
    sub = server.streamable_http_app(
        streamable_http_path="/mcp", stateless_http=True, json_response=True, transport_security=security
    )
    # stateless: the server never sends a message of its own, yet a GET held an SSE stream of pings open for as long
    # as its client liked (a third attack round held 1,500 from one address); 405 is the transport's answer for
    # "no such stream", and a stateless session (no session id) never asks for one
    app.router.routes.append(Route("/mcp", _no_stream, methods=["GET"]))
    for route in sub.routes:
        if isinstance(route, Route):
            app.router.routes.append(route)
    return server.session_manager


async def _no_stream(request):
    from starlette.responses import JSONResponse

    return JSONResponse(
        {"error": "/mcp takes POST only (a stateless server has no stream to open)."},
        status_code=405,
        headers={"Allow": "POST, DELETE"},
    )


def chain_lifespan(app, doors) -> None:
    """Run the doors app's lifespan (the MCP session manager) inside the server's own."""
    outer = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(a) -> AsyncIterator[None]:
        async with outer(a), doors.router.lifespan_context(doors):
            yield

    app.router.lifespan_context = lifespan


def mount_doors(app, state: AppState, hosts: set[str], auth: Auth | None, keys: ApiKeys | None, public_url=None):
    """/v1 and /mcp on the server: call between the sign-in middleware and the Guard."""
    doors = build_doors(state, hosts, public_url)
    app.add_middleware(Doors, doors=doors, keys=keys, auth=auth)
    chain_lifespan(app, doors)
    return doors


def read_api_keys(path: Path | None) -> ApiKeys | None:
    """--api-keys-file or FAQBOT_API_KEYS_FILE (bot/settings.py), read at start (a bad line stops the start)."""
    return ApiKeys.read(path) if path else None


def read_public_url(url: str | None) -> str | None:
    """--public-url or FAQBOT_PUBLIC_URL (bot/settings.py): the address in the source links of /v1 and MCP answers."""
    if url and not url.startswith(("http://", "https://")):
        raise ValueError(f"--public-url {url!r} must start with http:// or https://, e.g. https://faq.example.org")
    return url.rstrip("/") if url else None
