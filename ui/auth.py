"""One login for the whole server: the chat page, the JSON API and the source viewer (the accounts and their
tokens: ui/accounts.py). With a maintainers' account, the maintainers' pages (/insights) take only it.

A browser signs in once on /login and gets a session cookie (HttpOnly, SameSite=Lax) that every
route accepts, so "open the source" links and the page's own requests need nothing more. API
clients send HTTP Basic, or `Authorization: Bearer <token>` with the token POST /login returned.
Credentials are compared as UTF-8 bytes in constant time (any UTF-8 user or password works).
Failed attempts slow down (ui/throttle.py): after a few, each further attempt must wait twice as
long as the last (0.5 s, 1 s, 2 s, ... up to 60 s) or gets 429 at once; sessions, tokens and
clients that signed in before are never held back by someone else's failures.
"""

from __future__ import annotations

import base64
import html
import json
from urllib.parse import parse_qs, quote

from faqbot.bot.answers.phrases import phrase

from .accounts import MAINTAINER, SESSION_TTL_S, USER, Auth
from .guard import send_json
from .locale import browser_language
from .throttle import KNOWN_COOKIE, KNOWN_TTL_S

__all__ = ["COOKIE", "MAINTAINER", "SESSION_TTL_S", "USER", "Auth", "AuthMiddleware"]

COOKIE = "faqbot_session"
MAX_LOGIN_BODY = 4096
PUBLIC_PATHS = ("/login", "/favicon.ico")
NOT_MAINTAINER = (
    "This page is for the FAQ's maintainers: sign in on /login with the maintainers' account "
    "(--maintainer-auth-file or FAQBOT_MAINTAINER_AUTH_FILE on the server)."
)

NOT_MAINTAINER_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>faqbot</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{{font-family:sans-serif;display:flex;justify-content:center;margin-top:12vh}}div{{max-width:420px}}</style>
</head><body><div><h3>Insights</h3><p>{message}</p><p><a href="/login?next={target}">Sign in as a maintainer</a></p>
</div></body></html>"""
LOGIN_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>faqbot</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{{font-family:sans-serif;display:flex;justify-content:center;margin-top:12vh}}
form{{display:flex;flex-direction:column;gap:8px;width:260px}}p.err{{color:#b91c1c}}</style></head>
<body><form method="post" action="/login"><h3>{title}</h3>{message}
<input name="username" autocomplete="username" placeholder="{user}" aria-label="{user}" required>
<input name="password" type="password" autocomplete="current-password" placeholder="{password}"
 aria-label="{password}" required>
<input type="hidden" name="next" value="{next}">
<button type="submit" id="login">{submit}</button></form></body></html>"""


def page_language(headers: dict[bytes, bytes]) -> str:
    """The language of the browser's Accept-Language the app speaks that it prefers most, else English."""
    return browser_language(headers.get(b"accept-language", b"").decode("latin-1")[:200])


def _headers(scope) -> dict[bytes, bytes]:
    return {k.lower(): v for k, v in scope.get("headers", [])}


def _cookie(headers: dict[bytes, bytes], wanted: str = COOKIE) -> str | None:
    for part in headers.get(b"cookie", b"").decode("latin-1").split(";"):
        name, _, value = part.strip().partition("=")
        if name == wanted and value:
            return value
    return None


def _known_cookie(value: str) -> bytes:
    return f"{KNOWN_COOKIE}={value}; HttpOnly; SameSite=Lax; Path=/; Max-Age={KNOWN_TTL_S}".encode()


def _basic(value: str) -> tuple[bytes, bytes] | None:
    try:
        raw = base64.b64decode(value.strip(), validate=True)
    except ValueError:
        return None
    user, sep, password = raw.partition(b":")
    return (user, password) if sep else None


def _login_form(body: bytes, headers: dict[bytes, bytes]) -> dict[str, str]:
    """username, password and next from the sign-in form, or from a JSON object (a script's: a twenty-fifth trial's
    JSON body was told "Wrong user or password" with the right ones)."""
    text = body.decode("utf-8", "replace")
    if b"application/json" in headers.get(b"content-type", b""):
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        data = data if isinstance(data, dict) else {}
        return {k: v for k in ("username", "password", "next") if isinstance(v := data.get(k), str)}
    return {k: v[0] for k, v in parse_qs(text).items()}


def _safe_next(value: str) -> str:
    # only a path on this server: never //host or a scheme (no open redirect). Browsers drop tabs
    # and newlines from a URL ("/\t/evil.example" is "//evil.example") and a CR LF in the Location
    # header dropped the connection: any control character refuses the value. Non-ASCII is
    # percent-encoded (a header is bytes).
    if not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/"
    if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value):
        return "/"
    return quote(value, safe="/?&=#%:@!$'()*+,;~-._")


def _no_credentials(scope) -> bool:
    """A plain GET with neither an Authorization header nor a session cookie."""
    if scope["type"] != "http" or scope.get("method") != "GET":
        return False
    headers = _headers(scope)
    return b"authorization" not in headers and _cookie(headers) is None


class AuthMiddleware:
    def __init__(self, app, auth: Auth, maintainer_paths: tuple[str, ...] = ()) -> None:
        self.app = app
        self.auth = auth
        # the maintainers' pages (and everything under them): only for the maintainers' account, when there is one
        self.maintainer_paths = maintainer_paths if auth.maintainers_only else ()

    def _maintainers_page(self, path: str) -> bool:
        return any(path == p or path.startswith(p + "/") for p in self.maintainer_paths)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        client = (scope.get("client") or ("?", 0))[0]
        if scope["type"] == "http" and path == "/login":
            await self._login(scope, receive, send, client)
            return
        if scope["type"] == "http" and path == "/logout":
            await self._logout(scope, send)
            return
        verdict, keys, role = self._verdict(scope, client)
        if verdict != "ok" and path == "/api/health" and _no_credentials(scope):
            # a load balancer's probe carries no credentials (a twenty-fourth trial's needed the team password):
            # alive, and nothing more, without them; the build, queue and backends for those signed in. Wrong
            # credentials are refused as anywhere
            await send_json(send, 200, {"status": "ok"})
            return
        if verdict == "ok" and role != MAINTAINER and self._maintainers_page(path):
            # a chat user's sign-in does not show what every user asked (a twenty-fourth trial's team shared one)
            await self._not_maintainer(scope, send)
            return
        if verdict == "ok" or path in PUBLIC_PATHS:
            await self.app(scope, receive, self._remembering(scope, send, verdict == "ok" and bool(keys)))
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await self._refuse(scope, send, verdict, keys)

    def _remembering(self, scope, send, signed_in: bool):
        """send, adding a known-client cookie to the response of a Basic sign-in that has none."""
        if not signed_in or scope["type"] != "http" or _cookie(_headers(scope), KNOWN_COOKIE):
            return send

        async def remembering_send(message):
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), (b"set-cookie", _known_cookie(self.auth.throttle.new_known()))]
                message = {**message, "headers": headers}
            await send(message)

        return remembering_send

    def _verdict(self, scope, client: str) -> tuple[str, list, str | None]:
        """ok, missing (no credentials sent), bad (wrong ones) or wait (too many failures); the
        failure records a password attempt counts against (none for a session or token); the role signed in."""
        headers = _headers(scope)
        token = _cookie(headers)
        role = self.auth.session_role(token) if token else None
        if role is not None:
            return "ok", [], role
        header = headers.get(b"authorization", b"").decode("latin-1")
        scheme, _, value = header.partition(" ")
        if scheme.lower() == "bearer":  # 256 random bits: nothing to guess, never throttled
            role = self.auth.session_role(value.strip())
            return ("ok" if role else "bad"), [], role
        if scheme.lower() != "basic":
            return "missing", [], None
        creds = _basic(value)
        throttle = self.auth.throttle
        keys = throttle.keys(client, creds[0] if creds else None, throttle.known(_cookie(headers, KNOWN_COOKIE)))
        if throttle.wait_left(keys) > 0:
            return "wait", keys, None
        role = self.auth.role(*creds) if creds is not None else None
        if role is not None:
            throttle.succeeded(keys)
            return "ok", keys, role
        throttle.failed(keys)
        return "bad", keys, None

    async def _not_maintainer(self, scope, send) -> None:
        """403: a browser gets the message and a link to sign in as a maintainer; a client the message in JSON."""
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = _headers(scope)
        if b"text/html" in headers.get(b"accept", b"") and scope["method"] == "GET":
            query = scope.get("query_string", b"").decode("latin-1")
            target = quote(scope.get("path", "/") + ("?" + query if query else ""), safe="")
            page = NOT_MAINTAINER_PAGE.format(message=html.escape(NOT_MAINTAINER), target=target).encode()
            await _send_html(send, 403, page, b"default-src 'none'; style-src 'unsafe-inline'")
            return
        await send_json(send, 403, {"error": NOT_MAINTAINER})

    async def _refuse(self, scope, send, verdict: str, keys: list) -> None:
        if verdict == "wait":
            await self._too_many(send, keys)
            return
        headers = _headers(scope)
        path = scope.get("path", "")
        browser = b"text/html" in headers.get(b"accept", b"") and scope["method"] == "GET"
        if browser and not path.startswith("/api/") and verdict == "missing":
            query = scope.get("query_string", b"").decode("latin-1")
            target = path + ("?" + query if query else "")
            location = "/login?next=" + quote(target, safe="")
            await send({"type": "http.response.start", "status": 303, "headers": [(b"location", location.encode())]})
            await send({"type": "http.response.body", "body": b""})
            return
        await send_json(
            send,
            401,
            {"error": "Authentication required: sign in on /login, or send HTTP Basic or a bearer token."},
            [(b"www-authenticate", b'Basic realm="faqbot", charset="UTF-8"')],
        )

    async def _too_many(self, send, keys: list) -> None:
        wait = max(1, round(self.auth.throttle.wait_left(keys) + 0.5))
        await send_json(
            send,
            429,
            {"error": f"Too many failed sign-ins; wait {wait} s.", "retry_after": wait},
            [(b"retry-after", str(wait).encode())],
        )

    async def _login(self, scope, receive, send, client: str) -> None:
        if scope["method"] != "POST":
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            lang = page_language(_headers(scope))
            nxt = _safe_next(query.get("next", ["/"])[0])
            # on the way to a maintainers' page, which account it takes (the users' led back to the 403)
            note = phrase("login_maintainers", lang) if self._maintainers_page(nxt.split("?", 1)[0]) else ""
            await self._page(send, 200, nxt, note, lang)
            return
        headers = _headers(scope)
        origin = headers.get(b"origin", b"").decode("latin-1")
        host = headers.get(b"host", b"").decode("latin-1")
        if origin and origin.split("://", 1)[-1] != host:  # a form posted from another site
            await send_json(send, 403, {"error": "Sign in from this server's own page."})
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if len(body) > MAX_LOGIN_BODY:
                await send_json(send, 413, {"error": "Sign-in form too large."})
                return
            if not message.get("more_body"):
                break
        form = _login_form(body, headers)
        nxt = _safe_next(form.get("next", "/"))
        user = form.get("username", "").encode("utf-8", "replace")
        password = form.get("password", "").encode("utf-8", "replace")
        throttle = self.auth.throttle
        known = _cookie(headers, KNOWN_COOKIE)
        keys = throttle.keys(client, user, throttle.known(known))
        if throttle.wait_left(keys) > 0:
            await self._too_many(send, keys)
            return
        role = self.auth.role(user, password)
        if role is None:
            throttle.failed(keys)
            lang = page_language(headers)
            if b"application/json" in headers.get(b"accept", b""):
                await send_json(send, 401, {"error": phrase("login_failed", lang)})
            else:
                await self._page(send, 401, nxt, phrase("login_failed", lang), lang)
            return
        throttle.succeeded(keys)
        token = self.auth.new_session(role)
        # Secure over https, a TLS proxy's too (its X-Forwarded-Proto, believed from FORWARDED_ALLOW_IPS): a twenty-
        # fourth trial's cookie behind an https nginx could have been sent over plain http
        secure = "; Secure" if scope.get("scheme") == "https" else ""
        cookies = [
            (
                b"set-cookie",
                f"{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={SESSION_TTL_S}{secure}".encode(),
            )
        ]
        if not throttle.known(known):
            cookies.append((b"set-cookie", _known_cookie(throttle.new_known())))
        if b"application/json" in headers.get(b"accept", b""):
            await send_json(send, 200, {"token": token, "expires_in": SESSION_TTL_S}, cookies)
            return
        await send({"type": "http.response.start", "status": 303, "headers": [(b"location", nxt.encode()), *cookies]})
        await send({"type": "http.response.body", "body": b""})

    async def _logout(self, scope, send) -> None:
        # the browser's cookie, and a script's bearer token (a twenty-fifth trial's maintainer "signed out" a token
        # that went on opening everyone's questions)
        headers = _headers(scope)
        scheme, _, value = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
        for token in (_cookie(headers), value.strip() if scheme.lower() == "bearer" else None):
            if token:
                self.auth.end_session(token)
        cookie = f"{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0"
        await send(
            {
                "type": "http.response.start",
                "status": 303,
                "headers": [(b"location", b"/login"), (b"set-cookie", cookie.encode())],
            }
        )
        await send({"type": "http.response.body", "body": b""})

    async def _page(self, send, status: int, nxt: str, message: str, lang: str = "en") -> None:
        page = LOGIN_PAGE.format(
            lang=lang,
            title=html.escape(phrase("login_title", lang)),
            user=html.escape(phrase("login_user", lang)),
            password=html.escape(phrase("login_password", lang)),
            submit=html.escape(phrase("login_submit", lang)),
            next=html.escape(nxt),
            message=f'<p class="err">{html.escape(message)}</p>' if message else "",
        ).encode()
        await _send_html(send, status, page, b"default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")


async def _send_html(send, status: int, page: bytes, policy: bytes) -> None:
    """A page of ours: its content security policy, never cached."""
    headers = [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"content-length", str(len(page)).encode()),
        (b"content-security-policy", policy),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": page})
