"""`faqbot bench --insights`: the Insights view over a store of 100,000 questions.

A SQLite store is filled with questions drawn from the project's question sets (several
languages), spread over 90 days, a realistic share answered "not covered" or with the closest
entries and voted on; their vectors are stored as the views store them (one embedding per
distinct question). Then the view is computed for each period, as the page and the HTML report do.
A second store holds the same questions with no vector yet (a new deployment, or a store filled before
the page was first opened): its first view, and how long the server's background thread takes to read
them all.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
import uuid
from pathlib import Path

import numpy as np

SETS = ("dev.jsonl", "calibration.jsonl", "zh-short.jsonl", "other-langs.jsonl", "posts.jsonl")
RUNS = 2  # each period's view timed twice
DECISION_SHARE = (("answer", 0.70), ("closest", 0.15), ("not_covered", 0.15))


def _pool(eval_dir: Path) -> list[tuple[str, str]]:
    pool = []
    for name in SETS:
        f = eval_dir / name
        if f.is_file():
            for line in f.read_text(encoding="utf-8").splitlines():
                d = json.loads(line)
                pool.append((d["question"][:500], d.get("lang") or "en"))
    return pool


def fill(store, retriever, n: int, days: int = 90, seed: int = 7, vectors: bool = True) -> None:
    """n answers over `days` days, with votes and (vectors=True) the gap questions' vectors."""
    import sqlalchemy as sa
    from faqbot.ui.feedback_db import answers, qvec, votes

    rng = random.Random(seed)
    pool = _pool(Path("eval"))
    from faqbot.ui.insights_source import grouping_text

    # embedded as a view embeds them: by their reading
    vecs = retriever.embedder.embed_queries([grouping_text(q) for q, _ in pool]) if vectors else []
    chunks = retriever.store.chunks
    now = time.time()
    rows, vrows, qrows = [], [], []
    for _ in range(n):
        i = rng.randrange(len(pool))
        q, lang = pool[i]
        r = rng.random()
        decision = "answer" if r < 0.70 else ("closest" if r < 0.85 else "not_covered")
        cited = [chunks[rng.randrange(len(chunks))] for _ in range(3 if decision == "closest" else 1)]
        cits = (
            []
            if decision == "not_covered"
            else [{"n": k + 1, "chunk_id": c.id, "title": c.title} for k, c in enumerate(cited)]
        )
        aid = uuid.uuid4().hex
        rows.append(
            {"answer_id": aid, "created": now - rng.random() * days * 86400, "question": q, "language": lang,
             "abstained": decision == "not_covered", "text": "…", "citations": json.dumps(cits),
             "resolved": "", "decision": decision}
        )  # fmt: skip
        if rng.random() < 0.05:
            vote = "down" if rng.random() < 0.3 else "up"
            vrows.append({"answer_id": aid, "client": "c", "vote": vote, "comment": "", "updated": rows[-1]["created"]})
        voted_down = bool(vrows) and vrows[-1]["answer_id"] == aid and vrows[-1]["vote"] == "down"
        if vectors and (decision != "answer" or voted_down):
            qrows.append({"answer_id": aid, "vec": np.asarray(vecs[i], dtype=np.float16).tobytes()})
    with store.engine.begin() as conn:
        for table, data in ((answers, rows), (votes, vrows), (qvec, qrows)):
            for k in range(0, len(data), 5000):
                conn.execute(sa.insert(table), data[k : k + 5000])


def _load() -> list[float]:
    """The machine's load average (1, 5, 15 min): the other processes the timings shared it with."""
    return [round(x, 2) for x in os.getloadavg()]


def bench_insights(retriever, n: int = 100_000) -> dict:
    from faqbot.ui.feedback_db import SqlFeedback
    from faqbot.ui.insights_html import render
    from faqbot.ui.insights_page import frames
    from faqbot.ui.insights_source import InsightsSource

    out: dict = {"stored_questions": n}
    with tempfile.TemporaryDirectory() as tmp:
        store = SqlFeedback(str(Path(tmp) / "feedback.db"))
        t = time.perf_counter()
        fill(store, retriever, n)
        out["fill_s"] = round(time.perf_counter() - t, 1)
        source = InsightsSource(store, lambda: retriever)
        source.threshold(retriever)  # once per index, when the server starts its first view
        out["load_before"] = _load()
        for days in (7, 30, 90):
            views = []
            for _ in range(RUNS):  # the first view of a process also imports scipy
                t = time.perf_counter()
                data = source.data(days)
                frames(data)
                views.append(round(time.perf_counter() - t, 2))
            t = time.perf_counter()
            render(data, 180)
            html = time.perf_counter() - t
            out[f"{days}d"] = {
                "questions": data.questions,
                "gap_questions": data.gap_questions,
                "grouped": data.grouped,
                "groups": len(data.gaps),
                "view_s": max(views),
                "views_s": views,
                "html_s": round(html, 2),
            }
        out["load_after"] = _load()
    out["cold"] = _cold(retriever, n)
    return out


def _cold(retriever, n: int) -> dict:
    """The first 90-day view of a store whose questions have no vector yet, as the server computes it (a
    budget, the rest in the background), the time until the background thread has read them all, and the
    view after."""
    from faqbot.ui.feedback_db import SqlFeedback
    from faqbot.ui.insights_source import InsightsSource

    with tempfile.TemporaryDirectory() as tmp:
        store = SqlFeedback(str(Path(tmp) / "feedback.db"))
        fill(store, retriever, n, vectors=False)
        source = InsightsSource(store, lambda: retriever)
        source.threshold(retriever)
        t = time.perf_counter()
        first = source.data(90)
        first_s = time.perf_counter() - t
        while source.filling:
            time.sleep(0.2)
        filled_s = time.perf_counter() - t
        t = time.perf_counter()
        after = source.data(90)
        return {
            "first_view_s": round(first_s, 2),
            "pending": first.pending,
            "grouped": first.grouped,
            "filled_s": round(filled_s, 1),
            "view_after_s": round(time.perf_counter() - t, 2),
            "pending_after": after.pending,
            "groups_after": len(after.gaps),
        }


def _cold_text(c: dict | None) -> str:
    if not c:
        return ""
    return (
        f"\nNo vector stored yet (a new deployment): the first 90-day view took {c['first_view_s']} s with "
        f"{c['pending']:,} of its {c['grouped']:,} gap questions still to read (each its own group, the page says "
        f"so); the background thread had read them all {c['filled_s']} s after that view started; the next view "
        f"took {c['view_after_s']} s ({c['pending_after']} left, {c['groups_after']:,} groups).\n"
    )


def markdown(res: dict) -> str:
    m, r = res["machine"], res["insights"]
    lines = []
    for d in (7, 30, 90):
        x = r[f"{d}d"]
        runs = " / ".join(f"{v} s" for v in x.get("views_s", [x["view_s"]]))
        lines.append(
            f"| {d} days | {x['questions']:,} | {x['gap_questions']:,} ({x['grouped']:,} grouped, "
            f"{x['groups']:,} groups) | {runs} | {x['html_s']} s |"
        )
    rows = "\n".join(lines)
    title = f"Insights over {r['stored_questions']:,} stored questions"
    load = ""
    if "load_before" in r:
        load = (
            f"\nLoad average (1 / 5 / 15 min), other sessions' work included: {' / '.join(map(str, r['load_before']))} "
            f"before the views, {' / '.join(map(str, r['load_after']))} after."
        )
    return f"""## {title} (`faqbot bench --insights`, {time.strftime("%Y-%m-%d")})

Machine: {m["cpu"]}, {m["cores"]} cores.{load}
A SQLite store of questions from the project's sets over 90 days
(70 % answered, 15 % closest entries, 15 % not covered, 5 % voted on), filled in {r["fill_s"]} s.
The view is what the page computes (tables, plots' data, coverage gaps grouped by meaning), timed twice per
period (the first view of the process also imports scipy); target ≤ 2 s. The counts are computed by the
database (ui/insights_sql.py); only the 2,000 most recent gap questions are read and grouped.

| period | questions | gap questions | view (run 1 / run 2) | HTML report |
|---|---|---|---|---|
{rows}
{_cold_text(r.get("cold"))}
"""
