"""Settings: one frozen object read at the edge (bot/settings.py). Secrets never show in its repr,
docs/settings.md is its table, and no module but the settings module reads the environment."""

from __future__ import annotations

import ast
import dataclasses
import logging
from pathlib import Path

import pytest
from faqbot.bot.settings import LLMSettings, Settings, settings_doc
from faqbot.ingest.store import StoreSpec

from tests.support import ROOT

SECRETS = {
    "FAQBOT_MILVUS_TOKEN": "root:milvus-tok-3141",
    "FAQBOT_LLM_API_KEY": "sk-live-2718",
    "FAQBOT_AUTH": "admin:hunter2-pw",
    "FAQBOT_FEEDBACK_DB": "postgresql://app:pg-pass-1618@db.internal:5432/faq",
}
SECRET_WORDS = ("milvus-tok-3141", "sk-live-2718", "hunter2-pw", "pg-pass-1618")


def test_secrets_never_show_in_the_repr_or_a_log(caplog):
    s = Settings.from_env({}, SECRETS | {"FAQBOT_STORE": "milvus:http://127.0.0.1:19530"})
    # the values are there for the code that needs them
    assert s.milvus_token == SECRETS["FAQBOT_MILVUS_TOKEN"] and s.llm_api_key == SECRETS["FAQBOT_LLM_API_KEY"]
    assert s.llm_settings.api_key == "sk-live-2718" and s.store_spec().token == "root:milvus-tok-3141"
    with caplog.at_level(logging.INFO):
        logging.getLogger("faqbot").info("settings %s %r %s %s", s, s, s.llm_settings, s.store_spec())
    shown = [repr(s), str(s), f"{s}", repr(s.llm_settings), repr(s.store_spec()), caplog.text]
    for text in shown:
        assert not [w for w in SECRET_WORDS if w in text], text
    # masked, not dropped: a reader sees that a secret is set, and where the database is
    assert "milvus_token='***'" in repr(s) and "auth='***'" in repr(s)
    assert "postgresql://app:***@db.internal:5432/faq" in repr(s)
    assert "llm_api_key=''" in repr(Settings.from_env({}, {}))  # unset: shown as unset


def test_settings_are_frozen():
    s = Settings.from_env({}, {})
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.llm = "openai:gpt-4o-mini"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        LLMSettings().spec = "x"  # type: ignore[misc]


def test_flags_win_over_the_environment_which_wins_over_defaults():
    env = {"FAQBOT_LLM": "env:model", "FAQBOT_LLM_TIMEOUT": "12", "FAQBOT_RETENTION_DAYS": "30"}
    s = Settings.from_env({"llm": "flag:model", "llm_timeout": None, "index": Path("/srv/idx")}, env)
    assert (s.llm, s.llm_timeout, s.retention_days, s.index) == ("flag:model", 12.0, 30, Path("/srv/idx"))
    d = Settings.from_env({}, {})
    assert (d.store, d.llm, d.llm_timeout, d.reload_interval, d.llm_check_entries) == ("faiss", None, 30.0, 2.0, True)
    assert Settings.from_env({}, {"FAQBOT_LLM_API_KEY": "", "OPENAI_API_KEY": "sk-o"}).llm_api_key == "sk-o"


@pytest.mark.parametrize(
    "env, message",
    [
        ({"FAQBOT_LLM_PASSAGE_CHARS": "20"}, "FAQBOT_LLM_PASSAGE_CHARS must be a whole number of at least 100"),
        ({"FAQBOT_RETENTION_DAYS": "0"}, "FAQBOT_RETENTION_DAYS must be a whole number of at least 1"),
        ({"FAQBOT_RELOAD_INTERVAL": "soon"}, "FAQBOT_RELOAD_INTERVAL must be a number of seconds"),
    ],
)
def test_a_wrong_value_names_its_variable(env, message):
    with pytest.raises(ValueError, match=message):
        Settings.from_env({}, env)


def test_the_store_token_is_not_in_the_store_specs_repr():
    spec = StoreSpec.parse("milvus:http://127.0.0.1:19530", Path("index"), None, "root:milvus-tok-3141")
    assert spec.token and "milvus-tok-3141" not in repr(spec) and "milvus-tok-3141" not in spec.location


def test_docs_table_matches_the_settings():
    doc = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    assert doc == settings_doc(), "regenerate it: python -m faqbot.bot.settings > docs/settings.md"
    for f in dataclasses.fields(Settings):  # every setting has its row, variable and meaning
        assert f.metadata["env"] and f.metadata["doc"] and f"| `{f.name}` | `{f.metadata['env']}` |" in doc


# Modules allowed to touch os.environ, and why. Reading a setting is never a reason: that is
# bot/settings.py's job.
ALLOWED = {
    "bot/settings.py": "the settings module: the one place settings are read",
    "bench/serving.py": "passes the environment on to the server it starts (a child process); reads no setting",
}


def _reads_environment(tree: ast.AST) -> list[int]:
    """Lines that touch os.environ, os.getenv or os.environb, or import environ/getenv from os."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("environ", "environb", "getenv", "putenv"):
            if isinstance(node.value, ast.Name) and node.value.id == "os":
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            if {a.name for a in node.names} & {"environ", "environb", "getenv"}:
                lines.append(node.lineno)
    return lines


def test_no_module_outside_the_settings_module_reads_the_environment():
    found = {}
    for package in ("bot", "ui", "ingest", "bench", "faqbot"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            lines = _reads_environment(ast.parse(path.read_text(encoding="utf-8")))
            if lines and rel not in ALLOWED:
                found[rel] = lines
    assert not found, f"read settings in bot/settings.py and pass them down: {found}"


def test_the_scan_finds_an_environment_read():
    # the scan itself can fail: each form it must catch
    for src in ("import os\nx = os.environ.get('A')", "import os\nos.getenv('A')", "from os import environ"):
        assert _reads_environment(ast.parse(src)), src
    assert not _reads_environment(ast.parse("import os\nos.path.join('a')"))
