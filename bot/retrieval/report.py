"""Reading a pasted report: what identifies the problem, and what is noise.

A real post is a title, some prose, an environment table, DDL, configuration and a log or stack
trace. The problem is named by a few of its lines (the title, the exception messages, the
sentence that states the symptom, the connector and the options set); the rest (versions,
timestamps, thread names, frames past the first few, column lists) drowns them, both for the
dense model (which reads at most a few hundred tokens, and slowly) and for BM25 (where a long
post shares some word with every entry). `read_report` splits a post into those parts, and
retrieval embeds a short condensed query and scores the weighted lexical text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from faqbot.ingest.textproc import FRAME_CALL, JDK_PACKAGES, names
from faqbot.languages import CJK, alternatives

LONG_POST = 300  # characters: shorter questions are used as typed
DENSE_CHARS = 360  # condensed query length: e5 time grows with tokens, and the budget is 80 ms
MAX_FRAMES = 3  # stack frames kept per trace: the first ones name the failing component
MAX_LINES_PER_KIND = 6

_EXC_RE = re.compile(r"\b((?:[a-z][\w$]*\.)*[A-Z][\w$]*(?:Exception|Error|Failure))\b(?::\s*(.*))?")
_CAUSED_RE = re.compile(r"^\s*Caused by:\s*")
FRAME_RE = re.compile(r"^\s*at\s+[\w$.<>/]+\(.*\)|^\s*at\s+[\w$.<>]+\s*$|^\s*\.\.\.\s*\d+\s*more")
_LOG_PREFIX_RE = re.compile(
    r"^\s*\[?\d{4}-\d{2}-\d{2}[ T][\d:,.]+\]?\s*"  # timestamp
    r"(?:\[[^\]]*\]\s*)*"  # [thread] blocks
    r"(?:(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\s+)?"
    r"(?:\[[^\]]*\]\s*)*"
    r"(?:[\w$.]+(?::\d+)?\s*(?:\[[^\]]*\])?\s*-\s*)?"  # logger name (and line) before " - "
)
_LEVEL_ONLY_RE = re.compile(r"^\s*\[?(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\]?\s+")
_TABLE_RE = re.compile(r"^\s*\|.*\|\s*$")
_OPTION_RE = re.compile(r"""^\s*['"]([\w.\-]+)['"]\s*=\s*['"]([^'"]*)['"]""")
_YAML_RE = re.compile(r"^\s*([a-z][\w\-]*(?:\.[\w\-]+)+)\s*[:=]\s*(\S.*)?$")
_FENCE_RE = re.compile(r"^\s*(```|~~~)")
_SQL_START = (
    r"^\s*(CREATE|INSERT|SELECT|FROM|WHERE|GROUP|ORDER|LEFT|JOIN|ON|USE|SET|WITH|AND|UNION|\)|"
    r"PARTITIONED|PRIMARY|WATERMARK|[a-z_][\w]*\s+(STRING|BIGINT|INT|INTEGER|VARCHAR|DECIMAL|TIMESTAMP|DOUBLE|"
    r"BOOLEAN|FLOAT|DATE|ROW|ARRAY|MAP|TINYINT|SMALLINT|BYTES|TIME)\b)"
)
_SQL_RE = re.compile(_SQL_START, re.IGNORECASE)
_SQL_UPPER = re.compile(_SQL_START)  # keywords and types as SQL is usually written
# what only code writes: a comparison or assignment, a statement's end, a star, a quoted value, a call, a
# trailing comma (a column list)
_SQL_MARKS = re.compile(r"[=<>;*`]|'[^'\s]*'|\w\(|,\s*$")
SQL_LINE_WORDS = 2  # a keyword with at most one word after it ("select", "from sumsrc") is a query's line
_HEADING_RE = re.compile(r"^\s*(#+\s|\*\*[^*]+\*\*:?\s*$)")
_CJK_RE = re.compile(f"[{CJK}]")
# a sentence that states what goes wrong, in the languages users post in (the packs' symptom words)
_SYMPTOM_RE = re.compile(
    rf"\b({alternatives('symptom_patterns', True)})\b|{alternatives('symptom_patterns', False)}", re.IGNORECASE
)
# Exception classes that wrap every kind of failure: naming one says nothing about what is asked
GENERIC_EXCEPTIONS = frozenset(
    {
        "Exception",
        "Error",
        "Throwable",
        "RuntimeException",
        "IOException",
        "UncheckedIOException",
        "IllegalArgumentException",
        "IllegalStateException",
        "NullPointerException",
        "ExecutionException",
        "CompletionException",
        "TimeoutException",
        "InterruptedException",
        "OutOfMemoryError",
        "FileNotFoundException",
        "SQLException",
        "JobException",
        "FlinkException",
        "FlinkRuntimeException",
        "TableException",
        "ValidationException",
        "CheckpointException",
        "InvocationTargetException",
        "UndeclaredThrowableException",
        "ProgramInvocationException",
        "SqlExecutionException",
    }
)
# a Java exception's or error's class name: "IllegalArgumentException", "SQLSyntaxErrorException"
ERROR_CLASS = re.compile(r"\b([A-Z][A-Za-z0-9]*(?:Exception|Error))\b")
# "- [x] I have searched the issues ...": an issue template's checklist, the same in every report
_CHECKBOX_RE = re.compile(r"^\[[ xX]\]\s")
_TAG_RE = re.compile(r"^\s*(\[[^\]]{1,30}\]\s*)+")  # "[Bug]", "[SUPPORT]": a tracker's tags
_QUALIFIED_RE = re.compile(r"\b[A-Za-z][\w$]*(?:\.[A-Za-z_][\w$]*)+\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
# option keys every DDL sets: they tell nothing about the problem
_BOILERPLATE_KEYS = {"username", "password", "url", "path", "topic", "table-name", "database-name", "hostname", "port"}


@dataclass
class Report:
    """What a post says, by kind of line."""

    text: str
    title: str = ""
    prose: list[str] = field(default_factory=list)  # sentences in the user's words
    symptoms: list[str] = field(default_factory=list)  # prose lines that state what goes wrong
    errors: list[str] = field(default_factory=list)  # exception class: message, log ERROR/WARN messages
    frames: list[str] = field(default_factory=list)  # the first frames' class.method
    options: list[str] = field(default_factory=list)  # configuration keys and connector names
    is_long: bool = False
    # the error of a trace's last "Caused by:" line: the root cause, which Java prints last, after the wrappers
    # that name no problem ("Failed to create Source Enumerator" ... "PSQLException: permission denied")
    root: str = ""

    def language_text(self) -> str:
        """The user's own words, for language detection (never the logs or the DDL)."""
        return "\n".join([self.title, *self.prose]) if self.is_long else self.text

    def key_text(self) -> str:
        """The lines that name the problem: title, error messages, symptom sentences."""
        return " ".join([self.title, *self.errors, *self.symptoms]) if self.is_long else self.text

    def dense_query(self, limit: int = DENSE_CHARS) -> str:
        """Title, symptom and error lines first, cut at `limit` characters: what the dense model reads."""
        if not self.is_long:
            return self.text
        parts = _unique([self.title, *self.errors[:2], *self.symptoms, *self.errors[2:], *self.prose])
        out = ""
        for p in parts:
            p = _shorten(p, 160)
            if len(out) + len(p) + 2 > limit:
                if not out:
                    out = p[:limit]
                continue
            out = f"{out}. {p}" if out else p
        return out

    def lexical_text(self) -> str:
        """The post with its noise removed and its identifying lines repeated, for BM25 (term
        frequency in the query counts)."""
        if not self.is_long:
            return _plain_lexical(self.text)
        strong = [self.title, *self.errors, *self.symptoms]
        return "\n".join([*strong, *strong, *self.prose, *self.options, *self.frames])


_PACKAGE_RE = re.compile(r"\b(?:[a-z_][\w$]*\.){2,}(?=[A-Z])")


def _plain_lexical(text: str) -> str:
    """A short question as typed, less what a pasted trace repeats of its library: a frame is its class.method, a
    qualified exception its class ("com.alibaba.hologres.client.impl.action.PutAction.execute" matched every
    Hologres entry whose sample trace passes through the same packages). A one-line question stays as typed:
    stripping it too moved three labelled outcomes, two of them from an answer to "closest entries" (docs/eval.md,
    thirty-sixth session)."""
    if "\n" not in text:
        return text
    out = []
    for line in text.splitlines():
        if FRAME_RE.match(line):
            f = _frame(line)
            if f:
                out.append(f)
            continue
        out.append(_PACKAGE_RE.sub("", line))
    return "\n".join(out)


def exception_classes(text: str, generic: bool = False) -> set[str]:
    """The specific exception classes a text names (InstanceAlreadyExistsException), not the generic
    wrappers every stack trace holds; with generic=True, every class it names."""
    return {c for c in ERROR_CLASS.findall(text) if generic or c not in GENERIC_EXCEPTIONS}


def title_names(title: str) -> set[str]:
    """What a post's title names, lower-cased: products ("Iceberg"), specific exception classes, option
    keys and class paths. Tracker tags, generic exceptions and words under four letters are left out."""
    title = _TAG_RE.sub("", title)
    found = set(names(title)) | exception_classes(title)
    for q in _QUALIFIED_RE.findall(title):
        last = q.rsplit(".", 1)[-1]
        found.add(last if ERROR_CLASS.fullmatch(last) else q)
    return {
        n.lower() for n in found if n not in GENERIC_EXCEPTIONS and not (n.isalpha() and n.isascii() and len(n) < 4)
    }


def _unique(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for it in items:
        key = it.strip().lower()
        if key and key not in seen:
            seen.add(key)
            out.append(it.strip())
    return out


def _shorten(text: str, n: int) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= n else text[:n].rsplit(" ", 1)[0]


def _clean_message(msg: str) -> str:
    """An error message without addresses, paths, ids and numbers, which no FAQ entry repeats."""
    msg = re.sub(r"\b\w+://\S+|\[[^\]]*=[^\]]*\]", " ", msg)
    msg = re.sub(r"(?<![\w.])/[\w./\-]+", " ", msg)
    msg = re.sub(r"\b\d[\d.:,\-]*\b|\b[0-9a-f]{8,}\b", " ", msg)
    return re.sub(r"\s+", " ", msg).strip(" :-,")


def log_level(line: str) -> str | None:
    """The level of a log record ("2024-05-01 10:00:01,123 INFO  Task - ...", "[WARN] ..."), None for any other line."""
    prefix = _LOG_PREFIX_RE.match(line)
    if prefix and prefix.end():
        return prefix.group(1)
    m = _LEVEL_ONLY_RE.match(line)
    return m.group(1) if m else None


def _error_line(line: str) -> str | None:
    """The message of a log or exception line, or None when the line is not one."""
    body = _CAUSED_RE.sub("", line)
    prefix = _LOG_PREFIX_RE.match(body)
    level = prefix.group(1) if prefix else None
    if prefix and prefix.end():
        body = body[prefix.end() :]
    elif (m := _LEVEL_ONLY_RE.match(body)) is not None:
        level, body = m.group(1), body[m.end() :]
    exc = _EXC_RE.search(body)
    if exc:
        exc = _innermost(exc)
        cls = exc.group(1).rsplit(".", 1)[-1]
        return _clean_message(f"{cls}: {exc.group(2) or ''}")
    if level in ("ERROR", "FATAL", "WARN", "WARNING") or (prefix and prefix.end() and level is None and body):
        return _clean_message(body) if level in ("ERROR", "FATAL", "WARN", "WARNING") else None
    return None


def _innermost(exc: re.Match[str]) -> re.Match[str]:
    """The last exception of a wrapped chain ("RuntimeException: ExecutionException: ...
    MySQLTransactionRollbackException: Deadlock found ..."): the wrappers' classes and packages name no
    problem and, repeated on every line of a log, outweigh the message for BM25 and the dense model."""
    while exc.group(2) and (inner := _EXC_RE.match(exc.group(2).strip())) is not None:
        exc = inner
    return exc


def _frame(line: str) -> str | None:
    m = FRAME_CALL.match(line)
    if not m or m.group(1).startswith(JDK_PACKAGES):
        return None
    parts = m.group(1).split(".")
    # Class.method: the package path repeats across frames and names no symptom
    return ".".join(parts[-2:]) if len(parts) >= 2 else parts[0]


def _classify_code(line: str, rep: Report) -> None:
    """A line inside a code block or a log: keep only options, errors and the first frames."""
    if FRAME_RE.match(line):
        f = _frame(line)
        if f and len(rep.frames) < MAX_FRAMES and f not in rep.frames:
            rep.frames.append(f)
        return
    if _EXC_RE.search(line):
        err = _error_line(line)
        if err and len(err) > 3:
            rep.errors.append(err)
        return
    if (m := _OPTION_RE.match(line)) is not None:
        key, value = m.group(1), m.group(2)
        if key == "connector" or key == "type":
            rep.options.append(value)
        elif key not in _BOILERPLATE_KEYS:
            rep.options.append(key)
        return
    if (m := _YAML_RE.match(line)) is not None:
        rep.options.append(m.group(1))
        return
    err = _error_line(line)
    if err and len(err) > 3:
        rep.errors.append(err)


def _is_sql(line: str) -> bool:
    """A line of a query pasted without a code fence. A keyword in lower case opens prose too ("on lit une table
    Hologres, que faire ?", "the time zone is wrong", "and the job restarts"): SQL then needs a mark of code, or
    to be a keyword and a name at most."""
    if _SQL_UPPER.match(line):
        return True
    return bool(_SQL_RE.match(line) and (_SQL_MARKS.search(line) or len(line.split()) <= SQL_LINE_WORDS))


def _classify_prose(line: str, rep: Report) -> None:
    # inline-code marks are markup: a log line pasted as `2023-05-06 ... ERROR ...` is still a log line
    line = line.replace("`", "")
    stripped = line.strip().lstrip("-*>• ").strip()
    if not stripped or _HEADING_RE.match(line) or _TABLE_RE.match(line) or _CHECKBOX_RE.match(stripped):
        return
    if FRAME_RE.match(line) or _LOG_PREFIX_RE.match(line) or _OPTION_RE.match(line):
        _classify_code(line, rep)
        return
    if _is_sql(line) and not _CJK_RE.search(line):
        return
    err = _error_line(line)
    if err and len(err) > 3:
        rep.errors.append(err)
    for sentence in re.split(r"(?<=[.!?])\s+|(?<=[。！？；])", stripped):
        if len(sentence) < 4:
            continue
        rep.prose.append(sentence)
        if _SYMPTOM_RE.search(sentence):
            rep.symptoms.append(sentence)


_MD_LINK_RE = re.compile(r"!?\[([^\]\n]{0,200})\]\((?:[^()\s]|\([^()\s]*\))*\)")
_WEB_URL_RE = re.compile(r"\bhttps?://\S+", re.IGNORECASE)


def without_links(text: str) -> str:
    """The text with web addresses taken out (a Markdown link or image keeps its words): a link to a
    page or a picture names no problem, and its host and path words look like unknown terms."""
    return _WEB_URL_RE.sub(" ", _MD_LINK_RE.sub(lambda m: m.group(1), text))


def read_report(text: str) -> Report:
    """Split a post into title, prose, symptom sentences, errors, first frames and options."""
    lines = text.strip().splitlines()
    rep = Report(text, is_long=len(text) >= LONG_POST and len(lines) > 1)
    if not rep.is_long:
        return rep
    rep.title = lines[0].strip().lstrip("#").strip()
    err = _error_line(rep.title)
    if err and len(err) > 3:
        rep.errors.append(err)
    in_code = False
    for line in lines[1:]:
        if _FENCE_RE.match(line):
            in_code = not in_code
            continue
        found = len(rep.errors)
        if in_code:
            _classify_code(line, rep)
        else:
            _classify_prose(line, rep)
        if len(rep.errors) > found and _CAUSED_RE.match(line.replace("`", "").lstrip("-*>• ")):
            rep.root = rep.errors[-1]
    if rep.root:
        # first among the errors, so the dense model's few characters hold it and no cut drops it
        rep.errors = [rep.root, *(e for e in rep.errors if e != rep.root)]
    rep.errors = _unique(rep.errors)[:MAX_LINES_PER_KIND]
    rep.symptoms = _unique(rep.symptoms)[:MAX_LINES_PER_KIND]
    rep.prose = _unique(rep.prose)
    rep.options = _unique(rep.options)
    return rep
