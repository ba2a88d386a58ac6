"""Follow-ups that name a new aspect ("and for the sink?", "what about Hologres?") on the real index:
the new aspect replaces the previous question's, and the previous entry is never repeated as if it
answered; "and in Spanish?" changes the language, not the topic."""

from __future__ import annotations

import pytest
from faqbot.bot.answer import Turn
from faqbot.bot.conversation import ROLES, rule_rewrite

SOURCE_EN = "How do I troubleshoot Flink source reading issues?"
SOURCE_ES = "¿Cómo soluciono problemas de lectura en el origen de Flink?"
KAFKA_LATENCY = "Why does my Kafka source have high latency?"
SINK_WORDS = [w for words in ROLES["sink"].values() for w in words]


def _chat(bot, first: str, follow_up: str):
    a1 = bot.ask(first)
    return a1, bot.ask(follow_up, history=[Turn("user", first), Turn("assistant", a1.text)])


def _entry(citation) -> set[str]:
    """Every language version of the cited entry."""
    return {citation.chunk_id, *(v["chunk_id"] for v in citation.other_versions)}


def _titles(citation) -> str:
    return " ".join([citation.title, *(v["title"] for v in citation.other_versions)]).lower()


@pytest.mark.parametrize(
    "first,follow_up",
    [(SOURCE_EN, "And for the sink?"), (SOURCE_EN, "Et pour le sink ?"), (SOURCE_ES, "¿Y para el sink?")],
)
def test_sink_follow_up_reaches_the_sink_entry(bot, first, follow_up):
    a1, a2 = _chat(bot, first, follow_up)
    assert not a1.abstained
    assert not a2.abstained and a2.citations, a2.text
    assert not _entry(a2.citations[0]) & _entry(a1.citations[0]), (a2.standalone_query, a2.citations[0].title)
    assert any(w in _titles(a2.citations[0]) for w in SINK_WORDS), a2.citations[0].title


@pytest.mark.parametrize(
    "follow_up", ["And for the sink?", "Et pour le sink ?", "¿Y para el sink?", "what about Hologres?"]
)
def test_new_aspect_the_faq_lacks_does_not_repeat_the_entry(bot, follow_up):
    # the corpus has no entry on a Kafka sink's (or Hologres's) latency
    a1, a2 = _chat(bot, KAFKA_LATENCY, follow_up)
    assert "latency" in a1.citations[0].title.lower()
    assert all(not _entry(c) & _entry(a1.citations[0]) for c in a2.citations), a2.text
    assert a2.abstained, a2.text


def test_how_do_i_fix_it_still_answers_with_the_entry_under_discussion(bot):
    a1, a2 = _chat(bot, KAFKA_LATENCY, "how do I fix it?")
    assert _entry(a2.citations[0]) == _entry(a1.citations[0])


@pytest.mark.parametrize("follow_up,lang", [("and in Spanish?", "es"), ("et en français ?", "fr")])
def test_asking_for_another_language_keeps_the_topic(bot, follow_up, lang):
    a1, a2 = _chat(bot, KAFKA_LATENCY, follow_up)
    assert not a2.abstained and a2.language == lang
    assert _entry(a2.citations[0]) == _entry(a1.citations[0])
    assert a2.standalone_query == KAFKA_LATENCY


def test_same_error_with_another_connector_keeps_the_error(bot):
    a1, a2 = _chat(bot, "Error: 'kafka' table require PRIMARY KEY", "same error with upsert-kafka")
    assert "upsert-kafka" in a2.citations[0].title and "PRIMARY" in a2.standalone_query


def test_role_replaced_where_it_stood_but_never_inside_an_option():
    q = rule_rewrite("and for the sink?", "My Kafka source table.exec.source.idle-timeout does nothing")
    assert "table.exec.source.idle-timeout" in q and "Kafka sink" in q, q
    assert "Kafka" in rule_rewrite("et pour le sink ?", "Pourquoi ma source Kafka a une latence élevée ?")
