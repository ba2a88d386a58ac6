"""Extractive answers: no LLM, offline, deterministic.

The answer quotes the part of the best FAQ entry that addresses the question,
keeping code, SQL and error text verbatim in code blocks.
"""

from __future__ import annotations

import re

from ingest.textproc import tokenize

from .answer import Answer, Citation
from .phrases import language_list, phrase
from .retrieve import Retrieval

# About a screen on a laptop or two on a phone: long enough for a cause, the fix and
# its code sample, short enough to read; the full entry is one click away.
MAX_CHARS = 1600
SEE_ALSO_MARGIN = 0.06
_CODE = re.compile(
    r"[{};=]|^\s*(CREATE|SELECT|INSERT|FROM|WHERE|SET|ALTER|LEFT|INNER|--|/\*|at |Caused by|"
    r"[\w.]+Exception|\$ |# |bin/|get /|package |import |public |\d+\s+\d{4}-)|\w+\.\w+\.\w+.*:\s*\S|'\w+'\s*=")
_BULLET = re.compile(r"^(\s*)•\s?")
_MARKER_WORDS = ("solution", "soluci", "cause", "causa", "troubleshoot", "dépann", "résolution", "problem",
                 "problème", "síntoma", "symptom")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def units(body: str) -> list[list[str]]:
    """Top-level items of an answer: a line at the base indentation and all that nests under it."""
    lines = body.splitlines()
    texts = [ln for ln in lines if ln.strip()]
    if not texts:
        return []
    base = min(_indent(ln) for ln in texts)
    out: list[list[str]] = []
    for ln in lines:
        if ln.strip() and _indent(ln) <= base and not (out and _continues_code(out[-1], ln)):
            out.append([ln])
        elif out:
            out[-1].append(ln)
    return [u for u in out if any(x.strip() for x in u)]


def _continues_code(unit: list[str], line: str) -> bool:
    prev = next((x for x in reversed(unit) if x.strip()), "")
    return bool(_CODE.search(prev) and _CODE.search(line) and not line.lstrip().startswith("•"))


def _is_code_para(para: list[str], parent_indent: int) -> bool:
    first = para[0]
    if first.lstrip().startswith("•") or re.match(r"\s*\d+\.\s", first):
        return False
    code_lines = sum(bool(_CODE.search(x)) for x in para)
    if _indent(first) > parent_indent or parent_indent == 0:
        return code_lines >= max(1, len(para) // 2) or (len(para) > 2 and _indent(first) > parent_indent + 2)
    return False


def render(unit: list[str]) -> str:
    """Markdown for one unit: prose lines as text or list items, code paragraphs fenced verbatim."""
    paras: list[list[str]] = []
    cur: list[str] = []
    for ln in unit:
        if ln.strip():
            cur.append(ln.rstrip())
        elif cur:
            paras.append(cur)
            cur = []
    if cur:
        paras.append(cur)
    out: list[str] = []
    prose_indent = _indent(unit[0])
    code_buf: list[str] = []

    def flush() -> None:
        if code_buf:
            pad = min(_indent(x) for x in code_buf if x.strip())
            body = "\n".join(x[pad:] if x.strip() else "" for x in code_buf).replace("```", "ʼʼʼ")
            out.append("```\n" + body.rstrip() + "\n```")
            code_buf.clear()

    for para in paras:
        if _is_code_para(para, prose_indent):
            if code_buf:
                code_buf.append("")
            code_buf.extend(para)
            continue
        flush()
        prose_indent = _indent(para[0])
        for ln in para:
            m = _BULLET.match(ln)
            if m:
                level = len(m.group(1)) // 2
                out.append("  " * level + "- " + ln[m.end():].strip())
            else:
                out.append(ln.strip())
        out.append("")
    flush()
    return "\n".join(out).strip()


def _shorten(text: str, limit: int) -> str:
    """Cut an oversized unit at a paragraph boundary outside code blocks, never inside one."""
    if len(text) <= limit:
        return text
    out, size, in_code = [], 0, False
    for para in text.split("\n\n"):
        if size + len(para) > limit and not in_code and out:
            break
        out.append(para)
        size += len(para) + 2
        in_code ^= para.count("```") % 2 == 1
    return "\n\n".join(out) + " …"


def select(body: str, query: str, lang: str, budget: int = MAX_CHARS) -> tuple[str, bool]:
    """The units of an answer that best address the question, in source order, within budget."""
    us = units(body)
    rendered = [render(u) for u in us]
    if sum(len(r) for r in rendered) <= budget:
        return "\n\n".join(rendered), False
    q = set(tokenize(query, lang)) | set(tokenize(query, "en"))
    scores = []
    for i, u in enumerate(us):
        toks = set(tokenize("\n".join(u), lang))
        s = len(q & toks) / (1 + len(q)) + (0.3 if i == 0 else 0.0)
        if any(w in u[0].lower() for w in _MARKER_WORDS):
            s += 0.25
        scores.append(s)
    chosen: set[int] = set()
    used = 0
    for i in sorted(range(len(us)), key=lambda i: -scores[i]):
        if used + len(rendered[i]) <= budget or not chosen:
            chosen.add(i)
            used += len(rendered[i])
    text = "\n\n".join(_shorten(rendered[i], 2 * budget) for i in sorted(chosen))
    return text, len(chosen) < len(us) or used > budget


def compose(r: Retrieval, question: str) -> Answer:
    lang = r.language
    notices: list[str] = []
    if r.detected not in ("en", "fr", "es"):
        notices.append(phrase("unsupported_language", lang))
    if r.abstained or not r.hits:
        cites = [Citation.from_chunk(n + 1, h.chunk, h.versions) for n, h in enumerate(r.hits[:3])]
        lines = [phrase("not_covered", lang)]
        if cites:
            lines += ["", phrase("nearby", lang)] + [f"- {c.title} [{c.n}]" for c in cites]
        lines += ["", phrase("rephrase", lang)]
        return Answer(question, "\n".join(lines), lang, r.detected, cites, True, notices=notices,
                      confidence=r.confidence)
    top = r.hits[0]
    cites = [Citation.from_chunk(1, top.chunk, top.versions)]
    parts = [phrase("lead", lang, title=top.chunk.title)]
    if top.other_language:
        note = phrase("other_language", lang, langs=language_list(sorted({v.language for v in top.versions}), lang))
        notices.append(note)
        parts.append(f"_{note}_")
    extract, shortened = select(top.chunk.body, question, top.chunk.language)
    parts.append(extract)
    if shortened:
        parts.append(f"_{phrase('more_in_source', lang)}_")
    also = [h for h in r.hits[1:3] if h.score >= top.score - SEE_ALSO_MARGIN]
    if also:
        items = []
        for h in also:
            c = Citation.from_chunk(len(cites) + 1, h.chunk, h.versions)
            cites.append(c)
            items.append(f"- {c.title} [{c.n}]")
        parts.append(phrase("see_also", lang) + "\n" + "\n".join(items))
    return Answer(question, "\n\n".join(parts), lang, r.detected, cites, False, notices=notices,
                  confidence=r.confidence)
