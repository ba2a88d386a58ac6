"""/mcp on a server whose Python has no MCP SDK (`pip install faqbot` without the `mcp` extra): it says so and
names the fix, instead of a bare 404 "Not Found" (an eighth trial). The SDK is installed with the test extras, so
its absence is made by hiding its module from the import system (None in sys.modules makes `import` fail as a
missing package does); the app, the bot and the index are the real ones."""

from __future__ import annotations

import sys

from faqbot.bot.service import Bot
from faqbot.ui.api import AppState
from faqbot.ui.doors import MCP_OFF, build_doors
from starlette.testclient import TestClient

from tests.support import CORPUS


def test_mcp_without_the_sdk_says_how_to_turn_it_on(index_dir, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "mcp.server.transport_security", None)
    state = AppState(Bot(index_dir), CORPUS, tmp_path / "feedback.jsonl", 2)
    with TestClient(build_doors(state, {"testserver"})) as client:
        for method, path in (("post", "/mcp"), ("get", "/mcp"), ("post", "/mcp/")):
            body = {"json": {"jsonrpc": "2.0", "id": 1, "method": "initialize"}} if method == "post" else {}
            r = getattr(client, method)(path, **body)
            assert r.status_code == 503, (path, r.status_code)
            assert r.json()["error"]["message"] == MCP_OFF and "pip install 'faqbot[mcp]'" in MCP_OFF
        # the other door is unchanged
        assert client.get("/v1/models").status_code == 200
