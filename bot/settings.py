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

    @classmethod
    def resolve(cls, spec: str | None, base_url: str | None, timeout: float | None) -> LLMSettings:
        env_timeout = os.environ.get("FAQBOT_LLM_TIMEOUT")
        return cls(
            spec or os.environ.get("FAQBOT_LLM") or None,
            base_url or os.environ.get("FAQBOT_LLM_BASE_URL") or None,
            timeout if timeout is not None else float(env_timeout) if env_timeout else DEFAULT_LLM_TIMEOUT,
        )

    @property
    def enabled(self) -> bool:
        return bool(self.spec or self.base_url)
