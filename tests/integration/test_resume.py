"""Going back to an earlier question than the last, on the real index (a third new-user trial: "back to my
window problem" after a question on something else was searched as typed): the turn meant is the one the
resume phrase names, and what is asked of it (why, the fix, a question of its own) is answered of its entry."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.answer import Turn
from faqbot.bot.dialogue.conversation import resolve
from faqbot.bot.dialogue.resume import Resumed, resumed
from faqbot.ingest.langdetect import detect_language

from tests.support import chat, english_title

WINDOW_ENTRY = "No data output from Kafka event time windows"
HOLOGRES_ENTRY = "Error: remaining connection slots are reserved for non-replication superuser connections"
WINDOW = {
    "en": "Kafka window aggregation produces no result at all",
    "fr": "Ma fenêtre Kafka ne produit aucun résultat",
    "es": "Mi ventana de Kafka no emite resultados",
}
HOLOGRES = {
    "en": "Hologres sink: remaining connection slots are reserved for non-replication superuser connections",
    "fr": "Erreur Hologres : remaining connection slots are reserved for non-replication superuser connections",
    "es": "error en Hologres: remaining connection slots are reserved for non-replication superuser connections",
}
BACK_WHY = {
    "en": "back to my window problem: why?",
    "fr": "Revenons à mon problème de fenêtre : pourquoi ?",
    "es": "Volviendo a lo de la ventana, ¿por qué?",
}
BACK_FIX = {
    "en": "OK, back to the window one, how do I fix it?",
    "fr": "Pour revenir à la fenêtre : comment le corriger ?",
    "es": "volviendo a lo de la ventana, ¿cómo lo soluciono?",
}


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_back_to_an_earlier_question_asks_why_of_its_entry(bot, lang):
    window, hologres, why = chat(bot, WINDOW[lang], HOLOGRES[lang], BACK_WHY[lang])
    assert english_title(window.citations[0]) == WINDOW_ENTRY
    assert english_title(hologres.citations[0]) == HOLOGRES_ENTRY
    assert english_title(why.citations[0]) == WINDOW_ENTRY
    # its cause (the idle partition holding the watermark back), in the language the turn is typed in
    assert "watermark" in why.text.lower() or "filigrane" in why.text.lower()
    assert "idle-timeout" not in why.text
    assert why.language == lang


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_back_to_an_earlier_question_asks_its_fix(bot, lang):
    *_, fix = chat(bot, WINDOW[lang], HOLOGRES[lang], BACK_FIX[lang])
    assert english_title(fix.citations[0]) == WINDOW_ENTRY
    assert "idle-timeout" in fix.text or "idleness" in fix.text.lower() or "inactiv" in fix.text.lower()
    assert fix.language == lang


def test_a_question_of_its_own_keeps_the_earlier_topic(bot):
    *_, timeout = chat(
        bot, WINDOW["en"], HOLOGRES["en"], "back to my window problem: how do I set the idle timeout?"
    )
    assert english_title(timeout.citations[0]) == WINDOW_ENTRY
    assert "idle" in timeout.text.lower()


def test_back_to_nothing_named_is_read_as_typed():
    history = [Turn("user", WINDOW["en"]), Turn("assistant", "..."), Turn("user", HOLOGRES["en"])]
    turn = resolve("back to work: how do I configure a Paimon bucket?", history)
    assert "Kafka" not in turn.query and "Hologres" not in turn.query
    assert resumed("back to work", [(WINDOW["en"], WINDOW["en"])], detect_language) is None


def test_the_named_turn_is_the_one_sharing_its_words_not_the_last():
    earlier = [(WINDOW["en"], WINDOW["en"]), (HOLOGRES["en"], HOLOGRES["en"])]
    assert resumed("back to the window problem", earlier, detect_language).index == 0
    assert resumed("back to the Hologres question, why?", earlier, detect_language).rest == "why?"
    assert resumed("back to the Hologres question, why?", earlier, detect_language).index == 1
    # "problem", "question": every turn may say them; they name none. Words naming no subject mean the turn
    # before the last (the last needs no going back), or the first when they say so
    three = [*earlier, ("What is a Paimon bucket?", "What is a Paimon bucket?")]
    assert resumed("back to my problem", three, detect_language).index == 1
    assert resumed("about my earlier question: how do I fix it?", three, detect_language).index == 1
    assert resumed("back to my first question: why?", three, detect_language) == Resumed(0, "why?")
    assert resumed("revenons à ma première question", three, detect_language).index == 0
    assert resumed("volviendo a mi primera pregunta, ¿por qué?", three, detect_language) == Resumed(0, "¿por qué?")
    assert resumed("回到第一个问题，为什么？", three, detect_language).index == 0
    # "and the X one": the subject named before "one" (a fourth trial: it was read as a follow-up of the last)
    assert resumed("and the window one, why?", three, detect_language) == Resumed(0, "why?")
    assert resumed("y lo de Hologres, ¿por qué?", three, detect_language) == Resumed(1, "¿por qué?")
    assert resumed("and for the sink?", three, detect_language) is None
    # words of a subject no turn shares: read as typed
    assert resumed("back to the Doris connector", three, detect_language) is None
    zh = [("Kafka 事件时间窗口没有输出", "Kafka 事件时间窗口没有输出"), ("Hologres 连接报错", "Hologres 连接报错")]
    assert resumed("回到窗口的问题，为什么？", zh, detect_language).index == 0


def test_back_to_the_first_question_after_two_others(bot):
    *_, why = chat(
        bot,
        WINDOW["en"],
        HOLOGRES["en"],
        "How do I set the number of buckets of a Paimon table?",
        "back to my first question: why?",
    )
    assert english_title(why.citations[0]) == WINDOW_ENTRY
    assert "watermark" in why.text.lower()


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_requests_after_going_back_are_about_that_entry_each_in_turn(bot, lang):
    """A fourth new-user trial: after going back with "how do I fix it?", "why?", "give me the SQL" and "that did
    not work" each got the fix again (the going-back turn's own request was carried into every later turn)."""
    why = {"en": "why?", "fr": "pourquoi ?", "es": "¿por qué?"}[lang]
    code = {"en": "give me the SQL", "fr": "donne-moi la configuration", "es": "dame el SQL"}[lang]
    failed = {"en": "that did not work", "fr": "ça n'a pas marché", "es": "eso no funcionó"}[lang]
    *_, fix, cause, sql, still = chat(bot, WINDOW[lang], HOLOGRES[lang], BACK_FIX[lang], why, code, failed)
    assert all(english_title(a.citations[0]) == WINDOW_ENTRY for a in (fix, cause, sql, still))
    assert "watermark" in cause.text.lower() or "filigrane" in cause.text.lower()
    assert "idle-timeout" not in cause.text
    assert "table.exec.source.idle-timeout" in sql.parts.body and "```" in sql.parts.body
    assert still.decision.reason == "fix_failed"


def test_and_the_x_one_goes_back_to_the_turn_that_named_x(bot):
    *_, why = chat(
        bot,
        HOLOGRES["en"],
        WINDOW["en"],
        "How do I set the number of buckets of a Paimon table?",
        "and the Hologres one, why does it happen?",
    )
    assert english_title(why.citations[0]) == HOLOGRES_ENTRY
    assert why.parts.heading.startswith("Why")


def test_going_back_reaches_a_question_six_exchanges_old(bot):
    """A fourth trial: with 10 turns of history (five exchanges), "and in Spanish?" after a sixth turn lost the
    first question, and the turn going back to it was read as typed."""
    turns = [
        WINDOW["en"],
        HOLOGRES["en"],
        "How do I set the number of buckets of a Paimon table?",
        "MaxCompute sink fails with Invalid partition spec",
        "Writing emojis into MySQL fails with Incorrect string value",
        "DataHub source creation fails with NoPermissionException dhs:ListShard",
        "back to my window problem: why?",
    ]
    *_, why = chat(bot, *turns)
    assert english_title(why.citations[0]) == WINDOW_ENTRY
    assert why.parts.heading.startswith("Why") or why.parts.heading.startswith("If the closest")
    assert "watermark" in why.text.lower()


def test_a_first_question_named_in_words_a_detector_reads_as_another_language():
    """A tenth new-user trial: "volvamos a mi primera pregunta" was read as Portuguese, whose stems of "mi" and
    "primera" named a subject no turn held: nothing was resumed."""
    earlier = [("q1", "MiniBatch vacía"), ("q2", "cómo lo arreglo"), ("q3", "ya consumo desde el principio")]
    for detect in (detect_language, lambda text: ("pt", 0.65)):
        assert resumed("volvamos a mi primera pregunta", earlier, detect) == Resumed(0, "")


def test_a_short_turn_read_as_a_language_without_answers_keeps_the_conversation_s(bot):
    first = (
        "Activé MiniBatch en un job de MySQL CDC que arranca desde 'latest-offset' y la tabla sink sale vacía. ¿Qué "
        "pasa?"
    )
    a1, _fix, back = chat(bot, first, "¿cómo lo arreglo?", "volvamos a mi primera pregunta")
    assert back.language == "es" and back.decision.shows_entries, back.text
    assert back.citations[0].chunk_id == a1.citations[0].chunk_id
    assert "Questions are answered in English" not in back.text


def test_a_short_sentence_before_going_back_is_passed_over_and_the_first_ranking_comes_back(bot):
    """A tenth new-user trial: "ok forget that. back to my first question" was searched as typed; and "back to my
    first question" after a Kafka detour put the detour's first entry first, not the first question's."""
    earlier = [("q1", "window never fires"), ("q2", "sink fails"), ("q3", "other thing")]
    assert resumed("ok, forget that. back to my first question", earlier, detect_language) == Resumed(0, "")
    a1, _detour, back = chat(
        bot,
        WINDOW["en"],
        "Different thing: our Kafka sink cannot connect to the brokers through a proxy, what should I change?",
        "ok forget that. back to my first question",
    )
    assert english_title(a1.citations[0]) == WINDOW_ENTRY
    assert back.citations[0].chunk_id == a1.citations[0].chunk_id, [c.title for c in back.citations]


def test_a_fix_request_after_a_product_question_read_alone_is_about_the_entry_it_showed(bot):
    """A tenth new-user trial: "¿cómo lo soluciono?" after "¿Y en MaxCompute? ... duplicados tras un failover"
    (read alone: it asks a question of its own, and was shown the MaxCompute entry) got the MySQL entry of the
    question before it, and its fix."""
    _a1, a2, fix = chat(
        bot,
        "Tras reiniciar el job desde un checkpoint, la tabla MySQL de destino tiene filas duplicadas. ¿Por qué?",
        "¿Y en MaxCompute? Otro job escribe en MaxCompute con Stream Tunnel y vemos duplicados tras un failover.",
        "¿cómo lo soluciono?",
    )
    assert "MaxCompute" in english_title(a2.citations[0])
    assert fix.citations[0].chunk_id == a2.citations[0].chunk_id and "Batch Tunnel" in fix.text, fix.text


@pytest.mark.parametrize(("turn", "alone"), [("binlog purgado en RDS", "en"), ("datos duplicados tras failover", "es")])
def test_a_short_new_question_read_as_portuguese_keeps_a_spanish_conversation_s_language(bot, turn, alone):
    """Spanish words a detector reads as Portuguese from a few of them: answered in Spanish after Spanish turns
    (bot/dialogue/query.py), in English with no turn before it (Portuguese answers are not given); "datos", a
    Spanish form only (Portuguese "dados"), reads Spanish alone too (languages/es.py)."""
    _a1, a2 = chat(bot, "La tabla sink de MySQL sale vacía después de reiniciar el job. ¿Por qué?", turn)
    assert a2.language == "es", a2.text
    assert bot.ask(turn).language == alone
