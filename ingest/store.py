"""Where an index lives: the `Store` protocol retrieval reads through, and what ingest hands a store.

The embedded default is the index folder (`folder_store`: FAISS + bm25s files). Another engine
(Milvus, for instance) is another implementation of the same two small protocols; `open_store`
and `open_writer` pick one from a store spec.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import numpy as np

from .records import Chunk

FIX = "Run `faqbot ingest` to rebuild it."


class StoreError(RuntimeError):
    """The index is missing, corrupt or from another format; the message names the fix."""


@dataclass
class BuildContent:
    """Everything one ingest produces, handed to a store writer in one piece."""

    chunks: list[Chunk]
    rows: list[dict]  # one per vector: chunk (index into chunks), field, hash
    vectors: np.ndarray  # float32, normalised, one per row
    lexical_docs: list[list[str]]  # one token list per chunk (textproc.tokenize)
    manifest: dict  # embedder, corpus hashes, documents, counts ...
    sources: dict[str, bytes] = field(default_factory=dict)  # corpus file name -> bytes as hashed


class Store(Protocol):
    """What retrieval asks of an index: the chunks, and per-chunk dense and lexical scores."""

    location: str  # a short name for messages and /api/health, never a secret
    manifest: dict
    chunks: list[Chunk]

    def dense(self, query: np.ndarray, k: int) -> np.ndarray:
        """Best cosine per chunk over the k nearest vectors; -1 for chunks not among them."""
        ...

    def lexical(self, tokens: list[str], text: str, language: str) -> np.ndarray:
        """BM25 score per chunk (0 where nothing matches)."""
        ...

    def chunk_terms(self) -> list[frozenset[str]]:
        """The lexical tokens each chunk was indexed with (for the coverage features)."""
        ...

    def source(self, name: str) -> bytes | None:
        """A corpus file the index was built from, as it was hashed at ingest; None otherwise."""
        ...


class StoreWriter(Protocol):
    def lock(self) -> contextlib.AbstractContextManager[None]: ...

    def embedding_cache(self, embedder_id: str) -> dict[str, np.ndarray]: ...

    def publish(self, content: BuildContent) -> str:
        """Make a complete build visible to readers at once; return where it lives."""
        ...


DEFAULT_COLLECTION = "faqbot"


@dataclass(frozen=True)
class StoreSpec:
    """Where the index lives: the index folder (`faiss`) or Milvus (`milvus:<uri>`)."""

    kind: str  # "faiss" or "milvus"
    index_dir: Path  # the index folder (faiss); for Milvus, where a relative Lite file is resolved
    uri: str = ""  # Milvus: a Lite file path (*.db) or http(s)://host:port
    collection: str = DEFAULT_COLLECTION  # Milvus alias naming the served build

    @property
    def location(self) -> str:
        """A short name for messages and /api/health; never holds a token."""
        if self.kind == "faiss":
            return str(self.index_dir)
        return f"milvus:{self.uri.split('@')[-1]}"

    @classmethod
    def parse(cls, text: str | None, index_dir: Path, collection: str | None = None) -> StoreSpec:
        """`faiss` (or empty) -> the index folder; `milvus:<uri>` -> Milvus Lite file or server."""
        raw = (text or "faiss").strip()
        if raw == "faiss":
            return cls("faiss", Path(index_dir))
        kind, sep, uri = raw.partition(":")
        if kind != "milvus" or not sep or not uri:
            raise StoreError(
                f"Unknown store {raw!r}: use `faiss` (the index folder) or `milvus:<uri>`, "
                "e.g. milvus:./index/faq.db (Milvus Lite) or milvus:http://localhost:19530."
            )
        name = collection or DEFAULT_COLLECTION
        if not name.replace("_", "").isalnum() or not (name[0].isalpha() or name[0] == "_"):
            raise StoreError(f"The Milvus collection name {name!r} must be letters, digits and underscores.")
        if not uri.startswith(("http://", "https://", "tcp://", "unix:")):
            if not uri.endswith(".db"):
                raise StoreError(
                    f"A Milvus Lite store is a file ending in .db (got {uri!r}), e.g. milvus:./index/faq.db."
                )
            Path(uri).parent.mkdir(parents=True, exist_ok=True)
            uri = str(Path(uri).resolve())
        return cls("milvus", Path(index_dir), uri, name)


def open_store(where: Path | StoreSpec, verify: bool = True) -> Store:
    if isinstance(where, StoreSpec) and where.kind == "milvus":
        from .milvus_store import MilvusStore

        return MilvusStore(where, verify=verify)
    from .folder_store import FolderStore

    return FolderStore(where.index_dir if isinstance(where, StoreSpec) else where, verify=verify)


def open_writer(where: Path | StoreSpec) -> StoreWriter:
    if isinstance(where, StoreSpec) and where.kind == "milvus":
        from .milvus_store import MilvusWriter

        return MilvusWriter(where)
    from .folder_store import FolderWriter

    return FolderWriter(where.index_dir if isinstance(where, StoreSpec) else where)


def current_version(where: Path | StoreSpec) -> str:
    """What readers would open now (the CURRENT pointer, or the build the Milvus alias names);
    a change means a new build was published. Empty when there is none."""
    if isinstance(where, StoreSpec) and where.kind == "milvus":
        from .milvus_store import current_version as milvus_version

        return milvus_version(where)
    folder = where.index_dir if isinstance(where, StoreSpec) else where
    try:
        return (Path(folder) / "CURRENT").read_text(encoding="utf-8").strip()
    except OSError:
        return ""
