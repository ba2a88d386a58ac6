"""Input none of whose words the FAQ uses is "not covered" (decision reason no_known_word), on the real index: a
ninth trial's keyboard junk got three unrelated entries with their fixes. The rule must refuse no question of the
labelled sets that the FAQ answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from faqbot.bot.evaluation.evaluate import read_questions

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize(
    ("question", "advice"),
    [
        ("asdf qwer zxcv 12345 !!!", "Describe the problem or paste the error message"),
        ("¿qué tal?", "Describa el problema o pegue el mensaje de error"),
        ("coucou, ça va ?", "Décrivez le problème ou collez le message d’erreur"),
    ],
)
def test_input_without_a_word_of_the_faq_says_not_covered_and_asks_for_the_problem(bot, question, advice):
    a = bot.ask(question)
    assert a.decision.outcome == "not_covered" and a.decision.reason == "no_known_word"
    assert a.citations == [] and advice in a.text


def test_a_short_question_naming_a_connector_still_shows_entries(bot):
    a = bot.ask("Kafka lag?")
    assert a.decision.reason != "no_known_word" and a.decision.shows_entries and a.citations


@pytest.mark.parametrize(
    "name", ["dev", "calibration", "real-posts", "xling-dev", "other-langs", "posts", "zh-short"]
)
def test_no_question_the_faq_answers_is_refused_for_want_of_a_known_word(bot, name):
    questions = [q for q in read_questions(ROOT / "eval" / f"{name}.jsonl") if q.in_scope]
    refused = [q.id for q in questions if bot.retriever.retrieve(q.question).decision.reason == "no_known_word"]
    assert questions and refused == []
