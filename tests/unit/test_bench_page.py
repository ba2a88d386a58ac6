"""docs/benchmarks.md is written from what `faqbot bench` measured, corpus size included."""

from __future__ import annotations

from faqbot.bench.pressure import PressureResult
from faqbot.bench.run import _markdown


def _result(chunks: int, vectors: int) -> dict:
    load = {"clients": 5, "per_client": 10, "requests": 50, "errors": 0, "error_samples": [], "p50_ms": 90.0,
            "p95_ms": 150.0, "max_ms": 200.0, "seconds": 2.0, "throughput_rps": 25.0}  # fmt: skip
    return {
        "machine": {"cpu": "test cpu", "cores": 2, "memory_gb": 24.0, "python": "3.11", "faiss": "1", "gradio": "6"},
        "ingest_cold_s": 45.0,  # over its target: the page explains why
        "ingest_unchanged_s": 0.5,
        "corpus": {"chunks": chunks, "vectors": vectors},
        "cold_start_s": 2.0,
        "answer_p50_ms": 20.0, "answer_p95_ms": 40.0, "retrieval_p50_ms": 10.0, "retrieval_p95_ms": 20.0,
        "posts": {"n": 0, "p50_ms": None, "p95_ms": None, "long_n": 0, "long_p50_ms": None},
        "rss_mb_bot_loaded": 300.0,
        "serving": {"server_ready_s": 5.0, "rss_mb_after_load": 400.0, "load": load,
                    "pressure": PressureResult(attackers=2, seconds=15).__dict__},
    }  # fmt: skip


def test_the_page_states_the_corpus_measured_not_a_typed_count():
    page = _markdown(_result(chunks=7, vectors=20))
    assert "cold ingest of corpus/ (7 chunks, 20 vectors) | 45.0 s" in page
    assert "embedding 20 texts with e5-small" in page
    assert "149" not in page and "417" not in page


def test_insights_section_replaces_every_earlier_one():
    """A merge once left two Insights sections in docs/benchmarks.md; rewriting keeps one."""
    from faqbot.bench.run import INSIGHTS_END, INSIGHTS_START, without_insights

    block = f"{INSIGHTS_START}\nold figures\n{INSIGHTS_END}\n"
    left = without_insights(f"# Benchmarks\nintro\n\n{block}{block}\nrest\n")
    assert INSIGHTS_START not in left and "old" not in left
    assert left.startswith("# Benchmarks\nintro") and left.endswith("rest\n")
