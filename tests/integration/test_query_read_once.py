"""A turn is read once (bot/dialogue/query.py): following one question through `Bot.ask`, the post reader
(`read_report`) and the language detector run once per distinct text. They used to run on the same
text in several places: retrieval read the post without its links and, for its language, read it
again as typed (two reads of a question with no link at all), and a follow-up's previous question
had its language detected by the follow-up rules and again by its own retrieval.

The distinct texts of a turn: the question (and, when it holds a link, the question without it);
for a follow-up, the standalone question the rules made of it and the previous question it is
compared with (the follow-up's own words are not retrieved: its standalone text is)."""

from __future__ import annotations

import sys
from collections import Counter

import pytest
from faqbot.bot.answers.answer import Turn
from faqbot.bot.dialogue.aspect import DECLINED
from faqbot.bot.retrieval import report as report_module
from faqbot.ingest import langdetect

KAFKA_LATENCY = "Why does my Kafka source have high latency?"
WITH_LINK = "Kafka SASL_SSL connection fails, as described in https://example.com/flink/kafka-sasl.html"
POST = (
    "Flink job fails with Kafka SASL authentication error\n"
    "We run a Flink SQL job that reads a Kafka topic over SASL_SSL and it fails at start.\n"
    "```\n"
    "org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed during "
    "authentication due to invalid credentials with SASL mechanism SCRAM-SHA-256\n"
    "    at org.apache.kafka.common.network.SaslChannelBuilder.buildChannel(SaslChannelBuilder.java:228)\n"
    "```\n"
    "The same credentials work with the console consumer. What is wrong with the table options?\n"
)


@pytest.fixture
def counted(monkeypatch):
    """Counting wrappers around the real read_report and detect_language, put in place of every
    faqbot module's reference to them: {"read": Counter(text), "detect": Counter(text)}."""
    calls: dict[str, Counter[str]] = {"read": Counter(), "detect": Counter()}
    originals = {"read": report_module.read_report, "detect": langdetect.detect_language}

    def wrap(kind: str):
        real = originals[kind]

        def counting(text: str, *args, **kwargs):
            calls[kind][text] += 1
            return real(text, *args, **kwargs)

        return counting

    wrappers = {kind: wrap(kind) for kind in originals}
    patched = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("faqbot") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            for kind, real in originals.items():
                if value is real:
                    monkeypatch.setattr(module, attr, wrappers[kind])
                    patched += 1
    assert patched >= 3  # report, textproc and the modules that read them
    return calls


def _once_each(calls: Counter[str]) -> None:
    twice = {text[:60]: n for text, n in calls.items() if n > 1}
    assert not twice, twice


def test_a_question_is_read_once(bot, counted):
    bot.ask("Kafka SASL_SSL connection fails")
    assert counted["read"] == Counter({"Kafka SASL_SSL connection fails": 1})
    assert counted["detect"] == Counter({"Kafka SASL_SSL connection fails": 1})


def test_a_question_with_a_link_is_read_as_typed_and_without_the_link(bot, counted):
    a = bot.ask(WITH_LINK)
    assert a.text
    # two distinct texts: retrieval scores the text without its link, the language is read as typed
    assert set(counted["read"]) == {WITH_LINK, WITH_LINK.replace("https://example.com/flink/kafka-sasl.html", " ")}
    _once_each(counted["read"])
    assert counted["detect"] == Counter({WITH_LINK: 1})


def test_a_long_post_is_read_once(bot, counted):
    bot.ask(POST)
    assert counted["read"] == Counter({POST.strip(): 1})  # as the bot cleans it
    # its language is read from its prose: one text, neither the log nor the trace
    assert len(counted["detect"]) == 1 and "SaslChannelBuilder" not in next(iter(counted["detect"]))
    _once_each(counted["detect"])


def test_a_follow_up_reads_its_standalone_text_and_the_previous_question_once(bot, counted):
    history = [Turn("user", KAFKA_LATENCY), Turn("assistant", "...")]
    a = bot.ask("And for the sink?", history=history)
    standalone = a.standalone_query
    assert standalone and standalone != "And for the sink?" and "sink" in standalone
    # the previous question is read too: the follow-up names a new aspect (the sink), and must not
    # be answered by the entry the previous question found (bot/dialogue/aspect.py decline_repeat)
    # declined, the turn as typed is read alone as well, once, to see whether it is a question of its own
    # (bot/service.py); not read otherwise
    typed = {"And for the sink?"} if a.decision.reason in DECLINED else set()
    assert set(counted["read"]) == {standalone, KAFKA_LATENCY} | typed
    _once_each(counted["read"])
    # the follow-up rules read the previous question's language and its retrieval reads it again:
    # one detection (it used to be two); the turn as typed is detected for the language it is typed in
    # (bot/dialogue/query.py), once, its reading alone reusing that detection
    assert set(counted["detect"]) == {standalone, KAFKA_LATENCY, "And for the sink?"}
    _once_each(counted["detect"])


def test_and_in_french_reads_the_turn_it_follows_once(bot, counted):
    first = "ClickHouse sink visibility"
    a = bot.ask("and in French?", history=[Turn("user", first), Turn("assistant", "...")])
    assert a.language == "fr"
    assert counted["read"] == Counter({first: 1})
    assert counted["detect"] == Counter({first: 1})
