"""The JSONL feedback store: votes by answer id, one standing vote per client, rate limit, rotation, 0600."""

from __future__ import annotations

import pytest
from faqbot.ui import feedback, feedback_stores
from faqbot.ui.feedback import JsonlFeedback, Vote


def _answer(aid: str, question: str = "kafka sasl") -> dict:
    return {
        "answer_id": aid,
        "question": question,
        "language": "en",
        "abstained": False,
        "text": "From the FAQ entry “X” [1]: do Y.",
        "citations": [{"n": 1, "chunk_id": "c1", "title": "X", "language": "en"}],
    }


def test_a_second_vote_replaces_the_first_per_client(tmp_path):
    store = JsonlFeedback(tmp_path / "fb.jsonl")
    store.record_answer(_answer("a1", "first"))
    store.record_answer(_answer("a2", "second"))
    store.record_vote(Vote("a2", "up", "c1"))
    store.record_vote(Vote("a2", "down", "c1"))
    store.record_vote(Vote("a2", "up", "c2"))
    votes = feedback.current_votes(store.events())
    assert sorted((v["answer_id"], v["client"], v["vote"]) for v in votes) == [("a2", "c1", "down"), ("a2", "c2", "up")]
    assert all(v["question"] == "second" and v["citations"][0]["chunk_id"] == "c1" for v in votes)
    s = feedback.summarize(store.events())
    assert s["votes"] == {"down": 1, "up": 1} and s["answers"] == 2 and s["downvoted"] == [("second", 1)]
    store.record_vote(Vote("a2", "none", "c1"))  # taken back
    assert feedback.summarize(store.events())["votes"] == {"up": 1}


def test_unknown_answer_and_bad_vote_are_refused(tmp_path):
    store = JsonlFeedback(tmp_path / "fb.jsonl")
    with pytest.raises(feedback.UnknownAnswer):
        store.record_vote(Vote("missing", "up", "c"))
    store.record_answer(_answer("a1"))
    with pytest.raises(ValueError, match="vote"):
        store.record_vote(Vote("a1", "maybe", "c"))


def test_a_vote_after_a_restart_finds_its_answer_in_the_log(tmp_path):
    JsonlFeedback(tmp_path / "fb.jsonl").record_answer(_answer("a1", "before restart"))
    event = JsonlFeedback(tmp_path / "fb.jsonl").record_vote(Vote("a1", "up", "c"))
    assert event["question"] == "before restart"


def test_rate_limit_per_client(tmp_path):
    store = JsonlFeedback(tmp_path / "fb.jsonl")
    store.record_answer(_answer("a1"))
    for _ in range(feedback.RATE_VOTES):
        store.record_vote(Vote("a1", "up", "busy"))
    with pytest.raises(feedback.RateLimited):
        store.record_vote(Vote("a1", "up", "busy"))
    store.record_vote(Vote("a1", "up", "other"))  # another client is not held back


def test_size_cap_rotates_and_files_are_private(tmp_path):
    path = tmp_path / "fb.jsonl"
    path.write_text("")
    path.chmod(0o644)  # an older, world-readable log is tightened on the next write
    store = JsonlFeedback(path, max_bytes=2000, keep=2)
    for i in range(40):
        store.record_answer(_answer(f"a{i}", "q" * 50))
    assert path.stat().st_size <= 2000
    assert (tmp_path / "fb.jsonl.1").exists() and (tmp_path / "fb.jsonl.2").exists()
    assert not (tmp_path / "fb.jsonl.3").exists()
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    events = store.events()
    assert events[-1]["answer_id"] == "a39" and len(events) < 40  # the oldest rotated out
    ids = [int(e["answer_id"][1:]) for e in events]
    assert ids == sorted(ids)  # oldest first across the rotated files


def test_a_torn_line_is_skipped(tmp_path):
    path = tmp_path / "fb.jsonl"
    store = JsonlFeedback(path)
    store.record_answer(_answer("a1"))
    with open(path, "a") as f:
        f.write('{"kind": "vote", "answer_')
    assert [e["answer_id"] for e in store.events()] == ["a1"]


def test_rate_limit_counts_the_address_not_the_client_label(tmp_path):
    """Rotating the label a caller picks (x-faqbot-client, the chat's session) stays within one limit."""
    store = JsonlFeedback(tmp_path / "fb.jsonl")
    store.record_answer(_answer("a1"))
    for i in range(feedback.RATE_VOTES):
        store.record_vote(Vote("a1", "up", f"label-{i}", "", "addr"))
    with pytest.raises(feedback.RateLimited):
        store.record_vote(Vote("a1", "up", "fresh-label", "", "addr"))
    store.record_vote(Vote("a1", "up", "label-0", "", "other-addr"))


def test_the_report_shows_what_a_bare_follow_up_was_read_as(tmp_path, capsys):
    """`faqbot report` listed "what about Hudi?" with nothing of what it followed: the record now
    keeps the standalone question and the report shows it beside the question."""
    import argparse

    store = JsonlFeedback(tmp_path / "fb.jsonl")
    follow = {
        **_answer("a1", "what about Hudi?"),
        "abstained": True,
        "standalone_query": "what about Hudi? (data visibility)",
    }
    store.record_answer(follow)
    store.record_answer({**_answer("a2", "pizza?"), "abstained": True, "standalone_query": ""})
    store.record_vote(Vote("a1", "down", "c1"))  # a vote carries the reading too
    s = feedback.summarize(store.events())
    assert ("what about Hudi? [read as: what about Hudi? (data visibility)]", 1) in s["top_unanswered"]
    assert ("pizza?", 1) in s["top_unanswered"]
    assert s["downvoted"] == [("what about Hudi? [read as: what about Hudi? (data visibility)]", 1)]
    args = argparse.Namespace(feedback_log=tmp_path / "fb.jsonl", feedback_db=None, json=False)
    feedback_stores.print_report(args)
    out = capsys.readouterr().out
    assert "what about Hudi? [read as: what about Hudi? (data visibility)]" in out


def test_the_report_counts_each_answer_under_its_decision(tmp_path, capsys):
    """A third trial's maintainer read "es: answer=21" where 20 of them were closest entries the bot was unsure
    of: each answer now counts under its decision, and questions that got only closest entries are listed."""
    import argparse

    store = JsonlFeedback(tmp_path / "fb.jsonl")
    store.record_answer({**_answer("a1", "kafka sasl?"), "language": "es", "decision": {"outcome": "answer"}})
    for n in range(2):
        unsure = {**_answer(f"c{n}", "exactly-once kafka sink?"), "language": "es", "decision": {"outcome": "closest"}}
        store.record_answer(unsure)
    post = "### Describe the bug\nthe job fails\n\n```\ntrace\n```"
    store.record_answer({**_answer("n1", post), "language": "es", "abstained": True, "decision": "not_covered"})
    s = feedback.summarize(store.events())
    assert s["per_language"]["es"] == {"answer": 1, "closest": 2, "not_covered": 1}
    assert s["decisions"] == {"answer": 1, "closest": 2, "not_covered": 1}
    assert s["top_closest"] == [("exactly-once kafka sink?", 2)]
    assert [q for q, _ in s["top_unanswered"]] == [post]
    feedback_stores.print_report(argparse.Namespace(feedback_log=tmp_path / "fb.jsonl", feedback_db=None, json=False))
    out = capsys.readouterr().out
    assert "es: answer=1, closest=2, not_covered=1" in out
    assert "### Describe the bug the job fails ``` trace ```" in out  # a pasted post on one line
