"""A section of docs/benchmarks.md between two markers, replaced in place (or appended), atomically."""

from __future__ import annotations

import os
import re
from pathlib import Path


def write_section(out: Path, section: str, begin: str, end: str) -> None:
    """Replace the section between begin and end in out (or append it), keeping the rest; written atomically."""
    text = out.read_text(encoding="utf-8") if out.is_file() else "# Benchmarks\n"
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end) + "\n?", re.S)
    text = pattern.sub(lambda _: section, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + section
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)
