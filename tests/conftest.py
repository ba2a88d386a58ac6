"""Shared fixtures: one real index of the real corpus per session, fake chat models for LLM paths."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support import CORPUS, answering, scripted_backend


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory) -> Path:
    from faqbot.ingest.pipeline import run_ingest

    path = tmp_path_factory.mktemp("index")
    run_ingest(CORPUS, path, progress=False)
    return path


@pytest.fixture(scope="session")
def index_copy_factory(index_dir, tmp_path_factory):
    """A private copy of the session index, for tests that damage or rebuild it."""

    def make() -> Path:
        dst = tmp_path_factory.mktemp("index-copy") / "index"
        shutil.copytree(index_dir, dst)
        return dst

    return make


@pytest.fixture(scope="session")
def bot(index_dir):
    from faqbot.bot.service import Bot

    return Bot(index_dir)


@pytest.fixture(scope="session")
def answering_bot(index_dir):
    """A bot that answers every question it finds an entry for (tests of what an answer holds)."""
    from faqbot.bot.service import Bot

    return answering(Bot(index_dir))


@pytest.fixture(scope="session")
def loaded(index_dir):
    from faqbot.ingest.store import open_store

    return open_store(index_dir)


@pytest.fixture
def scripted():
    return scripted_backend


@pytest.fixture(scope="session")
def milvus_db(tmp_path_factory) -> Path:
    """A Milvus Lite store of the real corpus, built by a real `faqbot ingest --store milvus:…`
    in a subprocess (a Lite file serves one process: tests open copies of it)."""
    import subprocess
    import sys

    from tests.support import ROOT

    path = tmp_path_factory.mktemp("milvus") / "faq.db"
    subprocess.run(
        [sys.executable, "-m", "faqbot", "ingest", "--corpus", str(CORPUS), "--store", f"milvus:{path}", "--json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return path


@pytest.fixture(scope="session")
def milvus_copy_factory(milvus_db, tmp_path_factory):
    """A private copy of the session Milvus Lite store (its data folder), for one process to open."""

    def make() -> Path:
        dst = tmp_path_factory.mktemp("milvus-copy") / "faq.db"
        shutil.copytree(milvus_db, dst)
        return dst

    return make


# The tiers. A test's folder says what it is written as; what it asks for decides its marker, so
# `pytest -m unit` never builds an index even when a test in tests/unit reads one.
TIER_FOLDERS = ("unit", "integration", "e2e")
NEEDS_INDEX = {"index_dir", "index_copy_factory", "bot", "answering_bot", "loaded", "milvus_db", "milvus_copy_factory"}


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        parts = Path(str(item.fspath)).parts
        tier = next((t for t in TIER_FOLDERS if t in parts), "unit")
        if tier == "unit" and NEEDS_INDEX & set(getattr(item, "fixturenames", ())):
            tier = "integration"
        item.add_marker(getattr(pytest.mark, tier))
