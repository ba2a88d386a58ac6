"""The official MCP client (mcp 2.x) against `faqbot mcp` over stdio and /mcp of a real `faqbot
serve` over streamable HTTP, behind the same sign-in as the rest of the server."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from faqbot.bot.retrieval.decision import OUTCOMES

from tests.doc_snippets import snippet
from tests.support import CORPUS, ROOT, run_faqbot, serve

pytestmark = pytest.mark.slow

USER, PASSWORD = "agent", "s3cret-Pa55"


async def _exercise(client) -> dict:
    """List the tools, call each, and send bad arguments: what both transports must do alike."""
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == {"search_faq", "get_entry", "ask_faq"}
    for t in tools.values():
        assert "Apache Flink" in (t.description or "") and t.output_schema and t.input_schema["type"] == "object"
    assert tools["search_faq"].input_schema["required"] == ["query"]

    found = await client.call_tool("search_faq", {"query": "Paimon job fails with No space left on device", "k": 3})
    assert not found.is_error
    s = found.structured_content
    assert s["covered"] and len(s["results"]) == 3 and s["results"][0]["score"] >= s["results"][1]["score"]
    top = s["results"][0]
    # the decision ask_faq gives: "covered" alone said true where ask_faq said "not sure" (a thirty-first trial)
    assert set(s["decision"]) == {"outcome", "probability", "reason"} and s["decision"]["outcome"] in OUTCOMES
    assert s["decision"]["probability"] == s["confidence"]
    assert {"id", "title", "language", "link", "snippet", "score", "lines"} <= set(top) and "Paimon" in top["title"]

    fr = await client.call_tool("search_faq", {"query": "LogSizeTooLargeException", "language": "fr"})
    kafka = fr.structured_content["results"][0]
    assert kafka["language"] == "fr"
    entry = (await client.call_tool("get_entry", {"id": kafka["id"], "language": "en"})).structured_content
    assert entry["language"] == "en" and entry["text"] and kafka["id"] in [v["id"] for v in entry["other_versions"]]
    assert entry["notice"] == ""
    # the connectors FAQ has no Spanish: an agent set to Spanish reads the English text, told so in Spanish
    es = (await client.call_tool("get_entry", {"id": kafka["id"], "language": "es"})).structured_content
    assert es["language"] == "en" and es["text"] == entry["text"] and es["notice"].startswith("Esta entrada no existe")

    answer = await client.call_tool("ask_faq", {"question": "¿Cómo soluciono la pérdida de datos?"})
    a = answer.structured_content
    assert not answer.is_error and a["language"] == "es" and "[1]" in a["answer"] and a["citations"][0]["lines"]
    assert a["answer_id"] and not a["abstained"]
    # the decision as /api/ask gives it: an object, not a Python repr
    assert set(a["decision"]) == {"outcome", "probability", "reason"} and a["decision"]["outcome"] in OUTCOMES

    bad = [
        ("search_faq", {"query": "kafka", "k": 0}),
        ("search_faq", {"query": "kafka", "k": "many"}),
        ("search_faq", {}),
        ("search_faq", {"query": "kafka", "language": "de"}),
        ("get_entry", {"id": "no-such-entry"}),
        ("get_entry", {"id": top["id"], "language": "zz"}),
        ("ask_faq", {"question": "   "}),
        ("ask_faq", {"question": ["not", "text"]}),
    ]
    for name, args in bad:
        r = await client.call_tool(name, args)
        assert r.is_error and r.content and r.content[0].text, (name, args)
        # a sentence saying what to send, not the SDK's pydantic report (a third new-user trial)
        assert "pydantic" not in r.content[0].text and "validation error" not in r.content[0].text, r.content[0].text
    refused = {
        "k": ("search_faq", {"query": "kafka", "k": 0}),
        "query": ("search_faq", {}),
        "question": ("ask_faq", {"question": ["not", "text"]}),
    }
    for argument, (name, args) in refused.items():
        text = (await client.call_tool(name, args)).content[0].text
        assert f"`{argument}`" in text and "send " in text, text
    assert "from 1 to 20" in (await client.call_tool("search_faq", {"query": "kafka", "k": 99})).content[0].text
    # an argument the tool does not take is named, with the ones it does (it was dropped silently: a fourth trial)
    text = (await client.call_tool("get_entry", {"chunk_id": top["id"]})).content[0].text
    assert "`chunk_id`" in text and "`id`" in text, text
    assert "`history`" in (await client.call_tool("ask_faq", {"question": "x", "history": "y"})).content[0].text

    # a follow-up with the conversation so far, as the chat and /api/ask read it
    first = "DataHub table creation fails with NoPermissionException: dhs:ListShard"
    said = (await client.call_tool("ask_faq", {"question": first})).structured_content
    history = [{"role": "user", "content": first}, {"role": "assistant", "content": said["answer"]}]
    sql = await client.call_tool("ask_faq", {"question": "give me the SQL", "history": history})
    assert not sql.is_error, sql.content
    s = sql.structured_content
    assert "accessId" in s["answer"] and "```" in s["answer"] and s["decision"]["reason"] != "bare_reference"
    assert "DataHub" in s["citations"][0]["title"]
    alone = (await client.call_tool("ask_faq", {"question": "give me the SQL"})).structured_content
    assert alone["decision"]["reason"] == "bare_reference"  # the same words with no history: nothing to refer to
    # still serving after the errors
    assert not (await client.call_tool("search_faq", {"query": "kafka"})).is_error
    return a


def test_stdio(index_dir):
    """The client configuration of docs/integrations.md, with this test's index and venv."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    conf = json.loads(snippet("mcp-stdio"))["mcpServers"]["faqbot"]
    args = [str(index_dir) if a == "/srv/faqbot/index" else a for a in conf["args"]]
    params = StdioServerParameters(
        command=str(Path(sys.executable).parent / conf["command"]),
        args=[*args, "--corpus", str(CORPUS)],
        cwd=str(ROOT),
        env={k: v for k, v in os.environ.items() if k.startswith(("PATH", "HOME", "PYTHON", "FAQBOT", "VIRTUAL"))},
    )

    async def main() -> dict:
        async with Client(params, read_timeout_seconds=180) as client:
            return await _exercise(client)

    a = asyncio.run(main())
    assert a["citations"][0]["link"].startswith("/source/")  # no --public-url: relative links


@pytest.fixture(scope="module")
def doors(index_dir, tmp_path_factory):
    """A server with a password and an API key: (its URL, the key)."""
    tmp = tmp_path_factory.mktemp("mcp")
    (tmp / "auth").write_text(f"{USER}:{PASSWORD}\n")
    made = run_faqbot("api-key", "--file", str(tmp / "api-keys"), timeout=60)
    assert made.returncode == 0, made.stderr
    env = {**os.environ, "FAQBOT_FEEDBACK": str(tmp / "feedback.jsonl")}
    args = ("--index", str(index_dir), "--corpus", str(CORPUS), "--auth-file", str(tmp / "auth"))
    with serve(*args, "--api-keys-file", str(tmp / "api-keys"), env=env, auth=(USER, PASSWORD)) as srv:
        yield srv.url, made.stdout.strip()


@pytest.fixture(scope="module")
def server(doors):
    return doors[0]


def test_streamable_http_same_auth(server):
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    async def main(headers: dict) -> dict:
        http = httpx2.AsyncClient(headers=headers, timeout=180)
        async with http, Client(streamable_http_client(server + "/mcp", http_client=http)) as client:
            return await _exercise(client)

    a = asyncio.run(main({"Authorization": f"Bearer {USER}:{PASSWORD}"}))
    assert a["citations"][0]["link"].startswith(server + "/source/")  # the address the request came to
    # the answer is in the feedback store: a vote on its id is taken (Basic auth, as any API client)
    vote = httpx.post(
        server + "/api/feedback", json={"answer_id": a["answer_id"], "vote": "down"}, auth=(USER, PASSWORD)
    )
    assert vote.status_code == 200


def test_http_refuses_without_credentials(server):
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"accept": "application/json, text/event-stream"}
    assert httpx.post(server + "/mcp", json=body, headers=headers).status_code == 401
    bad = {**headers, "authorization": "Bearer agent:wrong"}
    assert httpx.post(server + "/mcp", json=body, headers=bad).status_code == 401


def test_a_get_opens_no_stream(server):
    """Stateless: the server sends nothing of its own, and a GET held a stream of pings open as long as its client liked
    (a third attack round held 1,500 from one address). 405, as the transport answers "no stream"."""
    r = httpx.get(server + "/mcp", headers={"accept": "text/event-stream"}, auth=(USER, PASSWORD), timeout=10)
    assert r.status_code == 405 and "POST" in r.headers["allow"] and "POST" in r.json()["error"]


def test_mcp_takes_json_only(server):
    body = '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}'
    r = httpx.post(server + "/mcp", content=body, headers={"content-type": "text/plain"}, auth=(USER, PASSWORD))
    assert r.status_code == 415 and "JSON" in r.json()["error"]


def test_a_password_guesser_on_the_same_address_does_not_lock_out_an_api_key(doors):
    """Failed passwords from an address throttle its password attempts (429), never an API key (256 random bits,
    nothing to guess): a third attack round's guesser locked a valid key out of /v1 and /mcp. From an address of
    its own (127.0.0.9) so that no other test's sign-in is throttled."""
    url, key = doors
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.9"), timeout=30) as c:
        codes = [c.get(url + "/v1/models", auth=(USER, "wrong")).status_code for _ in range(20)]
        assert codes[0] == 401 and codes[-1] == 429, codes
        assert c.get(url + "/v1/models", headers={"authorization": f"Bearer {key}"}).status_code == 200
        assert c.get(url + "/v1/models", auth=(USER, PASSWORD)).status_code == 429  # the password still waits


def test_docs_snippet(server, tmp_path):
    """The Python MCP client of docs/integrations.md, run as written (USER:PASS as its key)."""
    script = tmp_path / "mcp_http.py"
    script.write_text(snippet("mcp-http"))
    env = {**os.environ, "FAQBOT_URL": server, "FAQBOT_API_KEY": f"{USER}:{PASSWORD}"}
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=180, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "['search_faq', 'get_entry', 'ask_faq']" in out.stdout and "Kafka" in out.stdout
