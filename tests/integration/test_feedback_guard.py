"""The feedback store behind bounded waits (ui/feedback_guard.py), in process on real databases: SQLite, and a
PostgreSQL address nothing listens on (the database down)."""

from __future__ import annotations

from functools import partial

import pytest
from faqbot.ui.feedback import FeedbackUnavailable, UnknownAnswer, Vote
from faqbot.ui.feedback_db import FeedbackDBError, SqlFeedback
from faqbot.ui.feedback_guard import GuardedFeedback
from faqbot.ui.feedback_stores import open_guarded

from tests.support import free_port


def _answer(answer_id: str) -> dict:
    return {
        "answer_id": answer_id,
        "question": "hologres connection slots",
        "text": "The connection limit for the Hologres instance has been exceeded.",
        "language": "en",
        "citations": [],
        "decision": {"outcome": "answer", "probability": 0.97, "reason": "confident"},
    }


def test_a_working_database_is_used_as_it_is(tmp_path):
    guarded = GuardedFeedback(SqlFeedback(str(tmp_path / "f.db")))
    guarded.record_answer(_answer("a1"))
    assert guarded.record_vote(Vote("a1", "up", "c1"))["vote"] == "up"
    with pytest.raises(UnknownAnswer):  # what the caller did wrong is said as before, not as an outage
        guarded.record_vote(Vote("nope", "up", "c1"))
    assert guarded.available() and [e["kind"] for e in guarded.events()] == ["answer", "vote"]
    assert guarded.engine is guarded.inner.engine  # the insights page's SQL reads the same database


def test_a_database_down_takes_no_answer_and_says_what_to_check():
    url = f"postgresql://faqbot:s3cr3t@127.0.0.1:{free_port()}/faqbot"
    with pytest.raises(FeedbackDBError) as failed:
        SqlFeedback(url)
    assert "Connection refused" in str(failed.value) and "s3cr3t" not in str(failed.value)
    guarded = open_guarded(None, url)  # a server database down at start: served, opened again on use
    assert not guarded.available() and guarded.inner is None
    guarded.record_answer(_answer("a1"))  # no error: the answer goes out unrecorded
    with pytest.raises(FeedbackUnavailable) as said:
        guarded.record_vote(Vote("a1", "up", "c1"))
    assert "FAQBOT_FEEDBACK_DB" in str(said.value) and "s3cr3t" not in str(said.value)
    assert not hasattr(guarded, "engine")  # the insights page falls back to events(), which says the same


def test_a_bad_sqlite_file_still_stops_the_start(tmp_path):
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(FeedbackDBError):
        open_guarded(None, str(tmp_path / "dir.db"))


def test_a_store_opened_on_use_once_the_database_is_there(tmp_path):
    calls = []

    def opener():
        calls.append(1)
        if len(calls) == 1:
            raise FeedbackDBError("down")
        return SqlFeedback(str(tmp_path / "f.db"))

    guarded = GuardedFeedback(partial(opener))
    assert guarded.inner is None
    guarded._down_until = 0.0  # the pause after the failure, over (RETRY_S)
    guarded.record_answer(_answer("a2"))
    assert guarded.record_vote(Vote("a2", "down", "c1"))["vote"] == "down" and len(calls) == 2
