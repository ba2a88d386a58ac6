"""A sixteenth trial's "gracias", "merci" and "thanks!" got three unrelated entries under "I am not sure the FAQ
covers this", or "The FAQ does not cover this question": they are answered in kind, in their language, with no
entry (bot/dialogue/courtesy.py)."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase

from tests.support import chat

ES_SINK = "mi job de flink no escribe nada en la tabla de destino de hologres"


@pytest.mark.parametrize(
    ("thanks", "lang"), [("gracias!", "es"), ("merci beaucoup", "fr"), ("thanks!", "en"), ("ok thanks", "en")]
)
def test_thanks_after_an_answer_is_answered_in_kind(bot, thanks, lang):
    first, a = chat(bot, ES_SINK, thanks)
    assert first.citations and first.language == "es"
    assert a.language == lang, (a.language, a.text)
    assert not a.citations and a.decision.outcome == "not_covered" and a.decision.reason == "thanks", a.decision
    assert a.text.startswith(phrase("thanks_reply", lang)) and phrase("ask_next", lang) in a.text, a.text
    assert phrase("not_covered", lang) not in a.text
    assert not a.parts.warning  # no warning sign on the page (a seventeenth trial saw "⚠️ Hola.")


def test_a_greeting_first_asks_for_the_problem(bot):
    a = bot.ask("Bonjour !")
    assert a.language == "fr" and a.decision.reason == "greeting" and not a.citations
    assert a.detected_language == "fr"  # the page's badge said "EN · réponse en FR" (a seventeenth trial)
    assert phrase("greeting_reply", "fr") in a.text and phrase("ask_first", "fr") in a.text, a.text


def test_a_greeting_of_several_languages_keeps_the_conversation_s(bot):
    _, a = chat(bot, ES_SINK, "Hallo")
    assert a.language == "es" and a.decision.reason == "greeting", (a.language, a.decision)


def test_thanks_with_a_question_is_the_question(bot):
    first, a = chat(bot, ES_SINK, "gracias, ¿y cómo lo soluciono?")
    assert a.decision.reason not in ("thanks", "greeting") and a.citations
    assert a.citations[0].title == first.citations[0].title


@pytest.mark.parametrize("thanks", ["dank je wel", "grazie, funziona!"])
def test_thanks_in_a_language_answered_in_english_get_english(bot, thanks):
    """A twentieth trial's Dutch "dank je wel" was read French (its "je") and got "Avec plaisir."; an Italian
    "grazie, funziona!" got the closest entries again."""
    _, a = chat(bot, "Our Kafka source shows a latency of more than 50 years in the monitoring", thanks)
    assert a.language == "en" and a.decision.reason == "thanks" and not a.citations, (a.language, a.decision)
    assert a.text.startswith(phrase("thanks_reply", "en")), a.text
