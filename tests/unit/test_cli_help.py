"""Every `faqbot` command's --help: each flag says what it does and its real default, and the page
ends with an example of that command."""

from __future__ import annotations

import argparse
import contextlib
import io
import re

import pytest
from faqbot.ui.cli import build_parser, main


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, (*path, name))


COMMANDS = [path for path, _ in _commands(build_parser())]


def test_every_command_is_walked():
    assert {("ingest",), ("ask",), ("serve",), ("feedback",), ("feedback", "export"), ("bench",)} <= set(COMMANDS)


def _help(path: tuple[str, ...]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit_:
        main([*path, "--help"])
    assert exit_.value.code == 0
    return out.getvalue()


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "faqbot")
def test_help_ends_with_an_example_of_the_command(path):
    lines = _help(path).rstrip().splitlines()
    assert lines[-2] == "example:", lines[-3:]
    assert lines[-1].startswith("  " + " ".join(("faqbot", *path))), lines[-1]


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "faqbot")
def test_every_flag_has_help_and_shows_its_real_default(path):
    text = " ".join(_help(path).split())  # argparse wraps lines
    assert "default: None" not in text
    parser = dict(_commands(build_parser()))[path]
    for action in parser._actions:
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        assert action.help, action.option_strings
        shown = " ".join(parser._get_formatter()._expand_help(action).split())
        assert shown in text, shown
        assert len(re.findall(r"default:", shown)) == 1, (action.option_strings, shown)
