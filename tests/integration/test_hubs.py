"""Hub levels on the real index (ingest/hubs.py, issue 22): measured at ingest, taken out of a long
Chinese post's cosines only. The post is written for this test (no evaluation set holds it)."""

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


def _rank(retriever: HybridRetriever, text: str) -> int:
    return [h.chunk.title for h in retriever.retrieve(text, k=10).hits].index(ENTRY) + 1


def test_the_index_holds_a_level_for_every_chunk_and_error_titled_entries_lead(bot):
    stored = bot.retriever.store.manifest["hubs"]
    assert stored["terms"] >= 50 and stored["k"] == 10
    levels = stored["levels"]
    assert set(levels) == {c.id for c in bot.retriever.chunks}
    assert abs(sum(levels.values()) / len(levels)) < 1e-4  # centred
    top = sorted(levels, key=lambda cid: -levels[cid])[:5]
    titles = {c.id: c.title for c in bot.retriever.chunks}
    assert sum(titles[cid].startswith(("Error", "Erreur", "Illegal", "MaxCompute")) for cid in top) >= 4


def test_a_long_chinese_post_loses_the_hubs_pull_and_a_short_question_is_untouched(bot):
    # measured with the second dense reading off (bot/retrieval/cjk_dense.py): with it the entry is first either way
    def make(off: list[str]) -> HybridRetriever:
        return HybridRetriever(bot.retriever.store, abstain=bot.retriever.abstain_model, weights=ablated(off))

    assert _rank(make(["cjk_use"]), POST) < _rank(make(["cjk_use", "cjk_hub"]), POST)  # 2nd with the levels out, 3rd in
    assert _rank(bot.retriever, POST) == 1
    hits = bot.retriever.retrieve(POST).hits
    assert any(h.explain["cjk_hub"] != 0 for h in hits)
    short = bot.retriever.retrieve("MySQL 死锁怎么办").hits
    assert short[0].chunk.title == ENTRY and all(h.explain["cjk_hub"] == 0 for h in short)
    english = bot.retriever.retrieve(POST.replace("死锁", "deadlock").encode("ascii", "ignore").decode()).hits
    assert all(h.explain["cjk_hub"] == 0 for h in english)  # no CJK prose: not a CJK post
