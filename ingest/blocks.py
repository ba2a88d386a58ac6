"""Line-level structure of a plain-text FAQ export: paragraphs, headings, table of contents."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from faqbot.languages import LABEL_KINDS
from faqbot.languages import words as pack_words

BULLET = "•"
# "Check 1: ...", "Cause 2: ...", "Vérification 1 : ..." sub-headings stay inside a question.
NUMBERED_SUB = re.compile(r"^\w+(?: \w+)? \d+\s?:")
# Problem/Cause/Solution section labels of every language pack, the one table of them: the parser
# splits problem blocks on whole labels; the composer also knows a section by the start of its line,
# which adds the packs' label prefixes (Error details, Troubleshooting, Vérification).
PROBLEM_MARKERS = {kind: pack_words("labels", kind) for kind in LABEL_KINDS}
_FIX_PREFIXES = pack_words("fix_prefixes")
_LABEL_PREFIXES = {"problem": pack_words("label_prefixes", "problem"), "cause": ()}
# the fix proper, then troubleshooting steps and checks
_LABEL_PREFIXES["solution"] = _FIX_PREFIXES + pack_words("label_prefixes", "solution")
LABEL_PREFIXES = {k: PROBLEM_MARKERS[k] + _LABEL_PREFIXES[k] for k in PROBLEM_MARKERS}
# A label opening the fix proper, as opposed to troubleshooting steps and checks.
FIX_LABELS = PROBLEM_MARKERS["solution"] + _FIX_PREFIXES
# A line that starts code (SQL, Java, shell) rather than prose; the composer adds in-line signs.
CODE_START = (
    r"--|/\*|\{|\}|\)|\(|\[|<|#!|@|,|"
    r"(CREATE|SELECT|INSERT|FROM|WHERE|WITH|SET|ALTER|DROP|UPDATE|DELETE|INNER|LEFT|RIGHT|JOIN|"
    r"GROUP|ORDER|UNION|package|import|public|private|class|def|return)\b"
)
_CODE_START = re.compile(f"^({CODE_START})")
# A line of code, config, a stack trace or a log rather than prose (the composer fences it).
CODE_LINE = re.compile(
    rf"[{{}};=]|^\s*({CODE_START}|at |Caused by|[\w.]+Exception|\$ |# |bin/|get /|\d+\s+\d{{4}}-)"
    r"|\w+\.\w+\.\w+.*:\s*\S|'\w+'\s*="
)
# A line that reads as a sentence: prose even when it quotes SQL or a parameter.
SENTENCE = re.compile(r"^[A-ZÀ-Ý¿¡][\w’'-]*(?::| \d+:)?(?: [^\s]+){7,}.*[.:)]$")
_MARKDOWN = re.compile(r"\*\*|__|`")


@dataclass
class Para:
    """A run of non-blank lines (1-based line numbers, inclusive)."""

    start: int
    end: int
    lines: list[str]

    @property
    def first(self) -> str:
        return self.lines[0]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass
class TocEntry:
    text: str
    group: str
    line: int
    headings: list[int] = field(default_factory=list)


def clean_heading(text: str) -> str:
    return re.sub(r"\s+", " ", _MARKDOWN.sub("", text)).strip().lstrip("#").strip()


def paragraphs(lines: list[str], start: int = 0) -> list[Para]:
    out: list[Para] = []
    cur: list[str] = []
    cur_start = 0
    for i in range(start, len(lines)):
        ln = lines[i]
        if ln.strip():
            if not cur:
                cur_start = i + 1
            cur.append(ln)
        elif cur:
            out.append(Para(cur_start, cur_start + len(cur) - 1, cur))
            cur = []
    if cur:
        out.append(Para(cur_start, cur_start + len(cur) - 1, cur))
    return out


def is_heading(p: Para) -> bool:
    """A lone, unindented, short line that does not read as a sentence or code."""
    if len(p.lines) != 1:
        return False
    line = p.first.rstrip()
    if line.startswith("#"):
        return True
    if line[:1].isspace() or line.startswith(BULLET) or re.match(r"^\d+[.)] ", line):
        return False
    text = clean_heading(line)
    if not text or len(text) > 200 or _CODE_START.match(text):
        return False
    if text[-1] in ".,;:" or text.endswith("..."):
        return False
    if re.search(r"[a-z0-9][.!] +[A-Z¿¡]", text):  # two sentences: prose, not a heading
        return False
    if text.count("(") != text.count(")") or text.count("{") or "=" in text:
        return False
    return True


def marker_kind(text: str) -> str | None:
    """'problem', 'cause' or 'solution' when a line is one of those section labels."""
    t = clean_heading(text).lstrip(BULLET).strip().lower().rstrip(":")
    t = re.sub(r"\s*\d+\s*$", "", t)
    for kind, words in PROBLEM_MARKERS.items():
        if t in words:
            return kind
    return None


def numbered_marker(text: str) -> tuple[str, int] | None:
    """('cause', 1) for 'Cause 1: ...' and the like."""
    m = re.match(r"^(\w+)\s+(\d+)\s?:", text.strip())
    if not m:
        return None
    kind = marker_kind(m.group(1))
    return (kind, int(m.group(2))) if kind else None


def parse_toc(paras: list[Para]) -> tuple[list[TocEntry], int]:
    """Table of contents at the top: bullet groups with indented entries.

    Returns the entries and the index of the first paragraph after it (0 when
    the document has no table of contents).
    """
    entries: list[TocEntry] = []
    group = ""
    i = 0
    saw_group = False
    while i < len(paras):
        p = paras[i]
        line = p.first
        if line.startswith(BULLET) and len(p.lines) == 1:
            group = clean_heading(line.lstrip(BULLET))
            saw_group = True
        elif saw_group and line[:1].isspace() and len(p.lines) == 1:
            entries.append(TocEntry(clean_heading(line.strip().lstrip(BULLET)), group, p.start))
        else:
            break
        i += 1
    if len(entries) < 3:
        return [], 0
    return entries, i


_FIX_WORDS = LABEL_PREFIXES["cause"] + LABEL_PREFIXES["solution"]
_PROBLEM_WORDS = LABEL_PREFIXES["problem"]
# "Solution 2: Use VVR 8.0.5 or later.": a label word, maybe a number, a colon, then the content
INLINE_LABEL = re.compile(r"^[^\W\d_]+(?: \d+)?\s?:\s")
# the lead-in of a sample that shows what not to do ("Incorrect configuration:")
WRONG_SAMPLE = re.compile(rf"\b({'|'.join(pack_words('wrong_sample_patterns'))})\b", re.I)


def _label_head(line: str) -> str:
    """A line as a label is read: without its bullet and the bold or italic markers around it ("• **Cause 1 :
    Conflit ...**" in the French FAQ, a cause like the English "• Cause 1: Conflict ...")."""
    return line.strip().lstrip("•").strip().strip("*_").strip().lower()


def section_kind(line: str) -> str | None:
    """'fix' for a Cause/Solution label, 'problem' for Problem/Error details/Symptom, else None."""
    head = _label_head(line)
    # a long line is a label only as "Solution: Disable …" or "Cause 2: …" (one word, maybe a number, a
    # colon): "Caused by: …" and sentences that merely start with a label word stay content
    if len(head) > 40 and not INLINE_LABEL.match(head):
        return None
    if any(head.startswith(w) for w in _FIX_WORDS):
        return "fix"
    if any(head.startswith(w) for w in _PROBLEM_WORDS):
        return "problem"
    return None


def label_kind(line: str) -> str | None:
    """The section a label line opens: cause, solution (the fix proper), check (troubleshooting), problem."""
    kind = section_kind(line)
    if kind != "fix":
        return kind
    head = _label_head(line)
    if any(head.startswith(w) for w in PROBLEM_MARKERS["cause"]):
        return "cause"
    return "solution" if any(head.startswith(w) for w in FIX_LABELS) else "check"
