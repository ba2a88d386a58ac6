"""The public Python API as the README shows it: `from faqbot import Bot`, run as written."""

from __future__ import annotations

import contextlib
import io
import re

from tests.support import ROOT


def _readme_example() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python API", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_the_readme_example_runs_as_written(index_dir):
    code = _readme_example()
    assert code.startswith("from faqbot import Bot\n") and 'Bot.open("index")' in code
    out = io.StringIO()
    scope: dict = {}
    with contextlib.redirect_stdout(out):
        exec(code.replace('Bot.open("index")', f"Bot.open({str(index_dir)!r})"), scope)
    answer = scope["answer"]
    from faqbot import Answer, Bot

    assert isinstance(scope["bot"], Bot) and isinstance(answer, Answer)
    assert not answer.abstained and "[1]" in answer.text
    # the entry on SASL_SSL is cited first (quoted, or listed first among the closest entries)
    assert answer.citations[0].title == "Connect to a secure Kafka cluster"
    printed = out.getvalue()
    assert answer.text in printed and "/source/connectors-faq.en.txt#L" in printed
    # the same object the CLI prints with --json and POST /api/ask returns
    assert answer.to_json()["citations"][0]["link"] == answer.citations[0].link


def test_history_in_the_http_api_shape_is_accepted(bot):
    """bot.ask(q, history=[{"role": ..., "content": ...}]) used to raise AttributeError: 'dict' object
    has no attribute 'role'; it now reads the dicts as Turns, with the same answer as Turns give."""
    from faqbot import Turn

    first = bot.ask("ClickHouse data visibility")
    as_dicts = [{"role": "user", "content": "ClickHouse data visibility"}, {"role": "assistant", "content": first.text}]
    as_turns = [Turn(**t) for t in as_dicts]
    a = bot.ask("what about Hologres?", history=as_dicts)
    b = bot.ask("what about Hologres?", history=as_turns)
    assert a.standalone_query and a.standalone_query == b.standalone_query
    assert [c.chunk_id for c in a.citations] == [c.chunk_id for c in b.citations]


def test_history_of_another_shape_is_refused_naming_turn(bot):
    import pytest

    from faqbot import BadQuestion

    for wrong in (["just a string"], [{"role": "robot", "content": "x"}], [{"role": "user"}], "user: hi"):
        with pytest.raises(BadQuestion, match=r"faqbot\.Turn"):
            bot.ask("what about Hologres?", history=wrong)


def test_the_readme_history_example_runs(index_dir):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python API", 1)[1].split("\n## ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[1]
    assert "history=" in code and "Turn(" in code
    from faqbot import Bot

    scope: dict = {"bot": Bot.open(index_dir)}
    exec(code, scope)
    assert scope["answer"].standalone_query  # the follow-up was read against the history
