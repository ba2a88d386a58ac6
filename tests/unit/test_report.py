"""Reading a pasted report: identifying lines kept and weighted, noise damped (crafted posts)."""

from __future__ import annotations

from faqbot.bot.retrieval.report import DENSE_CHARS, read_report
from faqbot.ingest.langdetect import detect_language

POST = """Sink shows nothing: job RUNNING but no rows in the ClickHouse table

Hello, we write from Kafka to ClickHouse and the table stays empty after two hours.

| item | value |
|---|---|
| Flink version | 1.17.2 |
| VVR | 8.0.5 |

```sql
CREATE TEMPORARY TABLE ck_sink (
  id BIGINT,
  name STRING
) WITH (
  'connector' = 'clickhouse',
  'url' = 'jdbc:clickhouse://10.0.0.1:8123/db',
  'sink.flush-interval' = '60s',
  'password' = 'secret'
);
```

```
2024-01-02 10:00:01,123 INFO  o.a.f.CheckpointCoordinator [Checkpoint Timer] - Triggering checkpoint 12
2024-01-02 10:00:05,456 ERROR o.a.f.clickhouse.ClickHouseSinkFunction [Sink: ck (1/4)#0] - flush failed
Caused by: java.sql.SQLException: Code: 241, Memory limit (for query) exceeded
	at ru.yandex.clickhouse.except.ClickHouseExceptionSpecifier.specify(ClickHouseExceptionSpecifier.java:59)
	at ru.yandex.clickhouse.ClickHouseStatementImpl.sendStream(ClickHouseStatementImpl.java:1084)
	at ru.yandex.clickhouse.ClickHouseStatementImpl.sendStream(ClickHouseStatementImpl.java:1060)
	at ru.yandex.clickhouse.ClickHousePreparedStatementImpl.executeBatch(ClickHousePreparedStatementImpl.java:380)
	at org.apache.flink.Foo.bar(Foo.java:1)
	... 23 more
```
"""


def test_errors_options_and_symptoms_are_found():
    rep = read_report(POST)
    assert rep.is_long
    assert rep.title.startswith("Sink shows nothing")
    assert any(e.startswith("SQLException: Code") and "Memory limit" in e for e in rep.errors)
    assert any("flush failed" in e for e in rep.errors)  # an ERROR log line without an exception class
    assert "clickhouse" in rep.options and "sink.flush-interval" in rep.options
    assert "password" not in rep.options and "url" not in rep.options  # every DDL sets them
    assert any("table stays empty" in s for s in rep.symptoms)


def test_noise_is_damped():
    rep = read_report(POST)
    text = rep.lexical_text()
    # environment table, versions, timestamps, thread names, column lists and INFO lines are gone
    for noise in ("1.17.2", "Flink version", "2024-01-02", "Checkpoint Timer", "BIGINT", "Triggering checkpoint"):
        assert noise not in text, noise
    assert len(rep.frames) == 3  # frames past the first few are dropped
    assert "ClickHouseExceptionSpecifier.specify" in rep.frames
    # the identifying lines count more than the rest
    assert text.count("Memory limit") >= 2


def test_dense_query_is_short_and_leads_with_the_problem():
    q = read_report(POST).dense_query()
    assert len(q) <= DENSE_CHARS
    assert q.startswith("Sink shows nothing") and "Memory limit" in q
    assert "1.17.2" not in q


def test_short_questions_are_used_as_typed():
    q = "Why does my Kafka window never fire?"
    rep = read_report(q)
    assert not rep.is_long and rep.dense_query() == q and rep.lexical_text() == q


def test_a_short_paste_is_searched_without_its_librarys_package_paths():
    """A short paste (under LONG_POST) is read as typed, less what its trace repeats of its library: the package
    parts ("com", "alibaba", "client", "impl", "action") matched every entry whose sample trace passes through the
    same packages, the connection-slots entry above the type-mismatch one."""
    q = (
        "写入Hologres报错：\n"
        'Caused by: com.alibaba.hologres.client.exception.HoloClientException: [ERROR] column "amount" is of type '
        "numeric but expression is of type text\n"
        "    at com.alibaba.hologres.client.impl.action.PutAction.execute(PutAction.java:88)\n"
        "这是类型不匹配吗？"
    )
    rep = read_report(q)
    text = rep.lexical_text()
    assert not rep.is_long and rep.dense_query() == q
    assert "Caused by: HoloClientException: [ERROR] column" in text and "PutAction.execute" in text
    assert "com.alibaba" not in text and "client.impl" not in text and "这是类型不匹配吗" in text
    one_line = "Error: java.lang.IllegalArgumentException: timeout value is negative"
    assert read_report(one_line).lexical_text() == one_line  # one line: as typed


def test_language_comes_from_the_prose_not_the_logs():
    post = (
        "作业写 ClickHouse 一直没有数据\n\n我们用 Flink 把 Kafka 的数据写到 ClickHouse，但是表里一直是空的。\n\n"
        "```\n"
        + "2024-01-02 10:00:05,456 ERROR org.apache.flink.Foo [main] - the sink has not written any row\n" * 8
        + "```\n"
    )
    assert detect_language(read_report(post).language_text())[0] == "zh"
    post_fr = (
        "Le sink ne reçoit aucune donnée\n\nBonjour, notre job tourne depuis deux heures mais la table reste vide, "
        "pourquoi ?\n\n```\n" + "2024-01-02 10:00:05,456 WARN org.apache.kafka.Client [main] - the broker is not "
        "available and the node may not be reachable from this host\n" * 10 + "```\n"
    )
    assert detect_language(read_report(post_fr).language_text())[0] == "fr"


def test_specific_exception_classes_leave_out_the_generic_wrappers():
    from faqbot.bot.retrieval.report import exception_classes

    trace = (
        "java.lang.RuntimeException: failed\n"
        "Caused by: javax.management.InstanceAlreadyExistsException: kafka.producer:type=app-info\n"
        "Caused by: java.lang.NullPointerException\n"
        "Caused by: org.apache.hudi.exception.HoodieMetadataException: Failed to retrieve list of partition"
    )
    assert exception_classes(trace) == {"InstanceAlreadyExistsException", "HoodieMetadataException"}


def test_title_names_are_what_the_title_names():
    from faqbot.bot.retrieval.report import title_names

    found = title_names(
        "[Bug] Job with KafkaSink logs javax.management.InstanceAlreadyExistsException when restart.failed-jobs "
        "and kubernetes.operator.job.restart.failed are set on Iceberg TM"
    )
    # neither the tracker tag nor a short abbreviation is a name
    assert {"kafkasink", "instancealreadyexistsexception", "kubernetes.operator.job.restart.failed", "iceberg"} <= found
    assert not {"bug", "tm"} & found
    assert "nullpointerexception" not in title_names("Job fails with java.lang.NullPointerException in the sink")


def test_web_addresses_name_no_problem():
    from faqbot.bot.retrieval.report import without_links

    text = "![pwn](http://evil.example/x.png) kafka idle partition, see https://a.example/c?d=1 and [the doc](https://x.y/z)"
    out = without_links(text)
    assert "evil" not in out and "example" not in out and "http" not in out
    assert "pwn" in out and "kafka idle partition" in out and "the doc" in out
    assert without_links("jdbc:mysql://db:3306/x fails") == "jdbc:mysql://db:3306/x fails"  # not a web page


LOG_LINE = (
    "`2023-05-06 16:30:31.507 [pool-25-thread-1] ERROR c.a.o.c.a.l.loader.AdapterProcessor - "
    "java.lang.RuntimeException: java.util.concurrent.ExecutionException: java.lang.RuntimeException: "
    "com.mysql.jdbc.exceptions.jdbc4.MySQLTransactionRollbackException: Deadlock found when trying to get lock; "
    "try restarting transaction`"
)
WRAPPED = f"""canal adapter stops after a while when syncing to MySQL 8.0

The adapter syncs two tables, then fails after some time with this log:
{LOG_LINE}
It happens again after every restart.
"""


def test_a_wrapped_chain_is_read_as_its_innermost_exception():
    rep = read_report(WRAPPED)
    # the wrappers name no problem; the innermost class and its message do
    assert rep.errors == [
        "MySQLTransactionRollbackException: Deadlock found when trying to get lock; try restarting transaction"
    ]
    assert "RuntimeException" not in rep.dense_query()


def test_a_log_line_in_inline_code_is_not_a_symptom_sentence():
    rep = read_report(WRAPPED)
    assert not any("pool-25-thread-1" in s or "2023-05-06" in s for s in rep.symptoms + rep.prose)
    assert "2023-05-06" not in rep.lexical_text()


def test_the_jdks_frames_are_not_the_first_frames():
    # reflection and thread frames open many traces and name no component: the frames kept are the library's
    trace = (
        "Job fails on start\n\nIt fails at once:\n\n```\njava.sql.SQLException: No suitable driver\n"
        "\tat sun.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n"
        "\tat java.sql.DriverManager.getDriver(DriverManager.java:298)\n"
        "\tat javax.management.Foo.bar(Foo.java:1)\n"
        "\tat com.example.sink.MysqlSink.open(MysqlSink.java:41)\n"
        "\tat jdk.internal.reflect.Method.invoke(Method.java:3)\n"
        "\tat org.apache.flink.util.Util.run(Util.java:34)\n```\n"
    )
    rep = read_report(trace)
    assert rep.frames == ["MysqlSink.open", "Util.run"]


def test_the_last_caused_by_is_the_root_cause_and_leads_the_errors():
    """A third new-user trial: a Hologres binlog post whose trace ends in the error that names the problem
    ("permission denied for database") found no entry on it; the wrappers before it, printed first by Java,
    filled the dense model's characters. The root cause now leads, and no cut of the errors drops it."""
    wrappers = "\n".join(
        f"Caused by: org.apache.flink.util.FlinkRuntimeException: Failed to start step {i} of reader" for i in range(8)
    )
    post = (
        "Binlog source does not start after the upgrade\n\n"
        "Since the upgrade the job that reads the Hologres binlog no longer starts.\n\n```\n"
        "org.apache.flink.runtime.JobException: Failed to create Source Enumerator for source orders_binlog\n"
        f"{wrappers}\n"
        "Caused by: com.alibaba.hologres.org.postgresql.util.PSQLException: ERROR: permission denied for database dw\n"
        "\tat com.alibaba.hologres.org.postgresql.core.v3.QueryExecutorImpl.receive(QueryExecutorImpl.java:1)\n"
        "```\n"
    )
    r = read_report(post)
    assert r.root == "PSQLException: ERROR: permission denied for database dw"
    assert r.errors[0] == r.root
    assert "permission denied" in r.dense_query()
    # a post with no "Caused by:" keeps its errors in the order written
    plain = read_report(post.replace("Caused by: ", ""))
    assert plain.root == "" and plain.errors[0].startswith("JobException")


def test_a_prose_line_opening_on_an_sql_keyword_is_prose():
    """A sixth trial: "on lit une table Hologres, que faire ?" after a stack trace was dropped as SQL (French "on",
    SQL "ON"), and the question was answered in English; so were English lines opening on "and", "the time"."""
    trace = (
        "Caused by: java.lang.ClassCastException: java.lang.Integer cannot be cast to java.lang.Long\n"
        "\tat org.apache.flink.table.data.GenericRowData.getLong(GenericRowData.java:154)\n"
        "\tat com.alibaba.ververica.connectors.hologres.source.HologresBinlogRecordConverter.convert(X.java:88)\n"
    )
    rep = read_report(trace + "on lit une table Hologres, que faire ?")
    assert rep.prose == ["on lit une table Hologres, que faire ?"]
    assert detect_language(rep.language_text())[0] == "fr"
    rep = read_report(trace + "and the time zone of the sink is wrong by 8 hours")
    assert rep.prose == ["and the time zone of the sink is wrong by 8 hours"]
    # SQL pasted without a fence stays out of the prose, in upper or lower case
    rep = read_report(trace + "ON a.id = b.id\nselect * from src where id > 3\n  user_id bigint,\nWATERMARK FOR ts")
    assert rep.prose == []
