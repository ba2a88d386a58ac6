"""The maintainer's view over questions not read by meaning yet (a new deployment, a store filled
before the page was opened): a view computes vectors within its budget and leaves the rest to one
background thread; the page says how many are still to read. A twenty-fourth trial waited 10 to 23 s
per view on 3,686 such questions. Real index, real embedder, real SQLite store."""

from __future__ import annotations

import json
import time
import uuid

import sqlalchemy as sa
from faqbot.ui.feedback_db import SqlFeedback, answers, qvec
from faqbot.ui.insights import summary_text as _summary
from faqbot.ui.insights_html import render
from faqbot.ui.insights_source import EMBED_BATCH, GROUPING_CHARS, InsightsSource, grouping_text

from tests.support import ROOT

WINDOWS = (
    "How do I install Flink on Windows 95?",
    "How can I run Flink on my Windows 95 computer?",
    "Installing Apache Flink under Windows 95",
)


def _questions(n: int) -> list[str]:
    """n distinct questions from the dev set (the Windows 95 paraphrases among them)."""
    rows = (ROOT / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    qs = [json.loads(line)["question"] for line in rows]
    return list(WINDOWS) + qs[: n - len(WINDOWS)]


def _store(tmp_path, n: int) -> SqlFeedback:
    """n questions answered "not covered" in the last days, none with a vector."""
    store = SqlFeedback(str(tmp_path / "feedback.db"))
    now = time.time()
    rows = [
        {"answer_id": uuid.uuid4().hex, "created": now - 3600 * (i + 1), "question": q, "language": "en",
         "abstained": True, "text": "…", "citations": "[]", "decision": "not_covered"}
        for i, q in enumerate(_questions(n))
    ]  # fmt: skip
    with store.engine.begin() as conn:
        conn.execute(sa.insert(answers), rows)
    return store


def _stored_vectors(store: SqlFeedback) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(qvec)).scalar() or 0)


def _wait(src: InsightsSource, limit_s: float = 120.0) -> None:
    end = time.monotonic() + limit_s
    while src.filling and time.monotonic() < end:
        time.sleep(0.1)
    assert not src.filling, "the background thread did not finish"


def _windows_group(data) -> list:
    return [g for g in data.gaps if any("Windows 95" in e for e in g.examples)]


def test_a_view_leaves_what_it_has_no_time_for_to_the_background(bot, tmp_path):
    """No time at all: the view reads one batch, the newest questions (the Windows 95 ones), and leaves the rest
    to the background thread, each its own group until then; the page and the report say so."""
    store = _store(tmp_path, 40)
    src = InsightsSource(store, lambda: bot.retriever, embed_budget_s=0.0)
    first = src.data(30)
    left = 40 - EMBED_BATCH
    assert first.gap_questions == 40 and first.pending == left
    assert len(first.gaps) >= left + 1  # each question not read yet alone, beside the groups of the ones read
    win = _windows_group(first)
    assert len(win) == 1 and win[0].size == 3, [g.row() for g in first.gaps]
    assert f"{left} of these questions are still being read by meaning" in _summary(first)
    assert "still being read by meaning" in render(first, 180)
    assert first.to_json()["gap_questions_pending"] == left
    _wait(src)
    assert _stored_vectors(store) == 40
    after = src.data(30)
    assert after.pending == 0 and "still being read" not in _summary(after)
    assert len(_windows_group(after)) == 1


def test_a_server_reads_the_stored_questions_before_the_page_is_opened(bot, tmp_path):
    store = _store(tmp_path, 30)
    src = InsightsSource(store, lambda: bot.retriever)
    src.warm()
    _wait(src)
    assert _stored_vectors(store) == 30
    assert src.data(30).pending == 0


def test_the_report_command_reads_every_question_itself(bot, tmp_path):
    store = _store(tmp_path, 30)
    src = InsightsSource(store, lambda: bot.retriever, embed_budget_s=None)
    data = src.data(30)
    assert data.pending == 0 and not src.filling and _stored_vectors(store) == 30


def test_a_failing_store_leaves_the_questions_for_the_next_view(bot, tmp_path, caplog):
    """Saving vectors fails (a database gone): the background thread logs it once and ends; the next view starts
    it again and, the database back, every question is read."""
    store = _store(tmp_path, 40)
    src = InsightsSource(store, lambda: bot.retriever, embed_budget_s=0.0)
    save = store.save_question_vectors

    def broken(vectors: dict[str, bytes]) -> None:
        raise sa.exc.OperationalError("INSERT", {}, Exception("database is gone"))

    store.save_question_vectors = broken  # type: ignore[method-assign]
    with caplog.at_level("WARNING", logger="faqbot"):
        # the view shows what it computed (not stored), the background thread stops at its first failure
        assert src.data(30).pending == 40 - EMBED_BATCH
        _wait(src)
    assert [r.getMessage() for r in caplog.records].count(
        "insights: question vectors not stored (OperationalError); a later view tries again"
    ) == 2  # the view's batch and the thread's first
    assert _stored_vectors(store) == 0
    store.save_question_vectors = save  # type: ignore[method-assign]
    assert src.data(30).pending == 40 - EMBED_BATCH
    _wait(src)
    assert src.data(30).pending == 0


def test_a_view_reads_nothing_itself_while_the_background_thread_reads(bot, tmp_path):
    """The view and the thread would share the cores and the same newest questions (a twenty-fifth trial's views
    took 14 to 27 s while the thread ran): while it runs, a view shows what is stored."""
    store = _store(tmp_path, 20)
    src = InsightsSource(store, lambda: bot.retriever)
    calls = []
    compute = src._compute

    def counted(r, cands, deadline):
        calls.append(len(cands))
        return compute(r, cands, deadline)

    src._compute = counted  # type: ignore[method-assign]
    assert src._filling.acquire(blocking=False)  # as if the thread were reading
    try:
        data = src.data(30)
        assert data.pending == 20 and calls == []
    finally:
        src._filling.release()
    # the thread gone, the view reads again (a batch at least; the rest, past its budget on a loaded
    # machine, in the background)
    assert src.data(30).pending < 20 and calls
    _wait(src)
    assert src.data(30).pending == 0


def test_a_pasted_post_is_grouped_by_its_reading_not_its_template():
    """A whole issue (template headings, environment, a trace) is grouped by its title and error, at most
    GROUPING_CHARS: its template is in every post of its tracker, and embedding all of it took 1.5 s."""
    post = (
        "[Bug] MySQL CDC source fails after failover with BinlogPosition not found\n\n"
        "### Search before asking\n- [X] I searched in the issues and found nothing similar.\n\n"
        "### Flink version\n1.17.1\n\n### Flink CDC version\n3.0.0\n\n### Minimal reproduce step\n"
        + "\n".join(f"INSERT INTO t VALUES ({i}, 'row {i}');" for i in range(60))
        + "\n\n### What did you expect to see?\nThe job resumes.\n\n### Anything else?\n"
        "org.apache.flink.util.FlinkRuntimeException: BinlogPosition not found in the server\n"
        + "\n".join(f"\tat com.example.Reader.read{i}(Reader.java:{i})" for i in range(40))
    )
    text = grouping_text(post)
    assert len(text) <= GROUPING_CHARS and text.startswith("[Bug] MySQL CDC source fails after failover")
    assert "Search before asking" not in text and "INSERT INTO" not in text
    assert grouping_text("Kafka SASL_SSL login fails") == "Kafka SASL_SSL login fails"


def test_questions_are_counted_in_the_language_they_were_asked_in(bot, tmp_path):
    """A Chinese or German question is answered in English (the FAQ's languages are three): the maintainers' view
    counts it as Chinese or German (a twenty-fifth trial saw en 163, fr 22, es 18 for 64 Chinese questions)."""
    store = SqlFeedback(str(tmp_path / "feedback.db"))
    questions = (
        "Kafka 源表有几个分区没有数据，事件时间窗口一直不输出",
        "Das Zertifikat der Flink-Weboberfläche ist abgelaufen, wie erneuere ich es?",
        "¿Por qué hay datos duplicados en Hudi?",
    )
    for q in questions:
        store.record_answer(bot.ask(q).to_json())
    rows = InsightsSource(store, lambda: bot.retriever).data(7).per_day_language
    langs = {r["language"] for r in rows if r["questions"]}
    assert langs == {"zh", "de", "es"}, langs
