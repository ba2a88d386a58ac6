"""The code blocks of docs/integrations.md, by the name in their `<!-- snippet: NAME ... -->` line:
tests run them as written, so the page cannot drift from what works."""

from __future__ import annotations

import re

from tests.support import ROOT

DOC = ROOT / "docs" / "integrations.md"


def snippet(name: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"<!-- snippet: {re.escape(name)}\b[^>]*-->\s*```\w*\n(.*?)\n```", text, re.DOTALL)
    if m is None:
        raise LookupError(f"no snippet {name!r} in {DOC}")
    return m.group(1)
