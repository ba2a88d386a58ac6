"""Figures computed the same way everywhere (evaluation, LLM evaluation, benchmarks)."""

from __future__ import annotations

import numpy as np


def percentiles(xs: list[float], digits: int = 1) -> tuple[float, float]:
    """(p50, p95), rounded; the one place latency figures are computed."""
    if not xs:
        return 0.0, 0.0
    return round(float(np.percentile(xs, 50)), digits), round(float(np.percentile(xs, 95)), digits)
