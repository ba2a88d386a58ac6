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


def open_store(index_dir: Path, verify: bool = True) -> Store:
    from .folder_store import FolderStore

    return FolderStore(index_dir, verify=verify)


def open_writer(index_dir: Path) -> StoreWriter:
    from .folder_store import FolderWriter

    return FolderWriter(index_dir)
