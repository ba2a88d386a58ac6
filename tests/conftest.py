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


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, proc, timeout: float = 120.0) -> bool:
    """Poll url until it answers 200; False when the process died or time ran out."""
    import time

    import httpx

    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    return False


def scripted_backend(*replies: str, timeout: float = 5.0):
    """An LLM backend whose chat model answers with the given texts, streamed word by word."""
    from bot.llm import LLMBackend

    model = GenericFakeChatModel(messages=iter([AIMessage(content=r) for r in replies]))
    return LLMBackend("fake:scripted", model, timeout)


@pytest.fixture
def scripted():
    return scripted_backend
