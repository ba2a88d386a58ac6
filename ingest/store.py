"""Where an index lives: stores looked up by their spec's kind (a registry), opened for reading or
writing. The protocols and the spec live in `store_protocol` (a leaf the stores import).

The embedded default is the index folder (`folder_store`: FAISS + bm25s files); Milvus is another
implementation of the same two small protocols. A new engine is a module with a reader, a writer
and a `current_version`, plus one line in BACKENDS.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .store_protocol import (
    DEFAULT_COLLECTION,
    FIX,
    BuildContent,
    Store,
    StoreError,
    StoreSpec,
    StoreWriter,
)

__all__ = [
    "BACKENDS",
    "DEFAULT_COLLECTION",
    "FIX",
    "BuildContent",
    "Store",
    "StoreError",
    "StoreSpec",
    "StoreWriter",
    "current_version",
    "open_store",
    "open_writer",
]


@dataclass(frozen=True)
class Backend:
    """One store engine: how to open it for reading and writing, and which build it serves."""

    reader: Callable[[StoreSpec, bool], Store]
    writer: Callable[[StoreSpec], StoreWriter]
    version: Callable[[StoreSpec], str]


def _folder() -> Backend:
    from . import folder_store

    return Backend(
        lambda spec, verify: folder_store.FolderStore(spec.index_dir, verify=verify),
        lambda spec: folder_store.FolderWriter(spec.index_dir),
        folder_store.current_version,
    )


def _milvus() -> Backend:
    # imported on use: pymilvus is an optional extra
    from . import milvus_store

    return Backend(milvus_store.MilvusStore, milvus_store.MilvusWriter, milvus_store.current_version)


# the spec's kind -> its engine, imported when first used
BACKENDS: dict[str, Callable[[], Backend]] = {"faiss": _folder, "milvus": _milvus}


def _spec(where: Path | StoreSpec) -> StoreSpec:
    return where if isinstance(where, StoreSpec) else StoreSpec("faiss", Path(where))


def _backend(spec: StoreSpec) -> Backend:
    if spec.kind not in BACKENDS:
        raise StoreError(f"Unknown store kind {spec.kind!r}: use one of {', '.join(sorted(BACKENDS))}.")
    return BACKENDS[spec.kind]()


def open_store(where: Path | StoreSpec, verify: bool = True) -> Store:
    spec = _spec(where)
    return _backend(spec).reader(spec, verify)


def open_writer(where: Path | StoreSpec) -> StoreWriter:
    spec = _spec(where)
    return _backend(spec).writer(spec)


def current_version(where: Path | StoreSpec) -> str:
    """What readers would open now (the CURRENT pointer, or the build the Milvus alias names);
    a change means a new build was published. Empty when there is none."""
    spec = _spec(where)
    return _backend(spec).version(spec)
