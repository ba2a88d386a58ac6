"""Metrics of composed answers, generated or extractive (`faqbot eval`, docs/eval-llm.md).

A paraphrasing model cannot be judged by exact sentences, and a French answer will not hold an
English one; so an answer is judged on what survives paraphrase and translation:
- fact: on questions whose gold fact is language-neutral (a needle that every language version of
  the gold entry holds verbatim, and that is code-like when the entry has one version), whether the
  answer holds it verbatim;
- support: the share of answer sentences close enough (multilingual embedder, cosine) to a
  sentence of the cited entry, in any of its languages; the threshold is calibrated on extractive
  answers (`calibrate_support`);
- citations, language, "not covered" escapes, fallbacks, quoted terms absent from the source,
  time to first token, latency and tokens per second.
"""

from __future__ import annotations

import re

import numpy as np
from faqbot.bot.answers.answer import Answer, cited_numbers
from faqbot.bot.evaluation.stats import percentiles
from faqbot.bot.llm.checks import SupportScorer, answer_language, refuses
from faqbot.ingest.langdetect import strip_code
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import SUPPORTED


def _code_like(needle: str) -> bool:
    """At most one word of prose once identifiers, code and values are taken out."""
    return len(re.findall(r"[^\W\d_]{2,}", strip_code(needle))) <= 1


def neutral_needles(needles: list[str], entries: list[list[Chunk]]) -> list[str]:
    """Needles that every language version of an entry holding them quotes verbatim."""
    out = []
    for n in needles:
        low = n.lower()
        for versions in entries:
            held = [low in (c.title + "\n" + c.body).lower() for c in versions]
            if any(held) and all(held) and (len(versions) > 1 or _code_like(n)):
                out.append(n)
                break
    return out


def youden_threshold(pos: list[float], neg: list[float]) -> float:
    """The cut that best separates supported (pos) from unsupported (neg) similarities."""
    best, best_j = 0.0, -1.0
    for t in sorted(set(pos) | set(neg)):
        j = np.mean([p >= t for p in pos]) - np.mean([n >= t for n in neg])
        if j > best_j:
            best, best_j = t, float(j)
    return round(best, 3)


def calibrate_support(retriever, questions: list[tuple[str, str]], scorer: SupportScorer) -> dict:
    """Support threshold from extractive answers: each sentence the extractive composer quotes from
    the top entry, scored against that entry's other language version (supported: a translation)
    and against the runner-up entry in the same language (unsupported: a near miss)."""
    from faqbot.bot.answers.compose import select

    pos: list[float] = []
    neg: list[float] = []
    for question, lang in questions:
        r = retriever.retrieve(question, language=lang or None)
        if r.abstained or len(r.hits) < 2:
            continue
        top = r.hits[0]
        for other in (v for v in top.versions if v.language != top.chunk.language):
            rival = next((v for v in r.hits[1].versions if v.language == other.language), None)
            if rival is None:
                continue
            extract, _ = select(top.chunk.body, question, top.chunk.language)
            pos += scorer.scores(extract, [other])
            neg += scorer.scores(extract, [rival])
            break
    t = youden_threshold(pos, neg)
    return {
        "threshold": t,
        "positives": len(pos),
        "negatives": len(neg),
        "supported_at_threshold": _mean([p >= t for p in pos]),
        "near_misses_at_threshold": _mean([n >= t for n in neg]),
    }


def answer_row(a: Answer, expected_lang: str, neutral: list[str], cited: list[Chunk], scorer: SupportScorer | None):
    """The answer metrics of one in-scope question (generated or extractive)."""
    checks = a.checks
    fell_back = "fallback" in a.backend
    generated = "raw" in checks and not fell_back  # checks may hold only the entry check
    raw = checks.get("raw", "")
    lang, _conf = answer_language(a.text)
    # support judges the model's own sentences, not the source code faqbot attached under them
    judged = checks.get("model_text", a.text) if generated else a.text
    scores = scorer.scores(judged, cited) if scorer and not a.abstained else []
    return {
        "abstained": a.abstained,
        "generated": generated,
        "fallback": fell_back,
        "fallback_reason": checks.get("fallback", ""),
        "cites": bool(cited_numbers(a.text)) and all(1 <= n <= len(a.citations) for n in cited_numbers(a.text)),
        "markers": len(cited_numbers(a.text)),
        "valid_markers": sum(1 <= n <= len(a.citations) for n in cited_numbers(a.text)),
        "raw_cites": bool(cited_numbers(raw)) if "raw" in checks else None,
        "raw_markers": checks.get("markers"),
        "raw_invalid_markers": checks.get("invalid_markers"),
        "unsupported_terms": checks.get("unsupported", []),
        "escaped": a.abstained or refuses(a.text) or checks.get("fallback", "").startswith("it said the FAQ"),
        "answer_lang": lang,
        "lang_ok": lang == expected_lang,
        "fact": any(n.lower() in a.text.lower() for n in neutral) if neutral else None,
        "support": (sum(x >= scorer.threshold for x in scores) / len(scores)) if scorer and scores else None,
        "support_scores": [round(x, 4) for x in scores],
        "ttft_ms": a.timings.get("llm_first_token_ms"),
        "tokens_per_s": a.timings.get("llm_tokens_per_s"),
        "total_ms": a.timings.get("total_ms"),
    }


def _mean(xs: list) -> float | None:
    xs = [x for x in xs if x is not None]
    return round(float(np.mean(xs)), 3) if xs else None


def _p50_p95(xs: list) -> tuple[float | None, float | None]:
    """Over the values measured (None: not measured), rounded as every latency figure is."""
    xs = [x for x in xs if x is not None]
    return percentiles(xs) if xs else (None, None)


def summarize_answers(rows: list[dict]) -> dict:
    """Answer metrics over the in-scope questions' rows of `answer_row`."""
    llm = [r for r in rows if r["raw_cites"] is not None or r["fallback"]]
    markers = sum(r["raw_markers"] or 0 for r in llm)
    invalid = sum(r["raw_invalid_markers"] or 0 for r in llm)
    ttft, total = _p50_p95([r["ttft_ms"] for r in rows]), _p50_p95([r["total_ms"] for r in rows])
    return {
        "n": len(rows),
        "fact_neutral": _mean([r["fact"] for r in rows]),
        "fact_questions": sum(r["fact"] is not None for r in rows),
        "cites": _mean([r["cites"] for r in rows if not r["abstained"]]),
        "valid_markers": _mean([r["valid_markers"] / r["markers"] for r in rows if r["markers"]]),
        "support": _mean([r["support"] for r in rows]),
        "lang_match": _mean([r["lang_ok"] for r in rows if not r["abstained"]]),
        "not_covered": _mean([r["escaped"] for r in rows]),
        "fallback": _mean([r["fallback"] for r in llm]) if llm else None,
        "model_cites": _mean([r["raw_cites"] for r in llm]),
        "model_valid_markers": round(1 - invalid / markers, 3) if markers else None,
        "term_not_in_source": _mean([bool(r["unsupported_terms"]) for r in llm]) if llm else None,
        "ttft_p50_ms": ttft[0],
        "ttft_p95_ms": ttft[1],
        "latency_p50_ms": total[0],
        "latency_p95_ms": total[1],
        "tokens_per_s_p50": _p50_p95([r["tokens_per_s"] for r in rows])[0],
    }


ANSWER_COLUMNS = [
    "n",
    "fact_neutral",
    "cites",
    "valid_markers",
    "support",
    "lang_match",
    "not_covered",
    "fallback",
    "term_not_in_source",
    "ttft_p50_ms",
    "latency_p50_ms",
    "latency_p95_ms",
    "tokens_per_s_p50",
]


def expected_language(question_lang: str) -> str:
    return question_lang if question_lang in SUPPORTED else "en"
