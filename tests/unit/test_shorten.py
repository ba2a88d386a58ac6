"""A paste over the question limit shortened to what the report reader reads (bot/retrieval/shorten.py), on written
traces: a twenty-second trial's 5,657-character report was refused, the user asked to do the trimming."""

from __future__ import annotations

import time

import pytest
from faqbot.bot.answers.phrases import phrase
from faqbot.bot.question import MAX_QUESTION_CHARS, BadQuestion, clean_question, fit_question
from faqbot.bot.retrieval.report import MAX_FRAMES
from faqbot.bot.retrieval.shorten import MAX_PASTE_CHARS, shorten
from hypothesis import given, settings
from hypothesis import strategies as st


def _trace(exc: str, n: int, package: str = "org.apache.flink.runtime.taskmanager") -> str:
    frames = "\n".join(f"\tat {package}.Task{i}.run(Task{i}.java:{100 + i})" for i in range(n))
    return f"{exc}\n{frames}\n\t... 12 more"


PROSE = "Our Flink 1.17 job writing to MySQL fails after we raised the sink parallelism from 1 to 3. Any idea?"
DEADLOCK = (
    "Caused by: com.mysql.jdbc.exceptions.jdbc4.MySQLTransactionRollbackException: Deadlock found when trying to get "
    "lock; try restarting transaction"
)


def test_late_frames_are_left_out_first_and_what_the_reader_reads_stays():
    post = "\n".join([PROSE, _trace("java.io.IOException: Failed to write batch", 60), _trace(DEADLOCK, 60)])
    assert len(post) > MAX_QUESTION_CHARS
    text, left_out = shorten(post, MAX_QUESTION_CHARS)
    assert len(text) <= MAX_QUESTION_CHARS and left_out == post.count("\n") - text.count("\n")
    assert PROSE in text and DEADLOCK in text and "Failed to write batch" in text
    assert text.count("Task0.run") == 2 and f"Task{MAX_FRAMES - 1}.run" in text and "Task59.run" not in text


def test_repeated_lines_then_every_frame_go_when_late_frames_are_not_enough():
    retried = "\n".join(
        f"2024-05-01 10:00:0{i % 10} WARN  JdbcOutputFormat - Deadlock found when trying to get lock; retrying"
        for i in range(10)
    )
    post = "\n\n".join([PROSE, *(retried for _ in range(40)), _trace(DEADLOCK, 3)])
    text, left_out = shorten(post, MAX_QUESTION_CHARS)
    assert len(text) <= MAX_QUESTION_CHARS and left_out > 300 and PROSE in text and DEADLOCK in text


def test_routine_log_records_go_before_the_frames_and_records_naming_a_problem_stay():
    info = [f"2026-12-06 10:00:{i % 60:02d},{i:03d} INFO  org.apache.flink.runtime.Task [] - Checkpoint {i} done."
            for i in range(200)]  # fmt: skip
    warn = [f"[WARN] Buffer pool usage is high on the network stack of task manager {i} ({'#' * 40})"
            for i in range(40)]  # fmt: skip
    kept = ["2026-12-06 10:09:00,000 INFO  HoloClient - connection refused, retrying", "[WARN] write timed out"]
    post = "\n".join([PROSE, *info, *warn, *kept, _trace(DEADLOCK, 3)])
    assert len(post) > MAX_QUESTION_CHARS
    text, left_out = shorten(post, MAX_QUESTION_CHARS)
    assert len(text) <= MAX_QUESTION_CHARS and left_out >= len(info) + len(warn) and "Buffer pool" not in text
    assert PROSE in text and DEADLOCK in text and all(k in text for k in kept) and "Task0.run" in text
    # INFO records alone are enough here: the WARN records stay
    text, _ = shorten("\n".join([PROSE, *info, *warn[:5], _trace(DEADLOCK, 3)]), MAX_QUESTION_CHARS)
    assert "Checkpoint" not in text and "task manager 4 " in text


def test_a_post_within_the_limit_is_untouched_and_prose_is_never_cut():
    assert shorten(PROSE, MAX_QUESTION_CHARS) == (PROSE, 0)
    prose = " ".join(f"word{i}" for i in range(1200))  # no frame, no repeat: nothing to leave out
    assert shorten(prose, MAX_QUESTION_CHARS) == (prose, 0)
    with pytest.raises(BadQuestion) as refused:
        clean_question(prose)
    assert str(refused.value) == phrase("ui_error_too_long", "en", n=str(len(prose)), limit=str(MAX_QUESTION_CHARS))


def test_a_paste_over_the_paste_limit_is_refused_unread():
    post = "\n".join([PROSE, *(_trace(DEADLOCK, 40) for _ in range(80))])
    assert len(post) > MAX_PASTE_CHARS
    with pytest.raises(BadQuestion):
        fit_question(post)
    text, left_out = fit_question(post[:MAX_PASTE_CHARS])
    assert len(text) <= MAX_QUESTION_CHARS and left_out > 0


@settings(max_examples=25, deadline=None, database=None)
@given(st.text(alphabet="at (.)$x\n\t.:9IFO[]", min_size=MAX_PASTE_CHARS // 4 - 10, max_size=MAX_PASTE_CHARS // 4).map(
    lambda t: t * 4
))
def test_shortening_takes_linear_time_on_any_paste(text):
    start = time.process_time()
    shorten(text, MAX_QUESTION_CHARS)
    assert time.process_time() - start < 0.2  # one pass per step over 64,000 characters: a few milliseconds
