"""The ranking's signal table (bot/retrieval/signals.py) and answer building's named weights
(bot/answers/parts_score.py): names unique, weights the documented constants, contributions adding
up to the score (no index, no model)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from faqbot.bot.answers.parts_score import PART_SIGNALS, SIGNALS
from faqbot.bot.retrieval import signals
from faqbot.bot.retrieval.signals import (
    CITED_VERSION,
    Evidence,
    ablated,
    contributions,
    default_weights,
    explain,
    fuse,
    total,
)

# the weights docs/eval.md measured: a change here is a change of behaviour, to be measured and said
DOCUMENTED = {
    "dense": 1.0,
    "language_shift": 1.25,
    "hub": 1.0,
    "cjk_use": 0.5,
    "xling_dense": 1.0,
    "lexical": 0.12,
    "xling_lexical": 1.0,
    "language_fill": 1.0,
    "error_title": 0.08,
    "other_exception": 0.05,
    "data_sample": 0.05,
    "other_connector": 0.03,
    "cited_version": 0.02,
}
PARTS_DOCUMENTED = {
    "name": 0.35,
    "case_match": 1.0,
    "case_other": -0.8,
    "fix": 0.25,
    "problem": -0.4,
    "done": -1.0,
    "state_match": 0.5,
    "state_other": -0.5,
    "block_solution": 0.6,
    "block_check": 0.4,
    "block_cause": 0.3,
    "block_problem": -0.3,
    "block_first": 0.2,
    "gist_solution": 0.15,
    "gist_fix": 1.0,
    "gist_line": -0.001,
    "turn_word": 3.0,
}


def test_signal_names_are_unique_and_every_record_says_what_it_measures_and_why():
    ranking = [*signals.SIGNALS, CITED_VERSION]
    for table in (ranking, PART_SIGNALS):
        names = [s.name for s in table]
        assert len(names) == len(set(names))
        for s in table:
            assert s.name.isidentifier() and len(s.measures) > 20 and len(s.chosen) > 20, s
    assert signals.NAMES == tuple(s.name for s in ranking)


def test_weights_are_the_documented_constants():
    assert default_weights() == DOCUMENTED
    assert SIGNALS == PARTS_DOCUMENTED
    # the module constants other code and the docs name are the table's
    assert signals.LEXICAL_WEIGHT == DOCUMENTED["lexical"]
    assert signals.ERROR_TITLE_BONUS == DOCUMENTED["error_title"]
    assert signals.OTHER_EXCEPTION_PENALTY == DOCUMENTED["other_exception"]
    assert signals.DATA_SAMPLE_PENALTY == DOCUMENTED["data_sample"]
    assert signals.OTHER_CONNECTOR_PENALTY == DOCUMENTED["other_connector"]
    assert signals.LANGUAGE_SHIFT == DOCUMENTED["language_shift"]
    assert signals.CITED_VERSION_LEXICAL == DOCUMENTED["cited_version"]


def test_ablated_switches_off_only_the_named_signals_and_names_the_known_ones_on_a_typo():
    w = ablated(["error_title", "xling_dense"])
    assert w["error_title"] == 0.0 and w["xling_dense"] == 0.0
    assert {k: v for k, v in w.items() if k not in ("error_title", "xling_dense")} == {
        k: v for k, v in DOCUMENTED.items() if k not in ("error_title", "xling_dense")
    }
    with pytest.raises(ValueError, match="error_title, other_exception"):
        ablated(["error_tittle"])


def _evidence(text: str = "") -> Evidence:
    """Four entries; entry 0 has no version in the question's language and is closer in English."""
    searched = np.array([0.80, 0.86, 0.84, 0.70], dtype=np.float32)
    shifted = np.array([0.81, 0.85, 0.84, 0.70], dtype=np.float32)
    crossed = np.array([0.88, 0.85, 0.84, 0.70], dtype=np.float32)
    lexical = np.array([0.5, 10.0, 6.0, 2.0], dtype=np.float32)
    plain = np.array([0.0, 9.0, 6.0, 1.0], dtype=np.float32)
    has_lang = np.array([False, True, True, True])
    titles = [frozenset(), frozenset({"TimeoutException"}), frozenset(), frozenset({"IllegalArgumentException"})]
    errors = [(2, "no suitable driver found")]
    return Evidence(searched, shifted, crossed, lexical, plain, has_lang, text, errors, titles)


def test_contributions_add_up_to_the_score_and_each_signal_moves_its_own_part():
    text = "java.sql.SQLException: No suitable driver found; later a TimeoutException"
    parts = contributions(_evidence(text), default_weights())
    assert list(parts) == [s.name for s in signals.SIGNALS]
    score = total(parts)
    for i in range(4):
        assert abs(sum(explain(parts, i).values()) - score[i]) <= 1e-9
    # the dense terms add up to the crossed cosine, the lexical ones to fuse()'s lexical term
    dense = parts["dense"] + parts["language_shift"] + parts["xling_dense"]
    assert np.allclose(dense, np.array([0.88, 0.85, 0.84, 0.70], dtype=np.float32), atol=1e-9)
    ev = _evidence(text)
    assert np.allclose(
        score - parts["error_title"] - parts["other_exception"], fuse(ev.crossed, ev.lexical, "linear", ev.has_lang)
    )
    assert parts["error_title"].tolist() == [0.0, 0.0, 0.08, 0.0]
    assert parts["other_exception"].tolist() == [0.0, 0.0, 0.0, -0.05]  # entry 1's class is named: kept
    # only the entry lacking the question's language gets the fill
    assert parts["language_fill"][0] > 0 and not parts["language_fill"][1:].any()
    assert parts["xling_lexical"][3] > 0  # the English words raised entry 3's BM25 (1/9 -> 2/10 of the best)


def test_a_switched_off_signal_contributes_nothing():
    text = "No suitable driver found and an IllegalArgumentException"
    for name in ("lexical", "language_fill", "error_title", "other_exception", "dense"):
        parts = contributions(_evidence(text), ablated([name]))
        assert not parts[name].any(), name
    parts = contributions(_evidence(text), ablated(["lexical"]))  # the lexical weight scales every lexical term
    assert not parts["xling_lexical"].any() and not parts["language_fill"].any()


def test_other_fusions_are_one_term_plus_the_error_rules():
    parts = contributions(_evidence("no suitable driver found"), default_weights(), "rrf")
    assert list(parts) == ["rrf", "error_title", "other_exception"]
    assert parts["error_title"][2] == pytest.approx(0.08)


def test_block_and_line_weights_are_read_from_the_table():
    from faqbot.bot.answers.compose import gist
    from faqbot.bot.answers.extract import Block, _score

    plain = Block(0, [0], None, "Restart the job after the change.", False)
    fix = Block(0, [0], "solution", "Restart the job after the change.", True)
    q = {"restart"}
    assert _score(fix, q, "en", False, {}) - _score(plain, q, "en", False, {}) == pytest.approx(0.6)
    assert _score(plain, q, "en", True, {}) - _score(plain, q, "en", False, {}) == pytest.approx(0.2)
    body = (
        "Cause: the job restarts because the checkpoint times out and the state is large.\n"
        "Solution: increase the checkpoint timeout so that the job does not restart."
    )
    assert gist(body, "why does my job restart", "en").startswith("increase the checkpoint timeout")


def test_eval_ablate_list_prints_every_signal_and_a_typo_fails_before_the_index_is_opened(capsys, tmp_path):
    from faqbot.ui.cli import main

    assert main(["eval", "--ablate", "list"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines()] == list(signals.NAMES)
    missing = tmp_path / "no-index"
    assert main(["eval", str(tmp_path / "q.jsonl"), "--index", str(missing), "--ablate", "error_tittle"]) == 1
    err = capsys.readouterr().err
    assert "unknown signal 'error_tittle'" in err and "other_exception" in err and not missing.exists()


def test_an_entry_that_is_only_data_loses_the_data_sample_weight():
    ev = replace(_evidence(), samples=np.array([False, True, False, False]))
    parts = contributions(ev, default_weights())
    assert list(parts["data_sample"]) == [0.0, -signals.DATA_SAMPLE_PENALTY, 0.0, 0.0]
    assert not contributions(_evidence(), default_weights())["data_sample"].any()


def test_an_entry_about_another_connector_than_the_question_names_loses_the_other_connector_weight():
    connectors = [frozenset({"hologres"}), frozenset({"mysql", "rds"}), frozenset(), frozenset({"kafka"})]
    ev = replace(_evidence(), connectors=connectors, text="MySQL CDC source: permission denied for database")
    parts = contributions(ev, default_weights())
    p = signals.OTHER_CONNECTOR_PENALTY
    assert list(parts["other_connector"]) == [-p, 0.0, 0.0, -p]
    # a question naming two takes nothing from either; one naming none, nothing from anyone
    both = contributions(replace(ev, text="Kafka to Hologres: permission denied"), default_weights())
    assert list(both["other_connector"]) == [0.0, -p, 0.0, 0.0]
    none = replace(ev, text="permission denied for database")
    assert not contributions(none, default_weights())["other_connector"].any()
    assert not contributions(_evidence(), default_weights())["other_connector"].any()
