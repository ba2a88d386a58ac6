"""Shared fixtures: one real index of the real corpus per session, fake chat models for LLM paths."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.support import CORPUS, scripted_backend


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
def loaded(index_dir):
    from faqbot.ingest.store import open_store

    return open_store(index_dir)


@pytest.fixture
def scripted():
    return scripted_backend
