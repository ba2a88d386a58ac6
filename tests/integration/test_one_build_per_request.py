"""A request reads `bot.retriever` once: an index swap (bot/reload.py assigns a new retriever) in
the middle of a request can never mix two builds in one answer."""

from __future__ import annotations

import pytest

from faqbot import Turn


def _counting(bot, reads: list[int]):
    class Counting(type(bot)):  # type: ignore[misc, valid-type]
        @property
        def retriever(self):
            reads.append(1)
            return self.__dict__["_retriever"]

    other = Counting.__new__(Counting)
    other.__dict__.update({k: v for k, v in bot.__dict__.items() if k != "retriever"})
    other.__dict__["_retriever"] = bot.__dict__["retriever"]
    return other


@pytest.mark.parametrize(
    "question, history",
    [
        ("Kafka SASL_SSL connection fails", []),
        ("how do I fix it?", []),  # a bare reference with nothing before it
        ("and in French?", [Turn("user", "ClickHouse sink visibility"), Turn("assistant", "...")]),
        ("what about Hologres?", [Turn("user", "ClickHouse sink visibility"), Turn("assistant", "...")]),
    ],
)
def test_a_request_reads_the_retriever_once(bot, question, history):
    reads: list[int] = []
    counted = _counting(bot, reads)
    answer = counted.ask(question, history=history)
    assert answer.text
    assert len(reads) == 1, question
