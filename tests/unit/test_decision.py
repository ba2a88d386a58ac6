"""The decision's rule (bot/retrieval/decision.py), its fitting on real posts (bot/evaluation/fit.py) and the builder of
eval/real-posts.jsonl (scripts/real_posts.py): the parts that need no index."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from pathlib import Path

import pytest
from faqbot.bot.evaluation.fit import COSTS, Row, case, choose_thresholds, figures, grouped_probabilities, reliability
from faqbot.bot.retrieval.abstain import AbstainModel, AbstainModelError, load_default_model, save_model
from faqbot.bot.retrieval.decision import ANSWER, CLOSEST, NOT_COVERED, Decision, decide, knows_a_word

ROOT = Path(__file__).parents[2]


def _builder():
    spec = importlib.util.spec_from_file_location("real_posts", ROOT / "scripts" / "real_posts.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize(
    ("p", "outcome", "reason"),
    [(0.95, ANSWER, "confident"), (0.8, ANSWER, "confident"), (0.5, CLOSEST, "unsure"), (0.3, CLOSEST, "unsure"),
     (0.29, NOT_COVERED, "far"), (0.0, NOT_COVERED, "far")],
)
def test_two_thresholds_cut_the_probability_into_three_outcomes(p, outcome, reason):
    d = decide(p, closest_at=0.3, answer_at=0.8)
    assert (d.outcome, d.reason, d.probability) == (outcome, reason, p)
    assert d.shows_entries == (outcome != NOT_COVERED)


def test_no_entry_is_not_covered_whatever_the_probability_and_bad_values_are_refused():
    assert decide(0.99, 0.3, 0.8, has_entries=False) == Decision(NOT_COVERED, 0.99, "no_entries")
    with pytest.raises(ValueError):
        decide(0.5, 0.8, 0.3)
    with pytest.raises(ValueError):
        Decision("maybe", 0.5, "unsure")
    with pytest.raises(ValueError):
        Decision(ANSWER, 0.5, "because")
    want = {"outcome": "closest", "probability": 0.1235, "reason": "unsure"}
    assert Decision(CLOSEST, 0.123456, "unsure").to_json() == want


def test_input_without_a_word_the_faq_uses_is_not_covered_whatever_the_probability():
    # the model's own "not covered" keeps its reason; anything it would show is refused with this one
    assert decide(0.95, 0.3, 0.8, knows_a_word=False) == Decision(NOT_COVERED, 0.95, "no_known_word")
    assert decide(0.5, 0.3, 0.8, knows_a_word=False) == Decision(NOT_COVERED, 0.5, "no_known_word")
    assert decide(0.1, 0.3, 0.8, knows_a_word=False) == Decision(NOT_COVERED, 0.1, "far")
    assert decide(0.5, 0.3, 0.8, has_entries=False, knows_a_word=False).reason == "no_entries"
    # a decision answering whatever it finds (abstain.answering: both thresholds 0) answers it too
    assert decide(0.1, 0.0, 0.0, knows_a_word=False) == Decision(ANSWER, 0.1, "confident")


@pytest.mark.parametrize(
    ("text", "tokens", "known"),
    [
        ("asdf qwer zxcv 12345 !!!", ["asdf", "qwer", "zxcv", "12345"], False),
        ("¿qué tal?", ["tal", "que"], False),
        ("Kafka lag?", ["kafka", "lag"], True),
        ("coucou, ça va ?", ["coucou", "ca", "va"], False),
        ("Écriture vers Hologres lente", ["ecritur", "hologr", "lent"], True),
        # another script is matched through the glossary and the dense models: never refused on its tokens
        ("作业一直没有输出", [], True),
        ("Почему задание не пишет данные", ["почему"], True),
        ("Kafka の遅延", [], True),
    ],
)
def test_a_word_the_faq_uses_is_looked_up_only_in_latin_script(text, tokens, known):
    vocabulary = {"kafka", "hologr", "lag", "ca"}
    assert knows_a_word(text, tokens, vocabulary) is known


def test_equal_thresholds_give_the_old_two_outcomes(tmp_path):
    # a model file written before the decision had three outcomes has one threshold: no "closest"
    old = AbstainModel([1.0], 0.0, [0.0], [1.0], 0.4, ("dense_top",))
    assert old.answer_at == 0.4
    save_model(old, tmp_path / "m.json")
    back = load_default_model(tmp_path / "m.json")
    assert (back.threshold, back.answer_at, back.features) == (0.4, 0.4, ("dense_top",))
    assert {decide(p, back.threshold, back.answer_at).outcome for p in (0.1, 0.39, 0.4, 0.9)} == {ANSWER, NOT_COVERED}


@pytest.mark.parametrize(
    "content",
    [
        '{"features": ["shoe_size"], "weights": [1], "bias": 0, "mean": [0], "std": [1]}',
        '{"features": ["dense_top"], "weights": [1]}',
        "not json",
        "[1, 2]",
        None,
    ],
)
def test_a_model_that_cannot_be_used_stops_with_a_message(tmp_path, content):
    # it used to be replaced by a model that never says "not covered", with no word to anyone
    path = tmp_path / "m.json"
    if content is not None:
        path.write_text(content)
    # the path comes from FAQBOT_ABSTAIN_MODEL, read at the edge (bot/settings.py)
    with pytest.raises(AbstainModelError, match="unset FAQBOT_ABSTAIN_MODEL or write one with `faqbot calibrate`"):
        load_default_model(path)


def _rows() -> list[Row]:
    rows = []
    for g in "abcdef":
        for i in range(6):
            covered = i < 4
            x = (0.9 if covered else 0.6) + 0.02 * i + (0.05 if g in "ab" else 0.0)
            rows.append(Row({"dense_top": x}, int(covered), g, 1 if covered else None, 1, f"{g}{i}"))
    rows += [Row({"dense_top": 0.95}, 1, "", 1), Row({"dense_top": 0.5}, 0, "")]  # written: always fitted on
    return rows


def test_cross_validation_leaves_each_repository_out_and_never_scores_written_questions():
    rows = _rows()
    probs = grouped_probabilities(rows, ("dense_top",))
    assert probs[-2:] == [None, None] and all(p is not None for p in probs[:-2])
    # a repository's probabilities come from a model that never saw it: flipping one repository's
    # labels moves the others' probabilities, never its own
    flipped = [Row(r.features, 1 - r.label if r.group == "a" else r.label, r.group, r.rank) for r in rows]
    again = grouped_probabilities(flipped, ("dense_top",))
    assert [p for p, r in zip(again, rows) if r.group == "a"] == [p for p, r in zip(probs, rows) if r.group == "a"]
    assert [p for p, r in zip(again, rows) if r.group == "b"] != [p for p, r in zip(probs, rows) if r.group == "b"]


def test_thresholds_follow_the_costs():
    covered = [Row({}, 1, "g", 1) for _ in range(10)]
    uncovered = [Row({}, 0, "g") for _ in range(10)]
    probs = [0.9] * 8 + [0.5, 0.2] + [0.1] * 6 + [0.45, 0.5, 0.6, 0.95]
    lo, hi, cost = choose_thresholds(probs, covered + uncovered, step=0.05)
    # the covered post at 0.2 costs 10 hidden and 1 as closest; the three uncovered between 0.45 and
    # 0.6 cost 5 each answered: all of them land in "closest", the six uncovered at 0.1 in "not covered"
    # (the one at 0.95 stays answered: hiding it would cost eight covered posts a "closest" each);
    # each threshold goes to the middle of the range where nothing changes: "not covered" below
    # anything in (0.1, 0.2], an answer from anything in (0.6, 0.9]
    assert (lo, hi) == (0.15, 0.75)
    assert cost == 2 * COSTS["covered, right entry first"][CLOSEST] + 3 * COSTS["uncovered"][CLOSEST] + 5
    f = figures(probs, covered + uncovered, lo, hi)
    assert f["nothing_shown"] == 0.0 and f["uncovered_answered"] == 0.1 and f["shown_first"] == 1.0


def test_cost_cases_and_reliability_bins():
    assert case(Row({}, 1, "g", 1)) == "covered, right entry first"
    assert case(Row({}, 1, "g", 3)) == "covered, right entry 2nd-3rd"
    assert case(Row({}, 1, "g", None)) == "covered, right entry not in top 3"
    assert case(Row({}, 0, "g")) == "uncovered"
    # the order of costs: hiding a covered post, then answering an uncovered one, then closest
    covered = [c for k, c in COSTS.items() if k != "uncovered"]
    assert min(c[NOT_COVERED] for c in covered) > COSTS["uncovered"][ANSWER] > max(c[CLOSEST] for c in covered)
    assert COSTS["uncovered"][ANSWER] > COSTS["uncovered"][CLOSEST] > COSTS["uncovered"][NOT_COVERED]
    table = reliability([0.05, 0.1, 0.9, 0.95, 1.0], [0, 1, 1, 1, 1], bins=5)
    assert table[0] == {"bin": "0.0-0.2", "n": 2, "predicted": 0.075, "observed": 0.5}
    assert table[4]["n"] == 3 and table[4]["observed"] == 1.0 and table[2]["n"] == 0


ENTRIES_TEXT = [
    (["Error: No suitable driver found", "Erreur : No suitable driver found"], "load the driver with class.forname"),
    (["How to retrieve JSON data from Kafka"], "define the json object as a row type"),
]


def _post(i: str, source: str) -> dict:
    return {"id": i, "source": source, "lang": "en", "question": f"post {i}", "cut": "none"}


def _first(i: str, covered: bool, needles: list[str]) -> dict:
    langs = ["en"] if covered else []
    return {"id": i, "covered": covered, "needles": needles, "gold_title": "", "answer_langs": langs, "topic": "Kafka",
            "labelled_by": "collector-a", "why": "because"}


def test_the_set_keeps_only_posts_both_readers_agree_on_and_no_reserved_thread():
    rp = _builder()
    entries = [rp.Entry(t, "\n".join(t).lower() + "\n" + body) for t, body in ENTRIES_TEXT]
    posts = [_post(str(n), f"apache/flink-cdc#{n}") for n in range(1, 8)]
    posts.append(_post("8", "https://github.com/ververica/flink-cdc-connectors/issues/1"))  # thread 1 again
    firsts = [
        _first("1", True, ["Class.forName"]),
        _first("2", False, []),
        _first("3", True, ["Class.forName"]),
        _first("4", False, []),
        _first("5", True, ["row type"]),
        _first("6", True, ["Class.forName", "row type"]),
        _first("7", True, ["row type"]),
        _first("8", True, ["Class.forName"]),
    ]
    seconds = [
        {"id": "1", "covered": True, "gold_title": "Error: No suitable driver found", "needles": []},
        {"id": "2", "covered": False, "gold_title": "", "needles": []},
        {"id": "3", "covered": False, "gold_title": "", "needles": [], "why": "a driver of another tool"},
        {"id": "4", "covered": True, "gold_title": "How to retrieve JSON data from Kafka", "needles": []},
        {"id": "5", "covered": True, "gold_title": "Error: No suitable driver found", "needles": []},
        {"id": "6", "covered": True, "gold_title": "", "needles": ["ROW type"]},
        {"id": "8", "covered": True, "gold_title": "Error: No suitable driver found", "needles": []},
    ]
    reserved = {hashlib.sha256(b"apache/flink-cdc#7").hexdigest()}
    rows, records = rp.build(posts, firsts, seconds, entries, reserved)
    kept = {r["id"]: r for r in rows}
    assert set(kept) == {"1", "2", "6"}
    assert kept["6"]["needles"] == ["row type"]  # only the needles of the entry both readers name
    assert kept["1"]["kind"] == "post" and kept["2"]["kind"] == "out-of-scope" and kept["2"]["answer_langs"] == []
    assert kept["1"]["repo"] == "apache/flink-cdc" and kept["1"]["second_reader"] == "agree"
    notes = {r["id"]: r["note"] for r in records}
    assert notes["3"].startswith("covered/uncovered: only the collector") and "another tool" in notes["3"]
    assert notes["4"].startswith("covered/uncovered: only the second reader")
    assert notes["5"].startswith("entry:") and notes["7"] == "reserved thread"
    assert notes["8"] == "thread already in the set"  # the same thread under the project's old name
    md = rp.report(rows, records)
    assert "kept: 3 (2 covered, 1 uncovered)" in md and "| reserved thread | 1 |" in md
    assert all(f"\n| {i} | " in md for i in "34578") and "\n| 1 | " not in md  # every post left out, with why


def test_a_post_whose_text_the_second_reader_did_not_find_in_its_thread_is_left_out():
    rp = _builder()
    entries = [rp.Entry(t, "\n".join(t).lower() + "\n" + body) for t, body in ENTRIES_TEXT]
    posts = [_post(str(n), f"apache/flink#{n}") for n in range(1, 4)]
    firsts = [_first(str(n), False, []) for n in range(1, 4)]
    seconds = [
        {"id": "1", "covered": False, "gold_title": "", "needles": [], "fidelity": "verbatim"},
        {"id": "2", "covered": False, "gold_title": "", "needles": [], "fidelity": "mismatch: the body is retold"},
        {"id": "3", "covered": False, "gold_title": "", "needles": [], "fidelity": "not found: no stored copy"},
    ]
    rows, records = rp.build(posts, firsts, seconds, entries, set())
    assert [r["id"] for r in rows] == ["1"]
    notes = {r["id"]: r["note"] for r in records}
    assert notes["2"] == "text: mismatch: the body is retold" and notes["3"].startswith("text: not found")


def test_repository_of_a_source_groups_renamed_projects_and_sites():
    rp = _builder()
    assert rp.repo_of("ververica/flink-cdc-connectors#12") == "apache/flink-cdc"
    assert rp.repo_of("https://github.com/apache/paimon/issues/3") == "apache/paimon"
    assert rp.repo_of("https://stackoverflow.com/questions/123/kafka") == "stackoverflow.com"
    assert rp.repo_of("https://lists.apache.org/thread/abc?user-zh@flink.apache.org") == "lists.apache.org/user-zh"


def test_a_question_naming_a_connector_the_faq_never_mentions_is_not_covered_below_absent_below():
    from faqbot.bot.retrieval.decision import ABSENT_BELOW

    low = ABSENT_BELOW - 0.1
    assert decide(low, 0.3, 0.8, names_absent=True) == Decision(NOT_COVERED, low, "absent_connector")
    # above it the closest entries stay ("No suitable driver found for jdbc:oracle": the FAQ's driver entry)
    assert decide(ABSENT_BELOW + 0.05, 0.3, 0.8, names_absent=True).outcome == CLOSEST
    assert decide(0.9, 0.3, 0.8, names_absent=True).outcome == ANSWER
    assert decide(0.1, 0.3, 0.8, names_absent=True).reason == "far"
    assert decide(low, 0.0, 0.0, names_absent=True).outcome == ANSWER  # --answer-all answers everything


def test_a_question_asking_a_topic_the_faq_has_no_entry_on_is_not_covered_below_absent_below():
    from faqbot.bot.retrieval.decision import ABSENT_BELOW

    low = ABSENT_BELOW - 0.1
    assert decide(low, 0.3, 0.8, asks_absent_topic=True) == Decision(NOT_COVERED, low, "absent_topic")
    assert decide(ABSENT_BELOW + 0.05, 0.3, 0.8, asks_absent_topic=True).outcome == CLOSEST
    assert decide(0.1, 0.3, 0.8, asks_absent_topic=True).reason == "far"
    assert decide(low, 0.0, 0.0, asks_absent_topic=True).outcome == ANSWER  # --answer-all answers everything
    assert decide(low, 0.3, 0.8).outcome == CLOSEST
