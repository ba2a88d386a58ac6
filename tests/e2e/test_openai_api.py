"""The official `openai` SDK (sync and async, streamed and not) against a real `faqbot serve`
with an API key made by `faqbot api-key` (the snippets of docs/integrations.md)."""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import json
import os

import httpx
import openai
import pytest

from tests.doc_snippets import snippet
from tests.support import CORPUS, run_faqbot, serve

pytestmark = pytest.mark.slow

PAIMON = "Paimon job fails with No space left on device"
KAFKA_FR = "Quelle est la cause de l'erreur LogSizeTooLargeException ?"
# Open WebUI 0.12.4's title prompt (open_webui/config.py), as it sends it after the first answer
TITLE_TASK = """### Task:
Generate a concise title summarizing the chat history.
### Guidelines:
- Keep it short: 2-4 words is best.
### Output:
JSON format: { "title": "your concise title here" }
### Chat History:
<chat_history>
USER: Paimon job fails with No space left on device
ASSISTANT: From the FAQ entry [1]: ...
</chat_history>"""
FOLLOW_UP_TASK = """### Task:
Predict 3-5 useful messages this user might naturally send next to advance their current objective.
### Output:
JSON format: { "follow_ups": ["Suggested next message 1", "Suggested next message 2"] }
### Chat History:
<chat_history>
USER: Paimon "title" job fails
</chat_history>"""


@pytest.fixture(scope="module")
def server(index_dir, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("doors")
    keys = tmp / "api-keys"
    made = run_faqbot("api-key", "--file", str(keys), timeout=60)
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip()
    assert key.startswith("fqb-") and key not in keys.read_text() and keys.read_text().startswith("sha256:")
    env = {**os.environ, "FAQBOT_FEEDBACK": str(tmp / "feedback.jsonl")}
    args = ("--index", str(index_dir), "--corpus", str(CORPUS), "--api-keys-file", str(keys))
    with serve(*args, "--max-concurrency", "2", "--max-wait", "1", env=env) as srv:
        yield srv.url, key


def _client(server, **kw) -> openai.OpenAI:
    url, key = server
    return openai.OpenAI(base_url=url + "/v1", api_key=key, max_retries=0, timeout=120, **kw)


def test_models_and_keys(server):
    url, _ = server
    models = _client(server).models.list()
    assert [m.id for m in models.data] == ["faqbot"]  # no LLM configured
    assert models.data[0].object == "model" and models.data[0].owned_by == "faqbot" and models.data[0].created > 0
    for bad in ("wrong-key", ""):
        with pytest.raises(openai.AuthenticationError) as err:
            openai.OpenAI(base_url=url + "/v1", api_key=bad or "x", max_retries=0).models.list()
        assert err.value.status_code == 401 and err.value.code == "invalid_api_key"
    r = httpx.post(url + "/v1/chat/completions", json={"model": "faqbot", "messages": []})
    assert r.status_code == 401 and set(r.json()["error"]) >= {"message", "type", "code"}
    # the chat page and /api stay as they were: the keys guard only /v1 and /mcp
    assert httpx.get(url + "/api/health").status_code == 200


def test_a_lone_surrogate_and_a_text_body(server):
    """A third attack round: a lone surrogate (JSON allows "\\ud800") in a history message was a 503 with two
    tracebacks (/api/ask already replaced it); a text/plain body, which any web page may post without a preflight,
    was answered."""
    url, key = server
    auth = {"authorization": f"Bearer {key}", "content-type": "application/json"}
    body = (
        '{"model": "faqbot", "messages": [{"role": "user", "content": "kafka \\ud800 sasl"}, '
        '{"role": "assistant", "content": "x"}, {"role": "user", "content": "how do I fix it?"}]}'
    )
    r = httpx.post(url + "/v1/chat/completions", content=body, headers=auth, timeout=120)
    assert r.status_code == 200 and r.json()["choices"][0]["message"]["content"], r.text[:300]
    for ctype in ("text/plain", None):  # a text body, or one that names no type
        headers = {**auth, "content-type": ctype} if ctype else {"authorization": auth["authorization"]}
        r = httpx.post(url + "/v1/chat/completions", content=body, headers=headers)
        assert r.status_code == 415 and "JSON" in r.json()["error"]["message"], r.text  # OpenAI's error shape


def test_sync_answer_keeps_markers_and_lists_sources(server):
    url, _ = server
    c = _client(server).chat.completions.create(model="faqbot", messages=[{"role": "user", "content": PAIMON}])
    text = c.choices[0].message.content or ""
    assert c.object == "chat.completion" and c.choices[0].finish_reason == "stop"
    assert "[1]" in text and "\n\n**Sources**\n1. [" in text and f"]({url}/source/" in text
    ext = (c.model_extra or {})["faqbot"]
    cite = ext["citations"][0]
    assert not ext["abstained"] and cite["language"] == "en" and cite["link"].startswith(url + "/source/")
    assert len(cite["lines"]) == 2 and cite["lines"][0] <= cite["lines"][1] and cite["title"] in text
    assert c.usage is not None and c.usage.completion_tokens > 0
    # the answer_id takes a vote on the same feedback store as the chat
    vote = httpx.post(url + "/api/feedback", json={"answer_id": ext["answer_id"], "vote": "up"})
    assert vote.status_code == 200 and vote.json()["ok"]


def test_sync_stream_matches_the_whole_answer(server):
    url, _ = server
    client = _client(server)
    whole = client.chat.completions.create(model="faqbot", messages=[{"role": "user", "content": PAIMON}])
    stream = client.chat.completions.create(
        model="faqbot",
        messages=[{"role": "user", "content": PAIMON}],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    text = "".join(ch.choices[0].delta.content or "" for ch in chunks if ch.choices)
    assert text == whole.choices[0].message.content
    assert all(ch.object == "chat.completion.chunk" and ch.id == chunks[0].id for ch in chunks)
    assert chunks[0].choices[0].delta.role == "assistant"
    events = [(ch.model_extra or {}).get("event") for ch in chunks]
    sources = [e for e in events if e]
    assert sources and all(e["type"] == "source" and e["data"]["source"]["url"].startswith(url) for e in sources)
    last = [ch for ch in chunks if ch.choices and ch.choices[0].finish_reason == "stop"]
    assert len(last) == 1 and (last[0].model_extra or {})["faqbot"]["citations"]
    assert chunks[-1].choices == [] and chunks[-1].usage is not None and chunks[-1].usage.total_tokens > 0


def test_stream_ends_with_done(server):
    url, key = server
    body = {"model": "faqbot", "messages": [{"role": "user", "content": PAIMON}], "stream": True}
    r = httpx.post(url + "/v1/chat/completions", json=body, headers={"authorization": f"Bearer {key}"}, timeout=120)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    lines = [ln for ln in r.text.split("\n\n") if ln]
    assert lines[-1] == "data: [DONE]" and all(ln.startswith("data: ") for ln in lines)
    assert not any('"usage"' in ln for ln in lines)  # only with stream_options.include_usage


def test_async_language_field_and_stream(server):
    url, key = server

    async def main() -> tuple[str, dict, str]:
        client = openai.AsyncOpenAI(base_url=url + "/v1", api_key=key, max_retries=0, timeout=120)
        c = await client.chat.completions.create(
            model="faqbot", messages=[{"role": "user", "content": KAFKA_FR}], extra_body={"language": "es"}
        )
        stream = await client.chat.completions.create(
            model="faqbot", messages=[{"role": "user", "content": KAFKA_FR}], stream=True
        )
        text = "".join([ch.choices[0].delta.content or "" async for ch in stream if ch.choices])
        return c.choices[0].message.content or "", (c.model_extra or {})["faqbot"], text

    es_text, ext, fr_text = asyncio.run(main())
    assert ext["language"] == "es" and "**Fuentes**" in es_text  # the extension field wins
    assert "**Sources**" in fr_text and "[1]" in fr_text  # detected French: the French entry
    assert "LogSizeTooLargeException" in fr_text


def test_history_makes_follow_ups_work(server):
    client = _client(server)
    first = client.chat.completions.create(model="faqbot", messages=[{"role": "user", "content": PAIMON}])
    earlier = first.choices[0].message.content or ""
    follow = client.chat.completions.create(
        model="faqbot",
        messages=[
            {"role": "system", "content": "You are a helpful assistant."},  # clients add one: ignored
            {"role": "user", "content": PAIMON},
            {"role": "assistant", "content": earlier},
            {"role": "user", "content": "and in Spanish?"},
        ],
    )
    a, b = (first.model_extra or {})["faqbot"], (follow.model_extra or {})["faqbot"]
    # the follow-up asks for the same entry in Spanish: its lead is Spanish, the entry the same
    assert b["language"] == "es" and b["citations"][0]["id"] == a["citations"][0]["id"]
    assert (follow.choices[0].message.content or "").startswith("Según la entrada")


def test_open_webui_bookkeeping_is_cheap_json(server):
    client = _client(server)
    title = client.chat.completions.create(model="faqbot", messages=[{"role": "user", "content": TITLE_TASK}])
    assert json.loads(title.choices[0].message.content or "") == {"title": "Paimon job fails with No space…"}
    assert "faqbot" not in (title.model_extra or {})  # no retrieval, no answer recorded
    stream = client.chat.completions.create(
        model="faqbot", messages=[{"role": "user", "content": FOLLOW_UP_TASK}], stream=True
    )
    text = "".join(ch.choices[0].delta.content or "" for ch in stream if ch.choices)
    assert json.loads(text) == {"follow_ups": []}  # "title" inside the quoted chat does not count


def test_errors_have_the_openai_shape(server):
    url, key = server
    client = _client(server)
    with pytest.raises(openai.NotFoundError) as err:
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    assert err.value.code == "model_not_found"
    bad = [
        [],
        [{"role": "assistant", "content": "hello"}],
        [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}],
        [{"role": "user", "content": "   "}],
    ]
    for messages in bad:
        with pytest.raises(openai.BadRequestError) as err:
            client.chat.completions.create(model="faqbot", messages=messages)  # type: ignore[arg-type]
        assert err.value.status_code == 400 and err.value.type == "invalid_request_error"
    with pytest.raises(openai.BadRequestError):
        client.chat.completions.create(
            model="faqbot", messages=[{"role": "user", "content": PAIMON}], extra_body={"language": "de"}
        )
    auth = {"authorization": f"Bearer {key}"}
    for raw in (b"not json", b"[1, 2]", b'{"model": "faqbot", "messages": "hi"}'):
        r = httpx.post(url + "/v1/chat/completions", content=raw, headers={**auth, "content-type": "application/json"})
        assert r.status_code in (400, 404) and set(r.json()["error"]) >= {"message", "type", "code"}
    r = httpx.get(url + "/v1/nothing", headers=auth)
    assert r.status_code == 404 and "error" in r.json()


def test_busy_is_503_with_retry_after(server):
    """--max-concurrency 2 --max-wait 1: a flood of long questions is refused, in OpenAI's shape."""
    long_q = "Caused by java.lang.RuntimeException: kafka sasl login failed in job N " * 55

    def ask(i: int):
        try:
            _client(server).chat.completions.create(
                model="faqbot", messages=[{"role": "user", "content": long_q.replace("N", str(i))}]
            )
            return 200, None
        except openai.InternalServerError as exc:
            return exc.status_code, exc

    with cf.ThreadPoolExecutor(16) as ex:
        results = list(ex.map(ask, range(16)))
    busy = [e for status, e in results if status == 503]
    assert busy and all(status in (200, 503) for status, _ in results)
    assert all(int(e.response.headers["retry-after"]) >= 1 and e.code == "server_busy" for e in busy)


def test_docs_snippets(server, tmp_path):
    """docs/integrations.md: the OpenAI SDK snippet runs as written; the librechat.yaml endpoint
    makes the requests LibreChat makes with it (model list from baseURL, then a streamed chat)."""
    import subprocess
    import sys

    import yaml

    url, key = server
    script = tmp_path / "sdk.py"
    script.write_text(snippet("openai-sdk"))
    env = {**os.environ, "FAQBOT_URL": url, "FAQBOT_API_KEY": key}
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=180, env=env)
    assert out.returncode == 0, out.stderr
    assert "**Sources**" in out.stdout and "**Fuentes**" in out.stdout and f"{url}/source/" in out.stdout

    endpoint = yaml.safe_load(snippet("librechat"))["endpoints"]["custom"][0]
    base = endpoint["baseURL"].replace("http://127.0.0.1:7860", url)
    api_key = endpoint["apiKey"].replace("${FAQBOT_API_KEY}", key)
    headers = {"authorization": f"Bearer {api_key}"}
    listed = httpx.get(base + "/models", headers=headers).json()
    assert set(endpoint["models"]["default"]) <= {m["id"] for m in listed["data"]}
    body = {
        "model": endpoint["models"]["default"][0],
        "stream": True,
        "messages": [{"role": "user", "content": PAIMON}],
    }
    r = httpx.post(base + "/chat/completions", json=body, headers=headers, timeout=120)
    assert r.status_code == 200 and r.text.rstrip().endswith("data: [DONE]") and "Sources" in r.text
