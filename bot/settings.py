"""Settings: where they come from (flags, then environment, then defaults). A leaf: library modules
read a setting here, never the wiring (`config`) that builds the bot from them."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from faqbot.ingest.store import StoreSpec

DEFAULT_INDEX = Path("index")
DEFAULT_CORPUS = Path("corpus")
DEFAULT_LLM_TIMEOUT = 30.0
# the prompt asks for 2 to 4 sentences; the cap stops a rambling model early (on 2 cores a small
# model writes about 8 tokens a second)
DEFAULT_LLM_MAX_TOKENS = 300
# Enough for the cause and the fix in most entries (the fix's code is attached verbatim after the
# answer in any case, llm_checks.attach_code). Longer is not better for a small model: at 2,000
# characters the gold fact was in the passage for 0.92 of dev questions (0.74 at 800), yet the 1.5B
# model's answers held it for 0.71 (0.82 to 0.84 at 800), lost among more text (docs/eval-llm.md).
# A larger model can use more.
DEFAULT_LLM_PASSAGE_CHARS = 800


def env_path(name: str, default: Path) -> Path:
    value = os.environ.get(name)
    return Path(value) if value else default


def env_int(name: str, default: int, least: int = 1) -> int:
    """A whole-number setting from the environment; a wrong value stops with a message naming it."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = least - 1
    if value < least:
        raise ValueError(f"{name} must be a whole number of at least {least}, not {raw!r}; unset it for {default}")
    return value


def default_index() -> Path:
    return env_path("FAQBOT_INDEX", DEFAULT_INDEX)


def default_corpus() -> Path:
    return env_path("FAQBOT_CORPUS", DEFAULT_CORPUS)


def resolve_store(store: str | None, index: Path | None) -> StoreSpec:
    """--store, else FAQBOT_STORE, else the index folder (`faiss`); FAQBOT_MILVUS_COLLECTION names
    the Milvus alias (default faqbot)."""
    return StoreSpec.parse(
        store or os.environ.get("FAQBOT_STORE") or "faiss",
        index or default_index(),
        os.environ.get("FAQBOT_MILVUS_COLLECTION") or None,
    )


def reload_interval() -> float:
    """Seconds between checks for a newly published build in `serve` (FAQBOT_RELOAD_INTERVAL; 0: never)."""
    raw = os.environ.get("FAQBOT_RELOAD_INTERVAL")
    try:
        return float(raw) if raw else 2.0
    except ValueError as exc:
        raise ValueError(f"FAQBOT_RELOAD_INTERVAL must be a number of seconds, got {raw!r}") from exc


@dataclass
class LLMSettings:
    spec: str | None = None  # LangChain provider:model
    base_url: str | None = None  # any OpenAI-compatible server
    timeout: float = DEFAULT_LLM_TIMEOUT
    max_tokens: int = DEFAULT_LLM_MAX_TOKENS  # FAQBOT_LLM_MAX_TOKENS
    passage_chars: int = DEFAULT_LLM_PASSAGE_CHARS  # FAQBOT_LLM_PASSAGE_CHARS
    check_entries: bool = True  # FAQBOT_LLM_CHECK_ENTRIES=0: off

    @classmethod
    def resolve(cls, spec: str | None, base_url: str | None, timeout: float | None) -> LLMSettings:
        env_timeout = os.environ.get("FAQBOT_LLM_TIMEOUT")
        return cls(
            spec or os.environ.get("FAQBOT_LLM") or None,
            base_url or os.environ.get("FAQBOT_LLM_BASE_URL") or None,
            timeout if timeout is not None else float(env_timeout) if env_timeout else DEFAULT_LLM_TIMEOUT,
            env_int("FAQBOT_LLM_MAX_TOKENS", DEFAULT_LLM_MAX_TOKENS),
            env_int("FAQBOT_LLM_PASSAGE_CHARS", DEFAULT_LLM_PASSAGE_CHARS, least=100),
            os.environ.get("FAQBOT_LLM_CHECK_ENTRIES", "1") != "0",
        )

    @property
    def enabled(self) -> bool:
        return bool(self.spec or self.base_url)
