"""An entry's branch for those who ruled its first case out, made its fix when the question says the check passed.

The Kafka entry "Flink cannot consume or write to Kafka" gives the network fixes (a forwarding address, a direct
path), then "If network connectivity between Flink and Kafka has been confirmed and the issue persists, check the
following non-network causes:" (the start offset, the format). A twenty-third trial's "I already checked the network:
telnet to the broker works" got the advertised.listeners fix, and "which value should I put in scan.startup.mode?"
was told the entry gives no value for advertised.listeners: the parts after that lead-in, the answer for them, were
never a fix. When what the question says it checked (bot/answers/done.py, `CHECKS`) is what such a lead-in says was
confirmed, the parts after it are the entry's fix and the ones before it are not.

The same trial's "ya puse index.global.enabled=true y usamos index.type=bucket" was given the entry's other fixes,
not the note under the fix it had done that is about its case: "When index.type=bucket, setting the
index.global.enabled parameter to true is ineffective ...". A done fix's paragraph whose condition ("When
<name>=<value>,") the question states with the same value is quoted first (`case_notes`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from faqbot.bot.answers.done import checks_named, clauses, done_query
from faqbot.bot.answers.parts_score import NO_TEXT
from faqbot.bot.retrieval.retrieve import Hit, Retrieval
from faqbot.ingest.records import Chunk, Part
from faqbot.ingest.textproc import tokenize

# "If X has been confirmed and the issue persists, check the following ...:" (and the French and Spanish forms): a
# condition that a check passed, then what to do still, introduced
_AFTER_CHECK = re.compile(
    r"^\s*(?:if|once|when|si|cuando|una vez que)\b.{0,200}?"
    r"\b(?:confirmed|verified|checked|ruled out|confirmée?s?|vérifiée?s?|confirmad[oa]s?|verificad[oa]s?)\b"
    r".{0,120}?\b(?:persists?|still|persiste|toujours|sigue)\b.*:\s*$",
    re.IGNORECASE | re.DOTALL,
)


def branch_after(parts: list[Part], tested: frozenset[str]) -> int | None:
    """The lead-in part saying that what was tested (English tokens) was confirmed, when parts follow it, else
    None. Both read through the checks' words (`checks_named`), so a French entry's "la connectivité réseau ... est
    confirmée" meets "telnet works" in any language."""
    for i, p in enumerate(parts):
        if p.kind in NO_TEXT or not _AFTER_CHECK.match(p.text.strip()):
            continue
        if tested & checks_named(p.text) and any(q.kind not in NO_TEXT for q in parts[i + 1 :]):
            return i
    return None


def after_checks(chunk: Chunk, question: str) -> Chunk:
    """The entry with the branch after a check the question says passed as its fix, else as it is."""
    _names, tested, _words, _unused = done_query(question, "en")
    i = branch_after(chunk.parts, tested) if tested else None
    if i is None or states_first_case(chunk, i, question):
        return chunk
    parts = [replace(p, fix=False) for p in chunk.parts[: i + 1]]
    parts += [replace(p, fix=p.kind not in NO_TEXT) for p in chunk.parts[i + 1 :]]
    return replace(chunk, parts=parts)


def states_first_case(chunk: Chunk, i: int, question: str) -> bool:
    """Whether the question, besides what it says it did or checked, names what the entry's causes before the branch
    at `i` name and nothing from there on does: "telnet to the broker works ... there is an nginx proxy in between"
    states the forwarding case the network fixes are for (a sixteenth trial's post), which the check did not rule
    out."""
    _done, _checked, other = clauses(question)
    asked = set(tokenize(" ".join(other), chunk.language))
    causes = " ".join(p.text for p in chunk.parts[:i] if p.kind == "cause")
    later = " ".join([chunk.title] + [p.text for p in chunk.parts[i:]])
    return bool(asked & (set(tokenize(causes, chunk.language)) - set(tokenize(later, chunk.language))))


# a paragraph opening on a condition ("When index.type=bucket, ...", "Lorsque ...", "Cuando ..."): the condition is
# what comes before the first comma
_CONDITION = re.compile(r"^[\s\-*•]*(?:when|if|once|lorsqu['’]?e?|quand|si|cuando)\b([^,]{1,120}),", re.IGNORECASE)
# a setting with its value: index.type=bucket, 'sink.mode' = 'upsert'
_SETTING = re.compile(r"([A-Za-z][\w.\-]*)'?\s*=\s*'?([\w.\-]+)")


def _settings(text: str) -> set[tuple[str, str]]:
    return {(k.lower(), v.lower()) for k, v in _SETTING.findall(text)}


def case_notes(texts: list[str], done: set[int], question: str) -> dict[int, str]:
    """Of the fix parts the question says were done (indices into `texts`, rendered), the paragraphs whose
    condition sets a name to the value the question says it has, by part."""
    said = _settings(question)
    notes: dict[int, str] = {}
    for i in sorted(done) if said else ():
        paras = [p.strip() for p in texts[i].split("\n\n")]
        mine = [p for p in paras if (m := _CONDITION.match(p)) and _settings(m.group(1)) & said]
        if mine:
            notes[i] = "\n\n".join(mine)
    return notes


def with_checks(r: Retrieval, question: str) -> Retrieval:
    """A retrieval whose entries read as `after_checks` makes them (the same object when none changes)."""
    hits = [_hit(h, question) for h in r.hits]
    return r if all(a is b for a, b in zip(hits, r.hits)) else replace(r, hits=hits)


def _hit(h: Hit, question: str) -> Hit:
    chunk = after_checks(h.chunk, question)
    return h if chunk is h.chunk else replace(h, chunk=chunk)
