"""Split a FAQ document into one chunk per question, recognising the document's shape.

Shapes (decided from the text, never from the file name):
- "toc": a table of contents of grouped questions, then answer sections whose
  headings paraphrase the entries (the Connectors FAQ).
- "questions": questions as headings ending in "?", sub-headings inside answers
  (the Data validity FAQ).
- "problems": no question headings, blocks of Problem description / Cause /
  Solutions (the Common SQL errors page).
- "headings": anything else with headings (Markdown or plain): one chunk per heading.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from .blocks import (
    BULLET,
    NUMBERED_SUB,
    Para,
    TocEntry,
    clean_heading,
    is_heading,
    marker_kind,
    numbered_marker,
    paragraphs,
    parse_toc,
)
from .parts import split_parts, without_bare_reply
from .records import Chunk, ParsedDocument, chunk_id
from .similarity import assign, fill_gaps, tfidf_matrix
from .textproc import SUPPORTED

_HEADER = re.compile(r"^[^:\n]{3,80}:\s*(\S.{0,120})$")
_EXCEPTION = re.compile(r"\b((?:[a-z_$][\w$]*\.)*([A-Z]\w*(?:Exception|Error)))\b(?::\s*(.*))?")
TOC_THRESHOLD = 0.22


def family_of(stem: str) -> str:
    """'connectors-faq.fr' -> 'connectors-faq': translations share a file stem."""
    return re.sub(rf"[._-]({'|'.join(SUPPORTED)})$", "", stem)


def _is_question(text: str) -> bool:
    return text.rstrip().endswith("?")


def _first_sentence(text: str, limit: int = 110) -> str:
    text = " ".join(text.split())
    m = re.match(r"(.+?[.!?])(\s|$)", text)
    s = m.group(1) if m else text
    if len(s) > limit:
        s = s[:limit].rsplit(" ", 1)[0] + " …"
    return s.rstrip(".")


class _Builder:
    """Turns (start paragraph, title) decisions into chunks with verbatim bodies."""

    def __init__(self, doc: str, title: str, family: str, source: str, lang: str, lines: list[str]):
        self.doc, self.title, self.family, self.source, self.lang = doc, title, family, source, lang
        self.lines = lines
        self.taken: set[str] = set()
        self.chunks: list[Chunk] = []
        self.empty: list[dict] = []
        self.toc: list[dict] = []  # TOC entry -> chunk id (None when the heading has no body)

    def add(
        self,
        title: str,
        head_line: int,
        body_paras: list[Para],
        *,
        skip_head: bool = True,
        group: str = "",
        aliases: list[str] | None = None,
    ) -> Chunk | None:
        title = clean_heading(title)
        if body_paras:
            first = body_paras[0].start
            last = body_paras[-1].end
            body = "\n".join(self.lines[first - 1 : last]).rstrip()
        else:
            body, last = "", head_line
        if not body.strip():
            self.empty.append({"doc": self.doc, "title": title, "line": head_line})
            return None
        chunk = Chunk(
            id=chunk_id(self.doc, title, self.taken),
            doc=self.doc,
            doc_title=self.title,
            family=self.family,
            source=self.source,
            language=self.lang,
            title=title,
            body=body,
            line_start=head_line,
            line_end=last,
            group=group,
            aliases=[a for a in (aliases or []) if clean_heading(a) != title],
        )
        parts, chunk.fix = split_parts(body)
        chunk.parts = without_bare_reply(parts, title, self.lang)
        self.chunks.append(chunk)
        return chunk


def _segments(paras: list[Para], starts: list[int]) -> list[tuple[int, list[Para]]]:
    out = []
    for n, s in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(paras)
        out.append((s, paras[s + 1 : end]))
    return out


def _group_keys(groups: list[str], texts: list[str]) -> dict[str, list[str]]:
    """Words that name a group: the full name and its words that are rare in the document
    (so 'Connecteur personnalisé' is not named by every 'connecteur')."""
    lows = [t.lower() for t in texts]
    keys: dict[str, list[str]] = {}
    for g in groups:
        words = [w for w in re.split(r"[\s()]+", g) if len(w) > 2]
        rare = [w for w in words if sum(w.lower() in t for t in lows) <= max(3, len(lows) // 6)]
        keys[g] = [g, *rare]
    return keys


def _mentions(text: str, keys: list[str]) -> int:
    low = text.lower()
    return max((len(k) for k in keys if k.lower() in low), default=0)


def _group_for(text: str, keys: dict[str, list[str]], fallback: str) -> str:
    best, best_len = fallback, 0
    for g, ks in keys.items():
        n = _mentions(text, ks)
        if n > best_len:
            best, best_len = g, n
    return best


def _context(paras: list[Para], i: int) -> str:
    nxt = paras[i + 1] if i + 1 < len(paras) and not is_heading(paras[i + 1]) else None
    return paras[i].first + " " + (nxt.text[:600] if nxt else "")


def _toc_similarity(
    b: _Builder, paras: list[Para], toc: list[TocEntry], cands: list[int], groups: list[str], keys: dict[str, list[str]]
) -> np.ndarray:
    context = [_context(paras, i) for i in cands]
    sim = tfidf_matrix([e.text for e in toc], [clean_heading(paras[i].first) for i in cands], b.lang)
    # A section that names the entry's connector is likelier its answer; one that names
    # only another connector is not.
    for c, ctx in enumerate(context):
        named = {g for g in groups if _mentions(ctx, keys[g])}
        for t, e in enumerate(toc):
            if e.group in named:
                sim[t, c] += 0.12
            elif named:
                sim[t, c] -= 0.12
    # Sections of one connector sit together: a second pass favours headings inside the
    # span where the first pass put most of that connector's entries.
    first = assign(sim, TOC_THRESHOLD)
    spans: dict[str, list[int]] = {}
    for t, c in first.items():
        spans.setdefault(toc[t].group, []).append(c)
    for t, e in enumerate(toc):
        cs = sorted(spans.get(e.group, []))
        if len(cs) >= 2:
            lo, hi = cs[len(cs) // 4], cs[(3 * len(cs)) // 4]
            for c in range(len(cands)):
                sim[t, c] += 0.08 if lo - 1 <= c <= hi + 1 else -0.04
    return sim


def _parse_toc_shape(b: _Builder, paras: list[Para], toc: list[TocEntry]) -> list[str]:
    # Problem labels ("Cause", "Symptôme") and "Check 1:" lines are sub-headings, never questions.
    heads = [
        i
        for i, p in enumerate(paras)
        if is_heading(p) and not NUMBERED_SUB.match(p.first) and marker_kind(p.first) is None
    ]
    cands = heads
    groups = list(dict.fromkeys(e.group for e in toc))
    keys = _group_keys(groups, [_context(paras, i) for i in cands])
    sim = _toc_similarity(b, paras, toc, cands, groups, keys)
    pairs = fill_gaps(assign(sim, TOC_THRESHOLD), len(toc), len(cands), sim, floor=-1.0)
    toc_of = {cands[c]: t for t, c in pairs.items()}
    starts: list[int] = []
    sub_mode = False
    for i in heads:
        if i in toc_of or not starts:
            starts.append(i)
            sub_mode = False
            continue
        directly_after_heading = i - 1 == starts[-1]
        if directly_after_heading or sub_mode:
            sub_mode = True  # a section that opens with a sub-heading keeps its later ones
        else:
            starts.append(i)
    group = groups[0] if groups else ""
    for s, body in _segments(paras, starts):
        entry = toc[toc_of[s]] if s in toc_of else None
        title = paras[s].first
        group = entry.group if entry else _group_for(_context(paras, s), keys, group)
        chunk = b.add(title, paras[s].start, body, group=group, aliases=[entry.text] if entry else [])
        if entry:
            b.toc.append(
                {
                    "entry": entry.text,
                    "group": entry.group,
                    "chunk": chunk.id if chunk else None,
                    "heading": clean_heading(title),
                }
            )
    return [e.text for n, e in enumerate(toc) if n not in pairs]


def _parse_questions(b: _Builder, paras: list[Para], group: str) -> None:
    starts = []
    for i, p in enumerate(paras):
        if not is_heading(p):
            continue
        nxt = paras[i + 1].first if i + 1 < len(paras) else ""
        opens_problem = nxt.startswith(BULLET) and marker_kind(nxt) is not None
        if _is_question(p.first) or opens_problem:
            starts.append(i)
    for s, body in _segments(paras, starts):
        b.add(paras[s].first, paras[s].start, body, group=group)


def _problem_title(body: list[Para]) -> str:
    for p in body:
        for line in p.lines:
            m = _EXCEPTION.search(line)
            if m and not line.lstrip().startswith(("at ", "import ")):
                msg = (m.group(3) or "").strip()
                title = m.group(2) + (": " + msg if msg else "")
                return _first_sentence(title, 120)
    for p in body:
        if marker_kind(p.first) is None and is_heading(p) is False and not p.first[:1].isspace():
            text = re.sub(r"^\w+\s+\d+\s?:\s*", "", p.text)
            return _first_sentence(text)
    return _first_sentence(body[0].text) if body else "Untitled"


def _parse_problems(b: _Builder, paras: list[Para], group: str) -> None:
    starts: list[int] = []
    seen_solution = False
    for i, p in enumerate(paras):
        kind = marker_kind(p.first) if len(p.lines) == 1 else None
        numbered = numbered_marker(p.first)
        if kind == "problem":
            starts.append(i)
            seen_solution = False
        elif numbered and numbered[0] == "cause" and numbered[1] == 1 and (seen_solution or not starts):
            starts.append(i)
            seen_solution = False
        elif kind == "solution":
            seen_solution = True
    for s, body in _segments(paras, starts):
        head = paras[s]
        # a "Cause 1: ..." opener is content, not a label: keep it in the body
        content = body if marker_kind(head.first) == "problem" else [head, *body]
        b.add(_problem_title(content), head.start, content, group=group)


def _parse_headings(b: _Builder, paras: list[Para], group: str) -> None:
    heads = [i for i, p in enumerate(paras) if is_heading(p) and not NUMBERED_SUB.match(p.first)]
    levels = [len(paras[i].first) - len(paras[i].first.lstrip("#")) for i in heads]
    top = min((lv for lv in levels if lv > 0), default=0)
    starts = [i for i, lv in zip(heads, levels) if lv <= top or top == 0 and lv == 0]
    for s, body in _segments(paras, starts):
        b.add(paras[s].first, paras[s].start, body, group=group)


def parse_document(text: str, source: str, language: str) -> ParsedDocument:
    lines = text.splitlines()
    stem = Path(source).stem
    first = next((n for n, ln in enumerate(lines) if ln.strip()), 0)
    m = _HEADER.match(lines[first].strip()) if lines else None
    title = m.group(1).strip() if m else clean_heading(lines[first]) if lines else stem
    paras = paragraphs(lines, start=first + 1)
    b = _Builder(stem, title, family_of(stem), source, language, lines)
    toc, after = parse_toc(paras)
    unmatched: list[str] = []
    body_paras = paras[after:]
    if toc:
        shape = "toc"
        unmatched = _parse_toc_shape(b, body_paras, toc)
    elif sum(1 for p in body_paras if is_heading(p) and _is_question(p.first)) >= 2:
        shape = "questions"
        _parse_questions(b, body_paras, title)
    elif any(len(p.lines) == 1 and marker_kind(p.first) == "problem" for p in body_paras):
        shape = "problems"
        _parse_problems(b, body_paras, title)
    else:
        shape = "headings"
        _parse_headings(b, body_paras, title)
    return ParsedDocument(stem, title, family_of(stem), source, language, shape, b.chunks, b.empty, unmatched, b.toc)
