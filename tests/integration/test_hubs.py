"""Hub levels on the real index (ingest/hubs.py, issue 22): measured at ingest against the entries
themselves, taken out of a long post's cosines only, in any language. The posts are written for this test
(no evaluation set holds them)."""

from __future__ import annotations

from faqbot.bot.retrieval.retrieve import HybridRetriever
from faqbot.bot.retrieval.signals import ablated

POST = """Flink 作业写入 MySQL 结果表时频繁报死锁，任务不断重启

我们用 Flink SQL 把 Kafka 的订单数据实时写入 RDS MySQL，并发度设置为 8，运行一段时间后作业失败重启，日志如下：
2024-03-11 10:22:31,118 ERROR org.apache.flink.runtime.taskmanager.Task - Sink: orders_sink (3/8) switched to FAILED
java.lang.RuntimeException: java.io.IOException: java.sql.BatchUpdateException: Deadlock found when trying to get lock; try restarting transaction
	at org.apache.flink.connector.jdbc.internal.JdbcOutputFormat.flush(JdbcOutputFormat.java:200)
	at org.apache.flink.connector.jdbc.internal.JdbcOutputFormat.lambda$open$0(JdbcOutputFormat.java:130)
把并发度改成 1 就不会出现，请问这种情况应该怎么处理？表上有一个唯一索引。"""  # noqa: E501
ENTRY = "Deadlocks in MySQL (TDDL/RDS)"
POST_EN = """Flink job cannot write to MySQL: java.sql.SQLException: No suitable driver

We run a Flink 1.17 session cluster on Kubernetes and submit a DataStream job that writes to MySQL 8 through our \
own sink built on plain JDBC (not the Flink JDBC connector). The jar is built with the maven shade plugin. Locally \
in the IDE everything works; on the cluster the job fails right after start:

2024-05-14 09:12:44,301 WARN  org.apache.flink.runtime.taskmanager.Task - Sink: mysql-orders (1/2) switched from \
RUNNING to FAILED
java.sql.SQLException: No suitable driver
	at java.sql.DriverManager.getDriver(DriverManager.java:298)
	at com.example.sink.MysqlSink.open(MysqlSink.java:41)
	at org.apache.flink.api.common.functions.util.FunctionUtils.openFunction(FunctionUtils.java:34)

mysql-connector-j is in the fat jar (checked with jar tf). What are we missing?"""
ENTRY_EN = "Error: No suitable driver found"


def _rank(retriever: HybridRetriever, text: str, entry: str = ENTRY) -> int:
    return [h.chunk.title for h in retriever.retrieve(text, k=10).hits].index(entry) + 1


def _without(bot, off: list[str]) -> HybridRetriever:
    return HybridRetriever(bot.retriever.store, abstain=bot.retriever.abstain_model, weights=ablated(off))


def test_the_index_holds_a_level_for_every_chunk_and_error_titled_entries_lead(bot):
    stored = bot.retriever.store.manifest["hubs"]
    assert stored["reference"] == "answers" and stored["texts"] == len(bot.retriever.chunks) and stored["k"] == 10
    levels = stored["levels"]
    assert set(levels) == {c.id for c in bot.retriever.chunks}
    assert abs(sum(levels.values()) / len(levels)) < 1e-4  # centred
    top = sorted(levels, key=lambda cid: -levels[cid])[:5]
    titles = {c.id: c.title for c in bot.retriever.chunks}
    assert sum(titles[cid].startswith(("Error", "Erreur", "Illegal", "MaxCompute")) for cid in top) >= 4


def test_a_long_chinese_post_loses_the_hubs_pull_and_a_short_question_is_untouched(bot):
    # measured with the second dense reading off (bot/retrieval/cjk_dense.py): with it the entry is first either way
    assert _rank(_without(bot, ["cjk_use"]), POST) < _rank(_without(bot, ["cjk_use", "hub"]), POST)  # 1st, 3rd
    assert _rank(bot.retriever, POST) == 1
    hits = bot.retriever.retrieve(POST).hits
    assert any(h.explain["hub"] != 0 for h in hits)
    short = bot.retriever.retrieve("MySQL 死锁怎么办").hits
    assert short[0].chunk.title == ENTRY and all(h.explain["hub"] == 0 for h in short)


def test_a_long_english_post_loses_the_hubs_pull_and_a_short_question_without_an_error_is_untouched(bot):
    # measured: 1st with the levels out (0.009 ahead of the 2nd), 5th with them in, behind three
    # error-titled hubs
    assert _rank(bot.retriever, POST_EN, ENTRY_EN) == 1
    assert _rank(_without(bot, ["hub"]), POST_EN, ENTRY_EN) > 1
    assert any(h.explain["hub"] != 0 for h in bot.retriever.retrieve(POST_EN).hits)
    short = bot.retriever.retrieve("java.sql.SQLException: No suitable driver found").hits
    assert short[0].chunk.title == ENTRY_EN and any(h.explain["hub"] != 0 for h in short)  # it quotes an exception
    plain = bot.retriever.retrieve("my custom connector cannot find the MySQL driver").hits
    assert all(h.explain["hub"] == 0 for h in plain)


def test_a_short_question_quoting_an_exception_loses_the_hubs_pull(bot):
    # error-titled entries sit near any error text, typed alone as much as in a long post (docs/eval.md,
    # eighth session): without the levels the deadlock entry was third, behind "multi-statement be found"
    # and "Incorrect string value". The English glossary now reads MySQL's "Deadlock found" in the FAQ's words
    # (xling_lexical), which puts it first too: the hub levels' own effect is measured with that reading off
    error = "java.sql.BatchUpdateException: Deadlock found when trying to get lock; try restarting transaction"
    assert _rank(bot.retriever, error) == 1
    assert _rank(_without(bot, ["xling_lexical"]), error) == 1
    assert _rank(_without(bot, ["hub", "xling_lexical"]), error) > 1


# a trace's first frames are often the JDK's reflection calls, which every Java trace holds: read by BM25 they
# matched the one entry quoting a long MySQL driver trace ("multi-statement be found") to any post pasting one
# (ingest/textproc.py frames_as_calls, bot/retrieval/report.py). Written for this test.
POST_JDK = """Canal-style sync to MySQL keeps failing during the initial load

We replicate about 40 tables from one MySQL 5.7 instance into another with our own Java sync tool (8 writer threads, \
batched INSERT ... ON DUPLICATE KEY UPDATE). During the initial full load the writers fail after a few minutes:

2024-02-20 14:03:11.482 [pool-3-thread-5] ERROR c.example.sync.writer.BatchWriter - batch of 500 rows failed
java.sql.BatchUpdateException: Deadlock found when trying to get lock; try restarting transaction
	at sun.reflect.GeneratedConstructorAccessor58.newInstance(Unknown Source)
	at sun.reflect.DelegatingConstructorAccessorImpl.newInstance(DelegatingConstructorAccessorImpl.java:45)
	at java.lang.reflect.Constructor.newInstance(Constructor.java:423)
	at com.mysql.cj.util.Util.handleNewInstance(Util.java:192)
	at com.example.sync.writer.BatchWriter.flush(BatchWriter.java:88)

With one writer thread it never happens. How should we write so that this stops?"""


def test_the_jdks_frames_name_no_entry(bot):
    # before: the "multi-statement be found" entry first (its trace's reflection frames), the deadlock entry second
    assert _rank(bot.retriever, POST_JDK) == 1
    terms = frozenset().union(*bot.retriever.store.chunk_terms())
    assert "delegatingconstructoraccessorimpl" not in terms and "§newinstance" not in terms
