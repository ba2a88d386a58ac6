"""A setting's value or unit asked after an answer, on the real index (questions written for these tests in a
fourteenth new-user trial's forms): the fix is quoted, and when it gives no value, or a number without its unit, a
sentence says so in the user's language instead of leaving them to look for it in the quote."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase

from tests.support import chat, english_title

HEARTBEAT = 'Paimon write job error: "Heartbeat of TaskManager timed out"'
WINDOWS = "No data output from Kafka event time windows"


@pytest.mark.parametrize(
    ("first", "turn", "lang"),
    [
        (
            "Paimon sink job keeps dying: Heartbeat of TaskManager with id container_e12_xxx timed out. we write "
            "400 buckets, records have a big json column (~3MB)",
            "which value should I set for orc.write.batch-size?",
            "en",
        ),
        (
            "Notre job d'écriture Paimon plante : Heartbeat of TaskManager timed out. Nos enregistrements ont un "
            "gros champ JSON de 3 Mo",
            "quelle valeur dois-je mettre pour orc.write.batch-size ?",
            "fr",
        ),
    ],
)
def test_a_value_the_fix_does_not_give_is_said_to_be_missing(bot, first, turn, lang):
    """The fourteenth trial's C05.2: the entry says "Reduce the value of orc.write.batch-size" and gives none; the fix
    was quoted again with nothing saying so."""
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == HEARTBEAT
    assert english_title(a2.citations[0]) == HEARTBEAT, [c.title for c in a2.citations]
    assert "orc.write.batch-size" in a2.parts.body, a2.text
    assert a2.parts.closing.startswith(phrase("no_value", lang, setting="orc.write.batch-size")), a2.text
    assert "1024" in a2.parts.closing  # the default the entry's other part gives
    assert a2.language == lang


@pytest.mark.parametrize(
    ("first", "turn", "lang"),
    [
        (
            "tumble window on kafka source emits nothing, watermark stuck. some partitions of topic user_events are "
            "empty",
            "what unit is the 5 in table.exec.source.idle-timeout?",
            "en",
        ),
        (
            "mi ventana de event time sobre una fuente Kafka no emite nada, el watermark no avanza y algunas "
            "particiones del topic están vacías",
            "¿y qué unidad tiene ese 5?",
            "es",
        ),
    ],
)
def test_a_number_given_without_its_unit_is_said_to_have_none(bot, first, turn, lang):
    """The fourteenth trial's C12.3: `table.exec.source.idle-timeout: 5` has no unit in the FAQ; the entry was shown
    whole again under "what it says"."""
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == WINDOWS
    assert english_title(a2.citations[0]) == WINDOWS, [c.title for c in a2.citations]
    assert "table.exec.source.idle-timeout: 5" in a2.parts.body, a2.text
    assert a2.parts.closing.startswith(phrase("no_unit", lang, setting="table.exec.source.idle-timeout")), a2.text


def test_recommended_values_asked_in_german_get_the_fix_with_its_value(bot):
    """The fourteenth trial's C34.2: "Welche Werte werden empfohlen?" repeated the closest list unchanged; the fix
    gives the value (answered in English, German having no FAQ)."""
    first = "Warum liefert mein Event-Time-Fenster mit Kafka-Quelle keine Ausgabe?"
    a1, a2 = chat(bot, first, "Welche Werte werden empfohlen?")
    assert english_title(a1.citations[0]) == WINDOWS
    assert english_title(a2.citations[0]) == WINDOWS
    assert "table.exec.source.idle-timeout: 5" in a2.parts.body, a2.text
    assert a2.parts.body != a1.parts.body
    assert "no value" not in a2.text


def test_a_value_asked_of_an_option_the_answer_named_is_never_not_covered(bot):
    """The fifteenth trial's C37.2: "et je mets quelle valeur pour idle-timeout ?" after the French event-time window
    entry was "La FAQ ne couvre pas cette question" (follow_up_repeats_entry: the option read as a new aspect)."""
    first = "Mon job Flink qui lit Kafka a une fenêtre event time qui ne sort jamais rien, une des partitions est vide"
    a1, a2 = chat(bot, first, "et je mets quelle valeur pour idle-timeout ?")
    assert english_title(a1.citations[0]) == WINDOWS
    assert a2.decision.outcome != "not_covered", a2.decision
    assert english_title(a2.citations[0]) == WINDOWS
    assert "table.exec.source.idle-timeout: 5" in a2.parts.body, a2.text


def test_a_value_the_fix_lacks_but_the_entry_states_elsewhere_is_quoted_with_the_note(bot):
    """The fifteenth trial's C41.2: "je le baisse à combien batchGetSize ?"; the fix says only to lower it, the
    cause gives its default (100)."""
    first = (
        "Après restauration d'un job Log Service qui avait planté, les TaskManagers font OOM: "
        "java.lang.OutOfMemoryError: Java heap space. Le job lit SLS avec 16 shards."
    )
    a1, a2 = chat(bot, first, "je le baisse à combien batchGetSize ?")
    assert english_title(a2.citations[0]) == "TaskManager OOM: Java heap space error during recovery"
    assert a2.parts.closing.startswith(phrase("no_value", "fr", setting="batchGetSize")), a2.text
    assert "valeur par défaut est 100" in a2.parts.closing, a2.text


def test_the_default_asked_after_an_answer_is_the_entry_s_sentence_giving_it(bot):
    """The fifteenth trial's C41.3: "et c'est quoi la valeur par défaut ?" got the closest list again; the entry's
    cause says "batchGetSize, dont la valeur par défaut est 100"."""
    first = (
        "Après restauration d'un job Log Service qui avait planté, les TaskManagers font OOM: "
        "java.lang.OutOfMemoryError: Java heap space. Le job lit SLS avec 16 shards."
    )
    *_, a3 = chat(bot, first, "je le baisse à combien batchGetSize ?", "et c'est quoi la valeur par défaut ?")
    assert english_title(a3.citations[0]) == "TaskManager OOM: Java heap space error during recovery"
    assert "valeur par défaut est 100" in a3.parts.body, a3.text


SLOTS = "Error: remaining connection slots are reserved for non-replication superuser connections"


@pytest.mark.parametrize(
    ("first", "turn", "lang"),
    [
        (
            "Hologres sink fails: FATAL: remaining connection slots are reserved for non-replication superuser "
            "connections",
            "which value should I set?",
            "en",
        ),
        (
            "Notre sink Hologres échoue : FATAL: remaining connection slots are reserved for non-replication "
            "superuser connections",
            "quelle valeur dois-je mettre ?",
            "fr",
        ),
        (
            "Mi sink de Hologres falla con FATAL: remaining connection slots are reserved for non-replication "
            "superuser connections",
            "¿qué valor pongo?",
            "es",
        ),
    ],
)
def test_a_value_asked_of_an_entry_naming_no_option_says_it_names_none(bot, first, turn, lang):
    """A twenty-first trial asked "which value should I set?" six times of entries whose fix names no option
    ("Release connections", "adjust the snapshot file retention period") and got the fix again with nothing saying
    there is no value in it; the names in the entry's quoted stack trace ("org.postgresql.model.TableSchema",
    "bitSet") are not options."""
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == SLOTS
    assert english_title(a2.citations[0]) == SLOTS, [c.title for c in a2.citations]
    assert a2.parts.closing == phrase("no_setting", lang), a2.text
    assert "app_name" in a2.parts.body and a2.language == lang


def test_a_value_asked_of_an_entry_naming_options_is_not_told_it_names_none(bot):
    """The note is for entries naming no option: the idle-timeout entry's value is quoted instead."""
    a = chat(bot, "kafka event time window emits nothing, some partitions idle", "which value should I set?")[1]
    assert "table.exec.source.idle-timeout: 5" in a.text and phrase("no_setting", "en") not in a.text
    # a duration's bare number: its unit is part of the value asked (a twenty-second trial's C14.2)
    assert phrase("no_unit", "en", setting="table.exec.source.idle-timeout") in a.text, a.text


def test_how_much_delay_to_allow_asks_the_entry_under_discussion(bot):
    """A twenty-third trial: "how much delay should I allow?" after the data-loss entry (a grace period, "for example,
    Watermark = Event time - 5s") was read alone and got three unrelated entries."""
    first = (
        "In Flink SQL my table has a WATERMARK defined, and any record where event_time < "
        "CURRENT_WATERMARK(event_time) is considered late. Those late records are dropped from my tumbling window, so "
        "the hourly counts are lower than in the source. How do I stop losing them?"
    )
    a1, a2 = chat(bot, first, "how much delay should I allow?")
    assert a1.citations[0].title == "How do I troubleshoot data losses?"
    assert a2.citations[0].title == a1.citations[0].title, [c.title for c in a2.citations]
    assert "Event time - 5s" in a2.parts.body, a2.parts.body


def test_a_value_asked_of_the_paimon_expiration_entry_names_its_options_not_a_date_format(bot):
    """A twenty-sixth trial's "¿qué valor recomiendan?" after the Paimon partition expiration entry listed "yyyy-MM-dd"
    among the options the entry gives no value for, and not partition.expiration-time."""
    first = "¿Cómo configuro la expiración automática de particiones en una tabla Paimon?"
    _a1, a2 = chat(bot, first, "¿qué valor recomiendan?")
    note = next(ln for ln in a2.text.splitlines() if "ningún valor" in ln)
    assert "yyyy" not in note and "partition.expiration-time" in note, note


@pytest.mark.parametrize(
    ("turns", "lang"),
    [
        (
            (
                "java.io.IOException: No space left on device in our Paimon writer job",
                "how do I fix it?",
                "what value should I set?",
            ),
            "en",
        ),
        (("Mi job de Paimon falla con «No space left on device»", "¿cómo lo soluciono?", "¿qué valor pongo?"), "es"),
    ],
)
def test_a_value_asked_after_the_fix_was_quoted_gets_the_values_not_the_fix_again(bot, turns, lang):
    """A twenty-eighth trial: "what value should I set?" after "how do I fix it?" repeated the whole fix under "the
    entry says no more about the fix", the recommended values buried in it. The lines giving values, and no more."""
    *_, fix, values = chat(bot, *turns)
    assert english_title(values.citations[0]) == "Paimon job error: No space left on device"
    opening = phrase("values_lead", lang, title="").split("“")[0].split("«")[0]  # "The values ", "Los valores que da "
    assert values.parts.heading.startswith(opening), values.text
    assert "256 MB" in values.parts.body and "lookup.cache-max-disk-size" in values.parts.body, values.text
    assert len(values.parts.body) < len(fix.parts.body), values.text
    assert not values.parts.closing, values.text
