"""What each `faqbot` command does: calls the library and prints. The parser is in ui/cli.py;
settings and wiring live in bot.config."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from faqbot.bot.config import (
    LLMSettings,
    Settings,
    default_corpus,
    ensure_store,
    open_bot,
    resolve_store,
    unfiltered_retriever,
)

if TYPE_CHECKING:
    from faqbot.bot.llm.warm import WarmReport
    from faqbot.bot.service import Bot


def settings_from_args(args: argparse.Namespace) -> Settings:
    """Every setting, from the command's flags, then the environment (bot/settings.py): read here, at the edge."""
    return Settings.from_env(vars(args))


def _with_settings(args: argparse.Namespace) -> argparse.Namespace:
    """The command's arguments with the settings the environment completes in place of unset flags
    (the index, the feedback store, the retention days): what the report and export read."""
    s = settings_from_args(args)
    resolved = {"index": s.index, "feedback_log": s.feedback_log, "feedback_db": s.feedback_db}
    return argparse.Namespace(**{**vars(args), **resolved, "retention_days": s.retention_days})


def _llm(args: argparse.Namespace) -> LLMSettings:
    return settings_from_args(args).llm_settings


def open_bot_from_args(args: argparse.Namespace, k: int = 5) -> Bot:
    s = settings_from_args(args)
    llm, model = s.llm_settings, s.abstain_model
    return open_bot(args.index, args.corpus, llm, k=k, quiet=args.json, store=s.store_spec(), abstain_model=model)


def cmd_ingest(args: argparse.Namespace) -> int:
    from faqbot.ingest.pipeline import report_json, run_ingest

    rep = run_ingest(
        args.corpus or default_corpus(), resolve_store(args.store, args.index), args.embedder, progress=not args.json
    )
    if args.json:
        print(report_json(rep))
        return 0
    for w in rep.warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(
        f"Indexed {rep.chunks} chunks from {len(rep.documents)} documents in {rep.seconds:.1f} s "
        f"({rep.embedded} embedded, {rep.reused} reused from cache); "
        f"{rep.linked_groups} translation groups linked; {len(rep.empty_headings)} headings without body."
    )
    for doc, d in rep.documents.items():
        print(
            f"  {doc:28} {d['language']}  {d['shape']:9} {d['chunks']:3} chunks  {d['empty_headings']} empty headings"
        )
    print(f"Index: {rep.build}")
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    bot = open_bot_from_args(args, k=args.k)
    if args.json:
        print(json.dumps(bot.ask(args.question, args.lang).to_json(), ensure_ascii=False, indent=2))
        return 0
    printed = ""
    final = None
    for final in bot.stream(args.question, args.lang):
        if final.text.startswith(printed):
            sys.stdout.write(final.text[len(printed) :])
        else:  # the model's answer was replaced (fallback): show the final one in full
            sys.stdout.write("\n\n" + final.text)
        sys.stdout.flush()
        printed = final.text
    if final is None:
        return 1
    print()
    for n in final.unsaid_notices:  # the others are in the text itself (its notes and facts)
        print(f"note: {n}")
    print()
    for c in final.citations:
        print(f"[{c.n}] {c.title} — {c.doc_title} ({c.language}) {c.link}")
    return 0


def warm_llm(bot: Bot, quiet: bool) -> WarmReport:
    from faqbot.bot.llm.warm import warm_prefixes

    assert bot.llm is not None  # callers check

    def progress(i: int, n: int) -> None:
        if not quiet:
            print(f"\rwarming the LLM server's prefix cache: {i}/{n} entries", end="", file=sys.stderr, flush=True)

    rep = warm_prefixes(bot.llm, bot.retriever.chunks, progress)
    if not quiet:
        print(file=sys.stderr)
        if rep.error:
            print(f"warning: {rep.failed} entries not warmed: {rep.error}", file=sys.stderr)
    return rep


def cmd_llm_warm(args: argparse.Namespace) -> int:
    bot = open_bot_from_args(args)
    if bot.llm is None:
        print("faqbot llm-warm: name the model: --llm MODEL --llm-base-url URL (or FAQBOT_LLM)", file=sys.stderr)
        return 2
    rep = warm_llm(bot, quiet=args.json)
    if args.json:
        print(json.dumps(rep.to_json(), indent=2))
    else:
        print(f"Warmed {rep.warmed} of {rep.entries} entries in {rep.seconds:.0f} s.")
    return 0 if rep.warmed else 1


def _features_arg(args: argparse.Namespace) -> tuple[str, ...]:
    from faqbot.bot.retrieval.abstain import FEATURES

    return tuple(f.strip() for f in args.features.split(",")) if args.features else FEATURES


def cmd_calibrate(args: argparse.Namespace) -> int:
    from faqbot.bot.evaluation.evaluate import labelled_features
    from faqbot.bot.retrieval.abstain import calibrate, save_model

    retr = unfiltered_retriever(ensure_store(resolve_store(args.store, args.index), args.index, None, quiet=True))
    if args.group_by:
        return _calibrate_grouped(args, retr)
    try:
        model, result = calibrate(
            labelled_features(retr, args.files, args.split),
            labelled_features(retr, args.held_out, args.split) if args.held_out else None,
            folds=args.folds,
            threshold=args.threshold,
            merge=not args.no_merge,
        )
    except ValueError as exc:  # the files lack a kind of question: a usage error
        print(f"faqbot calibrate: {exc}", file=sys.stderr)
        return 2
    save_model(model, args.model)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    cv = result["cross_validated"]
    print(
        f"{args.folds}-fold cross-validated on {cv['in_scope']} in-scope / {cv['out_of_scope']} out-of-scope "
        f"questions: out-of-scope caught {cv['out_of_scope_caught']:.3f}, false abstain {cv['false_abstain']:.3f}."
    )
    if "held_out" in result:
        ho = result["held_out"]
        print(
            f"Held out ({ho['in_scope']} / {ho['out_of_scope']}): out-of-scope caught "
            f"{ho['out_of_scope_caught']:.3f}, false abstain {ho['false_abstain']:.3f}."
        )
    print(
        f"Model fitted on {result['fitted_on']} questions, written to {args.model} "
        f"(use it with FAQBOT_ABSTAIN_MODEL={args.model})."
    )
    return 0


def _calibrate_grouped(args: argparse.Namespace, retr) -> int:
    """Leave one repository out, thresholds from the cost table, then the model fitted on all rows."""
    from faqbot.bot.evaluation.evaluate import labelled_rows
    from faqbot.bot.evaluation.fit import grouped_fit
    from faqbot.bot.retrieval.abstain import fit, save_model

    rows = labelled_rows(retr, [*args.files, *args.held_out], args.split)
    try:
        features = _features_arg(args)
        result = grouped_fit(rows, features, args.l2)
        model = fit(
            [r.features for r in rows],
            [r.label for r in rows],
            l2=args.l2,
            threshold=result.closest_at,
            features=features,
            answer_threshold=result.answer_at,
        )
    except ValueError as exc:
        print(f"faqbot calibrate: {exc}", file=sys.stderr)
        return 2
    save_model(model, args.model)
    if args.json:
        print(json.dumps({**result.to_json(), "fitted_on": len(rows), "model": model.to_json()}, indent=2))
        return 0
    h = result.held_out
    print(
        f"Held out by repository ({h['covered']} covered / {h['uncovered']} uncovered): thresholds "
        f"closest {result.closest_at:.2f}, answer {result.answer_at:.2f}; right entry shown first "
        f"{h['shown_first']}, among those shown {h['shown_any']}, covered with nothing shown "
        f"{h['nothing_shown']}, uncovered answered {h['uncovered_answered']}."
    )
    for b in result.reliability:
        print(f"  p {b['bin']}: n={b['n']:3} predicted {b['predicted']} observed {b['observed']}")
    print(f"Model fitted on {len(rows)} questions, written to {args.model}.")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .server import serve

    return serve(args, settings_from_args(args))


def cmd_report(args: argparse.Namespace) -> int:
    from .report_cmd import report

    return report(_with_settings(args))


def cmd_feedback_export(args: argparse.Namespace) -> int:
    from .feedback_stores import export

    return export(_with_settings(args))


def cmd_bench(args: argparse.Namespace) -> int:
    from faqbot.bench.run import run_bench

    return run_bench(args)
