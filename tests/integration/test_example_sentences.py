"""An example is quoted with the sentence it illustrates, never alone (the packs' `back_reference_patterns`: "For
example", "Par exemple", "Por ejemplo"; a sixth trial: a pasted ClassCastException got "**Cause** Par exemple, un
champ peut être défini comme BIGINT ...", without the cause it illustrates). Real index, bot as shipped."""

from __future__ import annotations

import pytest

from tests.support import english_title

CLASS_CAST = (
    "Caused by: java.lang.ClassCastException: java.lang.Integer cannot be cast to java.lang.Long\n"
    "\tat org.apache.flink.table.data.GenericRowData.getLong(GenericRowData.java:154)\n"
    "\tat com.alibaba.ververica.connectors.hologres.source.HologresBinlogRecordConverter.convert("
    "HologresBinlogRecordConverter.java:88)\n"
)
HOLOGRES = "ClassCastException when reading from Hologres"
EXAMPLE_OPENINGS = ("For example", "Par exemple", "Por ejemplo")


def _cause(text: str) -> str:
    """The paragraph under the answer's cause label."""
    after = text.split("**Cause**", 1)[1] if "**Cause**" in text else text.split("**Causa**", 1)[1]
    return after.strip().split("\n\n", 1)[0]


@pytest.mark.parametrize(
    ("question", "title", "opening"),
    [
        (CLASS_CAST + "on lit une table Hologres, que faire ?", HOLOGRES, "Cette erreur"),
        (CLASS_CAST + "we read a Hologres table, what should I do?", HOLOGRES, "This error"),
        (
            "MySQL dimension table: java.io.EOFException: SSL peer shut down incorrectly with driver 8.0.27",
            "Error: java.io.EOFException: SSL peer shut down incorrectly",
            "This error",
        ),
    ],
)
def test_the_cause_is_not_quoted_from_its_example(bot, question, title, opening):
    a = bot.ask(question)
    assert english_title(a.citations[0]) == title
    cause = _cause(a.text)
    assert not cause.startswith(EXAMPLE_OPENINGS), cause
    assert cause.startswith(opening), cause
