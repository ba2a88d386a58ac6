"""Configuration and wiring: where settings come from (flags, then environment, then defaults)
and how the parts are put together. The CLI, the server and the benchmarks all start here."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from faqbot.ingest.embedders import DEFAULT_EMBEDDER
from faqbot.ingest.store import StoreError, StoreSpec, current_version

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


def make_llm(settings: LLMSettings):
    """The configured LLM backend, or None for extractive answers."""
    if not settings.enabled:
        return None
    from .llm import make_backend

    return make_backend(settings.spec or "default", settings.base_url, settings.timeout)


def ensure_store(
    spec: StoreSpec, index: Path | None, corpus: Path | None, embedder: str = DEFAULT_EMBEDDER, quiet: bool = False
) -> StoreSpec:
    """The store to read. The index folder behaves as `ensure_index`; a Milvus store must have
    been built (`faqbot ingest --store ...`): a mistyped URI must not build an index elsewhere."""
    if spec.kind == "faiss":
        return StoreSpec("faiss", ensure_index(index, corpus, embedder, quiet))
    if not current_version(spec):
        raise StoreError(f"No faqbot index in {spec.location}. Build it with `faqbot ingest --store milvus:…`.")
    return spec


def ensure_index(
    index: Path | None, corpus: Path | None, embedder: str = DEFAULT_EMBEDDER, quiet: bool = False
) -> Path:
    """The index folder to use. Only the default index is built when missing, so that one command
    runs the bot; any other path must exist (a typo must not build an index somewhere else)."""
    chosen = index or default_index()
    if (chosen / "CURRENT").is_file():
        return chosen
    if chosen.exists() and not chosen.is_dir():
        raise StoreError(f"--index {chosen} is a file, not an index folder. Pass the folder `faqbot ingest` wrote.")
    if index is not None and chosen != default_index():
        raise StoreError(f"No index at {chosen}. Build it with `faqbot ingest --index {chosen}`.")
    from faqbot.ingest.pipeline import run_ingest

    source = corpus or default_corpus()
    if not quiet:
        print(f"No index at {chosen}: building it from {source} …", file=sys.stderr)
    run_ingest(source, chosen, embedder, progress=not quiet)
    return chosen


def embedder_index(embedder: str, corpus: Path | None, quiet: bool = False) -> Path:
    """An index of the corpus built with another embedder, in the temporary folder (kept between
    runs as the embedding cache), for `faqbot eval --embedder`."""
    from faqbot.ingest.pipeline import run_ingest

    name = embedder.replace("/", "_").replace(":", "_")
    index = Path(os.environ.get("TMPDIR", "/tmp")) / f"faqbot-eval-{name}"
    run_ingest(corpus or default_corpus(), index, embedder, progress=not quiet)
    return index


def unfiltered_retriever(spec: StoreSpec):
    """A retriever that never abstains: what `faqbot calibrate` reads the features of."""
    from faqbot.ingest.store import open_store

    from .abstain import never_abstain
    from .retrieve import HybridRetriever

    return HybridRetriever(open_store(spec), abstain=never_abstain())


def open_bot(
    index: Path | None = None,
    corpus: Path | None = None,
    llm: LLMSettings | None = None,
    k: int = 5,
    quiet: bool = False,
    store: StoreSpec | None = None,
):
    """A ready Bot: the store (the index folder built if it is the default and missing) and the LLM backend."""
    from faqbot.ingest.store import open_store

    from .service import Bot

    spec = ensure_store(store or resolve_store(None, index), index, corpus, quiet=quiet)
    return Bot(open_store(spec), llm=make_llm(llm or LLMSettings()), k=k)
