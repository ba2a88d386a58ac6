"""Extractive answers: no LLM, offline, deterministic.

The answer quotes the part of the best FAQ entry that addresses the question,
keeping code, SQL and error text verbatim in code blocks.
"""

from __future__ import annotations

import re

from faqbot.ingest.blocks import CODE_START, LABEL_PREFIXES
from faqbot.ingest.textproc import SUPPORTED, query_tokens, tokenize

from .answer import Answer, Citation
from .phrases import language_list, phrase
from .retrieve import Retrieval

# About a screen on a laptop or two on a phone: long enough for a cause, the fix and
# its code sample, short enough to read; the full entry is one click away.
MAX_CHARS = 1600
SEE_ALSO_MARGIN = 0.06
GIST_CHARS = 220  # one sentence: enough to tell a near-miss entry from the cited one
_CODE = re.compile(
    rf"[{{}};=]|^\s*({CODE_START}|at |Caused by|[\w.]+Exception|\$ |# |bin/|get /|\d+\s+\d{{4}}-)"
    r"|\w+\.\w+\.\w+.*:\s*\S|'\w+'\s*="
)
_SENTENCE = re.compile(r"^[A-ZÀ-Ý¿¡][\w’'-]*(?::| \d+:)?(?: [^\s]+){7,}.*[.:)]$")
_BULLET = re.compile(r"^(\s*)•\s?")
_FIX_WORDS = LABEL_PREFIXES["cause"] + LABEL_PREFIXES["solution"]
_PROBLEM_WORDS = LABEL_PREFIXES["problem"]


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
    if len(para) == 1 and _SENTENCE.match(first.strip()):
        return False  # a sentence that quotes SQL or a parameter is still prose
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
                # Markdown reads 4+ leading spaces after a blank line as code: nest one level
                # at most, and only right under another list item
                prev = out[-1] if out else ""
                nested = len(m.group(1)) > prose_indent and prev.lstrip().startswith("- ")
                out.append(("  " if nested else "") + "- " + ln[m.end() :].strip())
            else:
                out.append(ln.strip())
        out.append("")
    flush()
    return "\n".join(out).strip()


def _shorten(text: str, limit: int) -> str:
    """Cut an oversized unit at a paragraph boundary outside code blocks, never inside one."""
    if len(text) <= limit:
        return text
    out: list[str] = []
    size, in_code = 0, False
    for para in text.split("\n\n"):
        if size + len(para) > limit and not in_code and out:
            break
        out.append(para)
        size += len(para) + 2
        in_code ^= para.count("```") % 2 == 1
    return "\n\n".join(out) + " …"


def section_kind(line: str) -> str | None:
    """'fix' for a Cause/Solution label, 'problem' for Problem/Error details/Symptom, else None."""
    head = line.strip().lstrip("•").strip().lower()
    if len(head) > 40 and not re.match(r"^\w+ \d+\s?:", head):
        return None  # a sentence such as "Cause: Sink column 'f1' ..." inside an error text
    if any(head.startswith(w) for w in _FIX_WORDS):
        return "fix"
    if any(head.startswith(w) for w in _PROBLEM_WORDS):
        return "problem"
    return None


def _fit(text: str, limit: int) -> str:
    """The first lines of a rendered unit within limit, closing a code block it cuts."""
    out, size, in_code = [], 0, False
    for line in text.splitlines():
        if size + len(line) + 1 > limit - 8:
            if in_code:
                out += ["…", "```"]
            else:
                out.append("…")
            break
        out.append(line)
        size += len(line) + 1
        if line.startswith("```"):
            in_code = not in_code
    kept = "\n".join(out)
    return kept if len(kept.strip()) > 40 else ""


def _section_kinds(us: list[list[str]]) -> list[str | None]:
    """A label unit ("Cause", "Solutions") opens a section that runs until the next label."""
    kinds: list[str | None] = []
    current: str | None = None
    for u in us:
        current = section_kind(u[0]) or current
        kinds.append(current)
    return kinds


def _unit_scores(us: list[list[str]], kinds: list[str | None], query: str, lang: str) -> list[float]:
    has_fix = "fix" in kinds
    q = set(query_tokens(query, lang))
    scores = []
    for i, u in enumerate(us):
        s = len(q & set(tokenize("\n".join(u), lang))) / (1 + len(q))
        if kinds[i] == "fix":
            s += 0.6
        elif kinds[i] == "problem":
            s -= 0.2
        elif i == 0 and not has_fix:
            s += 0.3
        scores.append(s)
    return scores


def _with_labels(chosen: set[int], us: list[list[str]], kinds: list[str | None]) -> set[int]:
    """Keep the label of every section something was taken from."""
    out = set(chosen)
    for i in chosen:
        j = i
        while j > 0 and section_kind(us[j][0]) is None and kinds[j] is not None:
            j -= 1
        if section_kind(us[j][0]) is not None:
            out.add(j)
    return out


def select(body: str, query: str, lang: str, budget: int = MAX_CHARS) -> tuple[str, bool]:
    """The units of an answer that best address the question, in source order, within budget.

    Cause and solution come first: the user already has the error text, so a long
    "Error details" block is what gets left out when the answer must be short.
    """
    us = units(body)
    rendered = [render(u) for u in us]
    if sum(len(r) for r in rendered) <= budget:
        return "\n\n".join(rendered), False
    kinds = _section_kinds(us)
    scores = _unit_scores(us, kinds, query, lang)
    chosen: set[int] = set()
    used = 0
    for i in sorted(range(len(us)), key=lambda i: -scores[i]):
        if used + len(rendered[i]) <= budget or not chosen:
            chosen.add(i)
            used += len(rendered[i])
    # what budget is left shows the start of the rest (often the error text the user pasted)
    for i in range(len(us)):
        room = budget - used
        if i not in chosen and room >= 300:
            part = _fit(rendered[i], room)
            if part:
                rendered[i] = part
                chosen.add(i)
                used += len(part)
    chosen = _with_labels(chosen, us, kinds)
    text = "\n\n".join(_shorten(rendered[i], 2 * budget) for i in sorted(chosen))
    return text, len(chosen) < len(us) or used > budget


_SOLUTION_WORDS = LABEL_PREFIXES["solution"]
_LABEL = re.compile(r"^[^:]{1,40}:\s*")


def gist(body: str, query: str, lang: str, weights: dict[str, float] | None = None, limit: int = GIST_CHARS) -> str:
    """The passage of an entry that best says why it matters to this question (for "see also").

    Lines are scored by the question's words they hold, rare words counting more
    (weights: inverse document frequency), and lines under a Solution label are
    preferred: a see-also entry earns its place by what it tells the user to do.
    """
    q = set(query_tokens(query, lang))
    if not q:
        return ""
    weights = weights or {}
    total = sum(weights.get(t, 1.0) for t in q)
    best, best_score = "", -1.0
    in_solution = False
    for n, ln in enumerate(body.splitlines()):
        text = ln.strip().lstrip("•").strip()
        kind = section_kind(text)
        if kind:
            in_solution = any(text.lower().startswith(w) for w in _SOLUTION_WORDS)
            label = _LABEL.match(text)
            text = text[label.end() :] if label else ""  # "Solution 2: Use VVR 8.0.5 or later."
        if len(text) < 25 or _CODE.search(text):
            continue
        sents = re.split(r"(?<=[.!?])\s+", text)
        for i, sent in enumerate(sents):
            found = q & set(query_tokens(sent, lang))
            score = sum(weights.get(t, 1.0) for t in found) / total + (0.15 if in_solution else 0.0) - 0.001 * n
            if score > best_score:
                # the sentences that follow belong to the same point while they fit
                passage = sent
                for nxt in sents[i + 1 :]:
                    if len(passage) + 1 + len(nxt) > limit:
                        break
                    passage += " " + nxt
                best, best_score = passage, score
    if len(best) > limit:
        best = best[:limit].rsplit(" ", 1)[0] + " …"
    return best.replace("[", "(").replace("]", ")")


def compose(r: Retrieval, question: str) -> Answer:
    lang = r.language
    notices: list[str] = []
    if r.detected not in SUPPORTED:
        notices.append(phrase("unsupported_language", lang))
    if r.abstained or not r.hits:
        cites = [Citation.from_chunk(n + 1, h.chunk, h.versions) for n, h in enumerate(r.hits[:3])]
        lines = [phrase("not_covered", lang)]
        if cites:
            lines += ["", phrase("nearby", lang)] + [f"- {c.title} [{c.n}]" for c in cites]
        lines += ["", phrase("rephrase", lang)]
        return Answer(
            question, "\n".join(lines), lang, r.detected, cites, True, notices=notices, confidence=r.confidence
        )
    top = r.hits[0]
    cites = [Citation.from_chunk(1, top.chunk, top.versions)]
    parts = [phrase("lead", lang, title=top.chunk.title)]
    if top.other_language:
        note = phrase(
            "other_language",
            lang,
            langs=language_list(sorted({v.language for v in top.versions}), lang),
            cited=language_list([top.chunk.language], lang),
        )
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
            g = gist(h.chunk.body, question, h.chunk.language, r.term_weights)
            items.append(f"- {c.title} [{c.n}]" + (f" — {g}" if g else ""))
        parts.append(phrase("see_also", lang) + "\n" + "\n".join(items))
    return Answer(
        question, "\n\n".join(parts), lang, r.detected, cites, False, notices=notices, confidence=r.confidence
    )
