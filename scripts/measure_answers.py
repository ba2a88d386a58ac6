"""Measure the extractive composer and the LLM's passage on cached retrievals (docs/eval.md, issue 24).

    python scripts/measure_answers.py --index INDEX [--cache answers-cache.json] [--json] [--rows]

Retrieval does not depend on the composer, so each set is retrieved once (the first run, or with
--refresh) and the retrievals are cached as JSON (chunk ids, scores, decision, term weights); every
later run re-reads the index's chunks and composes again in seconds. Per set: the fact rate (the
answer holds a needle), the fact rate given the right entry (the first cited entry, in the version
cited, holds a needle: the composer's share), the language-neutral fact, answer chars p50 / p90
(answers to in-scope questions), the language-neutral needle inside the LLM passage, and the
composition time p50. Every question the retrieval finds an entry for is answered (as
tests.support.answering does: what an answer holds, whatever outcome the shipped decision picks)
unless --shipped-decision. --reparts splits the entries' parts again from their bodies
(ingest/parts.py as it is now), so a change there is measured without a new ingest.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path

import numpy as np
from faqbot.bot.answers.compose import compose
from faqbot.bot.dialogue.requests import focus
from faqbot.bot.evaluation.evaluate import contains_needle, read_questions
from faqbot.bot.evaluation.llm_eval import neutral_needles
from faqbot.bot.llm.prompt import passage_for
from faqbot.bot.retrieval.decision import ANSWER, Decision
from faqbot.bot.retrieval.retrieve import Hit, Retrieval
from faqbot.ingest.folder_store import _read_jsonl, current_build
from faqbot.ingest.records import Chunk

SETS = {
    "dev": ("eval/dev.jsonl", None),
    "calibration": ("eval/calibration.jsonl", None),
    "zh-short": ("eval/zh-short.jsonl", None),
    "other-langs": ("eval/other-langs.jsonl", None),
    "posts-test": ("eval/posts.jsonl", "test"),
}


def _hit_json(h: Hit) -> dict:
    return {
        "group": h.group,
        "chunk": h.chunk.id,
        "versions": [v.id for v in h.versions],
        "score": h.score,
        "dense": h.dense,
        "lexical": h.lexical,
        "other_language": h.other_language,
    }


def _retrieval_json(r: Retrieval) -> dict:
    return {
        "query": r.query,
        "language": r.language,
        "detected": r.detected,
        "hits": [_hit_json(h) for h in r.hits],
        "decision": r.decision.to_json(),
        "latency_ms": r.latency_ms,
        "term_weights": r.term_weights,
    }


def _retrieval(d: dict, chunks: dict[str, Chunk], answering: bool = True) -> Retrieval:
    hits = [
        Hit(
            h["group"],
            chunks[h["chunk"]],
            [chunks[v] for v in h["versions"]],
            h["score"],
            h["dense"],
            h["lexical"],
            h["other_language"],
        )
        for h in d["hits"]
    ]
    dec = d["decision"]
    if answering and hits:  # what an answer holds, whatever outcome the shipped model picks (tests.support.answering)
        dec = {**dec, "outcome": ANSWER, "reason": "confident"}
    return Retrieval(
        d["query"],
        d["language"],
        d["detected"],
        hits,
        Decision(dec["outcome"], dec["probability"], dec["reason"]),
        latency_ms=d["latency_ms"],
        term_weights=d["term_weights"],
    )


def retrieve_all(index: Path) -> dict:
    from faqbot.bot.service import Bot

    bot = Bot(index)
    out: dict = {}
    for name, (path, split) in SETS.items():
        out[name] = {}
        for q in read_questions(Path(path), split):
            out[name][q.id] = _retrieval_json(bot.retrieve(q.question))
    return out


def load_chunks(index: Path, reparts: bool) -> dict[str, Chunk]:
    chunks = [Chunk.from_json(d) for d in _read_jsonl(current_build(index) / "chunks.jsonl")]
    if reparts:
        from faqbot.ingest.parts import split_parts

        for c in chunks:
            c.parts, c.fix = split_parts(c.body)
    return {c.id: c for c in chunks}


def _entries(chunks: dict[str, Chunk]) -> list[list[Chunk]]:
    groups: dict[str, list[Chunk]] = {}
    for c in chunks.values():
        groups.setdefault(c.translation_group or c.id, []).append(c)
    return list(groups.values())


def _entry_text(chunks: list[Chunk]) -> str:
    return "\n".join(v.title + "\n" + v.body for v in chunks)


def measure_set(
    path: str, split: str | None, cache: dict, chunks: dict[str, Chunk], entries: list, answering: bool = True
) -> tuple[dict, list]:
    rows = []
    for q in read_questions(Path(path), split):
        r = _retrieval(cache[q.id], chunks, answering)
        t0 = time.perf_counter()
        a = compose(r, q.question, focus(q.question, []))
        ms = (time.perf_counter() - t0) * 1000
        row: dict = {"id": q.id, "in_scope": q.in_scope, "chars": None if a.abstained else len(a.text), "ms": ms}
        if q.in_scope:
            # the cited version itself holds a needle: the fact is in what the composer quotes from
            first = chunks.get(a.citations[0].chunk_id) if a.citations else None
            neutral = neutral_needles(q.needles, entries)
            row["fact"] = not a.abstained and contains_needle(a.text, q.needles)
            row["right"] = first is not None and contains_needle(_entry_text([first]), q.needles)
            row["neutral"] = contains_needle(a.text, neutral) if neutral and not a.abstained else None
            if neutral and r.hits and r.decision.outcome == ANSWER:
                passage = passage_for(r, q.question)
                row["passage"] = contains_needle(passage, neutral)
                row["passage_chars"] = len(passage)
                # what source [1] of the prompt holds: the entry's title (its tag's title="...") and the passage
                row["source"] = contains_needle(r.hits[0].chunk.title + "\n" + passage, neutral)
            row["answer"] = a.text
        rows.append(row)
    return summarize(rows), rows


def _rate(xs: list) -> str:
    xs = [x for x in xs if x is not None]
    return f"{np.mean(xs):.3f} ({sum(xs)}/{len(xs)})" if xs else "-"


def _pct(xs: list, q: int) -> int | None:
    xs = [x for x in xs if x is not None]
    return round(float(np.percentile(xs, q))) if xs else None


def summarize(rows: list[dict]) -> dict:
    ins = [r for r in rows if r["in_scope"]]
    chars = [r["chars"] for r in ins if r["chars"] is not None]  # answers to in-scope questions
    return {
        "fact": _rate([r["fact"] for r in ins]),
        "fact|right": _rate([r["fact"] for r in ins if r["right"]]),
        "neutral": _rate([r["neutral"] for r in ins]),
        "p50": round(float(np.percentile(chars, 50))) if chars else None,
        "p90": round(float(np.percentile(chars, 90))) if chars else None,
        "passage": _rate([r.get("passage") for r in ins]),
        "source": _rate([r.get("source") for r in ins]),
        "passage_p50": _pct([r.get("passage_chars") for r in ins], 50),
        "passage_p90": _pct([r.get("passage_chars") for r in ins], 90),
        "ms_p50": round(float(np.percentile([r["ms"] for r in rows], 50)), 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--cache", type=Path, default=Path("answers-cache.json"))
    ap.add_argument("--refresh", action="store_true", help="retrieve again even when the cache exists")
    ap.add_argument("--reparts", action="store_true", help="split the entries' parts again (ingest/parts.py)")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--shipped-decision", action="store_true", help="the shipped model's outcome (default: answer)")
    ap.add_argument("--set", action="append", default=[], help="a variant: MODULE.NAME=VALUE (bot.parts.BUDGET=420)")
    ap.add_argument("--misses", action="store_true", help="list the questions whose answer or passage misses")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--rows", type=Path, help="write every answer and its outcome here (JSON)")
    a = ap.parse_args(argv)
    if a.refresh or not a.cache.exists():
        a.cache.write_text(json.dumps(retrieve_all(a.index)), encoding="utf-8")
    cache = json.loads(a.cache.read_text(encoding="utf-8"))
    for assignment in a.set:
        name, value = assignment.split("=", 1)
        module, attr = name.rsplit(".", 1)
        setattr(importlib.import_module(f"faqbot.{module}"), attr, json.loads(value))
    chunks = load_chunks(a.index, a.reparts)
    entries = _entries(chunks)
    results, all_rows = {}, {}
    for name in a.sets.split(","):
        path, split = SETS[name]
        results[name], all_rows[name] = measure_set(path, split, cache[name], chunks, entries, not a.shipped_decision)
    if a.rows:
        a.rows.write_text(json.dumps(all_rows, ensure_ascii=False, indent=1), encoding="utf-8")
    if a.json:
        json.dump(results, sys.stdout, indent=1)
        return 0
    cols = ["fact", "fact|right", "neutral", "p50", "p90", "passage", "source", "passage_p50", "passage_p90"]
    print(f"{'set':12}" + "".join(f"{c:>15}" for c in cols) + "  ms_p50")
    for name, m in results.items():
        print(f"{name:12}" + "".join(f"{str(m[c]):>15}" for c in cols) + f"  {m['ms_p50']}")
        if a.misses:
            rows = [r for r in all_rows[name] if r["in_scope"]]
            wrong = sum(not r["fact"] and not r["right"] for r in rows)
            print(
                "  fact missed:",
                " ".join(r["id"] for r in rows if r["right"] and not r["fact"]),
                f"(+{wrong} wrong entry)",
            )
            print("  needle not in passage:", " ".join(r["id"] for r in rows if r.get("passage") is False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
