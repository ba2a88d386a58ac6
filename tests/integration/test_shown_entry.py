"""The entry the previous answer showed first is the one a conversation goes on about (bot/dialogue/shown.py), on
the real index: read back from the answer's text in every language and outcome; "why?" after an answer whose
first entry a follow-up check chose gets that entry's cause; "and Paimon?" after "what about Hologres?" is
checked against the topic of the entry shown, and found by a search for Paimon and that topic (the sixth trial's
conversation: "not covered" before)."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.answer import Turn
from faqbot.bot.answers.phrases import phrase
from faqbot.bot.dialogue.shown import shown_first
from faqbot.bot.retrieval.corpus_words import corpus_words
from faqbot.bot.retrieval.decision import NOT_COVERED

from tests.support import chat, english_title

VISIBLE_EN = "how long do I need to wait before rows written by flink show up in clickhouse?"
VISIBLE_FR = "combien de temps faut-il attendre avant que les lignes écrites par flink apparaissent dans clickhouse ?"


def _group(bot, chunk_id: str) -> str:
    r = bot.retriever
    i = next(i for i, c in enumerate(r.chunks) if c.id == chunk_id)
    return r.group_ids[r.chunk_group[i]]


def _talk(bot, turns: list[str]):
    history: list[Turn] = []
    answers = []
    for t in turns:
        a = bot.ask(t, history=history)
        answers.append(a)
        history += [Turn("user", t), Turn("assistant", a.text)]
    return answers


@pytest.mark.parametrize(
    "question",
    [
        "When does data become visible in a ClickHouse result table?",  # an answer
        VISIBLE_EN,  # closest entries
        "Quand les données deviennent-elles visibles dans une table résultat ClickHouse ?",
        "¿Por qué recibo el error No suitable driver found?",
        "Error: No suitable driver found for jdbc:mysql",
    ],
)
def test_the_first_entry_is_read_back_from_the_answer_text(bot, question):
    a = bot.ask(question)
    assert a.citations, a.text
    titles = corpus_words(bot.retriever).titles
    history = [Turn("user", question), Turn("assistant", a.text)]
    assert shown_first(history, titles) == _group(bot, a.citations[0].chunk_id), a.text[:300]
    # the answer before the last one, and a history without any answer
    assert shown_first([*history, Turn("user", "why?"), Turn("assistant", "no entry")], titles, skip=1) == (
        _group(bot, a.citations[0].chunk_id)
    )
    assert shown_first([Turn("user", question)], titles) is None
    assert shown_first([Turn("user", question), Turn("assistant", "The FAQ does not cover this.")], titles) is None


@pytest.mark.parametrize(
    "turns",
    [
        [VISIBLE_EN, "what about Hologres?", "and Paimon?", "why?"],
        [VISIBLE_FR, "et pour Hologres ?", "et Paimon ?", "pourquoi ?"],
    ],
)
def test_a_product_swap_keeps_the_topic_of_the_entry_shown(bot, turns):
    first, hologres, paimon, why = _talk(bot, turns)
    assert "clickhouse" in first.citations[0].title.lower() or "ClickHouse" in first.citations[0].title
    # "what about Hologres?": the Hologres entry on checkpoints and visibility, which its own search ranks second
    assert hologres.decision.outcome != NOT_COVERED, hologres.text
    assert "Hologres" in hologres.citations[0].text
    assert "checkpoint" in hologres.citations[0].title.lower()
    # "and Paimon?": the Paimon entry on visibility, found by Paimon and the topic of the Hologres entry shown
    assert paimon.decision.outcome != NOT_COVERED, paimon.text
    assert "Paimon" in paimon.citations[0].text and "checkpoint" in paimon.citations[0].title.lower()
    assert paimon.citations[0].chunk_id != hologres.citations[0].chunk_id
    assert paimon.language == hologres.language == first.language
    # "why?": the cause of the entry just shown, not of the first entry a search of the words finds
    assert why.citations[0].chunk_id == paimon.citations[0].chunk_id, why.text[:300]


def test_why_after_a_chosen_entry_explains_that_entry(bot):
    _, hologres, why = _talk(bot, [VISIBLE_EN, "what about Hologres?", "why?"])
    assert why.citations[0].chunk_id == hologres.citations[0].chunk_id
    quoted = why.text.split("See also")[0]
    assert hologres.citations[0].title in quoted and "ClassCastException" not in quoted, quoted


def test_a_product_without_the_topic_is_still_not_covered(bot):
    # no entry on Kafka and data visibility: a search for Kafka and the topic finds the ClickHouse entry again
    *_, kafka = _talk(bot, [VISIBLE_EN, "and Kafka?"])
    assert kafka.decision.outcome == NOT_COVERED, kafka.text


RECREATED = {
    "en": "I dropped and recreated a Hologres table with the same name, now my binlog source job says: "
          "The table orders has no slot named orders_slot",
    "fr": "J'ai supprimé puis recréé une table Hologres du même nom, et le job binlog dit : The table orders has no "
          "slot named orders_slot",
    "es": "Borré y recreé una tabla de Hologres con el mismo nombre y el job de binlog dice: The table orders has no "
          "slot named orders_slot",
}


@pytest.mark.parametrize(
    ("lang", "turn"),
    [
        ("en", "we are on VVR 8.0.7, does the upgrade help?"),
        ("en", "what about version 8.0.3?"),
        ("fr", "on est en VVR 8.0.7, la mise à jour suffit ?"),
        ("es", "estamos en VVR 8.0.3, ¿sirve actualizar?"),
    ],
)
def test_a_turn_telling_its_version_stays_on_the_entry_that_names_versions(bot, lang, turn):
    # an eighth trial: searched alone, "we are on VVR 8.0.7, does the upgrade help?" found the "table id" entry
    # (an upgrade to 8.0.9), and "what about version 8.0.3?" stayed there
    a1, a2 = chat(bot, RECREATED[lang], turn)
    assert "no slot named" in a1.citations[0].title
    assert a2.citations[0].chunk_id == a1.citations[0].chunk_id, [c.title for c in a2.citations]
    # a turn asking about the upgrade gets the entry's fix naming the version
    assert "8.0.5" in a2.text or "upgrade" not in turn, a2.text
    assert not any(a2.citations[0].title in n for n in a2.notices), a2.notices  # it names versions


def test_a_version_turn_on_an_entry_whose_numbers_are_data_says_it_names_no_version(bot):
    """An eleventh trial: the ROW_NUMBER entry's sample prices ("3999.00") were read as versions, so "¿y eso funciona
    también en VVR 6.0.4?" got no notice that the entry names none."""
    first = (
        "Leemos una tabla de Hologres en modo CDC y deduplicamos con ROW_NUMBER() OVER (PARTITION BY order_id "
        "ORDER BY proctime DESC), pero el resultado tiene filas de más. ¿Por qué?"
    )
    a1, a2 = chat(bot, first, "¿y eso funciona también en VVR 6.0.4?")
    assert "ROW_NUMBER" in a1.citations[0].title and a2.citations[0].title == a1.citations[0].title
    assert any(a2.citations[0].title in n and "versiones" in n for n in a2.unsaid_notices), a2.notices


@pytest.mark.parametrize(
    ("first", "turn", "lang"),
    [
        ("kafka event time window emits nothing, some partitions idle", "and for VVR 8.0.x?", "en"),
        ("ma fenêtre event time sur Kafka ne sort rien, certaines partitions sont vides", "et pour VVR 8.0.5 ?", "fr"),
        ("mi ventana event time sobre Kafka no emite nada, algunas particiones están vacías", "¿y con la 8.0.3?", "es"),
    ],
)
def test_a_turn_naming_only_a_version_stays_on_the_entry_naming_none(bot, first, turn, lang):
    """A twenty-second trial: "and for VVR 8.0.x?" after the Kafka window entry (which names no version) was searched
    alone and found the "no output downstream" entry; a turn naming nothing but a version asks of the entry under
    discussion, which is told to name none."""
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == "No data output from Kafka event time windows"
    assert a2.citations[0].chunk_id == a1.citations[0].chunk_id, [english_title(c) for c in a2.citations]
    assert phrase("names_no_version", lang, title=a2.citations[0].title) in a2.notices, a2.notices


@pytest.mark.parametrize(
    ("first", "turn", "says"),
    [
        ("My Flink job writing to Paimon fails: Sink materializer must not be used with Paimon sink",
         "which vvr version fixes it?", "does not say which versions"),
        ("Mon job échoue avec Sink materializer must not be used with Paimon sink",
         "dans quelle version c'est corrigé ?", "ne dit pas à quelles versions"),
        ("Mi job falla con Sink materializer must not be used with Paimon sink", "¿en qué versión se arregla?",
         "no dice a qué versiones"),
    ],
)
def test_a_turn_asking_which_version_of_an_entry_naming_none_is_told_so(bot, first, turn, says):
    """A twelfth trial: "which vvr version fixes it then?" got the entry again without a word on versions."""
    a1, a2 = chat(bot, first, turn)
    assert "Sink materializer" in a1.citations[0].title and a2.citations[0].chunk_id == a1.citations[0].chunk_id
    assert any(a2.citations[0].title in n and says in n for n in a2.unsaid_notices), a2.notices


def test_a_turn_asking_which_version_of_an_entry_naming_versions_gets_no_such_notice(bot):
    a1, a2 = chat(bot, RECREATED["en"], "which version fixes it?")
    assert "no slot named" in a1.citations[0].title and a2.citations[0].chunk_id == a1.citations[0].chunk_id
    assert not any(a2.citations[0].title in n for n in a2.notices), a2.notices


def test_a_version_after_an_entry_without_versions_is_a_question_of_its_own(bot):
    a1, a2 = chat(bot, "event time window on kafka produces no results", "we are on vvr 8.0.7 and the job restarts")
    assert "window" in a1.citations[0].title
    assert "window" not in a2.citations[0].title, a2.citations[0].title


@pytest.mark.parametrize(
    "turn",
    ["Et avant la version VVR 6.0.2, ce paramètre existe ?", "and before VVR 6.0.2, does this option exist?"],
)
def test_a_version_turn_pointing_back_stays_on_the_entry_even_without_versions(bot, turn):
    """A tenth new-user trial: after the window entry (it names no version), "Et avant la version VVR 6.0.2, ce
    paramètre existe ?" got the RocketMQ entry its version found first; the turn points back at the parameter."""
    first = (
        "Le watermark de ma source Kafka n'avance pas et mes fenêtres ne se déclenchent jamais, certaines partitions "
        "sont vides. Quel paramètre faut-il régler ?"
    )
    a1, a2 = chat(bot, first, turn)
    assert "event time windows" in english_title(a1.citations[0])
    assert a2.citations[0].chunk_id == a1.citations[0].chunk_id or english_title(a2.citations[0]) == english_title(
        a1.citations[0]
    ), [c.title for c in a2.citations]
    # and says that entry names no version (the trial: shown again without a word on it), in the turn's language
    said = [n for n in a2.unsaid_notices if a2.citations[0].title in n]
    assert len(said) == 1 and ("versions" in said[0]), a2.notices


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        ("How do I connect Flink to a Kafka cluster with SASL_SSL and SCRAM-SHA-512? We upload the truststore jks.",
         "job fails at validation with OutOfMemoryError, weird"),
        ("Mi job escribe en Kafka con SASL_SSL, ¿cómo configuro el JAAS?",
         "el job falla en la validación con OutOfMemoryError"),
    ],
)
def test_an_error_the_entry_under_discussion_names_keeps_it_first(bot, first, turn):
    """A thirteenth trial: the secure Kafka entry says a SASL_SSL broker with a SASL_PLAINTEXT client fails "with an
    OutOfMemory exception during validation"; the turn pasting that error got other connectors' OOM entries."""
    a1, a2 = chat(bot, first, turn)
    assert "secure Kafka" in english_title(a1.citations[0])
    assert a2.citations[0].chunk_id == a1.citations[0].chunk_id, [c.title for c in a2.citations]


def test_an_error_the_entry_under_discussion_does_not_name_is_searched(bot):
    a1, a2 = chat(bot, "How do I connect Flink to a Kafka cluster with SASL_SSL?",
                  "now the SLS sink fails with LogSizeTooLargeException")
    assert "secure Kafka" in english_title(a1.citations[0])
    assert english_title(a2.citations[0]) == "LogSizeTooLargeException", [c.title for c in a2.citations]


def test_an_error_named_by_one_common_word_is_not_the_entry_s_error(bot):
    """"RuntimeException" is no error the Lindorm entry names, though its text says "runtime parameter": only a name of
    several words run together ("OutOfMemory") is looked up in the entry."""
    from faqbot.bot.answers.answer import Turn
    from faqbot.bot.dialogue.shown import shown_first
    from faqbot.bot.discussed import names_entry_error
    from faqbot.bot.retrieval.corpus_words import corpus_words

    retriever = bot.retriever
    titles = corpus_words(retriever).titles
    lindorm = bot.ask("How do I fix unexpected data overwrites or deletions when using the Lindorm connector?")
    group = shown_first([Turn("assistant", lindorm.text)], titles)
    assert group is not None and "runtime" in lindorm.citations[0].text.lower()
    assert not names_entry_error("now the job fails with RuntimeException", retriever, group)
    kafka = bot.ask("How do I connect Flink to a Kafka cluster with SASL_SSL?")
    group = shown_first([Turn("assistant", kafka.text)], titles)
    assert names_entry_error("it fails with java.lang.OutOfMemoryError at validation", retriever, group)


HOLOGRES_DECIMAL = "Unexpected Binlog data precision in JDBC mode"


def test_a_spanish_version_turn_without_a_pronoun_asks_the_entry_under_discussion(bot):
    """A twenty-third trial: "estamos en VVR 8.0.5, ¿aplica?" was read alone (the English "does it apply?" and the
    French "ça s'applique ?" have a pronoun), and got the closest list again instead of the entry's case."""
    first = (
        "Los valores DECIMAL leídos del binlog de Hologres en modo JDBC llegan con una precisión inesperada: en "
        "Hologres la columna es DECIMAL(38,10) y en el DDL de Flink la declaramos DECIMAL(20,2)."
    )
    a1, a2 = chat(bot, first, "estamos en VVR 8.0.5, ¿aplica?")
    assert english_title(a1.citations[0]) == HOLOGRES_DECIMAL
    assert english_title(a2.citations[0]) == HOLOGRES_DECIMAL and a2.standalone_query, a2.standalone_query
    assert "8.0.10 and earlier" in a2.parts.body, a2.parts.body  # the case of 8.0.5


def test_what_to_do_before_a_version_in_spoken_french_gets_the_fix(bot):
    """"et avant 8.0.11, je fais quoi ?" (a twenty-third trial) got the closest list again: "je fais quoi" is a fix
    request."""
    first = (
        "On consomme le binlog d'une table Hologres en mode JDBC, la colonne amount est en DECIMAL(38,18) côté "
        "Hologres mais DECIMAL(18,2) dans le DDL Flink, et les montants arrivent faux dans la table de résultat."
    )
    *_, a3 = chat(bot, first, "on est en VVR 8.0.5, ça s'applique ?", "et avant 8.0.11, je fais quoi ?")
    assert english_title(a3.citations[0]) == HOLOGRES_DECIMAL
    assert "Assurez-vous néanmoins que la précision du type DECIMAL" in a3.parts.body, a3.parts.body
