"""Records that travel from ingest to the bot through the index folder (public format)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from .textproc import fold, frames_as_calls, tokenize

TITLE_WEIGHT = 2  # title and aliases count twice in the lexical index


@dataclass
class Part:
    """One part of an entry's answer (ingest/parts.py): what an answer is composed from."""

    kind: str  # cause, solution, check, problem, step, item, text, code, label, heading
    text: str  # the body's lines, verbatim (indentation kept)
    fix: bool = False  # what to do: a Solution/check part, a step, or the entry's closing advice
    case: str = ""  # a version branch: "before 6.0.2" or "from 6.0.2"
    section: int = -1  # the label or heading part that opens its section, -1 for none

    @classmethod
    def from_json(cls, data: dict) -> Part:
        return cls(**data)


@dataclass
class Chunk:
    """One FAQ question with its whole answer, in one language."""

    id: str
    doc: str  # document id, e.g. "connectors-faq.fr"
    doc_title: str
    family: str  # documents of one family are translations of each other
    source: str  # file name inside the corpus folder
    language: str
    title: str
    body: str
    line_start: int
    line_end: int
    group: str = ""
    aliases: list[str] = field(default_factory=list)
    translation_group: str = ""
    parts: list[Part] = field(default_factory=list)
    # how the entry gives its fix (ingest/parts.py FIX_SHAPES): labelled, steps, items, last, none, sample
    fix: str = ""

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Chunk:
        parts = [Part.from_json(p) for p in data.get("parts", [])]
        return cls(**{**data, "parts": parts})


def slug(text: str, limit: int = 48) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")
    return s[:limit].rstrip("-") or "section"


def chunk_id(doc: str, title: str, taken: set[str]) -> str:
    """Stable id from document and title: unchanged text gives the same id on every run."""
    base = f"{doc}#{slug(title)}"
    cid = base
    n = 2
    while cid in taken:
        cid = f"{base}-{n}"
        n += 1
    taken.add(cid)
    return cid


@dataclass
class ParsedDocument:
    doc: str
    title: str
    family: str
    source: str
    language: str
    shape: str
    chunks: list[Chunk]
    empty_headings: list[dict]  # headings recorded without an answer body
    toc_unmatched: list[str]  # TOC entries whose answer section was not found
    toc: list[dict] = field(default_factory=list)


def lexical_tokens(c: Chunk) -> list[str]:
    """The tokens a chunk contributes to the lexical index."""
    head = " ".join([c.title, *c.aliases, c.group])
    return tokenize(head, c.language) * TITLE_WEIGHT + tokenize(frames_as_calls(c.body), c.language)
