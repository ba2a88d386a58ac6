"""The source's own code attached under a generated answer, verbatim: small models paraphrase, drop or
invent code, and a user needs it exact to copy. The checks (checks.py) remove code the source lacks; this
module finds the passage's code blocks and appends the one that answers, or, for an entry without fix
code, its error text so the user can check it is their error.
"""

from __future__ import annotations

import re

from faqbot.bot.answers.extract import is_code_line
from faqbot.bot.answers.phrases import phrase
from faqbot.bot.answers.trace import ELLIPSIS, condense
from faqbot.bot.llm.checks import loose
from faqbot.ingest.blocks import WRONG_SAMPLE
from faqbot.ingest.textproc import tokenize

# the longest source code attached under a generated answer; longer blocks are cut with "…"
ATTACH_CHARS = 1200  # below it the answer is mostly not what its source says
ERROR_LINES = 8  # of an error text attached without fix code: a condensed trace's exception and library lines


_LIST_PROSE = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+(?:\S+\s+){3,}")  # "2. Set the parameter x=1 in …"


def _code_not_prose(line: str) -> bool:
    return is_code_line(line) and not _LIST_PROSE.match(line)


def source_code(passage: str) -> list[tuple[str, str]]:
    """The code of a passage, block by block, with the prose line that introduces it: fenced blocks,
    and paragraphs that are mostly code lines (some corpus entries set DDL without fences)."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []
    fenced: list[str] | None = None
    lead = ""

    def close() -> None:
        nonlocal lead
        if para and sum(map(_code_not_prose, para)) * 2 >= len(para):
            blocks.append((lead, "\n".join(para)))
        elif para:
            lead = para[-1]
        para.clear()

    for line in passage.splitlines():
        if line.strip().startswith("```"):
            if fenced is None:
                close()
                fenced = []
            else:
                blocks.append((lead, "\n".join(fenced)))
                fenced = None
        elif fenced is not None:
            fenced.append(line)
        elif line.strip():
            para.append(line)
        else:
            close()
    close()
    if fenced:
        blocks.append((lead, "\n".join(fenced)))
    return [(lead, b.strip("\n")) for lead, b in blocks if b.strip()]


def _reproduces(answer: str, block: str) -> bool:
    """The answer already holds most of the block's lines (compared as quoting is compared)."""
    lines = [loose(ln) for ln in block.splitlines() if len(ln.strip()) > 3]
    have = loose(answer)
    return bool(lines) and sum(ln in have for ln in lines) * 2 >= len(lines)


# a line of a log, an error message or a stack trace (settings_line.py reads it too)
ERROR_LINE = re.compile(r"^\s*(at |Caused by|\.\.\. \d+ more)|\b\w+(Exception|Error)\b|^\s*\d{4}-\d\d-\d\d")


def _is_error_text(block: str) -> bool:
    """A log, stack trace or error message (what the user saw) rather than code to copy (the fix)."""
    lines = [ln for ln in block.splitlines() if ln.strip()]
    return sum(bool(ERROR_LINE.search(ln)) for ln in lines) * 2 >= len(lines)


def _error_excerpt(block: str) -> str:
    """An error text cut as the trace condenser cuts it (bot/answers/trace.py, as the passage holds it): the
    exception lines and the frame of each library the failure passed through, where errors that
    share a message differ (MetaQRowDataSource.run), not the first two lines, which a condensed
    trace may spend on "…" and a JDK frame."""
    lines = condense(block).split("\n")
    while lines and lines[0].strip() == ELLIPSIS:  # a cut at either end tells nothing by itself
        lines.pop(0)
    while lines and lines[-1].strip() == ELLIPSIS:
        lines.pop()
    return "\n".join(lines[:ERROR_LINES] + ([ELLIPSIS] if len(lines) > ERROR_LINES else []))


def _asked(block: str, lead: str, question: str) -> int:
    """How many of the question's terms a block and the line introducing it hold (the index's own
    tokens: no stop words, identifiers whole and in parts; samples are in English)."""
    return len(set(tokenize(question, "en")) & set(tokenize(lead + "\n" + block, "en")))


def attach_code(answer: str, passage: str, language: str, question: str = "") -> tuple[str, bool]:
    """The answer with its source's fix code appended verbatim, unless the answer already reproduces
    it: small models paraphrase or drop code, and a user needs it exact to copy. Of several samples,
    the one the question names most (an entry showing PLAIN and SCRAM setups, asked about SCRAM).
    Without fix code, the entry's error text as the trace condenser cuts it (_error_excerpt), so the
    user can check it is their error."""
    found = source_code(passage)
    blocks = [b for _lead, b in found]
    fixes = [(lead, b) for lead, b in found if not _is_error_text(b) and not WRONG_SAMPLE.search(lead)]
    if fixes:
        # max() keeps the first of equals: the entry's own order when the question names none
        code = max(fixes, key=lambda f: _asked(f[1], f[0], question))[1]
    elif blocks:
        code = _error_excerpt(blocks[0])
    else:
        return answer, False
    if _reproduces(answer, code):
        return answer, False
    if len(code) > ATTACH_CHARS:
        code = code[:ATTACH_CHARS].rsplit("\n", 1)[0] + "\n…"
    # no title in this line: an English-only entry's title would make a French answer read as English
    return f"{answer.rstrip()}\n\n{phrase('source_code', language)}\n\n```\n{code}\n```", True
