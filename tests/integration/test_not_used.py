"""What the user says they do not use is not given as their fix (bot/answers/done.py `unused`; a sixth new-user
trial: "how do I fix it for the writing job? we do not use lookup" opened on the lookup cache's settings of the
Paimon disk-space entry, whose other case is the writing job's). Real index, bot as shipped; questions written for
these tests, in English, French and Spanish."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase

from tests.support import chat, english_title

PAIMON_DISK = "Paimon job error: No space left on device"
DYING = "Paimon writer keeps dying: java.io.IOException: No space left on device on the taskmanager"
LOOKUP = "lookup.cache-max-disk-size"
WRITE = "write-buffer-spillable"


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        (DYING, "how do I fix it? we do not use lookup"),
        (
            "Le writer Paimon plante : java.io.IOException: No space left on device sur le taskmanager",
            "comment le corriger ? nous n'utilisons pas de lookup",
        ),
        (
            "El writer de Paimon falla: java.io.IOException: No space left on device en el taskmanager",
            "¿cómo lo soluciono? no usamos lookup",
        ),
    ],
)
def test_a_fix_request_saying_what_is_not_used_gets_the_other_fix(bot, first, turn):
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == PAIMON_DISK
    assert english_title(a2.citations[0]) == PAIMON_DISK
    assert WRITE in a2.parts.body and LOOKUP not in a2.parts.body, a2.parts.body
    assert phrase("more_in_source", a2.language) in a2.text, a2.text  # the lookup case left out, and said so


def test_a_question_saying_what_is_not_used_is_given_the_other_fix_line(bot):
    a = bot.ask(DYING + ", we do not use lookup")
    assert english_title(a.citations[0]) == PAIMON_DISK
    line = a.text.split("[1]", 1)[1].split("\n")[0]
    assert WRITE in line and "query cache" not in line, line


def test_without_saying_so_both_cases_are_given(bot):
    _, a2 = chat(bot, DYING, "how do I fix it?")
    assert WRITE in a2.parts.body and LOOKUP in a2.parts.body, a2.parts.body
