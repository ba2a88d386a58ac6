"""`faqbot eval`: the metrics of eval/README.md over a question file."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from faqbot.bot.answers.answer import Answer
from faqbot.bot.evaluation.stats import percentiles
from faqbot.ingest.records import Chunk

if TYPE_CHECKING:
    from faqbot.bot.evaluation.fit import Row
    from faqbot.bot.retrieval.retrieve import Hit, HybridRetriever
    from faqbot.bot.service import Bot


@dataclass
class EvalQuestion:
    id: str
    lang: str
    question: str
    needles: list[str]
    answer_langs: list[str]
    kind: str
    topic: str = ""
    split: str = ""  # posts.jsonl: tune or test half
    repo: str = ""  # real-posts.jsonl: the source repository (or site), the unit of cross-validation

    @property
    def in_scope(self) -> bool:
        return self.kind != "out-of-scope" and bool(self.needles)


def read_questions(path: Path, split: str | None = None) -> list[EvalQuestion]:
    """The questions of a file; with split ("tune", or several: "tune,train"), only those of that part
    (questions without one are kept)."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            out.append(
                EvalQuestion(
                    d["id"],
                    d.get("lang", ""),
                    d["question"],
                    list(d.get("needles", [])),
                    list(d.get("answer_langs", [])),
                    d.get("kind", ""),
                    d.get("topic", ""),
                    d.get("split", ""),
                    d.get("repo", ""),
                )
            )
        except (ValueError, KeyError) as exc:
            raise ValueError(f"{path}:{n}: not a question line ({exc}); see the eval README for the format") from exc
    keep = {p.strip() for p in split.split(",")} if split else set()
    return [q for q in out if not keep or not q.split or q.split in keep]


def contains_needle(text: str, needles: list[str]) -> bool:
    low = text.lower()
    return any(n.lower() in low for n in needles)


def score_one(q: EvalQuestion, a: Answer, ranked_texts: list[str], shown_texts: list[str] | None = None) -> dict:
    """Per-question outcome; ranked_texts are the retrieved entries' texts, best first, shown_texts
    those of the entries the user was shown (the answer's citations), in the order shown."""
    hits = [contains_needle(t, q.needles) for t in ranked_texts] if q.in_scope else []
    rank = next((i + 1 for i, h in enumerate(hits) if h), None)
    shown = [contains_needle(t, q.needles) for t in shown_texts or []] if q.in_scope else []
    return {
        "id": q.id,
        "lang": q.lang,
        "kind": q.kind,
        "in_scope": q.in_scope,
        "abstained": a.abstained,
        "outcome": a.decision.outcome,
        "shown_first": bool(shown[:1] and shown[0]),
        "shown_any": any(shown),
        "hit1": bool(hits[:1] and hits[0]),
        "hit5": any(hits[:5]),
        "rr": 1.0 / rank if rank else 0.0,
        "lang_match": (a.citations[0].language == q.lang) if (a.citations and q.lang in q.answer_langs) else None,
        "fact": contains_needle(a.text, q.needles) if q.in_scope else None,
        "latency_ms": a.timings.get("total_ms", 0.0),
        "answer_chars": None if a.abstained else len(a.text),
    }


def labelled_features(retriever: HybridRetriever, files: list[Path], split: str | None) -> tuple[list[dict], list[int]]:
    """The abstention features of every question of the files, and 1 for in scope / 0 for out."""
    qs = [q for f in files for q in read_questions(f, split)]
    return [retriever.retrieve(q.question).features for q in qs], [1 if q.in_scope else 0 for q in qs]


def labelled_rows(retriever: HybridRetriever, files: list[Path], split: str | None) -> list[Row]:
    """The decision's view of every question of the files: features, label, source repository, and
    where retrieval ranks the right entry (for the cost of each outcome, bot/evaluation/fit.py)."""
    from faqbot.bot.answers.compose import SEE_ALSO_MARGIN
    from faqbot.bot.evaluation.fit import Row

    rows = []
    for q in (q for f in files for q in read_questions(f, split)):
        r = retriever.retrieve(q.question)
        texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in r.hits]
        rank = next((i + 1 for i, t in enumerate(texts) if q.in_scope and contains_needle(t, q.needles)), None)
        top = r.hits[0].score if r.hits else 0.0
        shows = 1 + sum(h.score >= top - SEE_ALSO_MARGIN for h in r.hits[1:3])
        rows.append(Row(r.features, int(q.in_scope), q.repo, rank, shows, q.id))
    return rows


def summarize(rows: list[dict]) -> dict:
    ins = [r for r in rows if r["in_scope"]]
    outs = [r for r in rows if not r["in_scope"]]
    lm = [r["lang_match"] for r in ins if r["lang_match"] is not None]
    lat = [r["latency_ms"] for r in rows]
    chars = [r["answer_chars"] for r in rows if r.get("answer_chars") is not None]

    def mean(xs: list) -> float | None:
        return round(float(np.mean(xs)), 3) if xs else None

    return {
        "n": len(rows),
        "in_scope": len(ins),
        "out_of_scope": len(outs),
        "hit@1": mean([r["hit1"] for r in ins]),
        "hit@5": mean([r["hit5"] for r in ins]),
        "mrr": mean([r["rr"] for r in ins]),
        "lang_match": mean(lm),
        "answer_has_fact": mean([bool(r["fact"]) and not r["abstained"] for r in ins]),
        "abstain_caught": mean([r["abstained"] for r in outs]),
        "false_abstain": mean([r["abstained"] for r in ins]),
        # the decision's three outcomes (bot/retrieval/decision.py): the right entry shown first, among the
        # entries shown; an out-of-scope question given a confident answer; closest entries shown
        "shown@1": mean([r.get("shown_first", False) for r in ins]),
        "shown_any": mean([r.get("shown_any", False) for r in ins]),
        "oos_answered": mean([r.get("outcome") == "answer" for r in outs]),
        "closest": mean([r.get("outcome") == "closest" for r in rows]),
        "latency_p50_ms": percentiles(lat)[0] if lat else None,
        "latency_p95_ms": percentiles(lat)[1] if lat else None,
        # length of the answers given (not abstentions): the targets are in docs/eval.md
        "chars_p50": round(float(np.percentile(chars, 50))) if chars else None,
        "chars_p90": round(float(np.percentile(chars, 90))) if chars else None,
    }


def breakdown(rows: list[dict]) -> dict:
    out: dict[str, dict] = {"overall": summarize(rows)}
    for key in ("lang", "kind"):
        for val in sorted({r[key] for r in rows}):
            out[f"{key}={val}"] = summarize([r for r in rows if r[key] == val])
    return out


def format_table(metrics: dict) -> str:
    cols = [
        "n",
        "hit@1",
        "hit@5",
        "mrr",
        "lang_match",
        "answer_has_fact",
        "abstain_caught",
        "false_abstain",
        "shown@1",
        "shown_any",
        "oos_answered",
        "closest",
        "latency_p50_ms",
        "latency_p95_ms",
        "chars_p50",
        "chars_p90",
    ]
    head = f"{'slice':24}" + "".join(f"{c[:14]:>15}" for c in cols)
    lines = [head]
    for name, m in metrics.items():
        lines.append(f"{name:24}" + "".join(f"{'-' if m[c] is None else m[c]:>15}" for c in cols))
    return "\n".join(lines)


@dataclass
class EvalRun:
    metrics: dict  # per slice (overall, lang=.., kind=..)
    rows: list[dict]  # per-question outcome
    outputs: list[dict]  # per-question answer and citations, for --out
    answers: dict = field(default_factory=dict)  # answer metrics per slice (llm_eval.summarize_answers)


def shown_entry_texts(a: Answer, hits: list[Hit]) -> list[str]:
    """The text (every language version) of each entry the answer cites, in the order shown."""
    by_chunk = {v.id: h for h in hits for v in h.versions}
    shown = [by_chunk[c.chunk_id] for c in a.citations if c.chunk_id in by_chunk]
    return ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in shown]


def _entries(bot: Bot) -> list[list[Chunk]]:
    chunks = bot.retriever.chunks
    return [[chunks[i] for i in members] for members in bot.retriever.group_members]


def evaluate(
    bot: Bot,
    questions: list[EvalQuestion],
    support: bool | None = None,
    on_row: Callable[[dict], None] | None = None,
) -> EvalRun:
    """Ask every question; score the answer and the ranked entries (all language versions) against its needles.

    Answer metrics (llm_eval) come with every run; support, which embeds every answer sentence,
    by default only when an LLM writes the answers. on_row sees each question's output as it ends.
    """
    from faqbot.bot.evaluation.llm_eval import SupportScorer, answer_row, expected_language, neutral_needles

    scorer = SupportScorer(bot.retriever.embedder) if (bot.llm is not None if support is None else support) else None
    entries = _entries(bot)
    rows, outputs, answer_rows = [], [], []
    for q in questions:
        r = bot.retrieve(q.question)  # what the answer is built from, the LLM's entry check included
        *_, a = bot.stream(q.question, retrieval=r)
        texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in r.hits]
        rows.append(score_one(q, a, texts, shown_entry_texts(a, r.hits)))
        out = {
            "id": q.id,
            "question": q.question,
            "language": a.language,
            "abstained": a.abstained,
            "decision": a.decision.to_json(),
            "answer": a.text,
            "backend": a.backend,
            "latency_ms": a.timings.get("total_ms"),
            "timings": a.timings,
            "checks": a.checks,
            "entry_check": r.entry_check,
            "citations": [
                {"chunk_id": c.chunk_id, "doc": c.doc, "title": c.title, "language": c.language, "text": c.text}
                for c in a.citations
            ],
        }
        if q.in_scope:
            ids = {c.chunk_id for c in a.citations}
            cited = [v for h in r.hits if any(v.id in ids for v in h.versions) for v in h.versions]
            neutral = neutral_needles(q.needles, entries)
            row = answer_row(a, expected_language(q.lang), neutral, cited, scorer)
            answer_rows.append({"id": q.id, "lang": q.lang, "kind": q.kind, **row})
            out["answer_metrics"] = row
        outputs.append(out)
        if on_row:
            on_row(out)
    return EvalRun(breakdown(rows), rows, outputs, answer_breakdown(answer_rows))


def answer_breakdown(rows: list[dict]) -> dict:
    from faqbot.bot.evaluation.llm_eval import summarize_answers

    out = {"overall": summarize_answers(rows)}
    for val in sorted({r["lang"] for r in rows}):
        out[f"lang={val}"] = summarize_answers([r for r in rows if r["lang"] == val])
    return out


def format_answer_table(metrics: dict) -> str:
    from faqbot.bot.evaluation.llm_eval import ANSWER_COLUMNS

    head = f"{'answers (in scope)':24}" + "".join(f"{c[:14]:>15}" for c in ANSWER_COLUMNS)
    lines = [head]
    for name, m in metrics.items():
        lines.append(f"{name:24}" + "".join(f"{'-' if m[c] is None else m[c]:>15}" for c in ANSWER_COLUMNS))
    return "\n".join(lines)
