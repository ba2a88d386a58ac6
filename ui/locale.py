"""The language a browser asks pages in: one reading of Accept-Language for the chat page, the login page and the
source page."""

from __future__ import annotations

import re

from faqbot.ingest.textproc import SUPPORTED


def browser_language(accept: str) -> str:
    """The supported language the browser prefers most, from its Accept-Language header
    ("fr-FR,fr;q=0.9,en;q=0.8" -> "fr"); English when it names none of them."""
    best, best_q = "en", -1.0
    for part in (accept or "").split(",")[:20]:
        tag, _, params = part.partition(";")
        code = tag.strip().lower().split("-")[0]
        m = re.search(r"q=([^;\s]*)", params)  # a malformed weight drops the entry
        try:
            q = float(m.group(1)) if m else 1.0
        except ValueError:
            continue
        if code in SUPPORTED and q > best_q:
            best, best_q = code, q
    return best
