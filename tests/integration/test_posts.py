"""Real-style pasted posts (eval/posts.jsonl) on the real index, one or two per failure class of
issue 13: a symptom buried under environment tables and DDL, an exception wrapped in a long DDL,
Chinese posts, and posts the corpus does not answer. The gold entries come from the set's needles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from faqbot.bot.evaluation.evaluate import contains_needle

POSTS = {d["id"]: d for d in map(json.loads, (Path(__file__).parents[2] / "eval" / "posts.jsonl").open())}


def _rank(bot, post: dict) -> tuple[int | None, object]:
    r = bot.retriever.retrieve(post["question"], k=5)
    texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in r.hits]
    return next((i + 1 for i, t in enumerate(texts) if contains_needle(t, post["needles"])), None), r


@pytest.mark.parametrize(
    "post_id",
    [
        "post042",  # Kafka OOM during validation, the cause under a long environment description
        "post061",  # DataHub permission error among RAM policy JSON and stack frames
        "post036",  # a long report (2,349 characters); post023 was removed with the reserved threads
    ],
)
def test_long_english_report_finds_its_entry_and_is_shown(bot, post_id):
    post = POSTS[post_id]
    assert len(post["question"]) > 1000
    rank, r = _rank(bot, post)
    assert rank == 1, [h.chunk.title for h in r.hits]
    assert not r.abstained, r.features  # answered or among the closest entries: never hidden


# post054, post037 and post022 were removed with the posts modelled on reserved threads (eval/README.md)
@pytest.mark.parametrize("post_id", ["post014", "post015", "post058"])
def test_chinese_post_finds_its_entry_in_english(bot, post_id):
    post = POSTS[post_id]
    rank, r = _rank(bot, post)
    assert r.detected == "zh" and r.language == "en"  # answered in English, with the note
    assert rank is not None and rank <= 2, [h.chunk.title for h in r.hits]
    assert not r.abstained


def test_language_of_a_post_is_read_from_its_prose(bot):
    # French and Spanish posts carry English logs and DDL: the answer is still in their language
    for post_id in ("post033", "post040"):  # post064 was removed with the reserved threads
        post = POSTS[post_id]
        assert bot.retriever.retrieve(post["question"]).language == post["lang"], post_id


def test_held_out_posts_in_scope_are_never_hidden_and_out_of_scope_ones_not_answered(bot):
    # the test half of the written posts. Issue 13's model declared 3 of its 6 out-of-scope posts
    # "not covered"; the decision fitted on real posts (issue 22, docs/eval.md) shows them the closest
    # entries instead (no feature tells an uncovered real post from a covered one), and gives none of
    # them a confident answer
    test = [p for p in POSTS.values() if p["split"] == "test"]
    outs = [bot.retriever.retrieve(p["question"]).decision for p in test if not p["needles"]]
    ins = [p for p in test if p["needles"]]
    false_not_covered = [p["id"] for p in ins if bot.retriever.retrieve(p["question"]).abstained]
    assert not [d for d in outs if d.outcome == "answer"], outs
    assert len(false_not_covered) <= 1, false_not_covered


# Held-out-style posts written for this test (no set holds them, the model never saw them).
ICEBERG_POST = """Flink -> Iceberg upsert sink writes two rows per key after restoring from a savepoint

Flink 1.18.1, iceberg-flink-runtime-1.18 1.5.0, Hive catalog on HDFS. Table is format v2 with
`'write.upsert.enabled' = 'true'` and equality field `order_id`.

After we restored the job from a savepoint (to change parallelism from 4 to 8), queries in Trino return
two rows for about 2% of the keys updated during the first minutes after the restore:

```
2024-07-02 11:03:12,441 INFO  org.apache.iceberg.flink.sink.IcebergFilesCommitter [] - Committing rowDelta for checkpoint 812 to table hive.dw.orders
2024-07-02 11:03:12,902 WARN  org.apache.iceberg.flink.sink.IcebergFilesCommitter [] - Equality delete files were written for 0 keys
```

Is the upsert mode supposed to survive a rescale? Do we need a `distribution-mode` of hash?"""

KAFKA_OUT_POST = """KafkaSource stops reading after broker upgrade: org.apache.kafka.common.errors.UnsupportedVersionException

Flink 1.17.2 with flink-connector-kafka 3.0.1. After our platform team upgraded the brokers to Kafka 3.7
with KRaft, every KafkaSource job fails at startup:

```
Caused by: org.apache.kafka.common.errors.UnsupportedVersionException: The node does not support LIST_OFFSETS with version in range [7,8]
	at org.apache.kafka.clients.admin.KafkaAdminClient$24.handleFailure(KafkaAdminClient.java:4345)
	at org.apache.flink.connector.kafka.source.enumerator.KafkaSourceEnumerator.listOffsets(KafkaSourceEnumerator.java:...)
```

The Kafka client bundled in the connector is 3.2.3. Is there a compatibility matrix between the connector's
Kafka client and broker versions?"""

HOLOGRES_IN_POST = """Hologres dimension table: ClassCastException Integer cannot be cast to Long in the lookup join

VVR 8.0.6. A Kafka stream joins a Hologres dimension table (lookup join). The job fails as soon as the
first record arrives:

```
java.lang.ClassCastException: class java.lang.Integer cannot be cast to class java.lang.Long (java.lang.Integer and java.lang.Long are in module java.base of loader 'bootstrap')
	at org.apache.flink.table.data.GenericRowData.getLong(GenericRowData.java:154)
	at com.alibaba.ververica.connectors.hologres.source.lookup.HologresLookupFunction.eval(HologresLookupFunction.java:...)
```

In the Flink DDL the column `shop_level` is declared BIGINT. What causes the cast to fail?"""


def test_posts_about_other_systems_or_their_bugs_are_not_answered(bot):
    iceberg = bot.retriever.retrieve(ICEBERG_POST)
    assert iceberg.features["title_unknown"] >= 1  # the corpus never names Iceberg
    # issue 13 declared it "not covered" from that feature; on real posts the feature misleads
    # (docs/eval.md, issue 22) and the decision no longer reads it: never a confident answer
    assert iceberg.decision.outcome != "answer", iceberg.decision
    kafka = bot.retriever.retrieve(KAFKA_OUT_POST)
    # a Kafka post, but its exception is one the corpus never explains
    assert kafka.features["exc_unknown"] >= 1
    assert kafka.decision.outcome != "answer", kafka.decision


def test_a_post_whose_problem_an_entry_explains_is_answered(bot):
    r = bot.retriever.retrieve(HOLOGRES_IN_POST)
    assert "ClassCastException" in r.hits[0].chunk.title
    assert r.features["title_cov"] > 0.5 and r.features["exc_unknown"] == 0
    assert not r.abstained, r.features


def _set_outcome(bot, questions: list[dict]) -> tuple[list[str], list[str], list[str], list]:
    """(ids of the in-scope questions, those found first, those declared "not covered", their retrievals)."""
    ranks = {q["id"]: _rank(bot, q) for q in questions if q["needles"]}
    first = [i for i, (rank, _r) in ranks.items() if rank == 1]
    not_covered = [i for i, (_rank_, r) in ranks.items() if r.abstained]
    return list(ranks), first, not_covered, [r for _rank_, r in ranks.values()]


ZH_SHORT = [json.loads(line) for line in (Path(__file__).parents[2] / "eval" / "zh-short.jsonl").open()]


def test_short_chinese_questions_reach_their_entry_through_their_terms(bot):
    # eval/zh-short.jsonl was written apart from bot/retrieval/glossary.py and never tuned on: without the
    # glossary 20 of its 30 questions found their entry first and 9 were declared "not covered"
    ids, first, not_covered, retrievals = _set_outcome(bot, ZH_SHORT)
    # 28 before the second dense reading for CJK questions (signal cjk_use), 25 with it: it costs zh005,
    # zh008, zh020 their first place and gains seven real Chinese posts (docs/eval.md, issue 22)
    assert len(first) >= 25, sorted(set(ids) - set(first))
    assert len(not_covered) <= 4, not_covered
    assert all(r.detected == "zh" and r.language == "en" for r in retrievals)


def test_chinese_charset_question_without_any_identifier_finds_the_charset_entry(bot):
    # a new user's trial: "Chinese text becomes question marks in MySQL", no other English word; the
    # entry whose fix is characterEncoding=UTF-8 came third and the question was declared "not covered"
    r = bot.retriever.retrieve("写进 MySQL 的中文都变成问号了，字符集要怎么设置")
    assert "characterEncoding=UTF-8" in r.hits[0].chunk.body, [h.chunk.title for h in r.hits]
    assert not r.abstained, r.features


OTHER_LANGS = [json.loads(line) for line in (Path(__file__).parents[2] / "eval" / "other-langs.jsonl").open()]


def test_questions_in_languages_the_corpus_lacks_are_answered_in_english(bot):
    # eval/other-langs.jsonl (German, Italian, Portuguese, Japanese, Korean): before the Japanese and
    # Korean terms were read, 6 of its 30 in-scope questions were declared "not covered"
    ids, first, not_covered, retrievals = _set_outcome(bot, OTHER_LANGS)
    assert len(first) >= 25, sorted(set(ids) - set(first))
    assert len(not_covered) <= 4, not_covered
    assert all(r.language == "en" for r in retrievals)
