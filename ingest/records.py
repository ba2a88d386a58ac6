"""Records that travel from ingest to the bot through the index folder (public format)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from .textproc import fold, tokenize

TITLE_WEIGHT = 2  # title and aliases count twice in the lexical index


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

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Chunk:
        return cls(**data)


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
    return tokenize(head, c.language) * TITLE_WEIGHT + tokenize(c.body, c.language)
