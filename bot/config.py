"""Wiring: how the parts are put together from the settings (`settings`). The CLI, the server and
the benchmarks all start here; library modules never import it (no import circles through it)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from faqbot.bot.settings import (  # noqa: F401 (the wiring's callers read the settings through it)
    DEFAULT_CORPUS,
    DEFAULT_INDEX,
    DEFAULT_LLM_TIMEOUT,
    LLMSettings,
    Settings,
    debug,
    default_corpus,
    default_index,
    env_path,
    resolve_store,
)
from faqbot.ingest.embedders import DEFAULT_EMBEDDER
from faqbot.ingest.store import StoreError, StoreSpec, current_version


def make_llm(settings: LLMSettings):
    """The configured LLM backend, or None for extractive answers."""
    if not settings.enabled:
        return None
    from faqbot.bot.llm.backend import make_backend

    s = settings
    return make_backend(
        s.spec or "default", s.base_url, s.timeout, s.max_tokens, s.passage_chars, s.check_entries, s.api_key
    )


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
    """The index folder to use. Only the built-in default (./index) is built when missing, so that one command
    runs the bot; any other path, from --index or FAQBOT_INDEX, must exist (a typo must not build an index
    somewhere else: a twenty-fourth trial's replicas, given a mistyped FAQBOT_INDEX, would each have built one)."""
    chosen = index or default_index()
    if (chosen / "CURRENT").is_file():
        return chosen
    if chosen.exists() and not chosen.is_dir():
        raise StoreError(f"--index {chosen} is a file, not an index folder. Pass the folder `faqbot ingest` wrote.")
    if chosen != DEFAULT_INDEX:
        named = "--index" if index is not None and index != default_index() else "FAQBOT_INDEX"
        raise StoreError(f"No index at {chosen} ({named}). Build it with `faqbot ingest --index {chosen}`.")
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
    index = Path(tempfile.gettempdir()) / f"faqbot-eval-{name}"
    run_ingest(corpus or default_corpus(), index, embedder, progress=not quiet)
    return index


def unfiltered_retriever(spec: StoreSpec):
    """A retriever that never abstains: what `faqbot calibrate` reads the features of."""
    from faqbot.bot.retrieval.abstain import never_abstain
    from faqbot.bot.retrieval.retrieve import HybridRetriever
    from faqbot.ingest.store import open_store

    return HybridRetriever(open_store(spec), abstain=never_abstain())


def open_bot(
    index: Path | None = None,
    corpus: Path | None = None,
    llm: LLMSettings | None = None,
    k: int = 5,
    quiet: bool = False,
    store: StoreSpec | None = None,
    abstain_model: Path | None = None,
):
    """A ready Bot: the store (the index folder built if it is the default and missing), the LLM backend
    and the "not covered" model (`abstain_model`: Settings.abstain_model; None: the shipped one)."""
    from faqbot.bot.retrieval.abstain import load_default_model
    from faqbot.bot.service import Bot
    from faqbot.ingest.store import open_store

    spec = ensure_store(store or resolve_store(None, index), index, corpus, quiet=quiet)
    abstain = load_default_model(abstain_model)
    return Bot(open_store(spec), llm=make_llm(llm or LLMSettings()), k=k, abstain=abstain)
