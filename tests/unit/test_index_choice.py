"""Which index folder a command reads (bot/config.py ensure_index): only the built-in ./index is built when
missing; a folder named by --index or FAQBOT_INDEX must exist, and the message names where it was named and the
fix (a twenty-fourth trial's operator: a mistyped FAQBOT_INDEX built an index on each replica)."""

from __future__ import annotations

import pytest
from faqbot.bot.config import ensure_index
from faqbot.ingest.store import StoreError


def test_a_missing_index_named_by_the_environment_is_not_built(tmp_path, monkeypatch):
    missing = tmp_path / "shared" / "idx"
    monkeypatch.setenv("FAQBOT_INDEX", str(missing))
    with pytest.raises(StoreError, match=r"No index at .*idx \(FAQBOT_INDEX\)\. Build it with `faqbot ingest --index"):
        ensure_index(None, None, quiet=True)
    # the serve command passes the setting on as its index: the same
    with pytest.raises(StoreError, match=r"\(FAQBOT_INDEX\)"):
        ensure_index(missing, None, quiet=True)
    assert not missing.exists()


def test_a_missing_index_named_by_the_flag_is_not_built(tmp_path, monkeypatch):
    monkeypatch.delenv("FAQBOT_INDEX", raising=False)
    with pytest.raises(StoreError, match=r"No index at .*nothing \(--index\)"):
        ensure_index(tmp_path / "nothing", None, quiet=True)
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="is a file, not an index folder"):
        ensure_index(tmp_path / "file", None, quiet=True)


def test_an_existing_index_named_by_the_environment_is_read(index_dir, monkeypatch):
    monkeypatch.setenv("FAQBOT_INDEX", str(index_dir))
    assert ensure_index(None, None, quiet=True) == index_dir
