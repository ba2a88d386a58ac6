"""The part of a FAQ entry an extractive answer quotes: fix first, code verbatim, lists whole.

An entry body is split into units (a top-level line and all that nests under it), units into
blocks (a heading or section label with what follows it; a numbered list stays one block), and
blocks are chosen for the question: the cause in a sentence or two, the fix whole, then what
else fits the budget. No step of a numbered list and no sentence of the fix is ever dropped; only
a long code sample inside a fix too long for one screen is abridged (bot/answers/excerpt.py), marked "…".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from faqbot.bot.answers.excerpt import abridge_code, echoes, fit, key_sentences
from faqbot.bot.answers.parts_score import SIGNALS
from faqbot.ingest.blocks import CODE_LINE, CODE_START, SENTENCE, label_kind, section_kind
from faqbot.ingest.textproc import query_tokens, tokenize

_CODE_START = re.compile(rf"^({CODE_START})")
_BULLET = re.compile(r"^(\s*)•\s?")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s", re.M)
_FIX_KINDS = ("cause", "solution", "check")


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
    return bool(CODE_LINE.search(prev) and CODE_LINE.search(line) and not line.lstrip().startswith("•"))


def _is_code_para(para: list[str], parent_indent: int) -> bool:
    first = para[0]
    if first.lstrip().startswith("•") or re.match(r"\s*\d+\.\s", first):
        return False
    if len(para) == 1 and SENTENCE.match(first.strip()):
        return False  # a sentence that quotes SQL or a parameter is still prose
    code_lines = sum(bool(CODE_LINE.search(x)) for x in para)
    if len(para) > 2 and code_lines >= 0.75 * len(para) and _CODE_START.match(first.strip()):
        return True  # a DDL or config sample set at the prose's own indentation
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
    bullets: list[int] = []  # indentation of the open list items, outermost first

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
        out.extend(_prose_line(ln, bullets) for ln in para)
        out.append("")
    flush()
    return "\n".join(out).strip()


def _prose_line(ln: str, bullets: list[int]) -> str:
    """One prose line as Markdown; bullets holds the indentation of the open list items."""
    m = _BULLET.match(ln)
    text = ln[m.end() :].strip() if m else ln.strip()
    if _is_label(text):
        bullets.clear()
        return f"**{text}**"  # "• Cause", "Solutions" alone on its line: a heading, not a list item
    if m:
        while bullets and bullets[-1] >= len(m.group(1)):
            bullets.pop()
        level = min(len(bullets), 1)  # Markdown reads 4+ leading spaces after a blank line as code
        bullets.append(len(m.group(1)))
        return "  " * level + "- " + text
    if bullets and _indent(ln) <= bullets[0]:
        bullets.clear()
    return text


def _is_label(text: str) -> bool:
    """A section label alone on its line ("Cause", "Solutions", "Vérification 1 : …")."""
    return len(text) <= 60 and section_kind(text) is not None and not text.rstrip().endswith(".")


# An answer's quoted part aims at this many characters: the cause, the fix and its code on one
# phone screen (docs/eval.md: dev-set median and 90th percentile of whole answers). The fix's
# steps and prose are never cut to fit; the rest of the entry is one click away in the source.
BUDGET = 650
SECTION_CHARS = 1000
SLACK = 150  # an entry this close to the budget is quoted whole rather than abridged
FIT_MIN = 200  # leftover room worth showing the start of the rest (often the error text itself)
CAUSE_CHARS = 280  # one or two sentences naming the cause
# the error text (stack frames, log lines) after the fix: the line the question shares and a few around it
PROBLEM_CHARS = 300
MIN_SAVING = FIT_MIN  # an abridgement that saves less than this is not worth a click


@dataclass
class Block:
    """A run of units that is quoted whole or not at all."""

    start: int  # first unit index
    units: list[int]
    kind: str | None  # "cause", "solution", "check", "problem" or None (plain content)
    text: str  # rendered Markdown
    opens: bool = False  # starts with a label or sub-heading (else it continues the section before it)


def _is_heading(unit: list[str]) -> bool:
    """A short line alone, without closing punctuation: a sub-heading such as "Datos filtrados por operadores"."""
    body = [x for x in unit if x.strip()]
    line = body[0].strip() if len(body) == 1 else ""
    return 0 < len(line) <= 80 and line[-1] not in ".:;!?)" and not line.startswith("•") and not CODE_LINE.search(line)


def _continues(prev: Block, us: list[list[str]], u: list[str]) -> bool:
    """Whether unit u belongs to the block before it."""
    first, last = us[prev.units[0]], us[prev.units[-1]]
    single_label = label_kind(first[0]) is not None and sum(bool(x.strip()) for x in first) == 1
    size = sum(len(render(us[i])) for i in prev.units) + len(render(u))
    return (
        bool(_NUMBERED.match(u[0]) and _NUMBERED.match(last[0]))  # a numbered list stays whole
        or render(last).rstrip().endswith(":")  # a lead-in keeps what it introduces
        # a sub-heading or a label line alone keeps its section, up to a size a reader takes in at once
        or (_is_heading(first) or single_label)
        and size <= SECTION_CHARS
    )


def blocks(body: str) -> list[Block]:
    """Units grouped so that a heading keeps its content, a numbered list its items, a lead-in its list."""
    us = units(body)
    out: list[Block] = []
    current: str | None = None
    for i, u in enumerate(us):
        kind = label_kind(u[0])
        opens = kind is not None or _is_heading(u)
        prev = out[-1] if out else None
        joins = prev is not None and not opens and _continues(prev, us, u)
        if joins and prev is not None:
            prev.units.append(i)
        else:
            out.append(Block(i, [i], kind if opens else current, "", opens))
        if opens:
            # a label line alone opens a section; "• Solutions" with its content nested is one already
            current = kind if sum(bool(x.strip()) for x in u) == 1 else None
    for b in out:
        b.text = "\n\n".join(render(us[i]) for i in b.units)
    return out


def _score(b: Block, q: set[str], lang: str, first: bool, weights: dict[str, float]) -> float:
    """Question words the block holds (rare words count more), plus a bonus for the fix."""
    total = 1 + sum(weights.get(t, 1.0) for t in q)
    s = sum(weights.get(t, 1.0) for t in q & set(tokenize(b.text, lang))) / total

    bonus = SIGNALS.get(f"block_{b.kind}") if b.kind else None
    return s + (bonus if bonus is not None else SIGNALS["block_first"] if first else 0.0)


def select(
    body: str, query: str, lang: str, budget: int = BUDGET, weights: dict[str, float] | None = None
) -> tuple[str, bool]:
    """The part of an entry that answers the question; True when something of the entry was left out.

    Order: the cause in a sentence or two, the fix (the best Solution or check block, whole; its
    long code samples abridged to the lines the question names when the fix alone overflows the
    budget), then other blocks by relevance while they fit the budget, then the part of the rest
    around the line the question shares with it, in the entry's order except that a problem section
    (error details, a stack trace) comes after the fix (reading_order) and briefly (PROBLEM_CHARS):
    the user has seen the error; what to do about it comes first. Leaving out less than MIN_SAVING
    characters is not worth a click: the entry is quoted whole, in reading order.
    """
    bs = blocks(body)
    if not bs:
        return "", False
    order = reading_order(bs)
    pos = {i: n for n, i in enumerate(order)}
    whole = "\n\n".join(bs[i].text for i in order)
    if len(whole) <= budget + SLACK:
        return whole, False
    w = weights or {}
    q = set(query_tokens(query, lang))
    scores = [_score(b, q, lang, i == 0, w) for i, b in enumerate(bs)]
    fixes = [i for i, b in enumerate(bs) if b.kind in ("solution", "check")]
    if not fixes:
        # an entry without fix labels whose steps are a numbered list ("Work through the following
        # checks in order. 1. … 5. …"): the list is what to do, never left out for a closing remark
        fixes = [i for i, b in enumerate(bs) if b.kind is None and _NUMBERED.match(b.text)]
        for i in fixes:
            bs[i].kind = "check"
    if not fixes:  # an entry of causes only ("Cause 1: …", "Cause 2: …"): they are its content
        for b in bs:
            b.kind = None if b.kind == "cause" else b.kind
    main = max(fixes or range(len(bs)), key=lambda i: scores[i])
    texts = {main: bs[main].text}
    cut = False
    if len(texts[main]) > budget + SLACK:
        texts[main], cut = abridge_code(texts[main], q, lang, w)
    # a fix that fills the screen by itself is introduced by the cause's first sentence alone
    limit = CAUSE_CHARS if len(texts[main]) <= budget else 0
    head, head_cut, cause = _cause(bs, scores, main, (q, lang, w), limit)
    if cause is not None and not head_cut:
        texts[cause], head = bs[cause].text, ""
    cut = cut or head_cut
    used = sum(len(t) for t in texts.values()) + len(head)
    cut = _fill(bs, order, scores, texts, budget - used, (q, lang, w), brief=bool(fixes)) or cut
    text = "\n\n".join(([head] if head else []) + [texts[i] for i in sorted(texts, key=pos.__getitem__)])
    if len(whole) - len(text) < MIN_SAVING:
        return whole, False
    return text, cut or len(texts) < len(bs)


def _fill(
    bs: list[Block],
    order: list[int],
    scores: list[float],
    texts: dict[int, str],
    room: int,
    query: tuple[set[str], str, dict],
    brief: bool,
) -> bool:
    """Other blocks into texts by relevance while they fit room, then the part of the rest the question
    hits, in reading order; True when a block was shortened to fit. With brief, a problem block (the
    error text) gets at most PROBLEM_CHARS, and nothing when the question already holds all of it."""
    cut = False
    held = {i for i, b in enumerate(bs) if brief and b.kind == "problem"}
    for i in sorted(range(len(bs)), key=lambda i: -scores[i]):
        if i not in texts and i not in held and bs[i].kind != "cause" and len(bs[i].text) <= room and scores[i] > 0:
            texts[i] = bs[i].text
            room -= len(bs[i].text)
    for i in order:
        b = bs[i]
        # the start of a problem or prose block tells the user it is their case; a list is never cut
        if i not in texts and b.kind != "cause" and room >= FIT_MIN and not _NUMBERED.search(b.text):
            part = fit(b.text, min(room, PROBLEM_CHARS) if i in held else room, *query)
            if part and not (i in held and echoes(part, *query[:2])):
                texts[i] = part
                room -= len(part)
                cut = cut or part != b.text
    return cut


def reading_order(bs: list[Block]) -> list[int]:
    """Block indices fix first: a problem section (error details, a stack trace, the symptom) moves after
    the cause and fix that follow it, so the answer opens with what to do; an entry without a cause or
    fix keeps its order."""
    if not any(b.kind in _FIX_KINDS for b in bs):
        return list(range(len(bs)))
    order: list[int] = []
    held: list[int] = []
    fixed = False  # a cause or fix has followed the held problem section
    for i, b in enumerate(bs):
        if b.kind == "problem":
            if fixed and b.opens:  # the next problem of an entry with several: the previous one's fix is done
                order += held
                held, fixed = [], False
            held.append(i)
        else:
            fixed = fixed or b.kind in _FIX_KINDS
            order.append(i)
    return order + held


def _cause(
    bs: list[Block], scores: list[float], main: int, query: tuple[set[str], str, dict], limit: int
) -> tuple[str, bool, int | None]:
    """(the cause's key sentences, whether they leave something out, its block) for the best cause
    section: a section is scored by its best block but quoted from its opening, which names the cause."""
    sections: dict[int, list[int]] = {}
    opening = None
    for i, b in enumerate(bs):
        if b.kind != "cause":
            opening = None
            continue
        opening = i if b.opens or opening is None else opening
        if i != main:
            sections.setdefault(opening, []).append(i)
    if not sections:
        return "", False, None
    best = max(sections, key=lambda s: max(scores[i] for i in sections[s]))
    first = best if best != main else sections[best][0]
    head, cut = key_sentences(bs[first].text, limit, *query)
    return head, cut, first


def fix_only(body: str) -> tuple[str, bool] | None:
    """The Solution blocks of an entry (else its checks), whole; None when the entry has no labelled fix."""
    bs = blocks(body)
    for kinds in (("solution",), ("check",)):
        fix = [b for b in bs if b.kind in kinds]
        if fix:
            return "\n\n".join(b.text for b in fix), len(fix) < len(bs)
    return None


def is_code_line(line: str) -> bool:
    """A line of SQL, config, shell or a stack trace rather than prose (the source page sets it in monospace)."""
    text = line.strip()
    return bool(text) and not text.startswith("•") and not SENTENCE.match(text) and bool(CODE_LINE.search(line))
