"""Text processing shared by ingest and the bot: folding, tokenizing, identifiers, names, stack frames.

Public module: the lexical index stores tokens produced here, so the bot must
tokenize queries with exactly the same rules. A question's language is read in `ingest/langdetect.py`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import Stemmer
from faqbot.languages import ANSWERED, PACKS

# the languages questions are answered in (the corpus's); the word lists come from the language packs
SUPPORTED = ANSWERED

WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
# An identifier: a run of word characters joined by . _ - : / $ (kept whole as a token).
# Linear: a match may only start where a run starts (the lookbehinds) and never backtracks into
# a run (possessive quantifiers). The plain pattern, [A-Za-z0-9][A-Za-z0-9_]*(?:[.\-:/$][A-Za-z0-9_]+)+
# | [A-Za-z]+_[A-Za-z0-9_]+, tried every position of a long separator-less word against the whole
# rest of it: 0.7 s for 4,000 letters, holding the GIL. Same matches (tests/unit/test_textproc_linear.py).
_IDENT_RE = re.compile(
    r"(?<![A-Za-z0-9_])_*+(?P<a>[A-Za-z0-9][A-Za-z0-9_]*+(?:[.\-:/$][A-Za-z0-9_]++)+)"
    r"|(?<![A-Za-z])(?P<b>[A-Za-z]++_[A-Za-z0-9_]++)"
)
_CAMEL_RE = re.compile(r"\b[A-Z]?[a-z]+[A-Z][A-Za-z0-9]*|\b[A-Z]{2,}[a-z]+[A-Za-z0-9]*")
_CAMEL_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def fold(text: str) -> str:
    """Lowercase and strip accents, so 'Réseau' and 'reseau' meet in the lexical index."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=8)
def _stemmer(lang: str) -> Stemmer.Stemmer:
    p = PACKS.get(lang)
    return Stemmer.Stemmer(p.stemmer if p and p.stemmer else "english")


@lru_cache(maxsize=8)
def _stopwords(lang: str) -> frozenset[str]:
    from .lexical import stopwords

    p = PACKS.get(lang)
    # a language read with its own stemmer is read with its own stop words (the others as English)
    words = set(stopwords(lang)) | (set(p.function_words) if p and p.stemmer else set())
    return frozenset(fold(w) for w in words)


def identifiers(text: str) -> list[str]:
    """Identifier-like tokens kept whole: key.fields-prefix, dhs:ListShard, ClassNames."""
    found = [(m.group("a") or m.group("b")).strip(".:-/") for m in _IDENT_RE.finditer(text)]
    found += [m.group(0) for m in _CAMEL_RE.finditer(text)]
    return [f.lower() for f in found if len(f) > 2]


def tokenize(text: str, lang: str, also_stop: str = "") -> list[str]:
    """Tokens for BM25: stemmed folded words plus whole identifiers and their camel parts. `also_stop`: a
    language whose stop words are left out too (a French question read with English's stemmer)."""
    stop = _stopwords(lang) | _stopwords(also_stop) if also_stop else _stopwords(lang)
    stem = _stemmer(lang)
    words = [fold(w).replace("’", "'") for w in WORD_RE.findall(text)]
    out: list[str] = []
    for w in words:
        # French/Spanish elisions: l'offset -> offset
        if "'" in w:
            w = w.split("'", 1)[1]
        if not w or w in stop or (len(w) == 1 and not w.isdigit()):
            continue
        out.append(stem.stemWord(w))
    for ident in identifiers(text):
        out.append("§" + ident)  # prefix keeps whole identifiers apart from word stems
    for m in _CAMEL_RE.finditer(text):
        for part in _CAMEL_SPLIT.split(m.group(0)):
            p = fold(part)
            if len(p) > 2 and p not in stop:
                out.append(stem.stemWord(p))
    return out


def query_tokens(text: str, lang: str) -> list[str]:
    """A question's tokens in its language plus, for French and Spanish, the English ones:
    technical words in a French or Spanish question are often English. The English reading leaves out the
    question language's stop words too: "la", "et", "mon", "est" read as English words were words no entry
    holds, and weighed as the rarest in what the "not covered" model reads of a question (`title_cov`), so that a
    French or Spanish question's right entry seemed to cover a third of it and an English one's two thirds."""
    toks = tokenize(text, lang)
    if lang != "en":
        toks += [t for t in tokenize(text, "en", also_stop=lang) if t not in toks]
    return toks


# ---------------------------------------------------------------- stack traces
# a stack frame's "at package.Class.method", and the "... 15 more" closing a trace
FRAME_CALL = re.compile(r"^\s*at\s+([\w$.<>]+)")
MORE_FRAMES = re.compile(r"^\s*\.\.\.\s*\d+\s*more\s*$")
# the JDK's own frames (reflection, threads, the SQL driver manager) sit in every Java trace and name no
# component: read by BM25 they make an entry quoting a trace match any post that pastes one
JDK_PACKAGES = ("java.", "javax.", "sun.", "jdk.", "com.sun.")
# a whole line that is a frame: a qualified name, its "(File.java:12)" (cut short in a quoted log) and the jar
# a logger may add ("~[flink-dist.jar:1.15]"); "at least one sink" is prose
_FRAME_LINE = re.compile(r"^\s*at\s+([\w$<>]+(?:\.[\w$<>]+)+)\s*(?:\([^()]*\)?)?\s*(?:~?\[[^\[\]]*\]\s*)?$")


def frames_as_calls(text: str) -> str:
    """text with each stack frame read as the code it calls ("com.mysql.cj.jdbc.ClientPreparedStatement.
    executeBatch"): the JDK's frames left out, the others without "at", file and line. A trace's file
    names ("Util.java") and line numbers are in every frame and name no problem; for BM25 they made an entry
    quoting a long trace match any post that says "java" or a version number."""
    if "at " not in text:
        return text
    out = []
    for line in text.split("\n"):
        m = _FRAME_LINE.match(line)
        if m is None:
            out.append(line)
        elif not m.group(1).startswith(JDK_PACKAGES):
            out.append(m.group(1))
    return "\n".join(out)


# ---------------------------------------------------------------- names
# possessive, the first branch with a lookahead: [A-Z][a-z0-9]*[A-Z0-9][A-Za-z0-9]* backtracked
# quadratically on one long word ("A111...1_": 0.6 s); same matches
_NAME_RE = re.compile(r"(?<![\w-])([A-Z](?=[a-z]*[A-Z0-9])[A-Za-z0-9]*+|[A-Z][a-z]{2,}+|[A-Z]{2,}+[a-z0-9]*+)(?![\w-])")


def raw_words(text: str) -> set[str]:
    """Lower-cased ASCII words as written (no stemming): the vocabulary names are checked against."""
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", text)}


def names(text: str) -> list[str]:
    """Capitalised words inside a sentence (product and system names such as "RocksDB", "Pulsar").

    A sentence's first word is skipped: it is capitalised whatever it is.
    """
    out = []
    for m in _NAME_RE.finditer(text):
        j = m.start() - 1  # the last character before the name that is not a space (no copy of the text)
        while j >= 0 and text[j].isspace():
            j -= 1
        if j >= 0 and text[j] not in ".?!¿¡:":
            out.append(m.group(1))
    return out
