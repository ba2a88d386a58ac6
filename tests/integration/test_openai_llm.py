"""/v1 with an LLM configured (a scripted chat model): two models, the LLM's tokens streamed as
they come, the plain model still extractive, and a checked answer that replaces the streamed text."""

from __future__ import annotations

import json

from faqbot.bot.answers.phrases import phrase
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
        assert (
            plain["faqbot"]["backend"] == "extractive"
            and "table.exec.source.idle-timeout" in plain["choices"][0]["message"]["content"]
        )


def _streamed(client: TestClient) -> tuple[list[str], dict]:
    body = {"model": "faqbot-llm", "stream": True, "messages": [{"role": "user", "content": QUESTION}]}
    chunks = _chunks(client.post("/v1/chat/completions", json=body).text)
    return [c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"]], chunks[-1]["faqbot"]


def test_a_repaired_answer_is_sent_once(index_dir, tmp_path):
    """A client cannot take text back (a twenty-first trial's /v1 answers came twice, the second after a rule, when
    the checks had only added [1]): the marker to no source is never streamed, the [1] the checks add to unmarked
    paragraphs is not worth a second copy, and a label copied from the instructions is left out from the start."""
    unmarked = REPLY.replace(" [1]", "")
    replies = ("Fix (what to set, change or run):\n" + REPLY + " Also see [7].\n\nThat is all [1].", unmarked)
    with _client(index_dir, tmp_path, *replies) as client:
        for _ in replies:
            deltas, ext = _streamed(client)
            text = "".join(deltas)
            assert ext["backend"] == "fake:scripted" and "---" not in text and "[7]" not in text
            assert text.count("idle Kafka partition") == 1 and not text.startswith("Fix")
            assert len([d for d in deltas if d]) >= 3  # still streamed sentence by sentence
        assert text.startswith(unmarked.split(". ")[0]) and "[1]" in text  # the checks' marker, in what follows


def test_a_replaced_answer_follows_a_rule_with_its_reason_first(index_dir, tmp_path):
    """The model's first sentences pass and stream; a later one quotes an option its source does not have, the
    checks reject the answer, and the extractive one follows: after a rule, the reason first, in the user's words."""
    with _client(index_dir, tmp_path, REPLY + " Then set `kafka.partition.wakeup-boost: 9` [1].") as client:
        deltas, ext = _streamed(client)
        streamed, rule, final = "".join(deltas).partition("\n\n---\n\n")
        assert rule and ext["backend"].startswith("extractive (fallback")
        assert "wakeup-boost" not in streamed + final and streamed.startswith(REPLY.split(" [1]")[0])
        assert final.startswith("_" + phrase("llm_fallback", "en", reason=phrase("llm_reason_unsourced", "en")))
        assert "table.exec.source.idle-timeout" in final and final.count("_The language model") == 1
