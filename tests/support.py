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
