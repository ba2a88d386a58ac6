"""Failed sign-ins, slowed down per client address and user name, with a count that decays.

The first round refused every sign-in from an address with too many failures, so whoever could
reach the server from the same address (a shared proxy, the same machine) locked the real user
out, token and password alike, for good: the count never went down. Now:

- a session cookie or bearer token is never throttled (256 random bits: nothing to guess);
- failures are counted per (address, user name tried) and, with a higher allowance, per address
  (so spraying user names does not escape the limit);
- a browser or client that signed in before carries a "known client" cookie (an HMAC of a random
  id with a per-process key, so it cannot be forged): it keeps its own count and is never held
  back by the address's, so a guesser on the same address cannot lock it out (OWASP's "device
  cookie"); a client without one, from a throttled address, waits like the guesser, because
  answering it would answer the guesser too;
- counts decay: one failure is forgotten per DECAY_S without a new one.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from dataclasses import dataclass

FREE_FAILURES = 3  # per (address, user) or known client, before waiting starts
FREE_FAILURES_ADDRESS = 10  # per address, whatever user names it tries
FIRST_DELAY_S = 0.5
MAX_DELAY_S = 60.0
DECAY_S = 60.0  # one failure forgotten per minute without a new one
MAX_RECORDS = 10_000  # bounded memory under a spray of addresses or names
KNOWN_COOKIE = "faqbot_known"
KNOWN_TTL_S = 30 * 24 * 3600


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0
    next_allowed: float = 0.0


class Throttle:
    """Per-key failure records (in memory, one process)."""

    def __init__(self) -> None:
        self._records: dict[str, _Failures] = {}
        self._lock = threading.Lock()
        self._key = secrets.token_bytes(32)

    # -- keys
    @staticmethod
    def keys(address: str, user: bytes | None, known: str | None) -> list[tuple[str, int]]:
        """The records an attempt counts against, each with its free failures."""
        if known:
            return [("k\n" + known, FREE_FAILURES)]
        out = [("a\n" + address, FREE_FAILURES_ADDRESS)]
        if user is not None:
            out.append(("u\n" + address + "\n" + hashlib.sha256(user).hexdigest(), FREE_FAILURES))
        return out

    def _decayed(self, key: str, now: float) -> _Failures | None:
        f = self._records.get(key)
        if f is None:
            return None
        gone = int((now - f.last) // DECAY_S)
        if gone:
            f.count = max(0, f.count - gone)
            f.last += gone * DECAY_S
            if f.count == 0:
                del self._records[key]
                return None
        return f

    def wait_left(self, keys: list[tuple[str, int]]) -> float:
        now = time.time()
        with self._lock:
            waits = [f.next_allowed - now for k, _ in keys if (f := self._decayed(k, now))]
        return max([0.0, *waits])

    def failed(self, keys: list[tuple[str, int]]) -> None:
        now = time.time()
        with self._lock:
            for key, free in keys:
                f = self._decayed(key, now) or self._records.setdefault(key, _Failures())
                f.count += 1
                f.last = now
                if f.count > free:
                    f.next_allowed = now + min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** (f.count - free - 1))
            while len(self._records) > MAX_RECORDS:
                self._records.pop(next(iter(self._records)))

    def succeeded(self, keys: list[tuple[str, int]]) -> None:
        with self._lock:
            for key, _ in keys:
                if not key.startswith("a\n"):  # the address's count stays: a guesser may share it
                    self._records.pop(key, None)

    # -- known-client cookie
    def new_known(self) -> str:
        nonce = secrets.token_urlsafe(16)
        return nonce + "." + self._sign(nonce)

    def known(self, value: str | None) -> str | None:
        """The client id of a genuine known-client cookie, else None."""
        if not value or "." not in value:
            return None
        nonce, _, mac = value.partition(".")
        return nonce if hmac.compare_digest(mac, self._sign(nonce)) else None

    def _sign(self, nonce: str) -> str:
        return hmac.new(self._key, nonce.encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:32]
