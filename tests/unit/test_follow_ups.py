"""A turn that says no more than its version is a follow-up of the question before it (bot/dialogue/conversation.py
`only_version`; a fifth new-user trial)."""

from __future__ import annotations

import pytest
from faqbot.bot.dialogue.conversation import is_follow_up, only_version


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
