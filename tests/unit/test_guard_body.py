"""The Guard (ui/guard.py) in front of a real Starlette app: a body that stalls after its head is answered 408 within
the body deadline, and a client leaving mid-body writes no traceback (a third attack round: 2,000 stalled bodies held
per address, 650 MB kept; 3.6 KB of ERROR traceback per aborted request)."""

from __future__ import annotations

import asyncio
import json
import logging

from faqbot.ui.guard import Guard
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, Router


async def _echo(request: Request) -> JSONResponse:
    return JSONResponse({"got": len(await request.body())})


# the routes as the server's Guard sees them: inside the app's own error middleware (ui/server.py add_middleware)
APP = Router(routes=[Route("/api/ask", _echo, methods=["POST"])])
SCOPE = {
    "type": "http",
    "method": "POST",
    "path": "/api/ask",
    "raw_path": b"/api/ask",
    "query_string": b"",
    "headers": [(b"host", b"localhost"), (b"content-type", b"application/json"), (b"content-length", b"100")],
}


def _run(messages: list[dict], stall: bool, timeout: float = 0.3) -> list[dict]:
    """The Guard's answer to a request whose body arrives as `messages`, then (with `stall`) nothing more."""
    sent: list[dict] = []

    async def main() -> None:
        queue = list(messages)

        async def receive() -> dict:
            if queue:
                return queue.pop(0)
            if stall:
                await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        guard = Guard(APP, {"localhost"}, max_body=64 * 1024, body_timeout=timeout)
        await asyncio.wait_for(guard(SCOPE, receive, send), 10)

    asyncio.run(main())
    return sent


def test_a_stalled_body_is_answered_408_and_its_connection_closed():
    sent = _run([{"type": "http.request", "body": b'{"question": ', "more_body": True}], stall=True)
    start, body = sent[0], json.loads(sent[1]["body"])
    assert start["status"] == 408 and (b"connection", b"close") in start["headers"]
    assert "did not arrive within 0.3 s" in body["error"]


def test_a_whole_body_is_answered_as_ever():
    sent = _run([{"type": "http.request", "body": b"x" * 100, "more_body": False}], stall=True)
    assert sent[0]["status"] == 200 and json.loads(sent[1]["body"]) == {"got": 100}


def test_a_client_leaving_mid_body_writes_no_traceback(caplog):
    with caplog.at_level(logging.DEBUG, logger="faqbot"):
        sent = _run([{"type": "http.request", "body": b'{"q', "more_body": True}], stall=False)
    assert not sent  # nobody to answer
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert "client left" in caplog.text
