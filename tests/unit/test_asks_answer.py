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
        ("ds est null", True),  # asks nothing, tells the case in the conversation's words: the entry stays
        ("autre chose : pourquoi ds est null ?", False),  # another subject announced
        ("pourquoi ds est null ? java.lang.NullPointerException at Foo.bar", False),  # an error of its own
    ],
)
def test_a_short_question_in_the_answers_words(turn, asks):
    assert asks_of_answer(turn, PREVIOUS, ANSWER) == asks


def test_nothing_to_ask_of_without_an_answer():
    assert not asks_of_answer("pourquoi ds est null ?", PREVIOUS, "")


# the entry the answer showed first, besides the line the answer quoted of it
ENTRY = (
    "ValidationException: SQL validation failed\nCause\nThe order of the returned fields changes with a "
    "parameterized constructor of the POJO class.\nSolutions\nDo not explicitly rename the fields returned by the UDTF."
)
UDTF_PREVIOUS = "My UDTF returns a POJO and SQL validation fails: Sink column 'f1' is of type BIGINT"
UDTF_ANSWER = (
    "[1] ValidationException: SQL validation failed — Do not explicitly rename the fields returned by the UDTF."
)


@pytest.mark.parametrize(
    ("turn", "asks"),
    [
        ("why would the order change?", True),  # an eleventh trial: "order" and "change" only in the entry's cause
        ("why does the ingest pipeline conflict with the constructor order?", True),  # longer than SHORT, all said
        ("why would the checkpoint order change?", False),  # "checkpoint": the conversation did not say it
        ("why would the order change each and every time that we redeploy the job?", False),  # over ASKS_WORDS
    ],
)
def test_a_question_in_the_words_of_the_entry_the_answer_showed(turn, asks):
    words_of_entry = ENTRY.replace("parameterized", "parameterized ingest pipeline conflict")
    assert asks_of_answer(turn, UDTF_PREVIOUS, UDTF_ANSWER, words_of_entry) == asks


def test_the_answers_words_alone_do_not_hold_what_only_the_entry_says():
    assert not asks_of_answer("why would the order change?", UDTF_PREVIOUS, UDTF_ANSWER)


def test_a_short_statement_in_the_entrys_words_tells_its_case():
    from faqbot.bot.dialogue.asks_answer import asks_of_answer, tells_briefly

    entry = "First, determine if the job is a JAR job or a SQL job. For a JAR job, verify that your pom.xml file ..."
    assert tells_briefly("es un job JAR") and tells_briefly("it's a JAR job")
    assert asks_of_answer("es un job JAR", "latencia de Kafka", "Check the timestamp.", entry)
    # a statement naming what the entry does not hold, or a long one, is a turn of its own
    assert not asks_of_answer("it's a Pulsar job", "kafka latency", "Check the timestamp.", entry)
    assert not tells_briefly("we run a JAR job on a session cluster with three TaskManagers and HA")
    assert not tells_briefly("java.lang.NullPointerException")
