"""An entry's answer split into parts at ingest, stored with its chunk (records.Part).

A part is what an answer is composed from (bot/answers/parts.py): a Cause or Solution section, each item
of a list with what nests under it, each numbered step, each paragraph, a code sample together with
the sentence that introduces it, each version branch ("For versions earlier than 6.0.2, …" / "…
6.0.2 and later, …"). A label alone on its line ("Solutions", "• Cause") is a part of its own that
the parts after it belong to (`section`).

Every entry gets its fix here (`Chunk.fix`, one of FIX_SHAPES), so that an answer never shows the
error without what to do, and "how do I fix it?" knows what there is to add:

- labelled: Solution / Solución / "Solution :" / Workaround sections (else troubleshooting checks);
- steps: an unlabelled numbered list;
- sections: a checklist of sub-headed sections, each closing with its own advice;
- items: an unlabelled closing bullet list of alternatives (causes, each with its own remedy);
- last: the closing paragraph (the workaround after the explanation; a lone paragraph is its answer);
- none: an entry that only explains (version branches, a behaviour): no fix in the FAQ;
- example: a body that is only code showing how (a query with its comments): the code is the fix;
- sample: a body that is only data (a JSON line, an XML or CSV sample), not an answer by itself.
"""

from __future__ import annotations

import re
from dataclasses import replace

from faqbot.languages import PACKS

from .blocks import BULLET, CODE_LINE, CODE_START, SENTENCE, Para, label_kind, paragraphs
from .records import Part

FIX_SHAPES = ("labelled", "steps", "sections", "items", "last", "none", "example", "sample")
# data, not code: what a JSON, XML or CSV sample opens with (a query or program opens with a word or a comment)
_DATA_FIRST = re.compile(r"^\s*[\[{<\d\"]")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s")
_CODE_FIRST = re.compile(rf"^({CODE_START})")
_ERROR_LINE = re.compile(r"Exception|Error|^\s*at |Caused by|\bERROR\b|\bWARN\b", re.M)
# a sentence setting an option to a value: "set the ignoreDelete parameter to false", "définissez le paramètre
# ignoreDelete sur false", "establezca X en true"
_SETS_VALUE = re.compile(
    r"\b(?:set|définisse[zr]|défini[rt]|configure[zr]?|règle[zr]|establezca|establecer|configur[ea])\b[^.\n]{0,80}?"
    r"\b(?:to|sur|à|en|a)\s+['\"`]?(?:true|false|\d[\w.]*)\b",
    re.IGNORECASE,
)
# a closing cross-reference is not the fix: "For more information, see …"
_XREF = re.compile(r"^(for more information|for details|see |pour plus d|voir |para obtener|para más|consulte)", re.I)

# Version branches, read in a part's first sentence (the condition a branch states up front).
_V = r"(?:vvr-|VVR\s*|versions?\s+|la versi[oó]n\s+|la\s+)?(\d+\.\d+(?:\.\d+)?)"
_BEFORE = re.compile(
    r"(?:earlier than|prior to|before|older than|lower than|below|antérieures? à|avant|inférieures? à|"
    rf"anteriores? a|antes de|inferiores? a)\s+{_V}",
    re.I,
)
_FROM = re.compile(
    rf"{_V}\s*(?:and later|or later|and above|or above|and higher|or higher|and newer|or newer|"
    r"et ultérieures?|ou ultérieures?|et versions ultérieures|et supérieures?|ou supérieures?|ou plus récentes?|"
    r"y posteriores|o posteriores?|y superiores|o superiores?)",
    re.I,
)
_FROM_WORD = re.compile(
    rf"(?:from|since|starting (?:with|from)|à partir de|depuis|desde|a partir de)\s+{_V}",
    re.I,
)

# A fix that is a version to run: "Upgrade to VVR 8.0.9 or a later version", "Use VVR 8.0.5 or later", "This issue
# is fixed in Realtime Compute for Apache Flink 8.0.11" (and the French and Spanish entries' forms). A user already
# on that version or a later one has done it (bot/answers/parts_score.py).
_UV = r"(?:la\s+)?(?:versi[oó]n\s+)?(?:vvr[-\s]*)?(\d+\.\d+(?:\.\d+)?)"
_UPGRADE = re.compile(
    r"(?:upgrade|update|(?:is|are|was|been) (?:fixed|resolved) in|mise à niveau vers|mettez à niveau|passez à|"
    r"corrigée? dans|résolue? dans|actualice|actualiza|corregido en|resuelto en|升级到|升级至)"
    rf"(?:(?!\b(?:from|depuis|desde)\b)[^\d.;]){{0,60}}?{_UV}"
    rf"|(?:\buse|utilisez|utilice|usa)\s+{_UV}\s*(?:or (?:a )?later|ou ultérieure|ou version ultérieure|o posterior)",
    re.I,
)


def version_key(version: str) -> tuple[int, ...]:
    """A version ("8.0.11") as what orders it ((8, 0, 11): after 8.0.9)."""
    return tuple(int(x) for x in version.split("."))


def upgrade_versions(text: str) -> list[str]:
    """The versions a text says to run as a fix ("Upgrade to VVR 8.0.9 or a later version": ["8.0.9"])."""
    return [m.group(1) or m.group(2) for m in _UPGRADE.finditer(text)]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _is_code(p: Para) -> bool:
    lines = [ln for ln in p.lines if ln.strip()]
    first = lines[0].strip()
    if first.startswith(BULLET) or _NUMBERED.match(first):
        return False
    if len(lines) == 1 and SENTENCE.match(first):
        return False  # a sentence that quotes SQL or a parameter is prose
    if len(lines) > 1 and _CODE_FIRST.match(first):
        return True  # a DDL or a config sample: "CREATE TABLE t (" and its column lines
    return sum(bool(CODE_LINE.search(ln)) for ln in lines) >= max(1, (len(lines) + 1) // 2)


def _units(body: str) -> list[list[Para]]:
    """Top-level items: a paragraph at the base indentation with all that nests under it; a code
    sample stays with the prose that introduces it and with the sample before it."""
    paras = paragraphs(body.splitlines())
    if not paras:
        return []
    base = min(_indent(p.first) for p in paras)
    units: list[list[Para]] = []
    for p in paras:
        # a sample belongs to the prose before it (the sentence that introduces it), not to a label
        joins = bool(units) and _is_code(p) and not (len(units[-1]) == 1 and _opens(units[-1][0]))
        if units and (_indent(p.first) > base or joins):
            units[-1].append(p)
        else:
            units.append([p])
    return units


def version_case(text: str) -> str:
    """ "before 6.0.2" / "from 6.0.2" when the first sentence of a part states a version condition."""
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    m = _BEFORE.search(first)
    if m:
        return f"before {m.group(1)}"
    m = _FROM.search(first) or _FROM_WORD.search(first)
    return f"from {m.group(1)}" if m else ""


def _kind(unit: list[Para]) -> str:
    head = unit[0].first.strip()
    label = label_kind(head)
    if label and _label_alone(unit[0]):
        return "label" if len(unit) == 1 else label
    if label:
        return label  # "Solution: Disable …", "• Cause: …"
    if len(unit) == 1 and len(unit[0].lines) == 1 and _is_heading_line(head):
        return "heading"
    if all(_is_code(p) for p in unit):
        return "problem" if _ERROR_LINE.search(unit[0].text) and not _is_sample(unit) else "code"
    code = [p for p in unit[1:] if _is_code(p)]
    if head.endswith(":") and code and len(code) == len(unit) - 1 and any(_ERROR_LINE.search(p.text) for p in code):
        return "problem"  # "The error message looks like:" and the stack trace
    if _NUMBERED.match(head):
        return "step"
    return "item" if head.startswith(BULLET) else "text"


def _is_sample(unit: list[Para]) -> bool:
    """SQL, JSON or config rather than a log: a sample the entry gives, not the error."""
    return bool(re.match(r"^\s*(CREATE|SELECT|INSERT|SET|\{|\[|<)", unit[0].first))


def _is_heading_line(head: str) -> bool:
    return (
        0 < len(head) <= 80
        and head[-1] not in ".:;!?)"
        and not head.startswith(BULLET)
        and not CODE_LINE.search(head)
        and not _NUMBERED.match(head)
    )


def split_parts(body: str) -> tuple[list[Part], str]:
    """The parts of an entry's body and the shape of its fix (FIX_SHAPES)."""
    parts: list[Part] = []
    opener, opener_kind = -1, ""  # the label or heading whose section is open, and its kind
    for unit in _units(body):
        kind = _kind(unit)
        if kind in ("cause", "solution", "check") and len(unit) > 1 and _label_alone(unit[0]):
            # "• Solutions" with its content nested: the label, then each item of the content
            parts.append(Part("label", unit[0].text))
            opener, opener_kind = len(parts) - 1, kind
            for sub in _units("\n\n".join(p.text for p in unit[1:])):
                text = "\n\n".join(p.text for p in sub)
                parts.append(Part(kind, text, case=version_case(text), section=opener))
            opener, opener_kind = -1, ""
            continue
        text = "\n\n".join(p.text for p in unit)
        sec = -1
        if kind in ("label", "heading"):
            opener, opener_kind = len(parts), (label_kind(unit[0].first.strip()) or "") if kind == "label" else ""
        elif kind in ("cause", "solution", "check", "problem"):
            # an inline label that introduces what follows ("Solution: add the following:") opens a section
            intro = text.rstrip().endswith(":") and len(unit) == 1
            opener, opener_kind = (len(parts), kind) if intro else (-1, "")
        elif opener >= 0:
            kind, sec = opener_kind or kind, opener
        elif kind in ("item", "step") and parts:
            sec = _lead_in(parts)
        parts.append(Part(kind, text, case=version_case(text), section=sec))
    if sum(bool(p.case) for p in parts) < 2:
        for p in parts:  # a branch is one of several ("before 6.0.2" / "from 6.0.2"), not a version in passing
            p.case = ""
    return parts, _assign_fix(parts)


def _opens(p: Para) -> bool:
    """A label or sub-heading alone on its line."""
    return _label_alone(p) or (len(p.lines) == 1 and _is_heading_line(p.first.strip()))


def _label_alone(p: Para) -> bool:
    head = p.first.strip()
    return len(p.lines) == 1 and len(head) <= 60 and not head.endswith(".") and label_kind(head) is not None


def _lead_in(parts: list[Part]) -> int:
    """The paragraph ending in ":" that introduces the list this item continues, else -1."""
    prev = parts[-1]
    if prev.kind == "text" and prev.text.rstrip().endswith(":"):
        return len(parts) - 1
    return prev.section if prev.kind in ("item", "step") else -1


def _advice(p: Part) -> bool:
    """A paragraph or list item that can be the fix: not a lead-in, a branch or a cross-reference."""
    return p.kind in ("text", "item") and not p.case and not p.text.rstrip().endswith(":") and not _XREF.match(p.text)


def _section_fixes(parts: list[Part]) -> bool:
    """Mark each sub-headed section's steps, else its closing advice; True when any was found."""
    found = False
    for h in (i for i, p in enumerate(parts) if p.kind == "heading"):
        steps = [p for p in parts if p.section == h and p.kind == "step"]
        inside = steps or [p for p in parts if p.section == h and _advice(p)][-1:]
        for p in inside:
            p.fix = found = True
    return found


def _labelled_fix(parts: list[Part]) -> str:
    """Solution sections (else checks), else an unlabelled numbered list: "labelled", "steps" or ""."""
    for kinds, shape in ((("solution",), "labelled"), (("check",), "labelled")):
        found = [p for p in parts if p.kind in kinds]
        for p in found:
            p.fix = True
        if found:
            return shape
    return ""


def _code_only(parts: list[Part]) -> str:
    """A body that is only code: data ("sample") or code showing how, which is then its own fix ("example")."""
    content = [p for p in parts if p.kind not in ("label", "heading")]
    if not content or any(p.kind != "code" for p in content):
        return ""
    if all(_DATA_FIRST.match(p.text) for p in content):
        return "sample"
    for p in content:
        p.fix = True
    return "example"


def _assign_fix(parts: list[Part]) -> str:
    """Mark the parts that say what to do; return how the entry gives its fix."""
    shape = _code_only(parts) or _labelled_fix(parts)
    if shape:
        return shape
    if sum(p.kind == "heading" for p in parts) >= 2 and _section_fixes(parts):
        return "sections"
    if sum(p.kind == "cause" for p in parts) >= 2:
        # "Cause 1: ..." and "Cause 2: ..." with no Solution: what follows each cause explains it (the TIMESTAMP_LTZ
        # watermark entry's last paragraph is Cause 2's display-time explanation, quoted as "the fix" to a trial)
        return "none"
    steps = [p for p in parts if p.kind == "step"]
    for p in steps:
        p.fix = True
    if steps:
        return "steps"
    prose = [i for i, p in enumerate(parts) if _advice(p)]
    if not prose:
        return "none"
    last = prose[-1]
    if parts[last].kind == "text" and not _SETS_VALUE.search(parts[last].text):
        # the closing paragraph explains, an earlier one says what to set: "Retraction updates are supported ... if
        # you specify a primary key ... and set the ignoreDelete parameter to false", then why ClickHouse is slow at
        # it (a twenty-third trial's closest line quoted the explanation as the fix)
        last = next((i for i in reversed(prose) if parts[i].kind == "text" and _SETS_VALUE.search(parts[i].text)), last)
    if parts[last].kind == "item":
        run = [last]
        while run[0] > 0 and parts[run[0] - 1].kind == "item" and not parts[run[0] - 1].case:
            run.insert(0, run[0] - 1)
        if len(run) >= 2:
            for i in run:
                parts[i].fix = True
            return "items"
    parts[last].fix = True
    return "last"


def without_bare_reply(parts: list[Part], title: str, lang: str) -> list[Part]:
    """The parts without the "Yes." or "Non." their first opens on when the entry's title asks nothing: it answered the
    question the title was before it was reworded ("Data visibility depends on the checkpoint interval": "Yes. Paimon
    relies on checkpoints ..."), and quoted as a cause or a closest entry's line it answered nothing the user asked (a
    twenty-seventh trial's "why?" got "its cause: Yes. ..."). A title that asks ("Can MaxCompute source tables read
    appended data?") keeps its "No."."""
    words = PACKS[lang].reply_words if lang in PACKS else frozenset()
    if not parts or not words or title.rstrip().endswith(("?", "？")):
        return parts
    m = re.match(rf"\s*(?:{'|'.join(sorted(words))})\s*[.!]\s+(?=\S)", parts[0].text, re.I)
    return [replace(parts[0], text=parts[0].text[m.end() :]), *parts[1:]] if m else parts
