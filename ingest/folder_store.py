"""The index folder, the embedded default store: the whole format, written, read and verified here.

    index/
      CURRENT                  name of the build folder being served
      build-<time>-<hash>/
        manifest.json          format version, embedder, corpus hashes, counts, file checksums
        chunks.jsonl           one Chunk per line
        rows.jsonl             one line per vector: chunk index, field, text hash
        terms.jsonl            the lexical tokens of each chunk (what BM25 indexed), one list per line
        vectors.faiss          FAISS index (inner product on normalised vectors)
        embeddings.npy         the same vectors as float32 (embedding cache for re-ingest)
        lexical/               bm25s index files (JSON + .npy, loaded without pickle)
        sources/<file>         the corpus files exactly as hashed at ingest (what /source/ serves)

A build is written to its own folder and fsynced; only then is CURRENT replaced
(os.replace is atomic), so a reader sees the old build or the new one, never half.
This is the only module that imports FAISS.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import shutil
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import faiss
import numpy as np

from . import lexical
from .records import Chunk
from .store_protocol import FIX, BuildContent, Manifest, StoreError, StoreSpec, checked_manifest

FORMAT_VERSION = 8  # 6: the manifest holds the language shift (ingest/language_shift.py); 7: the hubs (ingest/hubs.py);
# 8: the hubs measured against the entries' answers, for every long post (ingest/hubs.py)
# Measured by `faqbot bench --scale` (docs/benchmarks.md): exact search is fastest to build and
# exact; past a few hundred thousand vectors an 8-bit scalar-quantized exact scan keeps p95 under
# 50 ms at recall@10 0.975 in a quarter of the memory. Graph/IVF indexes lost recall on that data.
EXACT_FLAT_MAX = 200_000


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def make_faiss_index(dim: int, vecs: np.ndarray) -> faiss.Index:
    index: faiss.Index
    if len(vecs) <= EXACT_FLAT_MAX:
        index = faiss.IndexFlatIP(dim)
    else:
        index = faiss.IndexScalarQuantizer(dim, faiss.ScalarQuantizer.QT_8bit, faiss.METRIC_INNER_PRODUCT)
        index.train(vecs[: min(len(vecs), 100_000)])
    index.add(vecs)
    return index


def faiss_type(n_vectors: int) -> str:
    return "IndexFlatIP" if n_vectors <= EXACT_FLAT_MAX else "IndexScalarQuantizer(QT_8bit)"


# ---------------------------------------------------------------------------------- writing
def _fsync_tree(folder: Path) -> None:
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            with open(p, "rb") as f:
                os.fsync(f.fileno())
    for d in [folder, *[p for p in folder.rglob("*") if p.is_dir()]]:
        _fsync_dir(d)


def _fsync_dir(d: Path) -> None:
    fd = os.open(d, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_jsonl(path: Path, items: list) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for item in items:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")


def _read_jsonl(path: Path) -> list:
    return [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines() if ln]


class FolderWriter:
    """Writes builds into an index folder; one writer at a time (a lock file)."""

    def __init__(self, index_dir: Path) -> None:
        self.index_dir = Path(index_dir)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        self.index_dir.mkdir(parents=True, exist_ok=True)
        with open(self.index_dir / ".lock", "w") as f:
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError as exc:
                raise StoreError(
                    f"Another `faqbot ingest` is writing {self.index_dir}; wait for it to finish."
                ) from exc
            yield

    def embedding_cache(self, embedder_id: str) -> dict[str, np.ndarray]:
        """Vectors of the current build keyed by text hash, when built with the same embedder."""
        try:
            build = current_build(self.index_dir)
            manifest = _verified_manifest(build)
            if manifest.get("embedder", {}).get("id") != embedder_id:
                return {}
            rows = _read_jsonl(build / "rows.jsonl")
            vecs = np.load(build / "embeddings.npy", allow_pickle=False)
        except (StoreError, OSError, ValueError):
            return {}
        return {row["hash"]: vecs[i] for i, row in enumerate(rows) if i < len(vecs)}

    def publish(self, content: BuildContent) -> str:
        """Write a complete build, checksum and fsync it, then point CURRENT at it."""
        tag = hashlib.sha256("".join(r["hash"] for r in content.rows).encode()).hexdigest()
        build = self.index_dir / f"build-{time.strftime('%Y%m%dT%H%M%S')}-{tag[:8]}-{uuid.uuid4().hex[:6]}"
        build.mkdir(parents=True)
        _write_jsonl(build / "chunks.jsonl", [c.to_json() for c in content.chunks])
        _write_jsonl(build / "rows.jsonl", [{k: r[k] for k in ("chunk", "field", "hash")} for r in content.rows])
        _write_jsonl(build / "terms.jsonl", content.lexical_docs)
        np.save(build / "embeddings.npy", content.vectors, allow_pickle=False)
        faiss.write_index(make_faiss_index(content.vectors.shape[1], content.vectors), str(build / "vectors.faiss"))
        lexical.write(content.lexical_docs, build / "lexical")
        (build / "sources").mkdir()
        for name, data in content.sources.items():
            (build / "sources" / name).write_bytes(data)
        manifest = {
            "format_version": FORMAT_VERSION,
            **content.manifest,
            "faiss": {"type": faiss_type(len(content.rows))},
        }
        manifest["files"] = {str(p.relative_to(build)): sha256_file(p) for p in sorted(build.rglob("*")) if p.is_file()}
        (build / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False))
        _fsync_tree(build)
        tmp = self.index_dir / f".CURRENT.{os.getpid()}"
        tmp.write_text(build.name + "\n")
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, self.index_dir / "CURRENT")
        _fsync_dir(self.index_dir)
        self._remove_old(keep=build.name)
        return str(build)

    def _remove_old(self, keep: str) -> None:
        # a reader that opened an older build keeps its open files; new readers follow CURRENT
        for old in self.index_dir.glob("build-*"):
            if old.name != keep and old.is_dir() and not old.is_symlink():
                shutil.rmtree(old, ignore_errors=True)


# ---------------------------------------------------------------------------------- reading
def current_build(index_dir: Path) -> Path:
    """The build CURRENT names; it must be a build folder directly inside index_dir."""
    pointer = Path(index_dir) / "CURRENT"
    if not pointer.is_file():
        raise StoreError(f"No index at {index_dir}. {FIX}")
    name = pointer.read_text(encoding="utf-8", errors="replace").strip()
    build = Path(index_dir) / name
    if (
        not name.startswith("build-")
        or "/" in name
        or "\\" in name
        or name in (".", "..")
        or build.is_symlink()
        or not build.is_dir()
    ):
        raise StoreError(f"The index at {index_dir} points to a missing build. {FIX}")
    return build


def _verified_manifest(build: Path, verify: bool = True) -> Manifest:
    try:
        manifest = json.loads((build / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StoreError(f"The index manifest in {build.name} is unreadable ({exc}). {FIX}") from exc
    version = manifest.get("format_version") if isinstance(manifest, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        # written by a newer faqbot: rebuilding with this one would throw away a newer index
        raise StoreError(
            f"The index has format version {version}, newer than this faqbot reads ({FORMAT_VERSION}): "
            "upgrade faqbot (pip install -U faqbot), or point --index at an index this version built."
        )
    if version != FORMAT_VERSION:
        raise StoreError(f"The index has format version {version}, this faqbot reads {FORMAT_VERSION}. {FIX}")
    if verify:
        for name, digest in manifest.get("files", {}).items():
            p = build / name
            if not p.is_file() or p.is_symlink():
                raise StoreError(f"Index file {name} is missing from {build.name}. {FIX}")
            if sha256_file(p) != digest:
                raise StoreError(f"Index file {name} is corrupt (checksum mismatch). {FIX}")
    return checked_manifest(manifest, build.name)


class FolderStore:
    """A verified build of an index folder, held in memory for retrieval."""

    def __init__(self, index_dir: Path, verify: bool = True) -> None:
        build = current_build(index_dir)
        self.path = build
        self.location = f"{Path(index_dir).name}/{build.name}"
        self.manifest = _verified_manifest(build, verify)
        try:
            self.chunks = [Chunk.from_json(d) for d in _read_jsonl(build / "chunks.jsonl")]
            rows = _read_jsonl(build / "rows.jsonl")
            self._terms = [frozenset(t) for t in _read_jsonl(build / "terms.jsonl")]
            self._faiss = faiss.read_index(str(build / "vectors.faiss"))
            self._lexical = lexical.LexicalIndex(build / "lexical")
        except Exception as exc:  # a damaged file that no checksum caught (verify=False)
            raise StoreError(f"The index in {build.name} cannot be read ({exc}). {FIX}") from exc
        self.rows = rows
        self._row_chunk = np.array([r["chunk"] for r in rows], dtype=np.int64)
        self._sources = {d["file"] for d in self.manifest.get("documents", {}).values()}
        self._said: set[str] = set()  # sources found missing or changed, logged once each

    def dense(self, query: np.ndarray, k: int) -> np.ndarray:
        sims, idx = self._faiss.search(np.asarray(query, dtype=np.float32).reshape(1, -1), min(self._faiss.ntotal, k))
        per_chunk = np.full(len(self.chunks), -1.0, dtype=np.float32)
        found = idx[0] >= 0
        np.maximum.at(per_chunk, self._row_chunk[idx[0][found]], sims[0][found])
        return per_chunk

    def lexical(self, tokens: list[str], text: str, language: str) -> np.ndarray:
        return self._lexical.scores(tokens, len(self.chunks))

    def chunk_terms(self) -> list[frozenset[str]]:
        return self._terms

    def source(self, name: str) -> bytes | None:
        if name not in self._sources:
            return None
        p = self.path / "sources" / name
        try:
            data = p.read_bytes() if p.is_file() and not p.is_symlink() else None
        except OSError:
            data = None
        # served only as hashed at ingest: a file changed or swapped since is refused
        if data is None or hashlib.sha256(data).hexdigest() != self.manifest["files"].get(f"sources/{name}"):
            # a file of the build, gone or changed under a serving replica (a lost shared mount in a twenty-fourth
            # trial: every citation link a 404, nothing logged): said once a file, for the operator
            if name in self._said:
                return None
            self._said.add(name)
            logging.getLogger("faqbot").warning(
                "source %s of build %s is %s: citation links to it fail until the build folder is restored or "
                "`faqbot ingest` publishes a new one", name, self.path, "missing" if data is None else "changed"
            )
            return None
        return data


def current_version(spec: StoreSpec) -> str:
    """The build the folder's CURRENT pointer names; empty when there is none."""
    try:
        return (Path(spec.index_dir) / "CURRENT").read_text(encoding="utf-8").strip()
    except OSError:
        return ""
