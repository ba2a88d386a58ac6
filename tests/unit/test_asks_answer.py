"""A short question asked of the previous answer in its words (bot/dialogue/asks_answer.py): crafted turns."""

from __future__ import annotations

import pytest
from faqbot.bot.dialogue.asks_answer import asks_of_answer

PREVIOUS = "Le job MaxCompute plante : Invalid partition spec: ds=null"
ANSWER = (
    "[1] Échec du job MaxCompute avec 'Invalid partition spec' — Les valeurs de la colonne de partition ds ne "
    "doivent pas être null ni vides."
)


@pytest.mark.parametrize(
    ("turn", "asks"),
    [
        ("pourquoi ds est null ?", True),  # an eleventh trial: searched as typed, the entry came third
        ("why is ds null?", True),
        ("why?", False),  # no word of its own: a request about the entry (bot/dialogue/requests.py)
        ("pourquoi le checkpoint échoue ?", False),  # a word the conversation did not say: a question of its own
        ("ds est null", False),  # asks nothing
        ("autre chose : pourquoi ds est null ?", False),  # another subject announced
        ("pourquoi ds est null ? java.lang.NullPointerException at Foo.bar", False),  # an error of its own
    ],
)
def test_a_short_question_in_the_answers_words(turn, asks):
    assert asks_of_answer(turn, PREVIOUS, ANSWER) == asks


def test_nothing_to_ask_of_without_an_answer():
    assert not asks_of_answer("pourquoi ds est null ?", PREVIOUS, "")
