"""/v1 with an LLM configured (a scripted chat model): two models, the LLM's tokens streamed as
they come, the plain model still extractive, and a checked answer that replaces the streamed text."""

from __future__ import annotations

import json

from faqbot.bot.service import Bot
from faqbot.ui.api import AppState
from faqbot.ui.doors import build_doors
from starlette.testclient import TestClient

from tests.support import CORPUS, scripted_backend

QUESTION = "kafka idle partition watermark window no output"
# sentences of the entry: each streams once it is whole and passes the checks (bot/llm/backend.py StreamGate)
REPLY = (
    "Set table.exec.source.idle-timeout: 5 so idle partitions stop blocking [1]. "
    "An idle Kafka partition can prevent the watermark from advancing, which stops the event time window from "
    "producing output [1]. "
    "Ensure that all partitions receive data [1]."
)


def _client(index_dir, tmp_path, *replies: str) -> TestClient:
    state = AppState(Bot(index_dir, scripted_backend(*replies)), CORPUS, tmp_path / "feedback.jsonl", 2)
    return TestClient(build_doors(state, {"testserver"}))


def _chunks(text: str) -> list[dict]:
    data = [ln[6:] for ln in text.split("\n\n") if ln.startswith("data: ")]
    assert data[-1] == "[DONE]"
    return [json.loads(d) for d in data[:-1]]


def test_llm_model_streams_tokens_and_plain_model_stays_extractive(index_dir, tmp_path):
    with _client(index_dir, tmp_path, REPLY, REPLY) as client:
        ids = [m["id"] for m in client.get("/v1/models").json()["data"]]
        assert ids == ["faqbot", "faqbot-llm"]
        body = {"model": "faqbot-llm", "stream": True, "messages": [{"role": "user", "content": QUESTION}]}
        chunks = _chunks(client.post("/v1/chat/completions", json=body).text)
        deltas = [c["choices"][0]["delta"].get("content") for c in chunks if c["choices"]]
        assert len([d for d in deltas if d]) >= 3  # the model's sentences, as they came
        text = "".join(d or "" for d in deltas)
        assert text.startswith(REPLY) and "\n---\n" not in text and "**Sources**" in text
        assert chunks[-1]["faqbot"]["backend"] == "fake:scripted"
        plain = client.post("/v1/chat/completions", json={**body, "model": "faqbot", "stream": False}).json()
        assert plain["faqbot"]["backend"] == "extractive" and "table.exec.source.idle-timeout" in plain["choices"][0][
            "message"
        ]["content"]


def test_replaced_answer_follows_a_rule(index_dir, tmp_path):
    """A marker to no source is removed by the checks after it was streamed: the final text follows."""
    with _client(index_dir, tmp_path, REPLY + " Also [7].\n\nThat is all [1].") as client:
        body = {"model": "faqbot-llm", "stream": True, "messages": [{"role": "user", "content": QUESTION}]}
        chunks = _chunks(client.post("/v1/chat/completions", json=body).text)
        text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
        streamed, _, final = text.partition("\n\n---\n\n")
        assert "[7]" in streamed and final and "[7]" not in final.split("**Sources**")[0].split("_Repaired")[0]
