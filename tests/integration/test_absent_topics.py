"""A question asking a topic the FAQ has no entry on (installing Flink, prices, Python UDFs, moving from Spark,
machine learning), on the real index: "not covered", saying which topic the FAQ lacks and what it does answer, in
the user's language. Every new-user trial asked such questions and got three unrelated entries under "not sure"."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase


@pytest.mark.parametrize(
    ("question", "lang", "topic"),
    [
        ("How do we deploy Apache Flink on our EKS cluster with the Helm chart?", "en", "deployment"),
        ("What is the price per CU of Realtime Compute for Apache Flink in Singapore?", "en", "pricing"),
        ("Comment déployer Flink sur un cluster Kubernetes avec l'opérateur ?", "fr", "deployment"),
        ("¿Cuánto cuesta Realtime Compute para Flink al mes con pago por uso?", "es", "pricing"),
        ("Can I register a Python UDF in a SQL job, and which Python version runs it?", "en", "python_udf"),
        ("We want to migrate our Spark Structured Streaming jobs to Flink SQL: where do we start?", "en",
         "spark_migration"),
    ],
)
def test_an_absent_topic_is_not_covered_and_named(bot, question, lang, topic):
    a = bot.ask(question)
    assert a.language == lang
    assert a.decision.outcome == "not_covered", a.decision
    assert a.decision.reason in ("absent_topic", "far"), a.decision
    assert not a.citations
    said = phrase("absent_topic", lang, topics=phrase(f"absent_topic_{topic}", lang))
    assert said in a.notices and said in a.text, a.text
    # what the FAQ answers, not "rephrase with the connector name": rephrasing would find nothing more
    assert phrase("faq_scope", lang) in a.text and phrase("rephrase", lang) not in a.text


@pytest.mark.parametrize(
    "question",
    [
        # the topic's words beside a connector or a pasted error: the question is the connector's
        "Our Flink cluster was installed with the Helm chart and the Kafka source fails with "
        "org.apache.kafka.common.errors.TimeoutException: Timeout of 60000ms expired before the position for "
        "partition orders-3 could be determined",
        "How much does it cost in throughput to enable exactly-once on the Kafka sink?",
    ],
)
def test_a_topic_s_words_beside_a_connector_or_an_error_keep_the_entries(bot, question):
    a = bot.ask(question)
    assert a.decision.reason != "absent_topic" and a.citations, a.decision
    assert not any(phrase("absent_topic", "en", topics="") [:20] in n for n in a.notices)


@pytest.mark.parametrize(
    ("first", "then", "lang", "topic"),
    [
        ("My Kafka source job produces no output with event time windows", "how much does it cost?", "en", "pricing"),
        (
            "Mi job con fuente Kafka no produce salida con ventanas de tiempo de evento",
            "¿y cuánto cuesta eso al mes?",
            "es",
            "pricing",
        ),
    ],
)
def test_a_follow_up_asking_an_absent_topic_is_read_alone(bot, first, then, lang, topic):
    """Joined to the question before it, the turn named its connector: the Kafka entry was given again as if it
    said what the service costs."""
    from faqbot.bot.answers.answer import Turn

    before = bot.ask(first)
    assert before.citations, before.text
    a = bot.ask(then, history=[Turn("user", first), Turn("assistant", before.text)])
    assert a.language == lang
    assert a.decision.outcome == "not_covered" and not a.citations, a.text
    assert phrase("absent_topic", lang, topics=phrase(f"absent_topic_{topic}", lang)) in a.text, a.text
