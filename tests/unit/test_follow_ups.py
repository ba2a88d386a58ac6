"""Short turns of a fifth new-user trial (bot/dialogue/conversation.py): a turn that says no more than its version,
or than a question's opening ("comment désactiver ?"), is a follow-up of the question before it; "que faire ?",
"¿qué hago?", "was tun?" ask for the fix, "is that normal?" for the cause; a request beside a problem of its own
("Timeout expired while fetching topic metadata, que faire ?") is a new question."""

from __future__ import annotations

import pytest
from faqbot.bot.dialogue.conversation import is_follow_up, only_asks, only_version
from faqbot.bot.dialogue.requests import entry_request, names_own_problem


@pytest.mark.parametrize(
    ("text", "version_only"),
    [
        ("we are on vvr-6.0.3-flink-1.15", True),
        ("estamos en la 8.0.9", True),
        ("nous utilisons vvr 8.0.1", True),
        ("on 6.0.5", True),
        ("I use flink 1.15 and kafka 2.8", False),
        ("My job fails on 8.0.9", False),
        ("Kafka 2.8", False),
    ],
)
def test_a_turn_saying_only_its_version_is_a_follow_up(text, version_only):
    assert only_version(text) is version_only
    assert is_follow_up(text) is version_only


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("comment désactiver ?", True),
        ("¿cómo lo desactivo?", True),
        ("qu'est-ce que ça signifie ?", True),
        ("comment configurer Kafka ?", False),  # names its topic
        ("how to comment under a post?", False),
        ("Flink cannot read from Kafka", False),
    ],
)
def test_a_questions_opening_alone_is_a_follow_up(text, asks):
    assert only_asks(text) is asks
    assert is_follow_up(text) is asks


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("que faire ?", "fix"),
        ("qu'est-ce que je dois faire ?", "fix"),
        ("¿qué hago?", "fix"),
        ("was tun?", "fix"),
        ("what should I do?", "fix"),
        ("is that normal?", "cause"),
        ("c'est normal ?", "cause"),
        ("¿es normal?", "cause"),
        ("what else?", "failed"),
        ("quoi d'autre ?", "failed"),
        # a request beside a problem of its own is a new question
        ("Timeout expired while fetching topic metadata, que faire ?", ""),
        ("Timeout expired while fetching topic metadata, how do I fix it?", ""),
        ("how do I fix it in Flink SQL?", "fix"),
        # details after the request are the entry's, however many (a sixth trial: searched as typed)
        ("how do I fix it for the writing job? we do not use lookup", "fix"),
        ("how do I fix it without paying for a bigger instance?", "fix"),
    ],
)
def test_what_a_short_turn_asks_of_the_entry(text, kind):
    assert entry_request(text) == kind


def test_a_problem_of_its_own_is_three_words_before_the_request():
    assert names_own_problem("Checkpoint expired before completing, what should I do?")
    assert not names_own_problem("how do I fix it in Flink SQL?")
    assert not names_own_problem("how do I fix it without paying for a bigger instance?")
