"""The index folder: a plain, inspectable directory written atomically (public format).

    index/
      CURRENT                  name of the build folder being served
      build-<time>-<hash>/
        manifest.json          format version, embedder, corpus hashes, counts, file checksums
        chunks.jsonl           one Chunk per line
        rows.jsonl             one line per vector: chunk index, field, text hash
        vectors.faiss          FAISS index (inner product on normalised vectors)
        embeddings.npy         the same vectors as float32 (embedding cache for re-ingest)
        lexical/               bm25s index files (JSON + .npy, loaded without pickle)

A build is written to its own folder and fsynced; only then is CURRENT replaced
(os.replace is atomic), so a reader sees the old build or the new one, never half.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .records import Chunk

FORMAT_VERSION = 3
FIX = "Run `faqbot ingest` to rebuild it."


class IndexError_(RuntimeError):
    """The index is missing, corrupt or from another format; the message names the fix."""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _fsync_tree(folder: Path) -> None:
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            with open(p, "rb") as f:
                os.fsync(f.fileno())
    for d in [folder, *[p for p in folder.rglob("*") if p.is_dir()]]:
        fd = os.open(d, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def build_lock(index_dir: Path):
    """One ingest at a time per index folder."""
    index_dir.mkdir(parents=True, exist_ok=True)
    with open(index_dir / ".lock", "w") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            raise IndexError_(f"Another `faqbot ingest` is writing {index_dir}; wait for it to finish.") from exc
        yield


def new_build_dir(index_dir: Path, tag: str) -> Path:
    path = index_dir / f"build-{time.strftime('%Y%m%dT%H%M%S')}-{tag[:8]}-{uuid.uuid4().hex[:6]}"
    path.mkdir(parents=True)
    return path


def commit_build(index_dir: Path, build: Path, manifest: dict) -> None:
    """Checksum, fsync and publish a finished build; remove older builds afterwards."""
    manifest["files"] = {
        str(p.relative_to(build)): sha256_file(p)
        for p in sorted(build.rglob("*")) if p.is_file() and p.name != "manifest.json"
    }
    (build / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False))
    _fsync_tree(build)
    tmp = index_dir / f".CURRENT.{os.getpid()}"
    tmp.write_text(build.name + "\n")
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, index_dir / "CURRENT")
    fd = os.open(index_dir, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    for old in index_dir.glob("build-*"):
        if old.name != build.name:
            shutil.rmtree(old, ignore_errors=True)


def current_build(index_dir: Path) -> Path:
    pointer = index_dir / "CURRENT"
    if not pointer.is_file():
        raise IndexError_(f"No index at {index_dir}. {FIX}")
    build = index_dir / pointer.read_text().strip()
    if not build.name.startswith("build-") or not build.is_dir():
        raise IndexError_(f"The index at {index_dir} points to a missing build. {FIX}")
    return build


@dataclass
class LoadedIndex:
    path: Path
    manifest: dict
    chunks: list[Chunk]
    rows: list[dict]
    vectors_path: Path
    lexical_path: Path


def load_index(index_dir: Path, verify: bool = True) -> LoadedIndex:
    """Read and verify a build: format version and every file's checksum."""
    build = current_build(index_dir)
    try:
        manifest = json.loads((build / "manifest.json").read_text())
    except (OSError, ValueError) as exc:
        raise IndexError_(f"The index manifest at {build} is unreadable ({exc}). {FIX}") from exc
    version = manifest.get("format_version")
    if version != FORMAT_VERSION:
        raise IndexError_(
            f"The index at {index_dir} has format version {version}, this faqbot reads {FORMAT_VERSION}. {FIX}")
    if verify:
        for name, digest in manifest.get("files", {}).items():
            p = build / name
            if not p.is_file():
                raise IndexError_(f"Index file {name} is missing from {build}. {FIX}")
            if sha256_file(p) != digest:
                raise IndexError_(f"Index file {name} is corrupt (checksum mismatch). {FIX}")
    try:
        chunks = [Chunk.from_json(json.loads(ln)) for ln in (build / "chunks.jsonl").read_text().splitlines() if ln]
        rows = [json.loads(ln) for ln in (build / "rows.jsonl").read_text().splitlines() if ln]
    except (OSError, ValueError, TypeError) as exc:
        raise IndexError_(f"The index at {build} cannot be read ({exc}). {FIX}") from exc
    return LoadedIndex(build, manifest, chunks, rows, build / "vectors.faiss", build / "lexical")


def write_jsonl(path: Path, items: list[dict]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for item in items:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")


def read_embedding_cache(index_dir: Path, embedder_id: str) -> dict[str, np.ndarray]:
    """Vectors of the current build keyed by text hash, when built with the same embedder."""
    try:
        idx = load_index(index_dir, verify=True)
    except IndexError_:
        return {}
    if idx.manifest.get("embedder", {}).get("id") != embedder_id:
        return {}
    try:
        vecs = np.load(idx.path / "embeddings.npy", allow_pickle=False)
    except (OSError, ValueError):
        return {}
    return {row["hash"]: vecs[i] for i, row in enumerate(idx.rows) if i < len(vecs)}
