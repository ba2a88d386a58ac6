"""The probability that the FAQ answers a question: a logistic model over retrieval signals.

Fitted on labelled question files (in-scope vs out-of-scope) by `faqbot calibrate`; the shipped
coefficients, the features they read and the two thresholds of the decision (bot/retrieval/decision.py:
closest entries at or above `threshold`, an answer at or above `answer_threshold`) live in
abstain_model.json next to this module.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

# every signal the retriever computes (bot/retrieval/retrieve.py _features); a model reads a few of them
FEATURES = (
    "dense_top",
    "dense_of_top",
    "lex_top",
    "lex_of_top",
    "coverage",
    "unknown_terms",
    "n_tokens",
    "unknown_share",
    "unknown_names",
    "long_post",
    "dense_gap",
    "title_cov",
    "title_unknown",
    "exc_unknown",
    "fused_top",
    "fused_gap",
)
# lexical scores grow with query length: compared on a log scale, as is the token count
LOG_FEATURES = frozenset({"lex_top", "lex_of_top", "n_tokens"})
MODEL_PATH = Path(__file__).with_name("abstain_model.json")


def _transform(feats: dict, names: tuple[str, ...] | list[str] = FEATURES) -> np.ndarray:
    x = [float(feats.get(f, 0.0)) for f in names]
    x = [math.log1p(max(0.0, v)) if f in LOG_FEATURES else v for f, v in zip(names, x)]
    return np.asarray(x, dtype=np.float64)


@dataclass
class AbstainModel:
    weights: list[float]
    bias: float
    mean: list[float]
    std: list[float]
    threshold: float = 0.5  # below it: not covered
    features: tuple[str, ...] = FEATURES
    answer_threshold: float | None = None  # at or above it: an answer; None: the same as threshold

    @property
    def answer_at(self) -> float:
        return self.threshold if self.answer_threshold is None else max(self.threshold, self.answer_threshold)

    def probability(self, feats: dict) -> float:
        """Probability that the corpus answers the question."""
        z = (_transform(feats, self.features) - np.asarray(self.mean)) / np.asarray(self.std)
        s = float(z @ np.asarray(self.weights) + self.bias)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, s))))

    def to_json(self) -> dict:
        return {
            "features": list(self.features),
            "weights": self.weights,
            "bias": self.bias,
            "mean": self.mean,
            "std": self.std,
            "threshold": self.threshold,
            "answer_threshold": self.answer_at,
        }


def fit(
    feature_rows: list[dict],
    labels: list[int],
    l2: float = 1.0,
    class_weight_out: float = 1.0,
    threshold: float = 0.5,
    features: tuple[str, ...] = FEATURES,
    answer_threshold: float | None = None,
) -> AbstainModel:
    """L2-regularised logistic regression (label 1 = in scope), by Newton's method."""
    unknown = [f for f in features if f not in FEATURES]
    if unknown:
        raise ValueError(f"unknown features {unknown}; known: {', '.join(FEATURES)}")
    X = np.stack([_transform(f, features) for f in feature_rows])
    y = np.asarray(labels, dtype=np.float64)
    mean, std = X.mean(axis=0), X.std(axis=0) + 1e-6
    Z = (X - mean) / std
    Z1 = np.hstack([Z, np.ones((len(Z), 1))])
    sw = np.where(y == 1, 1.0, class_weight_out)
    w = np.zeros(Z1.shape[1])
    reg = np.eye(len(w)) * l2
    reg[-1, -1] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(Z1 @ w)))
        grad = Z1.T @ (sw * (p - y)) + reg @ w
        H = (Z1 * (sw * p * (1 - p))[:, None]).T @ Z1 + reg
        step = np.linalg.solve(H, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return AbstainModel(
        list(map(float, w[:-1])),
        float(w[-1]),
        list(map(float, mean)),
        list(map(float, std)),
        threshold,
        tuple(features),
        answer_threshold,
    )


def cross_validate(feature_rows: list[dict], labels: list[int], folds: int = 5, **kw) -> list[float]:
    """Out-of-fold probabilities (stratified by label, deterministic)."""
    n = len(labels)
    fold_of = [0] * n
    for lab in (0, 1):
        idx = [i for i in range(n) if labels[i] == lab]
        for j, i in enumerate(idx):
            fold_of[i] = j % folds
    probs = [0.0] * n
    for f in range(folds):
        train = [i for i in range(n) if fold_of[i] != f]
        model = fit([feature_rows[i] for i in train], [labels[i] for i in train], **kw)
        for i in range(n):
            if fold_of[i] == f:
                probs[i] = model.probability(feature_rows[i])
    return probs


class _Never(AbstainModel):
    def probability(self, feats: dict) -> float:
        return 1.0


def never_abstain() -> AbstainModel:
    """A model that always answers (for calibration, and when no model is shipped)."""
    return _Never([0.0] * len(FEATURES), 0.0, [0.0] * len(FEATURES), [1.0] * len(FEATURES))


def answering(model: AbstainModel) -> AbstainModel:
    """The model with both thresholds at 0: every question retrieval finds an entry for is answered. For
    measuring what answers hold (the extractive composer, a generated answer and its checks) whatever
    outcome the decision would pick (`faqbot eval --answer-all`, tests of answers)."""
    return replace(model, threshold=0.0, answer_threshold=0.0)


class AbstainModelError(ValueError):
    """The configured "not covered" model cannot be used; the message names the fix."""


def load_default_model(path: Path | None = None) -> AbstainModel:
    """`path` (a file `faqbot calibrate` wrote: FAQBOT_ABSTAIN_MODEL, read by bot/settings.py), else
    the shipped model.

    A model that cannot be read stops the bot with a message: silently answering everything (the
    old fallback) hid a typo in FAQBOT_ABSTAIN_MODEL until users met confident wrong answers."""
    env = path is not None
    path = path or MODEL_PATH
    try:
        data = json.loads(path.read_text())
        names = tuple(data.get("features", ()))
        unknown = [f for f in names if f not in FEATURES]
        if not names or unknown or len(data["weights"]) != len(names):
            why = f"features the bot does not compute: {', '.join(unknown)}" if unknown else "no features or weights"
            raise ValueError(why)
        threshold = data.get("threshold", 0.5)
        return AbstainModel(
            data["weights"], data["bias"], data["mean"], data["std"], threshold, names, data.get("answer_threshold")
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        why = f"missing key {exc}" if isinstance(exc, KeyError) else str(exc) or type(exc).__name__
        fix = "unset FAQBOT_ABSTAIN_MODEL or " if env else ""
        raise AbstainModelError(
            f"The \"not covered\" model {path} cannot be used ({why}): {fix}write one with `faqbot calibrate`."
        ) from exc


def save_model(model: AbstainModel, path: Path) -> None:
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(model.to_json(), indent=2))
    tmp.replace(path)


def rates(probs: list[float], labels: list[int], threshold: float) -> dict:
    """Out-of-scope caught and false abstain at a threshold."""
    out = [p < threshold for p, y in zip(probs, labels) if y == 0]
    ins = [p < threshold for p, y in zip(probs, labels) if y == 1]
    return {
        "out_of_scope": len(out),
        "in_scope": len(ins),
        "out_of_scope_caught": round(sum(out) / max(1, len(out)), 3),
        "false_abstain": round(sum(ins) / max(1, len(ins)), 3),
    }


def calibrate(
    labelled: tuple[list[dict], list[int]],
    held_out: tuple[list[dict], list[int]] | None = None,
    folds: int = 5,
    threshold: float = 0.5,
    merge: bool = True,
) -> tuple[AbstainModel, dict]:
    """Cross-validate, optionally score on held-out questions, then fit the model to ship.

    labelled and held_out are (retrieval features, 1 in scope / 0 out of scope)."""
    feats, labels = labelled
    if not labels or 0 not in labels or 1 not in labels:
        raise ValueError(
            "calibration needs both in-scope questions (with needles) and out-of-scope ones "
            "(kind out-of-scope, no needles)."
        )
    result: dict = {
        "cross_validated": {"folds": folds, **rates(cross_validate(feats, labels, folds=folds), labels, threshold)}
    }
    if held_out:
        # fitted without the held-out questions, then scored on them: an honest figure for new questions
        model = fit(feats, labels, threshold=threshold)
        result["held_out"] = rates([model.probability(f) for f in held_out[0]], held_out[1], threshold)
        if merge:
            feats, labels = feats + held_out[0], labels + held_out[1]
    model = fit(feats, labels, threshold=threshold)
    result["fitted_on"] = len(labels)
    result["model"] = model.to_json()
    return model, result
