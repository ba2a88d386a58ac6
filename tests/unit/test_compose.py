"""Answer building from crafted text: see-also passages, citation repair (no index, no model)."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.answer import repair_citations


def test_see_also_quotes_what_the_entry_says_to_do():
    from faqbot.bot.answers.compose import gist

    body = (
        "• Cause\n\n  This occurs because dropping the table does not remove its associated publication.\n\n"
        "• Solution\n\n  Solution 1: In Hologres, run the drop publication xx; statement.\n\n"
        "  Solution 2: Use VVR 8.0.5 or later. The connector automatically handles the cleanup."
    )
    q = "Which VVR version cleans up the publication of a recreated table?"
    # "Solution 2: …" is a label with its content on the same line: the content is a candidate
    assert gist(body, q, "en") == "Use VVR 8.0.5 or later. The connector automatically handles the cleanup."
    # a rare word outweighs common ones
    weights = {"vvr": 0.1, "version": 0.1, "clean": 0.1, "public": 5.0, "recreat": 0.1, "tabl": 0.1}
    assert gist(body, q, "en", weights).startswith("This occurs because dropping the table")


def test_repair_citations():
    text, dropped = repair_citations("Use X [1] and Y [4] or [2].", 2)
    assert text == "Use X [1] and Y  or [2]." and dropped == [4]


DDL = (
    "```\nCREATE TABLE t (\n  id INT,\n  name STRING,\n  ts TIMESTAMP(3),\n  amount DOUBLE,\n  city STRING\n) WITH (\n"
    "  'connector' = 'kafka',\n  'topic' = 'orders',\n  'properties.sasl.mechanism' = 'SCRAM-SHA-256',\n"
    "  'format' = 'json',\n  'key.fields-prefix' = 'k_'\n);\n```"
)


def test_a_long_code_sample_keeps_its_ends_and_the_lines_the_question_and_the_fix_name():
    from faqbot.bot.answers.excerpt import ELLIPSIS, abridge_code

    text = "Set key.fields-prefix in the DDL:\n\n" + DDL
    out, cut = abridge_code(text, {"scram", "sasl"}, "en", {})
    lines = out.split("\n")
    assert cut and lines[2] == "```" and lines[3] == "CREATE TABLE t (" and lines[-2] == ");"
    assert "  'properties.sasl.mechanism' = 'SCRAM-SHA-256'," in lines  # named by the question
    assert "  'key.fields-prefix' = 'k_'" in lines  # named by the block's own prose
    assert "  'topic' = 'orders'," not in lines and ELLIPSIS in lines
    assert [x for x in lines if x != ELLIPSIS] == [x for x in text.split("\n") if x in lines]  # verbatim, in order
    short = "```\nSELECT 1;\n```"
    assert abridge_code(short, {"select"}, "en", {}) == (short, False)


def test_a_block_that_does_not_fit_is_quoted_from_the_line_the_question_shares():
    from faqbot.bot.answers.excerpt import fit

    log = ["**Problem**", "", "```"] + [f"  at com.example.Frame{i}.run(Frame.java:{i})" for i in range(12)]
    log += ["org.apache.flink.table.api.ValidationException: Unable to create a sink for writing table 'x'."]
    log += ["  at com.example.Other.run(Other.java:1)", "```"]
    out = fit("\n".join(log), 300, {"unabl", "sink", "write", "validationexcept"}, "en", {})
    assert out.startswith("**Problem**\n\n```\n…\norg.apache.flink.table.api.ValidationException: Unable")
    assert out.count("```") == 2  # the cut code block is closed
    # with no shared line, the start of the block
    assert fit("\n".join(log), 300, set(), "en", {}).startswith("**Problem**\n\n```\n  at com.example.Frame0")


def test_a_sentence_breaks_before_a_word_that_can_open_one():
    from faqbot.bot.answers.excerpt import SENTENCE_BREAK

    text = "Set it to true. See How do I configure custom job run parameters? for instructions. Then restart."
    assert SENTENCE_BREAK.split(text) == [
        "Set it to true.",
        "See How do I configure custom job run parameters? for instructions.",
        "Then restart.",
    ]
    assert SENTENCE_BREAK.split("¿Qué pasa? El job falla.") == ["¿Qué pasa?", "El job falla."]


def test_a_code_block_cut_to_nothing_goes_with_its_lead_in():
    from faqbot.bot.answers.excerpt import fit

    # a screenshot of the README showed "El mensaje de error tiene el siguiente aspecto:" above a box
    # holding only "…": the error line did not fit, the lead-in was kept as if it said something
    error = "Table sink 'vvp.default.t' doesn't support consuming update and delete changes " + "x" * 250
    leads = (("El mensaje de error tiene el siguiente aspecto:", "es"), ("The error message looks like:", "en"))
    for lead, lang in leads:
        block = f"{lead}\n\n```\n{error}\n  at org.apache.flink.A.b(A.java:1)\n```\n\nReplace the sink."
        out = fit(block, 200, set(), lang, {})
        assert lead not in out and "```" not in out, out
    # a block that keeps a line keeps its lead-in
    kept = fit("The error message looks like:\n\n```\nNoPermissionException: dhs:ListShard\n```", 200, set(), "en", {})
    assert kept.startswith("The error message looks like:\n\n```\nNoPermissionException"), kept


def test_a_cause_keeps_its_first_sentence_and_the_one_the_question_hits():
    from faqbot.bot.answers.excerpt import key_sentences

    cause = (
        "**Cause**\n\nThe sink rejects the record. It happens on restart. The buffer is flushed late. "
        "A primary key is missing in the DDL, so the upsert fails."
    )
    head, cut = key_sentences(cause, 200, {"primari", "key"}, "en", {})
    assert cut and head == (
        "**Cause**\n\nThe sink rejects the record. … A primary key is missing in the DDL, so the upsert fails."
    )
    lead_in = "**Cause**\n\nThe order depends on the constructor:\n\n- With one, its order.\n\n- Without, alphabetical."
    assert key_sentences(lead_in, 200, set(), "en", {}) == (lead_in, False)  # a lead-in keeps its list


@pytest.mark.parametrize(
    ("asked", "kept"),
    [
        # a tenth trial: "We are on VVR 8.0.5." got the cause without the sentence naming the versions it occurs in
        ({"§8.0.5"}, True),
        ({"§8.0.6"}, True),  # inside the range
        ({"§8.0.9"}, False),  # outside it
        (set(), False),
    ],
)
def test_a_cause_opening_naming_the_question_version_stays(asked, kept):
    from faqbot.bot.answers.excerpt import key_sentences

    opening = "This exception occurs in Realtime Compute for Apache Flink versions VVR 8.0.5 to VVR 8.0.8."
    cause = (
        f"**Cause**\n\n{opening} When a job using a Hologres binlog source table recovers from a checkpoint, the "
        "engine enforces a strict check on the table id. If the current table id does not match, recovery fails."
    )
    q = {"tabl", "id", "checkpoint", "strict"} | asked
    head, _cut = key_sentences(cause, 170, q, "en", {})
    assert (opening in head) == kept, head
    assert "strict check on the table id" in head, head


def test_a_fix_written_inline_after_its_label_is_the_fix_an_error_line_is_not():
    from faqbot.bot.answers.extract import blocks, section_kind, select

    assert section_kind("Solution: Explicitly disable the upsert materialize operator by adding this line:") == "fix"
    assert section_kind("Solución 2: Utilice la versión VVR 8.0.5 o posterior, que limpia las publicaciones.") == "fix"
    assert section_kind("Caused by: java.lang.IllegalStateException: the sink rejects the record") is None
    assert section_kind("Causes of this are many and most of them have to do with the network.") is None
    body = (
        "By default, the connector uses the upsert materialize operator to manage write ordering. " * 3
        + "\n\n• Millisecond precision: records written within one millisecond may arrive out of order." * 1
        + "\n\n• No DELETE support: deletions are irreversible, so the order logic is ineffective here. " * 3
        + "\n\nSolution: Explicitly disable the upsert materialize operator by adding the following to your job:"
        + "\n\nSET 'table.exec.sink.upsert-materialize' = 'NONE';\n\nThis setting applies to any such job."
    )
    last = blocks(body)[-1]
    assert last.kind == "solution" and last.text.startswith("Solution: Explicitly")
    text, cut = select(body, "unexpected overwrites in the sink", "en", budget=400)
    assert cut and "SET 'table.exec.sink.upsert-materialize' = 'NONE';" in text


def test_label_kinds_in_three_languages():
    from faqbot.bot.answers.extract import label_kind

    # the fix proper, a check or troubleshooting step, a cause: from the one table in ingest/blocks.py
    assert label_kind("Solution 2: Use VVR 8.0.5 or later.") == "solution"
    assert label_kind("Solución 1: Reinicie el job.") == "solution"
    assert label_kind("• Workaround") == "solution"
    assert label_kind("Check 1: Start offset strategy") == "check"
    assert label_kind("Vérification 2 : format des données") == "check"
    assert label_kind("Causa") == "cause"
    # a label in bold is a label: the French FAQ writes "• **Cause 1 : Conflit ...**", the English one "• Cause 1: ..."
    assert label_kind("• **Cause 1 : Conflit entre doc_as_upsert et un Ingest Pipeline Elasticsearch**") == "cause"
    assert label_kind("**Solution**") == "solution"


ENTRY = (
    "• Error details\n\n  Caused by: java.sql.BatchUpdateException: Incorrect string value for column 'c'\n"
    "  at com.mysql.cj.util.Util.getInstance(Util.java:167)\n\n"
    "• Cause\n\n  The data uses an encoding the database does not support.\n\n"
    "• Solution\n\n  Add characterEncoding=UTF-8 to the JDBC URL."
)


def test_the_error_details_of_an_entry_are_read_after_its_cause_and_fix():
    from faqbot.bot.answers.extract import blocks, reading_order

    bs = blocks(ENTRY)
    assert [bs[i].kind for i in reading_order(bs)] == ["cause", "solution", "problem"]
    # two problems, each with its fix: each error follows its own fix
    twice = ENTRY + "\n\n" + ENTRY.replace("column 'c'", "column 'd'")
    bs = blocks(twice)
    texts = [bs[i].text for i in reading_order(bs)]

    def at(words: str) -> list[int]:
        return [n for n, t in enumerate(texts) if words in t]

    assert at("column 'c'")[0] == at("JDBC URL")[0] + 1 and at("column 'd'")[0] == at("JDBC URL")[1] + 1
    # an entry with no cause or fix keeps its order
    plain = "• Error details\n\n  Something failed.\n\nMore text about it here."
    assert reading_order(blocks(plain)) == list(range(len(blocks(plain))))


def test_an_excerpt_the_question_already_holds_echoes_it():
    from faqbot.bot.answers.excerpt import echoes
    from faqbot.ingest.textproc import query_tokens

    part = "**Error details**\n\n```\nErrorMessage=Authorization Failed [4019], You have NO privilege\n```"
    pasted = set(query_tokens("ErrorMessage=Authorization Failed [4019], You have NO privilege on my job", "en"))
    assert echoes(part, pasted, "en")
    assert not echoes(part, set(query_tokens("MaxCompute authorization failed", "en")), "en")
