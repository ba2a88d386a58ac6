"""Shared fixtures: one real index of the real corpus per session, fake chat models for LLM paths."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory) -> Path:
    from ingest.pipeline import run_ingest

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
    from bot.service import Bot

    return Bot(index_dir)


@pytest.fixture(scope="session")
def loaded(index_dir):
    from ingest.store import load_index

    return load_index(index_dir)


def scripted_backend(*replies: str, timeout: float = 5.0):
    """An LLM backend whose chat model answers with the given texts, streamed word by word."""
    from bot.llm import LLMBackend

    model = GenericFakeChatModel(messages=iter([AIMessage(content=r) for r in replies]))
    return LLMBackend("fake:scripted", model, timeout)


@pytest.fixture
def scripted():
    return scripted_backend
