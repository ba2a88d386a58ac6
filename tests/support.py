"""Paths, corpus facts and helpers shared by the test tiers (imported, unlike conftest)."""

from __future__ import annotations

from pathlib import Path

from faqbot.bench.load import free_port, wait_until_up
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"

# What the parser finds in the shipped corpus (docs/corpus.md explains them); one place for the counts.
CHUNKS_PER_DOC = {  # chunks with a body, headings without body
    "connectors-faq.en": (64, 10),
    "connectors-faq.fr": (65, 10),
    "data-validity-faq.en": (8, 0),
    "data-validity-faq.es": (9, 0),
    "common-sql-errors.en": (3, 0),
}
TOTAL_CHUNKS = sum(n for n, _ in CHUNKS_PER_DOC.values())
LINKED_GROUPS = 72  # translation groups holding more than one language
TOC_ENTRIES = {"connectors-faq.en": 74, "connectors-faq.fr": 75}

__all__ = [
    "CHUNKS_PER_DOC",
    "CORPUS",
    "LINKED_GROUPS",
    "ROOT",
    "TOC_ENTRIES",
    "TOTAL_CHUNKS",
    "free_port",
    "scripted_backend",
    "wait_until_up",
]


def scripted_backend(*replies: str, timeout: float = 5.0):
    """An LLM backend whose chat model answers with the given texts, streamed word by word."""
    from faqbot.bot.llm import LLMBackend

    model = GenericFakeChatModel(messages=iter([AIMessage(content=r) for r in replies]))
    return LLMBackend("fake:scripted", model, timeout)


def milvus_lite_server(data_dir: Path, port: int):
    """A Milvus Lite gRPC server over data_dir on 127.0.0.1:port (what several processes share)."""
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "milvus_lite",
            "server",
            "--data-dir",
            str(data_dir),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    import socket

    deadline = time.time() + 60
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        if proc.poll() is not None:
            break
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"Milvus Lite server on port {port} did not start")
