"""A turn after an answer saying what the user set, without "already" ("I tried that, I set X to true", "j'ai mis X",
"puse X"; the packs' `turn_done_patterns`): that fix is not given again, neither as the entry's other fixes nor
as a "that did not work" answer's (a sixth trial: "I tried that, I set ...include-user-jar to true" was searched
as typed and its closest entry's line said to set it; "I set table.exec.source.idle-timeout to 5 s, still
nothing" was given that very step). Real index, bot as shipped; turns written for these tests."""

from __future__ import annotations

import pytest

from tests.support import chat, english_title

DRIVER = "Error: No suitable driver found"
DORIS = (
    "Custom connector jar for Doris: job fails with java.sql.SQLException: No suitable driver found for "
    "jdbc:mysql://10.0.3.4:9030/dw"
)
WINDOW = (
    "My Flink job reads from Kafka with a tumbling event-time window but the window never fires, some partitions "
    "get no data at night"
)
IDLE = "set table.exec.source.idle-timeout to 5 s, still nothing"


@pytest.mark.parametrize(
    "turn",
    [
        "I tried that, I set kubernetes.application-mode.classpath.include-user-jar to true",
        "j'ai mis kubernetes.application-mode.classpath.include-user-jar à true",
        "puse kubernetes.application-mode.classpath.include-user-jar en true",
    ],
)
def test_the_fix_the_user_set_is_not_given_again(bot, turn):
    a1, a2 = chat(bot, DORIS, turn)
    assert english_title(a1.citations[0]) == DRIVER
    assert english_title(a2.citations[0]) == DRIVER
    assert "Class.forName" in a2.text, a2.text
    assert "include-user-jar" not in a2.text.replace(turn, ""), a2.text


@pytest.mark.parametrize(
    "turn",
    ["I " + IDLE, "I already " + IDLE],
)
def test_that_did_not_work_does_not_give_back_what_the_user_set(bot, turn):
    _, a2 = chat(bot, WINDOW, turn)
    assert a2.decision.reason == "fix_failed", a2.decision
    assert "idle-timeout: " not in a2.text and "idle-timeout" not in a2.parts.body, a2.text
