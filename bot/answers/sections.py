"""What an answer says of the FAQ section an entry is in: its name beside a title that does not say it, and a
caution when the question names another connector."""

from __future__ import annotations

import re

from faqbot.bot.answers.phrases import phrase
from faqbot.bot.retrieval.retrieve import Hit
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import fold
from faqbot.languages import words

_FUNCTION = frozenset(words("function_words"))


def section_of(chunk: Chunk) -> str:
    """The FAQ section an entry is in, when its title does not name it: among entries shown by title alone, two
    entries on two connectors ("Data visibility depends on the checkpoint interval", Paimon; "Checkpoint interval
    and data visibility", Hologres) could not be told apart (an eighth trial). "" for a document without sections."""
    section = chunk.group or ""
    if not section or section == chunk.doc_title:
        return ""
    title = set(re.findall(r"\w+", fold(chunk.title)))
    named = [w for w in re.findall(r"\w+", fold(section)) if len(w) > 2 and w not in _FUNCTION]
    return "" if any(w in title for w in named) else section


def other_connector_note(top: Hit, lang: str) -> str:
    """A caution over the fix of an entry from a connector's section when the question names connectors, none of
    them that one (the ranking's `other_connector` signal fired on it): a twenty-seventh trial's "怎么解决？" about a
    Paimon job's OutOfMemoryError got Log Service's "Reduce the value of the batchGetSize parameter" with no word that
    it is another connector's. "" otherwise."""
    section = top.chunk.group or ""
    if not section or section == top.chunk.doc_title or top.explain.get("other_connector", 0.0) >= 0:
        return ""
    return phrase("other_connector_entry", lang, section=section)
