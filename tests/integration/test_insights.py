"""The maintainer's view computed from a real feedback store seeded with the real bot's answers
(SQLite and PostgreSQL), the real index's entries and embedder; CSV and HTML exports read back."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path

import pytest
from faqbot.ui.feedback import Vote
from faqbot.ui.feedback_db import SqlFeedback
from faqbot.ui.insights import to_csv
from faqbot.ui.insights_html import render
from faqbot.ui.insights_source import InsightsSource

from tests.pg import postgres_cluster
from tests.support import ROOT

DAY = 86400.0
# (question, language, days ago): in scope, out of scope, and paraphrases of one uncovered topic
SEED = [
    ("Kafka SASL_SSL login fails with an authentication error", "en", 1),
    ("La connexion à Kafka échoue alors que le réseau fonctionne", "fr", 2),
    ("¿Por qué hay datos duplicados en Hudi?", "es", 3),
    ("Deadlock when writing to MySQL from Flink", "en", 3),
    ("How do I install Flink on Windows 95?", "en", 1),
    ("How can I run Flink on my Windows 95 computer?", "en", 4),
    ("Installing Apache Flink under Windows 95", "en", 5),
    ("Comment payer ma facture Alibaba Cloud par chèque ?", "fr", 2),
    ("How do I pay my Alibaba Cloud bill with a cheque?", "en", 6),
    ("Kafka SASL_SSL login fails with an authentication error", "en", 40),  # outside the 30-day period
]


def _seed(store, bot) -> dict[str, dict]:
    """Ask the real bot, store its answers at the given ages, vote on two of them."""
    given = {}
    now = time.time()
    for q, lang, age in SEED:
        a = bot.ask(q, language=lang).to_json()
        store.record_answer(a)
        with store.engine.begin() as conn:  # the answer's age: as if asked `age` days ago
            from faqbot.ui.feedback_db import answers

            conn.execute(answers.update().where(answers.c.answer_id == a["answer_id"]).values(created=now - age * DAY))
        given[a["answer_id"]] = {**a, "age": age}
    ids = list(given)
    store.record_vote(Vote(ids[0], "up", "c1", "", "addr1"))
    store.record_vote(Vote(ids[3], "down", "c1", "wrong entry, 'password' = 'hunter2xyz'", "addr1"))
    # whatever the bot made of the Windows 95 questions, a user who got an answer voted it down
    for aid, a in given.items():
        if "Windows 95" in a["question"] and not a["abstained"]:
            store.record_vote(Vote(aid, "down", "c2", "", "addr2"))
    return given


def _check(store, bot):
    given = _seed(store, bot)
    src = InsightsSource(store, lambda: bot.retriever)
    data = src.data(30)
    assert data.questions == len(SEED) - 1  # the 40-day-old one is outside the period
    by_lang = {}
    for row in data.per_day_language:
        by_lang[row["language"]] = by_lang.get(row["language"], 0) + row["questions"]
    # counted in the language each question was asked in, as detected ("Installing Apache Flink under Windows 95"
    # reads as German to the detector), not the answer's
    asked: dict[str, int] = {}
    for a in given.values():
        if a["age"] <= 29:
            asked[a["detected_language"]] = asked.get(a["detected_language"], 0) + 1
    assert by_lang == asked and asked.get("fr") == 2 and asked.get("es") == 1 and asked.get("en", 0) >= 5
    decided = {}
    for row in data.per_day_decision:
        decided[row["decision"]] = decided.get(row["decision"], 0) + row["questions"]
    assert sum(decided.values()) == 9
    expected = {}
    for a in given.values():
        if a["age"] <= 29:
            d = (a.get("decision") or {}).get("outcome") if isinstance(a.get("decision"), dict) else None
            d = d or ("not_covered" if a["abstained"] else "answer")
            expected[d] = expected.get(d, 0) + 1
    assert {k: v for k, v in decided.items() if v} == expected
    down = {aid for aid, a in given.items() if a["age"] <= 29 and ("Deadlock" in a["question"] or (
        "Windows 95" in a["question"] and not a["abstained"]))}  # fmt: skip
    assert sum(r["votes"] for r in data.votes_per_day if r["vote"] == "down") == len(down)
    assert data.answers_voted_down == len(down)
    assert data.share_voted_down == pytest.approx(len(down) / 9, abs=1e-3)
    # every entry is either cited or never cited, never both
    cited = {r["entry"] for r in data.cited}
    never = {r["entry"] for r in data.never_cited}
    assert cited and never and not (cited & never)
    assert len(cited | never) >= len(src.entries(bot.retriever)) - 1
    # the three Windows 95 questions (not covered) form one group; the bill questions another
    gaps = {g.key: g for g in data.gaps}
    win = [g for g in gaps.values() if any("Windows 95" in e for e in g.examples)]
    assert len(win) == 1 and win[0].size == 3, [g.row() for g in data.gaps]
    bill = [g for g in gaps.values() if any("bill" in e or "facture" in e for e in g.examples)]
    assert len(bill) == 1 and bill[0].size == 2 and set(bill[0].languages) == {"en", "fr"}
    assert all(g.nearest_entry for g in data.gaps)
    # a maintainer's status sticks to the group, also after a new question joins it
    src.set_status(win[0].members, "dismissed")
    a = bot.ask("Flink on Windows 95: how to install it?", language="en").to_json()
    store.record_answer(a)
    if not a["abstained"]:
        store.record_vote(Vote(a["answer_id"], "down", "c2", "", "addr2"))
    again = [g for g in src.data(30).gaps if any("Windows 95" in e for e in g.examples)]
    assert len(again) == 1 and again[0].size == 4 and again[0].status == "dismissed"
    # ... and the question that joined after the status was set is counted: the page, the report and the CSV say so
    # (a twenty-fifth trial: an addressed group took in new questions silently)
    assert again[0].new_since_status == 1 and again[0].row()["new since status"] == 1
    src.set_status(again[0].members, "addressed")  # set again: nothing new since
    again = [g for g in src.data(30).gaps if any("Windows 95" in e for e in g.examples)]
    assert again[0].status == "addressed" and again[0].new_since_status == 0
    # an open group counts nothing "since": no status was set
    assert all(g.new_since_status == 0 for g in src.data(30).gaps if g.status == "open")
    # the down vote's comment is shown with its question's group, its secret removed before it was stored
    deadlock = [g for g in data.gaps if any("Deadlock" in e for e in g.examples)]
    assert len(deadlock) == 1 and deadlock[0].comments and deadlock[0].comments[0].startswith("wrong entry")
    assert "wrong entry" in deadlock[0].row()["comments"] and "hunter2xyz" not in deadlock[0].row()["comments"]
    assert all(not g.comments for g in data.gaps if g is not deadlock[0])  # the other down votes had no comment
    # the vote comment's secret was never stored
    assert "hunter2xyz" not in json.dumps(store.events())
    # CSV: each table reads back with its header and rows
    for name, rows in data.tables().items():
        text = to_csv(rows)
        if rows:
            back = list(csv.DictReader(io.StringIO(text)))
            assert len(back) == len(rows) and list(back[0]) == list(rows[0]), name
    page = render(data, 180)
    assert "<script" not in page and "http://" not in page and "https://" not in page
    assert "Windows 95" in page and "<svg" in page
    # at phone width each row reads as a card of "column: value" lines
    assert 'data-label="examples"' in page and "@media (max-width:640px)" in page and "wrong entry" in page


def test_insights_from_a_sqlite_store(bot, tmp_path):
    _check(SqlFeedback(str(tmp_path / "feedback.db")), bot)


@pytest.mark.slow
def test_insights_from_a_postgres_store(bot):
    with postgres_cluster() as url:
        _check(SqlFeedback(url), bot)


def test_retention_deletes_old_questions_with_their_votes(bot, tmp_path):
    store = SqlFeedback(str(tmp_path / "f.db"))
    given = _seed(store, bot)
    old = [aid for aid, a in given.items() if a["age"] > 30]
    assert store.purge_older(30) == len(old)
    left = {e["answer_id"] for e in store.events()}
    assert left == set(given) - set(old)


def test_jsonl_store_retention_and_statuses(bot, tmp_path):
    from faqbot.ui.feedback import JsonlFeedback

    store = JsonlFeedback(tmp_path / "f.jsonl")
    a = bot.ask("How do I install Flink on Windows 95?", language="en").to_json()
    store.record_answer(a)
    lines = (tmp_path / "f.jsonl").read_text().splitlines()
    old = json.loads(lines[0])
    old["time"] = time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(time.time() - 200 * DAY))
    old["answer_id"] = "old"
    with open(tmp_path / "f.jsonl", "a") as f:
        f.write(json.dumps(old) + "\n")
    store.set_gap_status([a["answer_id"]], "addressed")
    assert store.gap_statuses() == {a["answer_id"]: "addressed"}
    assert store.purge_older(180) == 1
    assert {e.get("answer_id") for e in store.events() if e.get("kind") in ("answer", "abstained")} == {a["answer_id"]}
    assert oct((tmp_path / "f.jsonl").stat().st_mode & 0o777) == "0o600"


def test_report_html_and_json_from_the_cli(bot, index_dir, tmp_path):
    from tests.support import run_faqbot

    db = tmp_path / "feedback.db"
    _seed(SqlFeedback(str(db)), bot)
    out = tmp_path / "insights.html"
    r = run_faqbot("report", "--feedback-db", str(db), "--index", str(index_dir), "--html", str(out), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["answers"] == len(SEED) and data["insights"]["questions"] == len(SEED) - 1
    assert "coverage_gaps" in data["insights"] and data["insights"]["coverage_gaps"]
    html = out.read_text()
    assert html.startswith("<!doctype html>") and "Coverage gaps" in html
    assert oct(out.stat().st_mode & 0o777) == "0o600"
    assert Path(ROOT).exists()


SETS = (
    "dev.jsonl",
    "calibration.jsonl",
    "zh-short.jsonl",
    "other-langs.jsonl",
    "xling.jsonl",
    "xling-dev.jsonl",
    "xling-2.jsonl",
    "real-posts.jsonl",
    "posts.jsonl",
)
MAX_CHARS = 600  # a pasted post of a few lines; longer ones are a page of logs


def test_gap_grouping_puts_questions_on_one_entry_together(bot):
    """A few hundred questions of this domain in nine languages, each answered by one known entry:
    the grouping (the cut read off the index, no tuning on questions) must gather questions of one
    entry far above chance and keep most groups to one entry (docs/insights.md has the figures)."""
    import itertools

    import numpy as np
    from faqbot.ui.gaps import cluster

    r = bot.retriever
    chunks = r.store.chunks
    qs: list[tuple[str, str, str]] = []
    for name in SETS:
        f = ROOT / "eval" / name
        if not f.is_file():
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            needles = [n.lower() for n in d.get("needles") or []]
            if not needles or len(d["question"]) > MAX_CHARS:
                continue
            groups = {c.translation_group or c.id for c in chunks for n in needles if n in c.body.lower()}
            if len(groups) == 1:
                qs.append((d["question"], groups.pop(), d["lang"]))
    assert len(qs) >= 250 and len({lang for *_, lang in qs}) >= 5
    src = InsightsSource(None, lambda: r)
    labels = cluster(np.asarray(r.embedder.embed_queries([q for q, _, _ in qs])), src.threshold(r))
    tp = fp = 0
    for i, j in itertools.combinations(range(len(qs)), 2):
        if labels[i] == labels[j]:
            tp += qs[i][1] == qs[j][1]
            fp += qs[i][1] != qs[j][1]
    same_entry = sum(1 for i, j in itertools.combinations(range(len(qs)), 2) if qs[i][1] == qs[j][1])
    chance = same_entry / (len(qs) * (len(qs) - 1) / 2)
    precision = tp / max(1, tp + fp)
    assert precision >= 0.45 and precision >= 10 * chance, (precision, chance)
    multilingual = [k for k in set(labels) if len({qs[i][2] for i in range(len(qs)) if labels[i] == k}) > 1]
    assert len(multilingual) >= 10  # paraphrases across languages are grouped, not only same-language ones


def test_thanks_and_greetings_are_no_gap(bot, tmp_path):
    """"merci !" and "hola" are answered with no entry (decision not_covered, reasons thanks and greeting): they are
    not questions the FAQ failed, and a maintainer's gap list does not show them."""
    store = SqlFeedback(str(tmp_path / "feedback.db"))
    for q in ("merci !", "muchas gracias", "hola", "How do I install Flink on Windows 95?"):
        a = bot.ask(q).to_json()
        store.record_answer(a)
    examples = [e for g in InsightsSource(store, lambda: bot.retriever).data(30).gaps for e in g.examples]
    assert any("Windows 95" in e for e in examples), examples
    assert not any(w in e for e in examples for w in ("merci", "gracias", "hola")), examples
