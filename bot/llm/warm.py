"""Warming an LLM server's prefix cache: each entry's source block read once, before users ask.

A prompt is the system text and the source block (which depend on the entry alone) followed by the
question (bot.llm_prompt). A server that caches prompt prefixes (llama.cpp's `--cache`, vLLM's
`--enable-prefix-caching`, SGLang) then reads only the question's tokens for any entry it has seen,
which on 2 CPU cores is the difference between about 1 s and 3 to 5 s to the first token. Warming
asks for one token after each entry's prefix, so the first user on an entry gets that speed too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass

from faqbot.bot.llm.backend import LLMBackend, safe_error
from faqbot.bot.llm.prompt import prefix_messages
from faqbot.ingest.records import Chunk

# A server that ignores the limit (or a provider that rejects the field) still answers; warming
# then costs a short answer per entry instead of one token.
_ONE_TOKEN = {"extra_body": {"max_tokens": 1}}


@dataclass
class WarmReport:
    entries: int
    warmed: int
    failed: int
    seconds: float
    error: str | None = None  # the first failure, for the operator

    def to_json(self) -> dict:
        return asdict(self)


def warm_prefixes(
    backend: LLMBackend,
    chunks: Iterable[Chunk],
    progress: Callable[[int, int], None] | None = None,
    max_failures: int = 3,
) -> WarmReport:
    """Send every entry's prefix once; stops after max_failures errors in a row (server down)."""
    todo = list(chunks)
    start = time.perf_counter()
    warmed = failed = in_a_row = 0
    error = None
    for i, chunk in enumerate(todo, 1):
        try:
            backend.model.invoke(prefix_messages(chunk, backend.passage_chars), **_ONE_TOKEN)
            warmed += 1
            in_a_row = 0
        except Exception as exc:  # reported, never raised: warming is an optimisation
            failed += 1
            in_a_row += 1
            error = error or safe_error(exc)
            if in_a_row >= max_failures:
                break
        if progress:
            progress(i, len(todo))
    return WarmReport(len(todo), warmed, failed, round(time.perf_counter() - start, 1), error)
