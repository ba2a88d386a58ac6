"""A Java stack trace cut to the lines a reader scans for, when the whole trace does not fit.

A trace of twenty frames fills an answer's room with the JDK's reflection calls and the first frames
of the driver, while what tells one failure from another is the exception line and the place each
library was called from. So, when an error text must be shortened, its traces keep every line that
is not a frame ("Caused by: ...", the message), drop the JDK's frames (java., javax., sun., jdk.),
keep the first frame after each exception line (where it was thrown: `DelegateOperationExecutor.wrapExecutor`),
and of each run of frames of one library (the first three parts of the package: com.mysql.cj,
com.alibaba.ververica, org.apache.flink) keep the last one: the call into that library from the code
above it (`StatementImpl.executeBatch` of the driver, `RdsOutputFormat.executeSql` of the connector).
A kept frame loses its file and line ("(RdsOutputFormat.java:488)"): they locate code in a build the
reader does not have. Each stretch left out is one "…" line, so the reader sees the trace was cut.
The package alone cannot tell an organisation's libraries from one library's packages, so
org.postgresql.util and org.postgresql.jdbc count as two: a frame too many is the cost.
"""

from __future__ import annotations

from faqbot.ingest.textproc import FRAME_CALL, JDK_PACKAGES, MORE_FRAMES

ELLIPSIS = "…"
LIBRARY_PARTS = 3  # com.alibaba.druid and com.alibaba.ververica are two libraries; org.apache.flink one


def _library(line: str) -> str | None:
    """The library a frame line calls into ("" for the JDK's), None when the line is no frame."""
    if MORE_FRAMES.match(line):
        return ""
    m = FRAME_CALL.match(line)
    if not m:
        return None
    name = m.group(1)
    if name.startswith(JDK_PACKAGES):
        return ""
    package = name.split(".")[:-2]  # without Class.method
    return ".".join(package[:LIBRARY_PARTS]) or name


def condense(text: str) -> str:
    """text with each stack trace cut to its exception lines, the frame each was thrown at and each
    library's last frame; the
    text itself when it holds no trace of more than three frames."""
    lines = text.split("\n")
    libs = [_library(ln) for ln in lines]
    if sum(lib is not None for lib in libs) <= 3:
        return text
    out: list[str] = []
    thrown = False  # the section's first frame outside the JDK (where it was thrown) is kept
    for i, (line, lib) in enumerate(zip(lines, libs)):
        nxt = libs[i + 1] if i + 1 < len(lines) else None
        # a frame stays when it is where the exception was thrown or the last of its library's run (a JDK
        # frame or "... N more" never)
        keep = lib is None or (lib != "" and (nxt != lib or not thrown))
        thrown = lib is not None and (thrown or lib != "")
        if keep and lib:
            # the file and line ("(RdsOutputFormat.java:488)") locate code in a build the reader lacks
            out.append(line[: line.index("(")] if "(" in line else line)
        elif keep:
            out.append(line)
        elif not out or out[-1].strip() != ELLIPSIS:
            indent = line[: len(line) - len(line.lstrip())]
            out.append(indent + ELLIPSIS)
    return "\n".join(out)
