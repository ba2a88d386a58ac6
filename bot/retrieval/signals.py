"""The ranking's signals: each one named, weighted and explained, in one table (SIGNALS).

An entry's score is the sum of its signals' contributions (`contributions`), so every score can be
taken apart (`Hit.explain`) and every signal switched off to measure it (`faqbot eval --ablate NAME`,
docs/eval.md). A weight of 0 switches a signal off; for a switch (weight 1.0: on) nothing else is
meaningful. The contributions are computed in float64 so that they add up to the score exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from faqbot.bot.retrieval.connectors import other_connector_penalty
from faqbot.bot.retrieval.error_titles import error_title_bonus
from faqbot.bot.retrieval.report import exception_classes

RRF_K = 20
LEXICAL_DAMP = 8.0  # a best BM25 score below this is weak evidence and counts proportionally less
FILL_FROM = 10  # dense candidates whose lexical scores stand in for an entry missing the query language
# fewer same-language entries than this among them: the missing ones count as no match (the median of one
# candidate was its own score: a Spanish question's one Spanish entry, "Lindorm" matched exactly, gave
# every English-only entry the same lexical score and it fell to sixth; docs/eval.md, fifteenth session)
FILL_MIN = 3

# The weights, one constant each (their records below say what they measure and where they were chosen).
DENSE_WEIGHT = 1.0
LANGUAGE_SHIFT = 1.25
HUB = 1.0
CJK_USE = 0.5
XLING_DENSE = 1.0
LEXICAL_WEIGHT = 0.12
XLING_LEXICAL = 1.0
LANGUAGE_FILL = 1.0
ERROR_TITLE_BONUS = 0.08
OTHER_EXCEPTION_PENALTY = 0.05
DATA_SAMPLE_PENALTY = 0.05
OTHER_CONNECTOR_PENALTY = 0.03
# the version of an entry cited: its cosine as searched plus this share of its BM25 score
CITED_VERSION_LEXICAL = 0.02


@dataclass(frozen=True)
class Weight:
    """A named weight: what it measures and why it has this value."""

    name: str
    weight: float
    measures: str
    chosen: str


@dataclass(frozen=True)
class Evidence:
    """What the signals read for one question, per entry (translation group)."""

    dense: np.ndarray  # best cosine of the entry's versions, as searched
    shifted: np.ndarray  # the same with e5's language offsets removed (equal when the shift is off)
    crossed: np.ndarray  # the same, or the question's English reading's when closer (entries lacking its language)
    lexical: np.ndarray  # best BM25 score of the entry's versions
    plain_lexical: np.ndarray  # the same without the English words of the question's terms (bot/retrieval/xling.py)
    has_lang: np.ndarray | None  # the entries that have a version in the question's language
    text: str  # what the lexical pass read: error messages and exception classes are matched in it
    error_titles: list[tuple[int, str]]  # (entry, error message of its title): error_title_index
    title_classes: list[frozenset[str]]  # exception classes each entry's titles name
    # for a long post, `shifted` before the hub levels were taken out (ingest/hubs.py); else None
    unhubbed: np.ndarray | None = None
    # for a question whose prose is CJK, the best USE cosine of the entry's versions (bot/retrieval/cjk_dense.py)
    use: np.ndarray | None = None
    # the entries whose body is only data (a JSON line: ingest/parts.py, fix shape "sample")
    samples: np.ndarray | None = None
    # the connector each entry's FAQ section names, if any (bot/retrieval/connectors.py)
    connectors: list[frozenset[str]] | None = None


Contribution = Callable[[Evidence, Mapping[str, float]], np.ndarray]


@dataclass(frozen=True)
class Signal(Weight):
    """A ranking signal: its contribution to each entry's score, given the evidence and all weights."""

    contribution: Contribution


def _f64(a: np.ndarray) -> np.ndarray:
    return np.asarray(a, dtype=np.float64)


def _lexical_parts(lex_g: np.ndarray) -> tuple[np.ndarray, float]:
    """BM25 scaled to the question's best match, and how far that best match is trusted."""
    lex = _f64(lex_g)
    top = float(lex.max()) if len(lex) else 0.0
    return (lex / top if top > 0 else lex * 0), min(1.0, top / LEXICAL_DAMP)


def _filled(ev: Evidence, lex_n: np.ndarray) -> np.ndarray:
    """BM25 only matches words in the question's language, so an entry that exists only in other
    languages would lose to any same-language entry sharing a word. It gets the lexical score typical
    of the question's strong dense candidates in its language instead (its own if higher); of fewer
    than FILL_MIN such candidates no score is typical: the missing ones count as 0."""
    has_lang = ev.has_lang
    if has_lang is None or not has_lang.any() or has_lang.all():
        return lex_n
    cand = np.argsort(-ev.crossed)[:FILL_FROM]
    same = lex_n[cand[has_lang[cand]]]
    fill = float(np.median(np.concatenate([same, np.zeros(max(0, FILL_MIN - len(same)))])))
    return np.where(has_lang, lex_n, np.maximum(lex_n, fill))


def _dense(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    return w["dense"] * _f64(ev.dense)


def _language_shift(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    # the weight is applied to the cosines (ingest/language_shift.py); this is what it moved
    before_hubs = ev.shifted if ev.unhubbed is None else ev.unhubbed
    return w["dense"] * (_f64(before_hubs) - _f64(ev.dense))


def _hub(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    # the weight is applied to the cosines (ingest/hubs.py); this is what it moved
    if ev.unhubbed is None:
        return np.zeros(len(ev.dense))
    return w["dense"] * (_f64(ev.shifted) - _f64(ev.unhubbed))


def _cjk_use(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    if ev.use is None:
        return np.zeros(len(ev.dense))
    return w["cjk_use"] * _f64(ev.use)


def _xling_dense(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    return w["dense"] * (_f64(ev.crossed) - _f64(ev.shifted))


def _lexical_term(lex_g: np.ndarray, w: Mapping[str, float]) -> np.ndarray:
    lex_n, strength = _lexical_parts(lex_g)
    return w["lexical"] * strength * lex_n


def _lexical(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    return _lexical_term(ev.plain_lexical, w)


def _xling_lexical(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    if ev.plain_lexical is ev.lexical:
        return np.zeros(len(ev.lexical))
    return _lexical_term(ev.lexical, w) - _lexical_term(ev.plain_lexical, w)


def _language_fill(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    lex_n, strength = _lexical_parts(ev.lexical)
    if not w["language_fill"]:
        return np.zeros(len(lex_n))
    return w["lexical"] * strength * (_filled(ev, lex_n) - lex_n)


def _error_title(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    return _f64(error_title_bonus(ev.error_titles, ev.text, len(ev.lexical), w["error_title"]))


def _other_exception(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    return 0.0 - _f64(other_exception_penalty(ev.title_classes, ev.text, w["other_exception"]))  # no "-0.0"


def _other_connector(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    if ev.connectors is None:
        return np.zeros(len(ev.dense))
    return 0.0 - other_connector_penalty(ev.connectors, ev.text, w["other_connector"])  # no "-0.0"


def _data_sample(ev: Evidence, w: Mapping[str, float]) -> np.ndarray:
    if ev.samples is None:
        return np.zeros(len(ev.dense))
    return 0.0 - w["data_sample"] * _f64(ev.samples)  # no "-0.0"


_SHIFT_SWEEP = "docs/eval.md, issue 25: misses over dev + xling-dev + calibration's cross-lingual (110 questions)"

SIGNALS: tuple[Signal, ...] = (
    Signal(
        "dense",
        DENSE_WEIGHT,
        "e5 cosine of the question with the entry's closest version (title, body or alias row), as searched",
        "the scale every other weight is set against",
        _dense,
    ),
    Signal(
        "language_shift",
        LANGUAGE_SHIFT,
        "e5's offset towards versions in the question's own language, taken out of their cosines "
        "(ingest/language_shift.py): a French question sat ~0.027 closer to any French version",
        f"{_SHIFT_SWEEP}: 10 at 0 and 0.5, 9 at 0.75, 8 at 1, 7 at 1.25, 8 at 1.5",
        _language_shift,
    ),
    Signal(
        "hub",
        HUB,
        "for a long post or a question quoting an exception, each version's closeness to text in general (its "
        "mean best cosine to the other entries' answers; ingest/hubs.py) taken out of its cosine: short "
        "error-titled entries sat near any long post full of logs, and near any error typed alone",
        "a switch (1: the level as measured); docs/eval.md, issue 22, sixth session: real posts hit@1 0.676 -> "
        "0.746 (English 0.794 -> 0.882); other short questions untouched (on them a correction cost CJK and dev "
        "questions); eighth session: also short questions naming an exception class (no set changed; English real "
        "titles alone hit@1 22 -> 23, hit@3 26 -> 27 of 34)",
        _hub,
    ),
    Signal(
        "cjk_use",
        CJK_USE,
        "for a question whose prose is Chinese, Japanese or Korean, the cosine of its dense reading with the "
        "entry's closest version by the Universal Sentence Encoder v3 (bot/retrieval/cjk_dense.py), which was "
        "trained on translation pairs and places Chinese near the English entries that e5 keeps far",
        "docs/eval.md, issue 22, fifth session: chosen leaving one repository out on the 71 covered real posts "
        "(0.5 in 42 of 43 folds; held out hit@1 0.577 -> 0.662); Chinese posts 0.378 -> 0.568 at 0.5; dev unchanged",
        _cjk_use,
    ),
    Signal(
        "xling_dense",
        XLING_DENSE,
        "for an entry without a version in the question's language (French, Spanish), the cosine of the "
        "question with its terms put in English when closer (bot/retrieval/xling.py; two terms at least)",
        "a switch (1: on); docs/eval.md, issue 25: xling-dev hit@1 0.559 without it, 0.844 with",
        _xling_dense,
    ),
    Signal(
        "lexical",
        LEXICAL_WEIGHT,
        "BM25 score scaled to the question's best match, damped when that best match is weak (below 8)",
        "eval/dev.jsonl and eval/calibration.jsonl agree (docs/eval.md, 'Each part's contribution'): "
        "e5 cosines of relevant entries spread over a few hundredths, so 0.35 let a shared word outvote the meaning",
        _lexical,
    ),
    Signal(
        "xling_lexical",
        XLING_LEXICAL,
        "what the English words of a French or Spanish question's terms (bot/retrieval/xling.py) add to the "
        "lexical score",
        "a switch (1: on); docs/eval.md, issue 25, first pass",
        _xling_lexical,
    ),
    Signal(
        "language_fill",
        LANGUAGE_FILL,
        "for an entry without a version in the question's language, the median lexical score of the "
        "question's ten best dense candidates that have one, when higher than its own",
        "a switch (1: on); docs/eval.md, 'Each part's contribution': calibration hit@1 0.831 without, 0.862 with",
        _language_fill,
    ),
    Signal(
        "error_title",
        ERROR_TITLE_BONUS,
        "the question quotes verbatim the error message an entry is titled with (12 characters at least, "
        "in no other entry)",
        "docs/eval.md, real posts: hit@1 0.349 without, 0.419 with (43 covered posts)",
        _error_title,
    ),
    Signal(
        "other_exception",
        OTHER_EXCEPTION_PENALTY,
        "the entry's title names exception classes and the question names others, none of them",
        "docs/eval.md, real posts: hit@5 0.744 without, 0.767 with; no first entry changes",
        _other_exception,
    ),
    Signal(
        "data_sample",
        DATA_SAMPLE_PENALTY,
        "the entry's body is only data (a JSON line under its title: ingest/parts.py, fix shape \"sample\"), "
        "which answers nothing by itself: an entry that says what to do ranks before it when close",
        "docs/eval.md, issue 22, ninth session: real posts hit@1 0.789 -> 0.803 (rpa014, nested JSON in Kafka); "
        "the composer already answered from the next entry (issue 24)",
        _data_sample,
    ),
    Signal(
        "other_connector",
        OTHER_CONNECTOR_PENALTY,
        "the entry is in a FAQ section named after a connector (Hologres, MaxCompute, ...) and the question names "
        "connectors, none of them that one",
        "docs/eval.md, issue 22, twentieth session: real posts held out by repository hit@1 0.803 -> 0.817, hit@3 "
        "0.873 -> 0.887 (0.03 chosen in 42 of 43 folds); no question of another set loses a place",
        _other_connector,
    ),
)

# Not a term of the entry's score: which version of the chosen entry is cited.
CITED_VERSION = Weight(
    "cited_version",
    CITED_VERSION_LEXICAL,
    "among an entry's versions in the answer's language, the share of BM25 added to the cosine as searched "
    "to choose the one cited",
    "a tie-breaker: BM25 scores run to ~10, cosines differ by hundredths between versions",
)

NAMES: tuple[str, ...] = tuple(s.name for s in SIGNALS) + (CITED_VERSION.name,)


def default_weights() -> dict[str, float]:
    return {s.name: s.weight for s in SIGNALS} | {CITED_VERSION.name: CITED_VERSION.weight}


def ablated(names: Iterable[str], base: Mapping[str, float] | None = None) -> dict[str, float]:
    """The weights with the named signals switched off (0); an unknown name is an error naming the known ones."""
    out = dict(base or default_weights())
    for name in names:
        if name not in out:
            raise ValueError(f"unknown signal {name!r}: choose among {', '.join(NAMES)}")
        out[name] = 0.0
    return out


def contributions(ev: Evidence, weights: Mapping[str, float], fusion: str = "linear") -> dict[str, np.ndarray]:
    """Each signal's contribution to every entry's score. Other fusions than the linear one (for
    measuring: docs/eval.md) are one term, plus the two rules on error messages."""
    if fusion == "linear":
        return {s.name: s.contribution(ev, weights) for s in SIGNALS}
    return {
        fusion: _f64(fuse(ev.crossed, ev.lexical, fusion)),
        "error_title": _error_title(ev, weights),
        "other_exception": _other_exception(ev, weights),
    }


def total(parts: Mapping[str, np.ndarray]) -> np.ndarray:
    """The score: the contributions added in the table's order (as `explain` adds them)."""
    out = np.zeros(len(next(iter(parts.values()))), dtype=np.float64)
    for v in parts.values():
        out = out + v
    return out


def explain(parts: Mapping[str, np.ndarray], entry: int) -> dict[str, float]:
    return {name: float(v[entry]) for name, v in parts.items()}


def fuse(
    dense_g: np.ndarray,
    lex_g: np.ndarray,
    fusion: str,
    has_lang: np.ndarray | None = None,
    dense_weight: float = DENSE_WEIGHT,
    lexical_weight: float = LEXICAL_WEIGHT,
) -> np.ndarray:
    """Score per entry from a dense and a lexical score alone. has_lang marks the entries that exist
    in the query's language."""
    if fusion == "dense":
        return dense_g.copy()
    if fusion == "bm25":
        return lex_g.copy()
    if fusion == "rrf":
        rd = np.empty_like(dense_g)
        rd[np.argsort(-dense_g)] = np.arange(len(dense_g))
        rl = np.empty_like(lex_g)
        rl[np.argsort(-lex_g)] = np.arange(len(lex_g))
        score = 1.0 / (RRF_K + rd + 1)
        return score + np.where(lex_g > 0, 1.0 / (RRF_K + rl + 1), 0.0)
    ev = Evidence(dense_g, dense_g, dense_g, lex_g, lex_g, has_lang, "", [], [])
    w = default_weights() | {"dense": dense_weight, "lexical": lexical_weight}
    return total({s.name: s.contribution(ev, w) for s in SIGNALS if s.name in ("dense", "lexical", "language_fill")})


# An entry titled with an exception class the question does not name, when the question names
# others, loses OTHER_EXCEPTION_PENALTY: "TimeoutException: Timeout expired while fetching topic
# metadata" is not the entry "IllegalArgumentException: timeout value is negative", however many
# words they share.
def other_exception_penalty(
    title_classes: list[frozenset[str]], text: str, penalty: float = OTHER_EXCEPTION_PENALTY
) -> np.ndarray:
    asked = exception_classes(text, generic=True)
    out = np.zeros(len(title_classes), dtype=np.float64)
    if asked:
        for gi, classes in enumerate(title_classes):
            if classes and not classes & asked:
                out[gi] = penalty
    return out
