"""The server's accounts and their signed tokens: the users' USER:PASS and, when given, the maintainers'
(ui/auth.py puts them in front of the routes).

A token names its expiry and is signed (HMAC-SHA256) with its account's key, derived from the credentials:
every replica with the same credentials accepts it and reads the same role; no server holds a session table,
only the tokens signed out here.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
import time

from .throttle import Throttle

SESSION_TTL_S = 12 * 3600
MAX_SESSIONS = 10_000  # tokens remembered as signed out (a token is otherwise held by no server: signed)
USER, MAINTAINER = "user", "maintainer"


def _encodings(text: str) -> list[bytes]:
    # browsers send Basic credentials as UTF-8; some older clients as Latin-1
    out = [text.encode("utf-8")]
    try:
        out.append(text.encode("latin-1"))
    except UnicodeEncodeError:
        pass
    return out


class _Account:
    """One USER:PASS and the key its tokens are signed with."""

    def __init__(self, role: str, user: str, password: str) -> None:
        self.role = role
        self.user = _encodings(user)
        self.password = _encodings(password)
        # a token is signed with a key every replica with the same credentials derives (a twenty-fourth trial's
        # bearer token, from one replica, was a 401 on the other: every other call behind a round-robin proxy).
        # scrypt: a token does not let anyone test password guesses fast offline
        self.key = hashlib.scrypt(
            password.encode("utf-8"), salt=b"faqbot-session\0" + user.encode("utf-8"), n=2**14, r=8, p=1, dklen=32
        )

    def matches(self, user: bytes, password: bytes) -> bool:
        # every comparison runs whatever the outcome: the time does not tell which part was wrong
        u = any([hmac.compare_digest(user, c) for c in self.user])
        p = any([hmac.compare_digest(password, c) for c in self.password])
        return u and p


class Auth:
    """Credentials, sessions and the per-client failure record (in memory, one process). With a maintainers'
    account (`maintainer`), the maintainers' pages take only its sign-in; it opens the rest too."""

    def __init__(self, user: str, password: str, maintainer: tuple[str, str] | None = None) -> None:
        # the maintainers' account first (`faqbot serve` refuses one with the users' user name: ui/server.py)
        self._accounts = ([_Account(MAINTAINER, *maintainer)] if maintainer else []) + [_Account(USER, user, password)]
        self._ended: dict[str, float] = {}  # hashed token -> expiry: signed out here
        self._lock = threading.Lock()
        self.throttle = Throttle()

    @property
    def maintainers_only(self) -> bool:
        """True when the maintainers' pages need the maintainers' account."""
        return len(self._accounts) > 1

    def role(self, user: bytes, password: bytes) -> str | None:
        """The role these credentials sign in as, or None (every account compared: the time tells nothing)."""
        found = [a.role for a in self._accounts if a.matches(user, password)]
        return found[0] if found else None

    def check(self, user: bytes, password: bytes) -> bool:
        return self.role(user, password) is not None

    def new_session(self, role: str = "user") -> str:
        """A token naming its expiry, signed with the role's key: valid on every replica with these credentials,
        nothing held here."""
        account = next(a for a in self._accounts if a.role == role)
        nonce, expiry = secrets.token_urlsafe(24), int(time.time() + SESSION_TTL_S)
        return f"{nonce}.{expiry}.{_sign(account.key, nonce, expiry)}"

    def end_session(self, token: str) -> None:
        """Signed out here (only a token this server would accept is remembered: a flood of made-up ones cannot
        crowd the real ones out)."""
        if self._signed(token) is None:
            return
        now = time.time()
        with self._lock:
            if len(self._ended) >= MAX_SESSIONS:
                self._ended = {k: t for k, t in self._ended.items() if t > now}
            if len(self._ended) < MAX_SESSIONS:
                self._ended[self._key(token)] = now + SESSION_TTL_S

    def session_role(self, token: str) -> str | None:
        """The role of a token signed with one account's key, not expired, not signed out here (signing out on one
        replica does not reach the others: docs/deploy.md); None otherwise."""
        with self._lock:
            ended = self._key(token) in self._ended
        return None if ended else self._signed(token)

    def valid_session(self, token: str) -> bool:
        return self.session_role(token) is not None

    def _signed(self, token: str) -> str | None:
        nonce, _, rest = token.partition(".")
        expiry, _, sig = rest.partition(".")
        if not (nonce and expiry.isdigit() and sig) or int(expiry) <= time.time():
            return None
        found = [a.role for a in self._accounts if hmac.compare_digest(sig, _sign(a.key, nonce, int(expiry)))]
        return found[0] if found else None

    @staticmethod
    def _key(token: str) -> str:
        return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _sign(key: bytes, nonce: str, expiry: int) -> str:
    mac = hmac.new(key, f"{nonce}.{expiry}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")
