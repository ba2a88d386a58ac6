"""A setting's value or unit asked of a quoted fix (bot/answers/detail.py): which option names it reads, when a value
or a unit is given, and the sentence saying the quote gives none."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.detail import given, missing_detail, settings, value_lines
from faqbot.bot.dialogue.requests import ASKS_FIX

ORC = (
    "- The value of write-buffer-size is too large. Try reducing this parameter.\n"
    "  - Reduce the value of orc.write.batch-size.\n"
    "  - Set the table properties 'file.format' = 'avro' and 'metadata.stats-mode' = 'none' when creating the table."
)
IDLE = "Add the following code:\n```\ntable.exec.source.idle-timeout: 5\n```\nSee Configuration."


def test_option_names_are_dotted_hyphenated_or_camel_case_words():
    text = (
        "Set pullIntervalMs; useNewApi; orc.write.batch-size, write-buffer-size. Not upsert-kafka, exactly-once, "
        "MetaQSource, flink-connector-kafka-1.17.jar, docs.txt, e.g. VVR 8.0.5"
    )
    assert settings(text) == ["pullIntervalMs", "useNewApi", "orc.write.batch-size", "write-buffer-size"]


@pytest.mark.parametrize(
    ("text", "setting", "state"),
    [
        (ORC, "orc.write.batch-size", (False, False)),
        (ORC, "file.format", (True, False)),
        (IDLE, "table.exec.source.idle-timeout", (True, False)),
        ("Set 'table.exec.source.idle-timeout' = '5s'.", "table.exec.source.idle-timeout", (True, True)),
        ("Set write-buffer-size to 256 mb.", "write-buffer-size", (True, True)),
        ("The timeout, in seconds: table.exec.source.idle-timeout: 5", "table.exec.source.idle-timeout", (True, True)),
        ("Set the pullIntervalMs parameter to a non-negative value.", "pullIntervalMs", (False, False)),
        (
            "- lookup.cache-max-disk-size: The maximum disk space the cache can use. Recommended values: 256 MB.",
            "lookup.cache-max-disk-size",
            (True, True),
        ),
    ],
)
def test_a_value_is_what_follows_the_option_in_its_sentence(text, setting, state):
    assert given(setting, text) == state


def test_a_value_asked_of_an_option_the_quote_gives_none_says_so():
    note = missing_detail("which value should I set for orc.write.batch-size?", ORC, "en")
    assert note.startswith("The entry gives no value for orc.write.batch-size:"), note


def test_a_value_asked_of_no_option_names_each_the_quote_leaves_without_one():
    note = missing_detail("quelle valeur dois-je mettre ?", ORC, "fr")
    assert "write-buffer-size et orc.write.batch-size" in note, note
    assert "file.format" not in note


def test_a_unit_asked_of_a_bare_number_says_the_entry_gives_none():
    note = missing_detail("¿qué unidad tiene el 5 de table.exec.source.idle-timeout?", IDLE, "es")
    assert note.startswith("La entrada no indica en qué unidad"), note
    assert missing_detail("what unit is it in?", "Set 'table.exec.source.idle-timeout' = '5s'.", "en") == ""


@pytest.mark.parametrize(
    ("question", "quote"),
    [
        ("which value should I set?", "Set 'table.exec.source.idle-timeout' = '5s'."),  # given
        ("how do I fix it?", ORC),  # no value asked
        ("what value should I use?", "Restart the job."),  # no option in the quote
    ],
)
def test_no_sentence_when_the_value_is_given_or_nothing_was_asked_of_an_option(question, quote):
    assert missing_detail(question, quote, "en") == ""


@pytest.mark.parametrize(
    "turn",
    [
        "Welche Werte werden empfohlen?",  # the fourteenth trial's C34.2 repeated the closest list
        "what values do you recommend?",
        "what unit is the 5 in table.exec.source.idle-timeout?",
        "¿cuánto le pongo?",
        "quelle unité ?",
    ],
)
def test_value_and_unit_requests_ask_for_the_fix(turn):
    assert ASKS_FIX.search(turn)


def test_a_value_asked_of_an_option_the_entry_never_names_says_so():
    """A value for table.exec.state.ttl asked of the Hudi duplicates entry, which names index.state.ttl only."""
    entry = "Increase the index.state.ttl parameter, which is measured in days. The previous default was 1.5 days."
    note = missing_detail("what value for table.exec.state.ttl would you suggest?", entry, "en", entry)
    assert note == "The entry does not mention table.exec.state.ttl.", note


def test_a_placeholder_in_a_sample_url_is_no_setting():
    """A twenty-second trial's "which value should I set?" of the emoji entry was told "The entry gives no value for
    databaseName", a placeholder of its sample URL, when the value asked is characterEncoding=UTF-8."""
    fix = (
        "Add characterEncoding=UTF-8 to the URL when connecting to a MySQL database via JDBC. For example: "
        "jdbc:mysql://<internal address>/<databaseName>?characterEncoding=UTF-8."
    )
    assert settings(fix) == ["characterEncoding"]
    assert missing_detail("which value should I set?", fix, "en", fix) == ""


@pytest.mark.parametrize(
    "fix",
    [
        "For COW writes, enable the write.insert.drop.duplicates parameter.",
        "Para escrituras COW, habilite el parámetro write.insert.drop.duplicates.",
        "Pour les écritures COW, activez le paramètre write.insert.drop.duplicates.",
    ],
)
def test_a_switch_enabled_in_words_has_its_value(fix):
    """ "enable the write.insert.drop.duplicates parameter" gives it a value (true): a twenty-second trial's
    "¿qué valor pongo?" was told the entry gives none."""
    assert given("write.insert.drop.duplicates", fix) == (True, True)
    assert missing_detail("¿qué valor pongo?", fix, "es", fix) == ""
    assert given("orc.write.batch-size", "Reduce the value of orc.write.batch-size.") == (False, False)


def test_a_duration_s_bare_number_asked_as_a_value_says_it_has_no_unit():
    """ "which value should I set?" of "table.exec.source.idle-timeout: 5" (Flink reads a bare duration as
    milliseconds): the unit is part of the value; a count ("orc.write.batch-size = 512") or a duration with its unit
    ("'60s'") needs no note."""
    quote = "Add this line: table.exec.source.idle-timeout: 5"
    assert missing_detail("which value should I set?", quote, "en", quote).startswith("The entry does not say in which")
    assert missing_detail("which value should I set?", "set orc.write.batch-size = 512", "en") == ""
    assert missing_detail("¿qué valor pongo?", "'scan.incremental.snapshot.chunk.timeout' = '60s'", "es") == ""


@pytest.mark.parametrize(
    "text",
    [
        "check the numRecordsInOfSource metric on the monitoring and alerts page",
        "revise la métrica numRecordsInOfSource en la página de monitoreo y alertas",
    ],
)
def test_a_metric_is_no_setting(text):
    """A twenty-third trial's "¿qué valor pongo para el tamaño del batch?" was told the entry gives no value for
    numRecordsInOfSource, a metric of the no-output checklist."""
    assert settings(text) == []
    assert settings(text + ". Add pipeline.operator-chaining: 'false'") == ["pipeline.operator-chaining"]


def test_a_product_name_or_a_hyphenated_phrase_is_no_setting():
    """A French value request was told the entry gives no value for "vSwitch et Out-of-order": a product's name and
    a phrase joined by hyphens, written like options."""
    text = "Get the CIDR block of your vSwitch. Out-of-order data in event-time windows; end-to-end latency."
    assert settings(text) == []
    assert settings(text + " Set sink.buffer-flush.max-rows and bitSet-style write-buffer-size.")[-1] == (
        "write-buffer-size"
    )


def test_a_date_format_is_no_setting_and_a_placeholder_is_the_users_value():
    """A twenty-sixth trial was told the Paimon expiration entry "gives no value for partition.timestamp-pattern and
    partition.timestamp-formatter and yyyy-MM-dd" (a date format), and the Kafka latency entry none for
    properties.bootstrap.servers (its DDL writes '<yourBootstrapServers>': the user's own value)."""
    text = "Use the HH:mm:ss and yyyy-MM-dd formats with partition.timestamp-pattern; partition.expiration-time too."
    assert settings(text) == ["partition.timestamp-pattern", "partition.expiration-time"]
    ddl = "  'properties.bootstrap.servers' = '<yourBootstrapServers>',\n  'properties.group.id' = '${group}',"
    assert given("properties.bootstrap.servers", ddl) == (True, True) and given("properties.group.id", ddl)[0]
    note = missing_detail("what value should I use?", ddl + "\n  'scan.startup.mode' = 'earliest-offset'", "en")
    assert note == ""


def test_a_value_left_blank_in_a_sample_is_the_users_own():
    """The French Kafka latency entry's DDL writes "'properties.bootstrap.servers' = ''": a twenty-seventh trial's
    "quelle valeur dois-je mettre ?" was told the entry gives no value for it and properties.group.id."""
    ddl = "  'topic' = '',\n  'properties.bootstrap.servers' = '',\n  'properties.group.id' = \"\","
    assert given("properties.bootstrap.servers", ddl) == (True, True) and given("properties.group.id", ddl)[0]
    assert missing_detail("quelle valeur dois-je mettre ?", ddl + "\n  'format' = 'json'", "fr") == ""


def test_an_option_named_with_hyphens_then_dots_is_one_option():
    assert settings("write-buffer-spill.max-disk-size: the maximum disk space") == ["write-buffer-spill.max-disk-size"]


def test_the_lines_of_a_fix_that_give_values_are_its_values():
    """"what value should I set?" after the fix was quoted whole gets its lines giving values, not the fix again."""
    fix = (
        "- To prevent this, use SQL Hints to set the following parameters.\n\n"
        "  - lookup.cache-max-disk-size: The maximum local disk space. Recommended values include 256 MB and 1 GB.\n\n"
        "  - write-buffer-spillable: Setting this to false prevents the buffer from using any disk space.\n\n"
        "  - write-buffer-spill.max-disk-size: The maximum disk space. Recommended values include 256 MB.\n\n"
        "- Check the disk of the TaskManager."
    )
    assert value_lines(fix).splitlines() == [
        "- lookup.cache-max-disk-size: The maximum local disk space. Recommended values include 256 MB and 1 GB.",
        "- write-buffer-spillable: Setting this to false prevents the buffer from using any disk space.",
        "- write-buffer-spill.max-disk-size: The maximum disk space. Recommended values include 256 MB.",
    ]
    assert value_lines("Reduce the value of orc.write.batch-size.") == ""
