"""An empty heading that one entry refers to by name becomes that entry's alias.

The Connectors FAQ has headings with no text under them ("max_pt() and max_pt_with_done()"): their
answer lives in another entry, which says so ("For more information, see What is the difference
between max_pt() and max_pt_with_done()?" in "Set the partition parameter"). Left out, the question
those headings ask found the right entry but was declared "not covered" (0.28): the entry's own
title is about something else. The heading, when exactly one entry of its document names it, is
added to that entry's aliases (each alias gets a vector and counts in BM25 like the title).
"""

from __future__ import annotations

import re
from dataclasses import replace

from .records import Chunk
from .textproc import fold


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", fold(text)).strip(" ?.:")


def alias_empty_headings(chunks: list[Chunk], empty: list[dict]) -> list[Chunk]:
    """The chunks, each with the empty headings that only it names added to its aliases."""
    bodies = [_squash(c.body) for c in chunks]
    added: dict[int, list[str]] = {}
    for e in empty:
        title = str(e.get("title", ""))
        key = _squash(title)
        if len(key) < 12:  # "Print": too short to be named on purpose
            continue
        naming = [i for i, b in enumerate(bodies) if key in b and chunks[i].doc == e.get("doc", chunks[i].doc)]
        if len(naming) == 1 and title not in chunks[naming[0]].aliases:
            added.setdefault(naming[0], []).append(title)
    return [replace(c, aliases=[*c.aliases, *added[i]]) if i in added else c for i, c in enumerate(chunks)]
