"""A turn asking for the previous answer in a language (a twentieth trial, questions written for these tests in its
forms): in one the FAQ is written in, that answer in it, however asked ("can you answer in Spanish?" was answered in
English); in one it is not, that answer again in the conversation's language, saying there is none in the one asked
for ("can you answer in German?" got three unrelated entries, a French user's "und auf Deutsch?" English)."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase
from faqbot.languages import PACKS

from tests.support import chat, english_title

KAFKA_LATENCY = "Troubleshoot high latency from a Kafka source"
EN = "Our Kafka source shows a latency of more than 50 years in the monitoring"
FR = "ma source Kafka affiche une latence de plus de 50 ans dans le monitoring"
ES = "mi fuente Kafka muestra una latencia de más de 50 años en el monitoreo"


@pytest.mark.parametrize(
    ("first", "turn", "lang"),
    [
        (EN, "can you answer in German?", "en"),
        (FR, "und auf Deutsch?", "fr"),
        (FR, "et en italien ?", "fr"),
        (ES, "¿me lo puedes responder en portugués?", "es"),
    ],
)
def test_a_language_the_faq_lacks_keeps_the_entry_and_says_so(bot, first, turn, lang):
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == KAFKA_LATENCY
    assert a2.language == lang and english_title(a2.citations[0]) == KAFKA_LATENCY, (a2.language, a2.citations)
    assert phrase("no_answer_in_language", lang) in a2.notices, a2.notices


def test_asked_in_german_the_german_note_says_it(bot):
    a1, a2 = chat(bot, "Unsere Kafka-Quelle zeigt im Monitoring eine Latenz von über 50 Jahren", "kannst du bitte auf "
                  "Deutsch antworten?")
    assert english_title(a1.citations[0]) == KAFKA_LATENCY
    assert a2.language == "en" and english_title(a2.citations[0]) == KAFKA_LATENCY, a2.citations
    # said in German first (the pack's unanswered_note), then in the answer's language
    note = f"{PACKS['de'].unanswered_note} ({phrase('unsupported_language', 'en')})"
    assert note in a2.notices, a2.notices


@pytest.mark.parametrize(
    ("first", "turn", "lang"),
    [(EN, "and what about the Spanish version?", "es"), (FR, "et la version anglaise ?", "en"),
     (ES, "¿y la versión francesa?", "fr")],
)
def test_the_answers_version_in_a_language_is_that_answer_in_it(bot, first, turn, lang):
    """A twenty-third trial's "and what about the English version?" was read as a product version ("does not say
    which versions it applies to")."""
    a1, a2 = chat(bot, first, turn)
    assert a2.language == lang and english_title(a2.citations[0]) == KAFKA_LATENCY, (a2.language, a2.citations)
    assert not any("version" in n.lower() for n in a2.notices), a2.notices


@pytest.mark.parametrize(("turn", "lang"), [("und auf Französisch?", "fr"), ("¿y en español?", "es")])
def test_a_german_conversation_asking_for_an_faq_language_is_told_the_answer_is_in_it(bot, turn, lang):
    """A twenty-third trial: after a German question, "und auf Französisch?" got a French answer whose notice said
    "this answer is in English"."""
    _, a2 = chat(bot, "Unsere Kafka-Quelle zeigt im Monitoring eine Latenz von über 50 Jahren", turn)
    assert a2.language == lang and english_title(a2.citations[0]) == KAFKA_LATENCY, (a2.language, a2.citations)
    assert phrase("unsupported_language", lang) in a2.notices, a2.notices
    assert not any("this answer is in English" in n for n in a2.notices + a2.unsaid_notices)


@pytest.mark.parametrize(("turn", "lang"), [("can you answer in Spanish?", "es"), ("could you reply in French?", "fr")])
def test_a_language_the_faq_has_asked_in_a_sentence(bot, turn, lang):
    _, a2 = chat(bot, EN, turn)
    assert a2.language == lang and english_title(a2.citations[0]) == KAFKA_LATENCY, (a2.language, a2.citations)
    assert phrase("no_answer_in_language", lang) not in a2.notices


def test_a_question_naming_a_language_is_no_request_for_it(bot):
    _, a2 = chat(bot, EN, "is the German documentation more complete?")
    assert phrase("no_answer_in_language", "en") not in a2.notices


def test_a_language_asked_after_a_follow_up_keeps_the_entry_that_follow_up_was_about(bot):
    """A twenty-second trial: "en espagnol s'il vous plaît" after "quelle valeur je mets ?" (asked of the Hudi entry
    shown first) got three unrelated entries: the follow-up, read again for the new language, was read without the
    entry it had been asked of."""
    first = (
        "J'écris une table Hudi MERGE_ON_READ avec Flink, mais depuis Hive les tables _ro et _rt ne renvoient rien ; "
        "dans le répertoire je ne vois que des fichiers .log"
    )
    a1, a2, a3 = chat(bot, first, "quelle valeur je mets ?", "en espagnol s'il vous plaît")
    assert english_title(a1.citations[0]) == english_title(a2.citations[0]) == "Merge On Read has only log files"
    assert a3.language == "es" and english_title(a3.citations[0]) == "Merge On Read has only log files", [
        english_title(c) for c in a3.citations
    ]
