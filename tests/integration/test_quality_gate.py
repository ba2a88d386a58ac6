"""The quality gate: today's figures on the real index, so that a change that lowers them fails here.

Dev (`faqbot eval eval/dev.jsonl`): hit@1 0.984 (63/64), hit@5 1.000, no covered question declared
not covered. Real posts (eval/real-posts.jsonl, the shipped decision model): no covered post hidden
("not covered"), no uncovered post answered with confidence. The figures held out by repository are
docs/eval.md's (`faqbot calibrate --group-by repo`); these are the shipped model's own. And the
ranking's signals (bot/retrieval/signals.py): each one switched off changes some dev ranking (a signal that
changes nothing is dead weight), and every hit's explanation adds up to its score.
"""

from __future__ import annotations

import pytest
from faqbot.bot.evaluation.evaluate import evaluate, read_questions
from faqbot.bot.retrieval.decision import ANSWER, NOT_COVERED
from faqbot.bot.retrieval.retrieve import HybridRetriever
from faqbot.bot.retrieval.signals import NAMES, SIGNALS, ablated

from tests.support import ROOT

DEV = ROOT / "eval" / "dev.jsonl"
REAL_POSTS = ROOT / "eval" / "real-posts.jsonl"


@pytest.fixture(scope="module")
def dev_run(bot):
    return evaluate(bot, read_questions(DEV))


def test_dev_figures_do_not_regress(dev_run):
    m = dev_run.metrics["overall"]
    assert m["in_scope"] == 64 and m["out_of_scope"] == 6
    # 64 of 64 since entries' frames are read as calls (docs/eval.md, eighth session), but dev036 (the French
    # stem "compt") leads by 0.003, within what another CPU's cosines move: 63 is allowed
    assert m["hit@1"] >= 0.984, m
    assert m["hit@5"] == 1.0, m
    declined = [r["id"] for r in dev_run.rows if r["in_scope"] and r["outcome"] == NOT_COVERED]
    assert declined == [] and m["false_abstain"] == 0.0
    # 6/6 since questions asking a topic the FAQ has no entry on are "not covered" (pricing, installing Flink on
    # Kubernetes: docs/eval.md, thirty-ninth session); issue 22 asks 0.85
    assert m["abstain_caught"] >= 0.85, m


def test_real_posts_shipped_model_hides_no_covered_post_and_is_sure_of_no_uncovered_one(bot):
    posts = read_questions(REAL_POSTS)
    assert len(posts) >= 164
    hidden, sure = [], []
    for q in posts:
        outcome = bot.retriever.retrieve(q.question).decision.outcome
        if q.in_scope and outcome == NOT_COVERED:
            hidden.append(q.id)
        if not q.in_scope and outcome == ANSWER:
            sure.append(q.id)
    assert hidden == [] and sure == []


@pytest.mark.parametrize(("name", "least"), [("real-posts-topics.jsonl", 18), ("real-posts-topics-2.jsonl", 10)])
def test_real_posts_asking_a_topic_the_faq_lacks_are_not_covered_and_no_other_post_is_so_for_it(bot, name, least):
    """eval/real-posts-topics.jsonl and its held-out round -2 (docs/eval.md, thirty-ninth session): of the 32
    uncovered posts of each asking how to install or deploy Flink, prices, Python UDFs, Spark or machine learning,
    20 and 11 are "not covered" by the `absent_topic` rule (none before it; the rule's second pass was fitted on the
    first set); no covered post is hidden and no post naming a topic in passing is caught by it. Some sit near
    ABSENT_BELOW (0.57, 0.53): a margin is left for another CPU's cosines."""
    caught, wrong = [], []
    for q in read_questions(ROOT / "eval" / name):
        decision = bot.retriever.retrieve(q.question).decision
        if q.in_scope and decision.outcome == NOT_COVERED:
            wrong.append(q.id)
        elif decision.reason == "absent_topic":
            (wrong if q.topic == "passing-mention" else caught).append(q.id)
    assert wrong == [] and len(caught) >= least, (wrong, caught)


def _ranking(retriever: HybridRetriever, question: str) -> list[tuple[str, str]]:
    return [(h.group, h.chunk.id) for h in retriever.retrieve(question).hits]


@pytest.fixture(scope="module")
def dev_rankings(bot):
    questions = [q.question for q in read_questions(DEV)]
    return questions, [_ranking(bot.retriever, q) for q in questions]


# cited_version is left out: it chooses between two versions of an entry in one language, and no
# entry of today's corpus has two (docs/eval.md, issue 28)
@pytest.mark.parametrize("name", [s.name for s in SIGNALS])
def test_each_signal_switched_off_changes_some_ranking(bot, name):
    """Entries in another order, or another version cited, on a dev question or else on a real post
    (error_title and other_exception change no dev ranking: dev's pasted errors find their entries
    first without them; they move real posts, docs/eval.md). Stops at the first change."""
    old = bot.retriever
    off = HybridRetriever(old.store, fusion=old.fusion, abstain=old.abstain_model, weights=ablated([name]))
    questions = (q.question for path in (DEV, REAL_POSTS) for q in read_questions(path) if q.in_scope)
    assert any(_ranking(off, q) != _ranking(old, q) for q in questions), name


def test_explain_adds_up_to_the_score(bot, dev_rankings):
    questions, _base = dev_rankings
    seen = set()
    for q in questions:
        for h in bot.retriever.retrieve(q).hits:
            assert abs(sum(h.explain.values()) - h.score) <= 1e-9, (q, h.explain, h.score)
            seen |= {k for k, v in h.explain.items() if v}
    # every signal counts in some hit of dev, but other_exception: the entry it lowers leaves the
    # top five (dev017), cited_version, which is no term of the score, nor cjk_use: no CJK question at
    # all (tests/integration/test_cjk_dense.py), nor data_sample: no dev question is near the one entry
    # that is only data (tests/integration/test_retrieval.py); hub counts through dev's pasted exceptions
    assert seen == set(NAMES) - {"cited_version", "other_exception", "cjk_use", "data_sample"}
