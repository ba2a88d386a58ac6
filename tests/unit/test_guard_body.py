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


def test_a_refused_body_is_answered_by_the_guard_even_before_an_app_of_its_own():
    """The /v1 and /mcp doors are an app with its own error middleware: a body refused by raising from receive
    became that app's 500, sent as a text 503 (a fourth attack round). The Guard answers itself; the app's answer is
    dropped."""
    from starlette.applications import Starlette

    app = Starlette(routes=[Route("/api/ask", _echo, methods=["POST"])])
    sent: list[dict] = []

    async def main() -> None:
        async def receive() -> dict:
            await asyncio.sleep(3600)
            return {}

        async def send(message: dict) -> None:
            sent.append(message)

        await Guard(app, {"localhost"}, max_body=1024, body_timeout=0.2)(SCOPE, receive, send)

    asyncio.run(main())
    assert [m["status"] for m in sent if m["type"] == "http.response.start"] == [408]


def test_one_address_may_keep_only_so_many_bodies_unfinished():
    """A fourth attack round reconnected 2,000 stalled bodies per address (1.7 GB kept): past BODIES_PER_ADDRESS the
    next request from that address is refused at once; another address is served."""
    from faqbot.ui.guard import BODIES_PER_ADDRESS

    async def main() -> tuple[list[int], list[int]]:
        guard = Guard(APP, {"localhost"}, max_body=64 * 1024, body_timeout=30)
        stall = asyncio.Event()

        async def stalled() -> dict:
            await stall.wait()
            return {"type": "http.disconnect"}

        async def request(address: str, receive) -> list[int]:
            sent: list[dict] = []

            async def send(message: dict) -> None:
                sent.append(message)

            await guard({**SCOPE, "client": (address, 1)}, receive, send)
            return [m["status"] for m in sent if m["type"] == "http.response.start"]

        held = [asyncio.create_task(request("10.0.0.1", stalled)) for _ in range(BODIES_PER_ADDRESS)]
        await asyncio.sleep(0.05)
        refused = await request("10.0.0.1", stalled)
        whole = [{"type": "http.request", "body": b"x" * 10, "more_body": False}]
        other = await request("10.0.0.2", lambda: asyncio.sleep(0, whole.pop(0)))
        stall.set()
        await asyncio.gather(*held)
        assert not guard.receiving  # every count released
        return refused, other

    refused, other = asyncio.run(main())
    assert refused == [503] and other == [200]


def test_an_error_repeated_on_a_route_is_traced_once_a_minute(caplog):
    """An unknown Gradio session hash wrote 6.6 KB of traceback per request (a fourth attack round)."""

    async def failing(request: Request) -> JSONResponse:
        raise RuntimeError("boom")

    app = Router(routes=[Route("/api/ask", failing, methods=["POST"])])
    whole = {"type": "http.request", "body": b"{}", "more_body": False}

    async def main() -> None:
        guard = Guard(app, {"localhost"}, max_body=1024)
        for _ in range(50):
            sent: list[dict] = []

            async def receive() -> dict:
                return whole

            async def send(message: dict, sent=sent) -> None:
                sent.append(message)

            await guard(SCOPE, receive, send)
            assert sent[0]["status"] == 503

    with caplog.at_level(logging.DEBUG, logger="faqbot"):
        asyncio.run(main())
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info, caplog.text


def test_a_delete_needs_no_content_type():
    """DELETE /mcp carries no body: it was refused 415 like a text post (a fourth attack round)."""
    guard = Guard(APP, {"localhost"}, max_body=1024)
    delete = {**SCOPE, "method": "DELETE", "path": "/mcp", "headers": [(b"host", b"localhost")]}
    post = {**SCOPE, "path": "/mcp", "headers": [(b"host", b"localhost"), (b"content-type", b"text/plain")]}
    assert guard._refusal(delete) is None and guard._refusal(post)[0] == 415
