"""/api/health says whether the LLM server answers (a twenty-first trial's health said "ok" while it was down and
every answer fell back): a real HTTP server on a free port, then the same port closed."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from faqbot.bot.llm import health
from faqbot.bot.llm.backend import make_backend
from faqbot.bot.service import Bot
from faqbot.ui.api import AppState, register
from fastapi import FastAPI
from starlette.testclient import TestClient

from tests.support import CORPUS


class _Models(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = b'{"object": "list", "data": []}'
        self.send_response(200 if self.path == "/v1/models" else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def _health(index_dir, tmp_path, llm) -> dict:
    app = FastAPI()
    register(app, AppState(Bot(index_dir, llm), CORPUS, tmp_path / "feedback.jsonl", 2))
    with TestClient(app) as client:
        r = client.get("/api/health")
    assert r.status_code == 200
    return r.json()


def test_health_says_whether_the_llm_server_answers(index_dir, tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Models)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    health._reached.clear()
    try:
        up = _health(index_dir, tmp_path, make_backend("m", url, timeout=5))
    finally:
        server.shutdown()
        server.server_close()
    assert up["status"] == "ok" and up["llm"] == {"reachable": True}
    health._reached.clear()  # the cache would hold the reading for REACHABLE_CACHE_S
    down = _health(index_dir, tmp_path, make_backend("m", url, timeout=5))
    assert down["status"] == "ok" and down["llm"] == {"reachable": False}  # answers still come, extractive
    assert _health(index_dir, tmp_path, None)["llm"] is None
