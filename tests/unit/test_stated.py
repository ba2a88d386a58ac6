"""The state a question says a feature is in (bot/answers/parts_score.py `stated`; the packs' `on_patterns` and
`off_patterns`): the part about that state gains, the part about the other loses (signals state_match and
state_other)."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.parts_score import SIGNALS, PartQuery, relevance, stated
from faqbot.ingest.records import Part

ENABLED = "For a ClickHouse result table with exactly-once semantics enabled, data becomes visible after a checkpoint."
DISABLED = "For a ClickHouse result table with exactly-once semantics disabled (the default), data is visible at once."


@pytest.mark.parametrize(
    ("question", "state"),
    [
        ("we turned on exactly once btw", "on"),
        ("exactly-once is disabled", "off"),
        ("data not visible for minutes after writing, exactly-once is on", "on"),  # a fourteenth trial's C24.1
        ("exactly-once is off", "off"),
        ("our job is on VVR 8.0.9", ""),  # a version it runs, no state
        ("on a activé l'exactly-once", "on"),
        ("tenemos exactly-once deshabilitado", "off"),
        ("when is data visible in ClickHouse?", ""),
        ("we enabled X but disabled Y", ""),  # both in one clause: no state
    ],
)
def test_the_state_a_question_states(question, state):
    got, feature = stated(question, "en")
    assert got == state
    assert bool(feature) == bool(state)


def test_the_part_in_the_stated_state_wins():
    qy = PartQuery(set(), "en", {}, set(), None, state=stated("we turned on exactly once btw", "en"))
    on, off = Part("item", ENABLED, True), Part("item", DISABLED, True)
    assert relevance(on, ENABLED, qy) - relevance(off, DISABLED, qy) == pytest.approx(
        SIGNALS["state_match"] - SIGNALS["state_other"]
    )
    # a part about another feature is not touched by the state ("enabled" of something else)
    other = Part("item", "Checkpointing is enabled by default.", True)
    assert relevance(other, other.text, qy) == relevance(other, other.text, PartQuery(set(), "en", {}, set(), None))
