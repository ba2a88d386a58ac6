"""Topics the FAQ has no entry on, and the questions that ask one (the `absent_topic` decision and notice).

The FAQ answers connector errors, data problems and SQL errors of jobs that run. It says nothing of installing or
deploying Flink itself (Kubernetes, Helm, the Kubernetes operator, YARN), of prices and billing, of writing Python
UDFs, of moving jobs from Spark or of machine learning: every new-user trial asked such questions, and every one
got three unrelated entries ("Contact Hologres technical support", "Partition change discovery") under "not sure",
because their words (Flink, Kubernetes, Realtime Compute, cluster) are the FAQ's too.

Each language pack says how its speakers ask one (`absent_topic_patterns`, by topic key of ABSENT_TOPICS). A question
asks an absent topic when one of those patterns matches and it names none of the FAQ's connectors and pastes no
error: "the Kafka source times out on a job deployed with Helm" is about the Kafka source. Chinese, Japanese and
Korean questions are answered in English, so every pack's patterns are tried on every question. The effect is
measured on real posts asking these topics and on real posts naming them in passing (docs/eval.md, thirty-ninth
session).
"""

from __future__ import annotations

import re

from faqbot.languages import PACKS, expand

# the topics, in the order a notice names them; their names in each answer language are phrases
# ("absent_topic_<key>", bot/answers/phrases.py)
ABSENT_TOPICS = ("deployment", "pricing", "python_udf", "spark_migration", "machine_learning")

_PATTERNS: dict[str, re.Pattern[str]] = {}
for _topic in ABSENT_TOPICS:
    # once each: French and Spanish write "migr... spark" alike, and every pattern is tried on every question
    _alts = list(dict.fromkeys(p for pack in PACKS.values() for p in pack.absent_topic_patterns.get(_topic, ())))
    if _alts:
        _PATTERNS[_topic] = re.compile("|".join(f"(?:{expand(a)})" for a in _alts), re.IGNORECASE)


def asked_topics(text: str) -> tuple[str, ...]:
    """The absent topics (keys of ABSENT_TOPICS) the text asks about by its wording, in ABSENT_TOPICS's order."""
    return tuple(t for t, rx in _PATTERNS.items() if rx.search(text))


def unknown_pack_topics() -> set[str]:
    """Topic keys a pack uses that ABSENT_TOPICS does not list (a test keeps this empty)."""
    return {t for pack in PACKS.values() for t in pack.absent_topic_patterns} - set(ABSENT_TOPICS)
