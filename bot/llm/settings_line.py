"""The settings a generated answer left out, added under it as the FAQ writes them.

A small model paraphrases: "contact your Kafka administrator to set the forwarding address" instead
of naming `advertised.listeners`; "reduce the ORC batch size" instead of `orc.write.batch-size`. A user
needs the exact name to act on it, and the passage the model was given (the parts of the entry that
answer the question, fix first) holds it. So the settings the passage names in its prose and the
answer does not hold are listed after the answer, verbatim, each in a code span (so the line reads as
code, whatever the answer's language), under a label in the answer's language. Code blocks are
`attach.attach_code`'s; error text (what the user saw) is not a setting to use.
"""

from __future__ import annotations

import re

from faqbot.bot.answers.phrases import phrase
from faqbot.bot.answers.provenance import URL
from faqbot.bot.llm.attach import ERROR_LINE
from faqbot.bot.llm.checks import loose

MAX_SETTINGS = 4  # more would be most of the passage again: the entry is cited for the rest

# 'file.format' = 'avro' (a table property as written in DDL), key=value (a URL or option parameter),
# a dotted lower-case name of two parts or more (advertised.listeners, orc.write.batch-size), a code span
_QUOTED_PAIR = r"'[\w.-]+'\s*=\s*'[^'\n]{0,40}'"
_PAIR = r"(?<![\w.-])[A-Za-z_][\w-]*(?:\.[\w-]+)*=[\w.-]+"
_DOTTED = r"(?<![\w.-])[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)+(?![\w.-]*\()"
_SPAN = r"`([^`\n]{2,60})`"
SETTING = re.compile(rf"{_QUOTED_PAIR}|{_PAIR}|{_SPAN}|{_DOTTED}")
# besides the checks' log and trace lines: an error's own fields ("ErrorCode=…, ErrorMessage=…"), what the
# user saw, not what to set
_ERROR_FIELD = re.compile(r"\bError\w*\s*[=:]")
# a file or a Java package (org.apache.flink...) is not a setting
_NOT_SETTING = re.compile(
    r"\.(?:jar|java|yaml|yml|xml|json|properties|txt|log|sql|py)$|^(?:org|com|java|javax|io|net)\."
)


def passage_settings(passage: str) -> list[str]:
    """The settings the passage's prose names, in its order, each once (a quoted pair keeps its key)."""
    found: list[str] = []
    fenced = False
    for line in passage.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or ERROR_LINE.search(line) or _ERROR_FIELD.search(line):
            continue
        for m in SETTING.finditer(URL.sub(" ", line).replace("**", " ")):
            term = (m.group(1) or m.group(0)).strip().rstrip(".,;:")
            if _NOT_SETTING.search(term) or any(loose(term) in loose(f) for f in found):
                continue
            found = [f for f in found if loose(f) not in loose(term)] + [term]
    return found


def attach_settings(answer: str, passage: str, language: str, held: str = "") -> tuple[str, list[str]]:
    """The answer with the passage's settings it does not hold (nor `held`: the code attached under it)
    listed under it; and those settings."""
    have = loose(answer + "\n" + held)
    missing = [s for s in passage_settings(passage) if loose(s) not in have][:MAX_SETTINGS]
    if not missing:
        return answer, []
    listed = ", ".join(f"`{s}`" for s in missing)
    return f"{answer.rstrip()}\n\n{phrase('source_settings', language)} {listed}", missing
