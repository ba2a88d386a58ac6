"""Short follow-ups in Italian and Portuguese (languages the FAQ is not written in, answered in English), asked of the
entry under discussion: a twentieth trial's were searched as typed and got unrelated entries ("qual valor eu
coloco?" the Lindorm entry after a RocketMQ answer; "con quale versione del driver succede?" a JDBC driver entry
after the SSL one). Questions written for these tests in the trial's forms, on the real index."""

from __future__ import annotations

import pytest

from tests.support import chat, english_title

WINDOW = "No data output from Kafka event time windows"
ROCKETMQ = "IllegalArgumentException: timeout value is negative"
SSL = "Error: java.io.EOFException: SSL peer shut down incorrectly"


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        ("la mia finestra event time su Kafka non emette niente, una partizione è vuota", "quale valore devo mettere?"),
        ("minha janela event time no Kafka não emite nada, uma partição está vazia", "qual valor eu coloco?"),
    ],
)
def test_which_value_is_the_entry_s_setting(bot, first, turn):
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == WINDOW
    assert a2.language == "en" and english_title(a2.citations[0]) == WINDOW, [c.title for c in a2.citations]
    assert "table.exec.source.idle-timeout: 5" in a2.parts.body, a2.text


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        (
            "Meu job lendo do RocketMQ cai com java.lang.IllegalArgumentException: timeout value is negative quando o "
            "tópico fica sem mensagens",
            "qual valor eu coloco?",
        ),
        (
            "Il mio job che legge da RocketMQ fallisce con java.lang.IllegalArgumentException: timeout value is "
            "negative quando il topic resta senza messaggi",
            "a quanto lo imposto?",
        ),
    ],
)
def test_a_value_asked_after_a_pasted_error_stays_on_its_entry(bot, first, turn):
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == ROCKETMQ
    assert english_title(a2.citations[0]) == ROCKETMQ, [c.title for c in a2.citations]


def test_which_version_is_asked_of_the_entry(bot):
    """With a word pointing back ("isso")."""
    first = (
        "O job que escreve no MySQL falha ao iniciar com este erro: Caused by: java.io.EOFException: SSL peer shut "
        "down incorrectly"
    )
    a1, a2 = chat(bot, first, "com qual versão do driver isso acontece?")
    assert english_title(a1.citations[0]) == SSL
    assert english_title(a2.citations[0]) == SSL, [c.title for c in a2.citations]
    assert "8.0.27" in a2.parts.body, a2.text


def test_a_dutch_statement_telling_the_case_stays_on_the_entry(bot):
    """The trial's Dutch "het is een SQL job" after the Kafka latency entry (its first step: a JAR or an SQL job?) kept
    "het" and "een", which no answer language's stop list holds, was searched alone and got a Paimon time-zone entry
    quoted in French; "waarom gebeurt dat?" then explained that one."""
    first = "Hallo, onze Kafka source toont een latency van meer dan 50 jaar in de monitoring. Is dat een bug?"
    a1, a2, a3 = chat(bot, first, "het is een SQL job", "waarom gebeurt dat?")
    title = "Troubleshoot high latency from a Kafka source"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title, [c.title for c in a2.citations]
    assert english_title(a3.citations[0]) == title, [c.title for c in a3.citations]


def test_a_portuguese_question_reaches_the_sink_output_entry_through_its_glossary(bot):
    """"Por que o meu job não grava nada na tabela de destino?" had the DataHub, MaxCompute and Paimon entries shown
    (a twentieth trial's C26): its terms ("tabela de destino", "grava nada") now reach BM25 in English, and the
    follow-up asking which operator drops the data is no longer "not covered"."""
    first = "Por que o meu job não grava nada na tabela de destino? Está rodando sem erro"
    a1, a2 = chat(bot, first, "e como vejo qual operador está descartando os dados?")
    sink_output = "Why do I get no output in the sink table?"
    assert english_title(a1.citations[0]) == sink_output, [c.title for c in a1.citations]
    assert a2.decision.shows_entries, a2.text


def test_a_version_question_in_the_entry_s_words_alone_is_asked_of_it(bot):
    """The trial's Italian "con quale versione del driver succede?" has no word pointing back, and its search finds the
    "No suitable driver" entry first: its only word the FAQ writes, "driver", is the SSL entry's ("MySQL driver
    8.0.27"), so it asks that entry which version. A version question naming another product asks of its own."""
    first = "Il job che scrive su MySQL fallisce con java.io.EOFException: SSL peer shut down incorrectly"
    a1, a2 = chat(bot, first, "con quale versione del driver succede?")
    assert english_title(a1.citations[0]) == SSL
    assert english_title(a2.citations[0]) == SSL, [c.title for c in a2.citations]
    assert "8.0.27" in a2.parts.body, a2.text
    _a1, other = chat(bot, first, "which version of the Kafka connector supports SASL_SSL?")
    assert english_title(other.citations[0]) != SSL, [c.title for c in other.citations]
