"""Latency figures: p50/p95 computed and rounded in one place (bot/evaluate.percentiles)."""

from __future__ import annotations

from faqbot.bot.evaluation.evaluate import percentiles
from faqbot.bot.evaluation.llm_eval import summarize_answers


def _row(ttft: float | None, total: float) -> dict:
    return {
        "raw_cites": None, "fallback": False, "raw_markers": None, "raw_invalid_markers": None,
        "fact": True, "cites": True, "abstained": False, "markers": 0, "valid_markers": 0,
        "support": None, "lang_ok": True, "escaped": False, "unsupported_terms": [],
        "ttft_ms": ttft, "total_ms": total, "tokens_per_s": None,
    }  # fmt: skip


def test_percentiles_round_to_a_tenth():
    assert percentiles([1.0, 2.0, 3.0, 4.0]) == (2.5, 3.8)  # 3.85 in binary is a hair below
    assert percentiles([10.04, 10.04]) == (10.0, 10.0)
    assert percentiles([1.234, 5.678], 2) == (3.46, 5.46)


def test_answer_latencies_use_the_same_percentiles():
    rows = [_row(None, 100.0), _row(12.345, 200.0), _row(20.0, 300.0), _row(40.0, 1000.0)]
    m = summarize_answers(rows)
    # time to first token only over the answers an LLM started: extractive ones have none
    assert (m["ttft_p50_ms"], m["ttft_p95_ms"]) == percentiles([12.345, 20.0, 40.0]) == (20.0, 38.0)
    assert (m["latency_p50_ms"], m["latency_p95_ms"]) == percentiles([100.0, 200.0, 300.0, 1000.0])
    assert m["tokens_per_s_p50"] is None  # nothing measured, not 0
