"""Whether the LLM server answers: what `/api/health` says of it (the answers fall back to the extractive one while it
is down, so the server stays "ok", but its operator must see why generated answers stopped)."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

from faqbot.bot.llm.backend import LLMBackend

# how long a health check's reading of the LLM server holds, and how long it may wait for it
REACHABLE_CACHE_S = 10.0
REACHABLE_TIMEOUT_S = 1.0
_reached: dict[str, tuple[float, bool]] = {}


def reachable(backend: LLMBackend) -> bool | None:
    """Whether the OpenAI-compatible server answers at all (`GET {base_url}/models`, any HTTP status), read at most
    once per REACHABLE_CACHE_S; None for a provider without a base URL (not probed: a hosted API costs a call). A
    twenty-first trial's /api/health said "ok" while the LLM server was down, every answer falling back."""
    if not backend.base_url:
        return None
    url = backend.base_url.rstrip("/") + "/models"
    now = time.monotonic()
    seen = _reached.get(url)
    if seen is not None and now - seen[0] < REACHABLE_CACHE_S:
        return seen[1]
    try:
        with urllib.request.urlopen(url, timeout=REACHABLE_TIMEOUT_S):  # the operator's own URL, from its settings
            ok = True
    except urllib.error.HTTPError:
        ok = True  # it answered (a key it wants, a route it lacks): it is up
    except (OSError, ValueError):
        ok = False
    _reached[url] = (now, ok)
    return ok
