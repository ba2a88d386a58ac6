"""Connection limits below HTTP: idle or trickling connections cannot starve everyone else.

uvicorn counts open connections against `limit_concurrency` and h11 has no timeout for a request
head, so 1,030 connections that never sent a byte (or 1,100 sending a header byte every 5 s) made
every other client get a plain 503 for as long as they were held (issue 23). The protocol class
uvicorn runs (h11 or httptools, whichever `--http auto` picks) is wrapped here:

- a connection must send a complete request head within HEAD_TIMEOUT_S of opening, and again
  after each response (the next request on a kept-alive connection); otherwise it is closed;
- one client address may hold at most PENDING_PER_ADDRESS connections that have not sent a head
  yet: past that its oldest pending one is closed, so the flood keeps evicting itself while a
  normal client, which sends its head within milliseconds, is served (even from the same address);
- one client address may hold at most OPEN_PER_ADDRESS connections in all; past that a new one
  is answered 503 with Retry-After and closed.

The event loop is single-threaded: the counts need no lock.
"""

from __future__ import annotations

import array
import asyncio
import fcntl
import logging
import termios
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("faqbot")

HEAD_TIMEOUT_S = 5.0
# High enough that a flood of idle connections is mostly held until the head timeout rather than
# evicted at once: an evicted attacker reconnects at once, and that churn (700 connects a second
# with 256) cost normal questions 1 s at p95 on a loaded machine. Scaled down to the process's
# file limit by `for_file_limit`.
PENDING_PER_ADDRESS = 1024
OPEN_PER_ADDRESS = 2048
_REFUSAL = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\n"
    b"connection: close\r\ncontent-length: 49\r\n\r\nToo many connections from this address; retry.\r\n\r\n"
)


@dataclass
class ConnectionLimits:
    head_timeout: float = HEAD_TIMEOUT_S
    pending_per_address: int = PENDING_PER_ADDRESS
    open_per_address: int = OPEN_PER_ADDRESS
    open: dict[str, int] = field(default_factory=dict)
    pending: dict[str, OrderedDict[int, object]] = field(default_factory=dict)
    closed_idle: int = 0  # connections closed for sending no complete head in time
    evicted: int = 0  # pending connections closed to make room for a newer one
    refused: int = 0  # connections refused over OPEN_PER_ADDRESS

    @classmethod
    def for_file_limit(cls, files: int) -> ConnectionLimits:
        """Caps that fit in `files` open files (uvicorn's own limit is set from the same number)."""
        return cls(
            pending_per_address=max(16, min(PENDING_PER_ADDRESS, files // 4)),
            open_per_address=max(32, min(OPEN_PER_ADDRESS, files // 2)),
        )

    def stats(self) -> dict:
        return {
            "open": sum(self.open.values()),
            "pending": sum(len(p) for p in self.pending.values()),
            "closed_idle": self.closed_idle,
            "evicted": self.evicted,
            "refused": self.refused,
        }

    # -- bookkeeping, called by the wrapped protocol
    def opened(self, host: str) -> bool:
        if self.open.get(host, 0) >= self.open_per_address:
            self.refused += 1
            return False
        self.open[host] = self.open.get(host, 0) + 1
        return True

    def closed(self, host: str) -> None:
        n = self.open.get(host, 0) - 1
        if n > 0:
            self.open[host] = n
        else:
            self.open.pop(host, None)

    def wait_head(self, host: str, proto) -> None:
        waiting = self.pending.setdefault(host, OrderedDict())
        waiting[id(proto)] = proto
        while len(waiting) > self.pending_per_address:
            # the oldest that has nothing waiting to be read: a normal client's head is already in
            # the kernel's buffer when a burst of newer connections is accepted in the same loop
            # pass, before it is read (with plain oldest-first, 3 of 19 probes were reset)
            key = next((k for k, p in waiting.items() if not _unread(p)), next(iter(waiting)))
            victim = waiting.pop(key)
            self.evicted += 1
            victim._faqbot_close()  # type: ignore[attr-defined]

    def got_head(self, host: str, proto) -> None:
        waiting = self.pending.get(host)
        if waiting is not None:
            waiting.pop(id(proto), None)
            if not waiting:
                del self.pending[host]


class _Limits:
    """Mixed in before uvicorn's protocol class (see `limited`); the limits are a class attribute."""

    _faqbot_limits: ConnectionLimits
    transport: Any  # uvicorn's protocol sets it in connection_made
    _faqbot_host = "?"
    _faqbot_counted = False
    _faqbot_timer: asyncio.TimerHandle | None = None
    _faqbot_cycle: object = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        peer = transport.get_extra_info("peername")
        self._faqbot_host = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self._faqbot_limits.opened(self._faqbot_host):
            transport.write(_REFUSAL)
            transport.close()
            return
        self._faqbot_counted = True
        self._faqbot_await_head()

    def _faqbot_await_head(self) -> None:
        self._faqbot_cancel_timer()
        self._faqbot_limits.wait_head(self._faqbot_host, self)
        if self.transport is not None and not self.transport.is_closing():
            loop = asyncio.get_running_loop()
            self._faqbot_timer = loop.call_later(self._faqbot_limits.head_timeout, self._faqbot_head_timeout)

    def _faqbot_cancel_timer(self) -> None:
        if self._faqbot_timer is not None:
            self._faqbot_timer.cancel()
            self._faqbot_timer = None

    def _faqbot_head_timeout(self) -> None:
        self._faqbot_timer = None
        self._faqbot_limits.closed_idle += 1
        self._faqbot_close()

    def _faqbot_close(self) -> None:
        self._faqbot_limits.got_head(self._faqbot_host, self)
        self._faqbot_release()  # now, not when the loop gets to connection_lost: a burst would count it
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()

    def _faqbot_release(self) -> None:
        if self._faqbot_counted:
            self._faqbot_counted = False
            self._faqbot_limits.closed(self._faqbot_host)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        cycle = getattr(self, "cycle", None)
        if cycle is not None and cycle is not self._faqbot_cycle:  # a new request's head arrived
            self._faqbot_cycle = cycle
            self._faqbot_head_done()
        elif self.transport is not None and self.transport.get_protocol() is not self:
            self._faqbot_handed_over()

    def _faqbot_head_done(self) -> None:
        self._faqbot_cancel_timer()
        self._faqbot_limits.got_head(self._faqbot_host, self)

    def _faqbot_handed_over(self) -> None:
        # a websocket upgrade: the new protocol sees the connection's end, so it releases the count
        self._faqbot_head_done()
        other = self.transport.get_protocol()
        lost = other.connection_lost
        host, counted = self._faqbot_host, self._faqbot_counted
        self._faqbot_counted = False

        def connection_lost(exc) -> None:
            if counted:
                self._faqbot_limits.closed(host)
            lost(exc)

        other.connection_lost = connection_lost

    def on_response_complete(self) -> None:
        before = getattr(self, "cycle", None)
        super().on_response_complete()  # type: ignore[misc]  # may already start a pipelined request
        cycle = getattr(self, "cycle", None)
        if cycle is not before:
            self._faqbot_cycle = cycle
        elif self.transport is not None and not self.transport.is_closing():
            self._faqbot_await_head()  # the next request on this connection gets its own deadline

    def connection_lost(self, exc) -> None:
        self._faqbot_cancel_timer()
        self._faqbot_limits.got_head(self._faqbot_host, self)
        self._faqbot_release()
        super().connection_lost(exc)  # type: ignore[misc]


def _unread(proto) -> bool:
    """Whether the connection's socket holds bytes not read yet (FIONREAD; False if unknown)."""
    try:
        fd = proto.transport.get_extra_info("socket").fileno()
        buf = array.array("i", [0])
        fcntl.ioctl(fd, termios.FIONREAD, buf)
        return buf[0] > 0
    except (AttributeError, OSError, ValueError):
        return False


def limited(base: type, limits: ConnectionLimits) -> type:
    """A subclass of uvicorn's protocol class `base` that applies `limits`."""
    return type(f"Limited{base.__name__}", (_Limits, base), {"_faqbot_limits": limits})
