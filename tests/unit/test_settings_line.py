"""The settings a generated answer paraphrased, listed under it verbatim (bot/llm/settings_line.py, issue
24). Passages are the corpus's own text (connectors-faq.fr, the Paimon heap entry)."""

from __future__ import annotations

from faqbot.bot.llm.checks import answer_language
from faqbot.bot.llm.settings_line import MAX_SETTINGS, attach_settings, passage_settings

KAFKA_FR = """**Solutions**

- N'utilisez pas de mécanisme de transfert. Établissez plutôt un chemin réseau direct entre Flink et Kafka.

- Contactez votre administrateur Kafka pour configurer l'adresse de transfert dans la propriété advertised.listeners sur les brokers Kafka.

Pour plus d'informations, consultez KIP-103: Separate Internal and External traffic et https://kafka.apache.org/documentation/#brokerconfigs."""  # noqa: E501

PAIMON = """- A single data record is too large.

  - Reduce the value of orc.write.batch-size.

  - If you do not need ad-hoc queries, you can set the 'file.format' = 'avro' and 'metadata.stats-mode' = 'none' table properties during table creation.

```
CREATE TABLE t (...) WITH ('bucket' = '4');
```
Caused by: java.lang.OutOfMemoryError: Java heap space at org.apache.paimon.io.DataFileWriter.write(flink-conf.yaml)"""  # noqa: E501


def test_a_paraphrased_setting_is_listed_by_name_in_the_answers_language():
    answer = "Demandez à votre administrateur Kafka de configurer l'adresse du proxy sur les brokers [1]."
    out, listed = attach_settings(answer, KAFKA_FR, "fr")
    assert listed == ["advertised.listeners"]
    label = "Paramètres tels qu’écrits dans l’entrée de la FAQ [1] :"
    assert out.startswith(answer) and out.endswith(f"{label} `advertised.listeners`")
    assert answer_language(out)[0] == "fr"  # the names are code: the answer still reads as French


def test_nothing_is_added_when_the_answer_names_the_settings_however_it_quotes_them():
    answer = "Set `file.format` = `avro`, 'metadata.stats-mode'='none' and lower orc.write.batch-size [1]."
    assert attach_settings(answer, PAIMON, "en") == (answer, [])
    # the code attached under the answer counts as held
    coded = "Lower the ORC batch size [1].\n\n```\nSET 'orc.write.batch-size' = '512';\n```"
    _, listed = attach_settings("Lower the ORC batch size [1].", PAIMON, "en", held=coded)
    assert "orc.write.batch-size" not in listed


def test_code_blocks_error_text_files_packages_and_urls_are_not_settings():
    found = passage_settings(PAIMON)
    # a quoted pair keeps its key: 'file.format' is not listed again on its own
    assert found == ["orc.write.batch-size", "'file.format' = 'avro'", "'metadata.stats-mode' = 'none'"]
    assert passage_settings(KAFKA_FR) == ["advertised.listeners"]  # no KIP-103, no kafka.apache.org
    assert passage_settings("ErrorCode=NoPermission, ErrorMessage=Authorization Failed") == []


def test_at_most_a_few_settings_are_listed():
    passage = "Set " + ", ".join(f"a{i}.option-{i}" for i in range(8)) + "."
    _, listed = attach_settings("Set the options [1].", passage, "es")
    assert listed == [f"a{i}.option-{i}" for i in range(MAX_SETTINGS)]
