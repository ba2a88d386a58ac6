"""Milvus as the store (Milvus Lite here): same answers as the index folder, metadata as fields,
incremental and atomic ingest (a new build, then the alias switch), a killed ingest changes nothing."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from faqbot.bot.evaluation.evaluate import read_questions
from faqbot.bot.service import Bot
from faqbot.ingest.pipeline import run_ingest
from faqbot.ingest.store import StoreError, StoreSpec, current_version, open_store
from faqbot.ingest.textproc import query_tokens

from tests.support import CHUNKS_PER_DOC, CORPUS, ROOT, TOTAL_CHUNKS, free_port, milvus_lite_server

MARKER = "ZQX-4711"
CHANGE = (
    f"\nIf the job then fails with the Zorblax quota error {MARKER}, the frobnicator pool is exhausted: "
    "raise zorblax.pool.size to 64 in the Other Configuration field and restart the job.\n"
)
MARKER_Q = f"What does the Zorblax quota error {MARKER} mean?"


def cites_marker(citations: list) -> bool:
    return any(MARKER in (c["text"] if isinstance(c, dict) else c.text) for c in citations)


def changed_corpus(dst: Path) -> Path:
    """The real corpus with one entry changed (the last answer of one document gains a paragraph)."""
    shutil.copytree(CORPUS, dst)
    f = dst / "data-validity-faq.en.txt"
    f.write_text(f.read_text(encoding="utf-8").rstrip("\n") + "\n" + CHANGE, encoding="utf-8")
    return dst


@pytest.fixture(scope="module")
def spec(milvus_copy_factory) -> StoreSpec:
    return StoreSpec.parse(f"milvus:{milvus_copy_factory()}", Path("unused"))


@pytest.fixture(scope="module")
def mstore(spec):
    return open_store(spec)


def test_spec_parsing_and_bad_specs(tmp_path):
    assert StoreSpec.parse(None, tmp_path).kind == "faiss"
    assert StoreSpec.parse("milvus:http://db.internal:19530", tmp_path).uri == "http://db.internal:19530"
    for bad in ("milvus:", "pinecone:x", "milvus:./faq.sqlite"):
        with pytest.raises(StoreError, match="milvus"):
            StoreSpec.parse(bad, tmp_path)


def test_chunks_metadata_and_sources(mstore):
    assert len(mstore.chunks) == TOTAL_CHUNKS
    assert {c.doc for c in mstore.chunks} == set(CHUNKS_PER_DOC)
    # metadata are fields Milvus can filter on, not only JSON
    fr = mstore.client.query(mstore.collection, filter='language == "fr"', output_fields=["doc"], limit=1000)
    assert len(fr) == CHUNKS_PER_DOC["connectors-faq.fr"][0] and {r["doc"] for r in fr} == {"connectors-faq.fr"}
    for f in CORPUS.glob("*.txt"):
        assert mstore.source(f.name) == f.read_bytes()
    assert mstore.source("../etc/passwd") is None


def test_same_retrieval_as_the_index_folder(bot, mstore):
    """Every dev question: same top entry, same abstention, BM25 scores equal to the embedded index's."""
    milvus = Bot(mstore)
    for q in read_questions(ROOT / "eval" / "dev.jsonl"):
        a, b = bot.retriever.retrieve(q.question), milvus.retriever.retrieve(q.question)
        assert [h.group for h in a.hits] == [h.group for h in b.hits], q.id
        assert a.abstained == b.abstained, q.id
        assert b.features["lex_top"] == pytest.approx(a.features["lex_top"], rel=1e-3, abs=1e-4), q.id
        assert b.features["dense_top"] == pytest.approx(a.features["dense_top"], abs=1e-4), q.id


def test_lexical_scores_match_bm25s_per_chunk(loaded, mstore):
    for text, lang in (
        ("checkpoint timeout", "en"),
        ("Kafka kafka SASL_SSL", "en"),
        ("table.exec.source.idle-timeout", "fr"),
    ):
        tokens = query_tokens(text, lang)
        a, b = loaded.lexical(tokens, text, lang), mstore.lexical(tokens, text, lang)
        assert (a > 0).any()
        np.testing.assert_allclose(b, a, rtol=1e-4, atol=1e-5)


def test_ingest_is_incremental_and_switches_the_alias(spec, mstore, tmp_path):
    before = current_version(spec)
    same = run_ingest(CORPUS, spec, progress=False)
    assert current_version(spec) == before and same.embedded == 0  # unchanged corpus: nothing written
    rep = run_ingest(changed_corpus(tmp_path / "corpus"), spec, progress=False)
    after = current_version(spec)
    assert after != before and rep.chunks == TOTAL_CHUNKS
    assert rep.embedded == 1  # only the changed answer is embedded again; its title and the rest are reused
    names = set(mstore.client.list_collections())
    assert {after, f"{after}_v", f"{after}_m", before} <= names  # the previous build stays for other replicas
    new = Bot(open_store(spec))
    assert cites_marker(new.ask(MARKER_Q).citations)
    assert mstore.client.get_collection_stats(before)["row_count"] == TOTAL_CHUNKS  # old readers unaffected


def test_two_ingests_in_a_row_keep_the_build_replicas_may_still_serve(spec, mstore, tmp_path):
    """A twenty-fourth trial published twice 10 s apart: the second ingest dropped the build the replicas were still
    serving (their swap takes 10-17 s) and 135 of 639 requests failed. A build written in the last KEEP_RECENT_S
    stays, whatever came after it."""
    built = []
    for i in range(3):
        corpus = changed_corpus(tmp_path / f"corpus{i}")
        f = corpus / "data-validity-faq.en.txt"
        f.write_text(f.read_text(encoding="utf-8") + f"\nRevision {i} of this note.\n", encoding="utf-8")
        run_ingest(corpus, spec, progress=False)
        built.append(current_version(spec))
    names = set(mstore.client.list_collections())
    assert len(set(built)) == 3 and {built[0], f"{built[0]}_v", f"{built[0]}_m"} <= names
    assert mstore.client.get_collection_stats(built[0])["row_count"] == TOTAL_CHUNKS


@pytest.mark.slow
def test_sigkill_during_milvus_ingest_keeps_the_served_build(milvus_copy_factory, tmp_path):
    """Against a Milvus server shared by processes: a killed ingest leaves the alias on the old build."""
    port = free_port()
    server = milvus_lite_server(milvus_copy_factory(), port)
    try:
        spec = StoreSpec.parse(f"milvus:http://127.0.0.1:{port}", tmp_path)
        before = current_version(spec)
        corpus = changed_corpus(tmp_path / "corpus")
        for f in corpus.glob("*.txt"):  # every chunk changes: a long embedding phase, then writing
            f.write_text(f.read_text().replace("Flink", "Apache Flink"))
        client = open_store(spec).client
        proc = subprocess.Popen(
            [sys.executable, "-m", "faqbot", "ingest", "--corpus", str(corpus), "--store", spec.kind + ":" + spec.uri],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.time() + 600
        n0 = len(client.list_collections())
        while time.time() < deadline and proc.poll() is None and len(client.list_collections()) == n0:
            time.sleep(0.05)  # killed as soon as the new build's first collection exists
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        assert current_version(spec) == before
        served = open_store(spec)
        assert len(served.chunks) == TOTAL_CHUNKS
        assert Bot(served).ask("kafka SASL_SSL SCRAM-SHA-256 jaas").citations
        # the next ingest completes and drops the orphaned collections
        run_ingest(CORPUS, spec, progress=False)
        left = [n for n in client.list_collections() if n.startswith("faqbot_b")]
        assert len(left) <= 6, left  # the served build and the one before it, 3 collections each
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def test_scale_bench_measures_every_lite_index_and_reports_what_ran_out_of_time(tmp_path):
    """`faqbot bench --scale --store milvus:…` on a small collection: every index type Lite builds
    gets a row; exact search has recall 1; with the deadline past, each configuration is still
    listed, as not run, instead of being left out; `faqbot bench` keeps the Milvus sections."""
    from faqbot.bench import milvus_scale, run, store_bench

    ins, rows = milvus_scale.bench_size(3_000, n_queries=20, log=lambda _s: None)
    assert ins is not None and ins.n == 3_000 and ins.rows_per_s > 0
    assert {r.index for r in rows} == {"Lite FLAT", "Lite IVF_FLAT", "Lite IVF_SQ8", "Lite HNSW", "Lite HNSW_SQ"}
    flat = next(r for r in rows if r.index == "Lite FLAT")
    assert flat.recall_at_10 == 1.0 and flat.queries == 20 and flat.p95_ms > 0 and not flat.note
    assert all(0 <= r.recall_at_10 <= 1 and r.load_avg >= 0 for r in rows)

    _, late = milvus_scale.bench_size(1_000, n_queries=5, log=lambda _s: None, deadline=time.time() - 1)
    assert {r.index for r in late} == {r.index for r in rows}
    assert all(r.note.startswith("not run") and r.queries == 0 for r in late)

    page = tmp_path / "benchmarks.md"
    page.write_text(f"# Benchmarks\nold figures\n\n{run.MILVUS_SECTIONS}\n", encoding="utf-8")
    result = {"started": "s", "finished": "f", "load_avg_start": 1.0, "load_avg_end": 2.0, "1000": {"rows": []}}
    result["1000"]["insert"] = ins.to_json()
    section = milvus_scale.markdown(result)
    store_bench.write_section(page, section, milvus_scale.BEGIN, milvus_scale.END)
    run._write_page(page, "# Benchmarks\nnew figures\n")
    text = page.read_text(encoding="utf-8")
    assert "new figures" in text and "old figures" not in text and section in text


@pytest.mark.slow
def test_a_milvus_server_restarted_or_hung_is_recovered_from_or_said(milvus_copy_factory, tmp_path):
    """A twenty-fourth trial: after the Milvus server restarted, replicas failed every search ("collection ... is in
    state 'released'") until restarted; with it hung (SIGSTOP), a search answered after 75-100 s. A released build is
    loaded again; a search the server does not answer fails within SEARCH_TIMEOUT_S, as a StoreError naming the fix."""
    from faqbot.ingest.milvus_store import SEARCH_TIMEOUT_S
    from faqbot.ingest.store_protocol import StoreError

    data, port = milvus_copy_factory(), free_port()
    server = milvus_lite_server(data, port)
    try:
        bot = Bot(open_store(StoreSpec.parse(f"milvus:http://127.0.0.1:{port}", tmp_path)))
        first = [c.title for c in bot.ask("kafka SASL_SSL SCRAM-SHA-256 jaas").citations]
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        server = milvus_lite_server(data, port)  # the same data, every collection released
        assert [c.title for c in bot.ask("kafka SASL_SSL SCRAM-SHA-256 jaas").citations] == first

        os.killpg(server.pid, signal.SIGSTOP)
        t0 = time.monotonic()
        with pytest.raises(StoreError, match="did not answer the search"):
            bot.ask("paimon no space left on device")
        assert time.monotonic() - t0 < 4 * SEARCH_TIMEOUT_S + 10
        os.killpg(server.pid, signal.SIGCONT)
        assert bot.ask("paimon no space left on device").citations
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
