"""The chat page's example questions and its placeholder are what a new user tries first: each is answered with
confidence, in its language, citing an entry (bot/answers/phrases_ui.py)."""

from __future__ import annotations

import pytest
from faqbot.ingest.textproc import SUPPORTED
from faqbot.ui.app import UI

SHOWN = ["example1", "example2", "example3", "placeholder"]


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("key", SHOWN)
def test_the_page_s_own_questions_are_answered_with_confidence(bot, lang, key):
    # a twenty-seventh trial: the first example clicked got "I am not sure the FAQ covers this" above the right entry
    question = UI[lang][key]
    a = bot.ask(question)
    assert a.decision.outcome == "answer", (question, a.decision)
    assert a.language == lang and a.citations, (question, a.language)
