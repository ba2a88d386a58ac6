"""A check the user says passed makes an entry's branch for that case its fix (bot/answers/ruled_out.py), and a value
asked of an option only a non-fix part names gets that part (bot/answers/detail.py naming_asked). A twenty-third
trial: after "I already checked the network: telnet to the broker works" the Kafka entry's network fixes came back,
and "which value should I put in scan.startup.mode?" was told the entry gives no value for advertised.listeners.
Real index; turns written for these tests after the trial's, in English, Spanish and French."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase

from tests.support import chat, english_title

KAFKA = "Flink cannot consume or write to Kafka"
FIRST = {
    "en": "The job reads nothing from the Kafka topic although the topic has millions of messages; the source "
    "numRecordsIn metric stays at 0.",
    "es": "Mi job no lee nada del topic de Kafka aunque el topic tiene millones de mensajes",
    "fr": "Mon job Flink ne lit rien du topic Kafka alors que le topic contient des millions de messages",
}
CHECKED = {
    "en": "I already checked the network: telnet to the broker works",
    "es": "ya comprobé la red: telnet al broker funciona",
    "fr": "j'ai déjà vérifié le réseau : le telnet vers le broker fonctionne",
}
VALUE = {
    "en": "which value should I put in scan.startup.mode?",
    "es": "¿qué valor pongo en scan.startup.mode?",
    "fr": "quelle valeur mettre dans scan.startup.mode ?",
}


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_passed_network_check_gets_the_entrys_non_network_causes(bot, lang):
    a1, a2 = chat(bot, FIRST[lang], CHECKED[lang])
    assert KAFKA in [english_title(c) for c in a1.citations]
    assert english_title(a2.citations[0]) == KAFKA, [c.title for c in a2.citations]
    # the start offset and the format checks (the French entry says "la DDL de votre table source Kafka" too)
    assert "scan.startup.mode" in a2.parts.body and "latest-offset" in a2.parts.body, a2.parts.body
    assert "advertised.listeners" not in a2.parts.body, a2.parts.body


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_value_asked_of_an_option_no_fix_names_quotes_the_part_naming_it(bot, lang):
    *_, a3 = chat(bot, FIRST[lang], CHECKED[lang], VALUE[lang])
    assert english_title(a3.citations[0]) == KAFKA, [c.title for c in a3.citations]
    assert "scan.startup.mode" in a3.parts.body and "advertised.listeners" not in a3.text, a3.text
    # the entry says what latest-offset does, not which value to set: said so, of the option asked about
    assert phrase("no_value", a3.language, setting="scan.startup.mode") in a3.text, a3.text


def test_a_question_stating_the_first_case_keeps_its_fixes(bot):
    """"telnet works ... there is an nginx proxy in between": the forwarding case the network fixes are for, which a
    working telnet to the proxy does not rule out (a sixteenth trial's post)."""
    a = bot.ask(
        "flink does not consume anything from kafka, telnet to the broker works but the consumer gets no messages. "
        "there is an nginx proxy in between"
    )
    assert english_title(a.citations[0]) == KAFKA
    assert "advertised.listeners" in a.text and "scan.startup.mode" not in a.text, a.text


@pytest.mark.parametrize(
    ("first", "fix", "value"),
    [
        (
            "The job is RUNNING, there is no error in the logs, but the sink table is still empty after an hour. The "
            "source is Kafka and the sink is RDS MySQL.",
            "how do I fix it?",
            "which value should I set for the batch size?",
        ),
        (
            "El job arranca y está en RUNNING, no hay ningún error en los logs, pero la tabla sink sigue vacía después "
            "de una hora. La fuente es Kafka y el sink es RDS MySQL.",
            "¿cómo lo soluciono?",
            "¿qué valor pongo para el tamaño del batch?",
        ),
    ],
)
def test_a_value_asked_in_words_quotes_the_fix_naming_them(bot, first, fix, value):
    """A twenty-third trial: "¿qué valor pongo para el tamaño del batch?" got the no-output checklist's five steps
    again; its step on the write buffer is the one that speaks of the batch size (bot/answers/detail.py)."""
    *_, a3 = chat(bot, first, fix, value)
    titles = [english_title(c) for c in a3.citations]
    assert titles[0] == "Why do I get no output in the sink table?", titles
    body = a3.parts.body
    assert ("batch size" in body or "tamaño de lote" in body) and body.lstrip().startswith("4."), body
    assert "failover" not in body and "pipeline.operator-chaining" not in body, body
