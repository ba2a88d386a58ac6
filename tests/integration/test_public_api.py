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
    assert not answer.abstained and "[1]" in answer.text and "SASL" in answer.text
    printed = out.getvalue()
    assert answer.text in printed and "/source/connectors-faq.en.txt#L" in printed
    # the same object the CLI prints with --json and POST /api/ask returns
    assert answer.to_json()["citations"][0]["link"] == answer.citations[0].link
