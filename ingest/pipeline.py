"""corpus folder -> chunks -> translation links -> embeddings -> index folder."""

from __future__ import annotations

import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from . import hubs, language_shift
from .corpus import read_corpus
from .embedders import DEFAULT_EMBEDDER, Embedder, get_embedder
from .empty_headings import alias_empty_headings
from .links import link_translations
from .parse import parse_document
from .records import Chunk, lexical_tokens
from .store import BuildContent, StoreSpec, open_writer
from .store_protocol import Manifest

BODY_CHARS = 1500  # e5-small reads 512 tokens; the start of an answer carries its topic


@dataclass
class IngestReport:
    index_dir: Path
    build: Path
    chunks: int
    documents: dict[str, dict]
    linked_groups: int
    empty_headings: list[dict]
    skipped: list[dict]
    embedded: int
    reused: int
    seconds: float
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        d = dict(self.__dict__)
        d["index_dir"], d["build"] = str(self.index_dir), str(self.build)
        return d


def _hash(text: str, embedder_id: str, kind: str) -> str:
    return hashlib.sha256(f"{embedder_id}\x1f{kind}\x1f{text}".encode()).hexdigest()[:32]


def vector_rows(chunks: list[Chunk]) -> list[dict]:
    """What gets a vector: the answer (title + start of body), the title, each alias."""
    rows = []
    for n, c in enumerate(chunks):
        rows.append({"chunk": n, "field": "body", "text": f"{c.title}\n{c.body[:BODY_CHARS]}"})
        rows.append({"chunk": n, "field": "title", "text": c.title})
        for a in c.aliases:
            rows.append({"chunk": n, "field": "alias", "text": a})
    return rows


def _embed(
    embedder: Embedder, rows: list[dict], cache: dict[str, np.ndarray], progress: bool
) -> tuple[np.ndarray, int]:
    """Vectors for every row, reusing cached ones; returns them and how many were embedded."""
    from tqdm import tqdm

    # similar lengths batch together: the engine pads a batch to its longest text
    todo = sorted((i for i, r in enumerate(rows) if r["hash"] not in cache), key=lambda i: len(rows[i]["text"]))
    vecs = np.zeros((len(rows), embedder.dim), dtype=np.float32)
    for i, r in enumerate(rows):
        if r["hash"] in cache:
            vecs[i] = cache[r["hash"]]
    batch = 16
    bar = tqdm(total=len(todo), desc="embedding", unit="text", disable=not progress or not todo, file=sys.stderr)
    for s in range(0, len(todo), batch):
        ids = todo[s : s + batch]
        vecs[ids] = embedder.embed_documents([rows[i]["text"] for i in ids])
        bar.update(len(ids))
    bar.close()
    return vecs, len(todo)


def run_ingest(
    corpus_dir: Path, index_dir: Path | StoreSpec, embedder_id: str = DEFAULT_EMBEDDER, progress: bool = True
) -> IngestReport:
    """Build the index of corpus_dir into index_dir (an index folder, or a StoreSpec: folder or Milvus)."""
    t0 = time.perf_counter()
    writer = open_writer(index_dir)
    with writer.lock():
        sources, skipped = read_corpus(corpus_dir)
        if not sources:
            raise FileNotFoundError(
                f"No readable .txt or .md documents in {corpus_dir}; add FAQ documents there or pass --corpus DIR."
            )
        chunks: list[Chunk] = []
        docs: dict[str, dict] = {}
        empty: list[dict] = []
        for src in sources:
            parsed = parse_document(src.text, src.path.name, src.language)
            chunks.extend(alias_empty_headings(parsed.chunks, parsed.empty_headings))
            empty.extend(parsed.empty_headings)
            docs[parsed.doc] = {
                "file": src.path.name,
                "sha256": src.sha256,
                "title": parsed.title,
                "language": src.language,
                "shape": parsed.shape,
                "chunks": len(parsed.chunks),
                "empty_headings": len(parsed.empty_headings),
                "toc": parsed.toc,
                "toc_unmatched": parsed.toc_unmatched,
            }
        embedder = get_embedder(embedder_id)
        rows = vector_rows(chunks)
        for r in rows:
            r["hash"] = _hash(r["text"], embedder.id, r["field"])
        vecs, embedded = _embed(embedder, rows, writer.embedding_cache(embedder.id), progress)
        body_rows = [i for i, r in enumerate(rows) if r["field"] == "body"]
        linked = link_translations(chunks, vecs[body_rows])
        per_lang: dict[str, int] = {}
        for c in chunks:
            per_lang[c.language] = per_lang.get(c.language, 0) + 1
        manifest: Manifest = {
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "embedder": {"id": embedder.id, "dim": embedder.dim},
            "corpus": {d["file"]: d["sha256"] for d in docs.values()},
            "documents": docs,
            "counts": {
                "chunks": len(chunks),
                "vectors": len(rows),
                "per_language": per_lang,
                "translation_groups_linked": linked,
                "empty_headings": len(empty),
            },
            "empty_headings": empty,
            # e5's offset for each language's translations, removed at retrieval (ingest/language_shift.py)
            "language_shift": language_shift.measure(chunks, rows, vecs),
            # how close each chunk sits to text in general, removed for long posts (ingest/hubs.py)
            "hubs": hubs.measure(chunks, rows, vecs),
            "skipped": [{"file": s.path.name, "reason": s.reason} for s in skipped],
        }
        content = BuildContent(
            chunks,
            rows,
            vecs,
            [lexical_tokens(c) for c in chunks],
            manifest,
            {src.path.name: src.raw for src in sources},
        )
        build = writer.publish(content)
    return IngestReport(
        index_dir if isinstance(index_dir, Path) else Path(index_dir.location),
        Path(build),
        len(chunks),
        {k: {kk: v[kk] for kk in ("file", "language", "shape", "chunks", "empty_headings")} for k, v in docs.items()},
        linked,
        empty,
        [{"file": str(s.path), "reason": s.reason} for s in skipped],
        embedded,
        len(rows) - embedded,
        time.perf_counter() - t0,
        warnings=[f"skipped {s.path.name}: {s.reason}" for s in skipped],
    )


def report_json(report: IngestReport) -> str:
    return json.dumps(report.to_json(), indent=2, ensure_ascii=False)
