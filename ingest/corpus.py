"""Reading the corpus folder: which files are documents, and which are skipped and why."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .langdetect import detect_document_language

DOC_SUFFIXES = {".txt", ".md", ".markdown"}
MAX_BYTES = 5 * 1024 * 1024


@dataclass
class SourceFile:
    path: Path
    text: str
    language: str
    sha256: str
    raw: bytes  # the bytes hashed: what the index keeps a copy of and serves


@dataclass
class Skipped:
    path: Path
    reason: str


def _read_regular(path: Path) -> bytes | None:
    """The bytes of a regular file, read through a descriptor that cannot follow a link.

    Checking is_symlink() and then reading by name leaves a window in which the file can be
    swapped for a link; O_NOFOLLOW refuses a link at open, fstat checks what was opened.
    """
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            return None
        return f.read(MAX_BYTES + 1)


def read_corpus(corpus_dir: Path) -> tuple[list[SourceFile], list[Skipped]]:
    """Documents of the corpus folder; unreadable ones are skipped with a reason, never fatal."""
    import hashlib

    if not corpus_dir.is_dir():
        raise FileNotFoundError(f"Corpus folder {corpus_dir} does not exist. Pass --corpus DIR or set FAQBOT_CORPUS.")
    docs: list[SourceFile] = []
    skipped: list[Skipped] = []
    for path in sorted(corpus_dir.iterdir()):
        if path.suffix.lower() not in DOC_SUFFIXES or path.name.startswith("."):
            continue
        # a link could point anywhere (/etc/passwd): only regular files inside the folder are read
        if path.is_symlink():
            skipped.append(Skipped(path, "symbolic link (only regular files are read)"))
            continue
        if not path.is_file():
            skipped.append(Skipped(path, "not a regular file"))
            continue
        raw = _read_regular(path)
        if raw is None:  # unreadable, or swapped for a link or a special file since the checks above
            skipped.append(Skipped(path, "not readable as a regular file (swapped for a link, or no permission)"))
            continue
        if not raw.strip():
            skipped.append(Skipped(path, "empty file"))
            continue
        if len(raw) > MAX_BYTES:
            skipped.append(Skipped(path, f"larger than {MAX_BYTES // (1024 * 1024)} MB"))
            continue
        if b"\x00" in raw:
            skipped.append(Skipped(path, "binary file (contains NUL bytes)"))
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            skipped.append(Skipped(path, f"not UTF-8 ({exc.reason} at byte {exc.start}); re-save it as UTF-8"))
            continue
        text = text.lstrip("\ufeff").replace("\r\n", "\n")
        docs.append(SourceFile(path, text, detect_document_language(text), hashlib.sha256(raw).hexdigest(), raw))
    return docs, skipped
