"""Language detection and the identifier-aware tokenizer."""

from __future__ import annotations

import pytest
from faqbot.ingest.textproc import detect_language, frames_as_calls, identifiers, tokenize


@pytest.mark.parametrize(
    "text,lang",
    [
        ("kafka sasl ssl", "en"),
        ("Why does my Kafka window never fire?", "en"),
        ("pourquoi mon job ne lit rien", "fr"),
        ("clé primaire upsert-kafka erreur", "fr"),
        ("¿por qué no hay datos en la tabla sink?", "es"),
        ("error de conexión con hologres", "es"),
        (
            "J'ai cette erreur : java.io.EOFException: SSL peer shut down incorrectly at sun.security.ssl.SSLSocketInputRecord",  # noqa: E501
            "fr",
        ),
        ("Tengo este error: org.apache.flink.table.api.ValidationException: SQL validation failed", "es"),
        # a pasted error line first, the asker's own words after it
        ("java.sql.SQLException: No suitable driver found for jdbc:mysql://db:3306/x ¿qué driver falta?", "es"),
        ("Warum liefert mein Kafka-Job keine Daten mehr?", "de"),
        ("为什么 Kafka 没有数据", "zh"),
        # issue 12: a shared word ("il", "la") made these French, and Arabic script fell back to English
        ("Perché il mio job Flink non legge i dati da Kafka?", "it"),
        ("Il job si blocca durante il checkpoint", "it"),
        ("Come posso evitare i duplicati nella tabella sink?", "it"),
        ("Wie konfiguriere ich den Checkpoint?", "de"),
        ("لماذا لا يقرأ عمل Flink البيانات من Kafka؟", "ar"),
        ("Flink 작업이 Kafka에서 데이터를 읽지 못합니다", "ko"),
        ("Flink ジョブが Kafka からデータを読み取れません", "ja"),
        ("Por que meu job Flink não lê dados do Kafka?", "pt"),
    ],
)
def test_detect_language(text, lang):
    assert detect_language(text)[0] == lang


def test_identifiers_kept_whole():
    ids = identifiers("set key.fields-prefix and table.exec.source.idle-timeout; dhs:ListShard NoPermissionException")
    assert {"key.fields-prefix", "table.exec.source.idle-timeout", "dhs:listshard", "nopermissionexception"} <= set(ids)


def test_tokenize_stems_folds_and_splits():
    toks = tokenize("Les partitions inactives bloquent le NoPermissionException", "fr")
    assert "partit" in toks and "§nopermissionexception" in toks
    assert "permiss" in toks or "permission" in toks  # camel-case part, stemmed
    assert tokenize("réseau", "fr") == tokenize("reseau", "fr")


def test_a_trace_is_read_as_the_code_it_calls_without_the_jdk():
    body = (
        "The logs show:\nCaused by: java.sql.BatchUpdateException: multi-statement be found.\n"
        "  at sun.reflect.GeneratedConstructorAccessor115.newInstance(Unknown Source)\n"
        "  \tat java.lang.reflect.Constructor.newInstance(Constructor.java:423)\n"
        "  at com.sun.proxy.$Proxy1.run(Unknown Source)\n"
        "  at com.mysql.cj.util.Util.handleNewInstance(Util.java:192) ~[?:1.8.0_302]\n"
        "Set allowMultiQueries at java level."
    )
    kept = frames_as_calls(body).split("\n")
    assert kept == [
        "The logs show:",
        "Caused by: java.sql.BatchUpdateException: multi-statement be found.",
        "com.mysql.cj.util.Util.handleNewInstance",
        "Set allowMultiQueries at java level.",
    ]
    assert frames_as_calls("no trace here") == "no trace here"
    prose = "Set it\nat least one sink must be declared\nat job start (when the state is empty)"
    assert frames_as_calls(prose) == prose
    # the file name and line number of a frame are no terms of the entry; its class and method are
    toks = tokenize(frames_as_calls("x\n\tat org.apache.flink.Foo.bar(Foo.java:1234)"), "en")
    assert "java" not in toks and "1234" not in toks and "§org.apache.flink.foo.bar" in toks
