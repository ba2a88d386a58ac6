"""Checks on a generated answer, in code rather than trust: citations, quoted terms, language, escapes.

`check_answer` repairs what can be repaired without changing what the answer claims (markers that
point to no source are dropped; an answer built from a single source that forgot to cite gets its
marker) and reports the first failure that cannot be repaired; the caller then falls back to the
extractive answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from faqbot.bot.answers.answer import MARKER, cited_numbers, repair_citations
from faqbot.bot.answers.phrases import phrase
from faqbot.bot.answers.provenance import URL, actionable, drop_unsourced_sentences, tells_to_act
from faqbot.bot.llm.prompt import INSTRUCTION, SYSTEM
from faqbot.ingest.langdetect import detect_language, strip_code
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import SUPPORTED, identifiers
from faqbot.languages import words

if TYPE_CHECKING:
    from faqbot.ingest.embedders import Embedder

MIN_LANGUAGE_CONFIDENCE = 0.5  # below it the detector saw no prose (code only, or noise)
_FENCE = re.compile(r"```.*?(?:```|$)", re.DOTALL)
# a line that ends in a colon, markers allowed after it; one source for the two patterns below
_COLON_LINE = r"[^\n`]{1,60}:[ \t]*(?:\[\d{1,2}\][ \t]*)*"
# a fenced block with the line that introduces it: a label ("Error detallado: [1]") left without its
# block reads as a broken answer; a longer line is a sentence and stays (LABEL_WORDS)
_LED_FENCE = re.compile(rf"(?P<lead>^{_COLON_LINE}\n\s*)?(?P<code>```.*?(?:```|\Z))", re.DOTALL | re.MULTILINE)
_SPAN = re.compile(r"`([^`\n]+)`")
_LOOSE_MARKER = re.compile(r"\[(?:[/^#]\s*|\s+)(\d{1,2})\s*\]")  # [/1], [^1], [ 1 ]: a marker, misspelt
_HYPHENATED_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+(?=\S)|\n+")
# Calibrated with llm_eval.calibrate_support on extractive answers to eval/calibration.jsonl
# (docs/eval-llm.md): an extractive sentence against the other language version of its entry (a
# faithful translation) versus against the runner-up entry. e5 cosines are compressed: unrelated
# sentences of the same domain already score around 0.8.
SUPPORT_THRESHOLD = 0.891
MIN_SUPPORTED_SHARE = 0.5
LABEL_WORDS = 5  # "Los detalles del error son:" is a label; "Set these options in the DDL:" a sentence
_ENUMERATOR = re.compile(r"^\s*(?:\(?\d{1,2}[).]|[-*])\s*")
_TRAILING_LABEL = re.compile(rf"\n\s*\n({_COLON_LINE})\s*\Z")
# what small models write instead of answering, beyond the bot's own "not covered" phrase
_REFUSALS = words("refusal_patterns")


# Why a generated answer is not used, one key per kind: the user reads the key's phrase in their language
# (bot/answers/phrases.py "llm_reason_<key>"), never the detail, which may hold the model's words; logs and eval rows
# keep the detail. "timeout" and "unreachable" are the backend's (bot/llm/backend.py).
FAILURES = ("timeout", "unreachable", "empty", "refused", "unsourced", "language", "citation")


@dataclass
class Verdict:
    text: str  # the answer after repairs
    reason: str = ""  # why it cannot be used, in detail (for logs and eval rows); empty when it can
    failure: str = ""  # that reason's kind, one of FAILURES
    repairs: list[str] = field(default_factory=list)
    markers: int = 0  # [n] markers the model wrote
    invalid_markers: int = 0  # of those, pointing to no source
    unsupported: list[str] = field(default_factory=list)  # terms of the answer absent from the sources
    language: str = ""
    language_confidence: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.reason


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def loose(text: str) -> str:
    """Text compared for quoting: quote marks and the spaces around `=` and `:` do not change what
    a setting says ('a.b' = 'x' and a.b = x name the same setting and value)."""
    text = re.sub(r"[`'\"‘’“”]", "", _norm(text))
    return re.sub(r"\s*([=:,()])\s*", r"\1", text)


def refuses(text: str) -> bool:
    """The model says the FAQ does not answer: wrong by construction, since abstention said it does."""
    low = _norm(text)
    if any(phrase("not_covered", lang).lower().rstrip(".") in low for lang in SUPPORTED):
        return True
    return any(re.search(p, low) for p in _REFUSALS)


def quoted_terms(text: str) -> list[str]:
    """What an answer presents as exact: identifiers, `code spans` and the lines of code blocks."""
    # a hyphenated word of prose ("assurez-vous", "built-in") is not an identifier; in backticks it is
    terms = [i for i in identifiers(MARKER.sub("", text)) if len(i) > 4 and not _HYPHENATED_WORD.fullmatch(i)]
    terms += [m.group(1).strip() for m in _SPAN.finditer(text)]
    for block in _FENCE.findall(text):
        lines = block.strip("`").splitlines()[1:] if block.count("\n") else []
        terms += [ln.strip() for ln in lines if ln.strip() and ln.strip() not in ("```", "…", "...")]
    return [t for t in terms if t]


def _holds(haystack: str, term: str) -> bool:
    """The term starts a word of the haystack (`ps` is not in "temps" or "https"); a short one must
    also end one, a longer one may go on ("checkpoint" is in "checkpoints")."""
    t = loose(term)
    end = r"(?![0-9a-z_])" if len(t) < 4 else ""
    return re.search(r"(?<![0-9a-z_])" + re.escape(t) + end, haystack) is not None


def unsupported_terms(text: str, sources: list[str], question: str = "") -> list[str]:
    """Quoted terms and URLs not found in the sources. A single name may also come from the question
    (a user's table or error is quoted back); a command, path or URL may not."""
    from_sources = loose("\n".join(sources))
    from_question = loose(question)
    out: list[str] = []
    for t in [*quoted_terms(text), *(m.group(0).rstrip(".,;:!?") for m in URL.finditer(MARKER.sub("", text)))]:
        ok = _holds(from_sources, t) or (not actionable(t) and _holds(from_question, t))
        if not ok and t not in out:
            out.append(t)
    return out


def prose(text: str) -> str:
    """The answer's words: no code blocks, code spans or citation markers."""
    return MARKER.sub("", _SPAN.sub(" ", _FENCE.sub(" ", text)))


def answer_language(text: str) -> tuple[str, float]:
    return detect_language(strip_code(prose(text)))


def sentences(text: str) -> list[str]:
    """The answer's sentences of at least three words, code blocks left out (they are checked verbatim)."""
    out = []
    for s in _SENTENCE_END.split(_FENCE.sub("\n", text)):
        s = re.sub(r"\s*" + MARKER.pattern, "", s).strip().lstrip("-*• ").strip()
        if len(re.findall(r"\w+", s)) >= 3:
            out.append(s)
    return out


def cite_paragraphs(text: str) -> str:
    """[1] after every prose paragraph that has no marker (for an answer drawn from one source)."""
    out = []
    for para in re.split(r"\n\s*\n", text):
        body = para.rstrip()
        if body and not MARKER.search(body) and not body.startswith("```") and prose(body).strip():
            body += " [1]"
        out.append(body)
    return "\n\n".join(out)


def _failure(v: Verdict, language: str, support: list[float] | None) -> tuple[str, str]:
    """The first check the answer fails, as (kind, detail), or ('', '')."""
    if refuses(v.text):
        return "refused", "it said the FAQ does not cover the question"
    if v.unsupported:
        return "unsourced", "it quoted terms that are not in its source: " + ", ".join(v.unsupported[:3])[:200]
    if v.language != language or v.language_confidence < MIN_LANGUAGE_CONFIDENCE:
        return "language", f"answer not recognisably in the asked language ({language})"
    detail = support_failure(sentences(v.text), support) if support is not None else ""
    return ("unsourced" if detail else ""), detail


def support_failure(said: list[str], support: list[float]) -> str:
    """The support check's reason for sentences and their scores against the source, or '': most must be close to
    it, and every one telling the user to run, open or fetch something (also what a streamed answer shows:
    bot/llm/backend.py StreamGate)."""
    if sum(x >= SUPPORT_THRESHOLD for x in support) < MIN_SUPPORTED_SHARE * len(support):
        return "most of the answer is not what its source says"
    # a sentence that tells the user to run, open or fetch something must itself be backed:
    # a majority of supported sentences does not vouch for it
    risky = [s for s, x in zip(said, support) if x < SUPPORT_THRESHOLD and tells_to_act(s, _SPAN)]
    if risky:
        return "a sentence with a command or link is not what its source says: " + risky[0][:120]
    return ""


def repeats(text: str, window: int = 80) -> bool:
    """The text has started to loop: its last `window` characters already occur earlier (small
    models at temperature 0 can repeat a paragraph until they run out of tokens)."""
    return len(text) > 3 * window and text[-window:] in text[:-window]


def drop_repeats(text: str) -> str:
    """The text without sentences it already said and without a cut-off repetition at its end."""
    seen: set[str] = set()
    out: list[str] = []
    for para in re.split(r"\n\s*\n", text):
        if para.lstrip().startswith("```"):
            out.append(para)
            continue
        kept = []
        for sent in re.split(r"(?<=[.!?])\s+", para):
            key = _norm(MARKER.sub("", re.sub(r"^\(?\d+[).]\s*", "", sent)))
            if key and key not in seen and not any(k.startswith(key) for k in seen if len(key) > 20):
                seen.add(key)
                kept.append(sent)
        if kept:
            out.append(" ".join(kept))
    return "\n\n".join(out)


def _is_label(line: str) -> bool:
    """A short line ending in a colon that names what follows rather than saying something."""
    return len(re.findall(r"\w+", MARKER.sub("", _ENUMERATOR.sub("", line)))) <= LABEL_WORDS


def drop_dangling_label(text: str) -> str:
    """The answer without a last paragraph that only introduces code: generation stops at a code fence
    (the source's own code is attached instead, under its own line), so "La configuración incorrecta
    sería:" would stand over the correct configuration."""
    m = _TRAILING_LABEL.search(text)
    return text[: m.start()].rstrip() if m and _is_label(m.group(1)) else text


def _drop_unsourced_code(text: str, sources: list[str], question: str) -> tuple[str, int]:
    """The answer without the fenced code blocks it wrote that its source does not hold: the
    source's own code is attached instead (attach.attach_code)."""
    dropped = 0

    def keep(m: re.Match) -> str:
        nonlocal dropped
        if unsupported_terms(m.group("code"), sources, question):
            dropped += 1
            lead = m.group("lead") or ""
            return lead if not _is_label(lead) else ""
        return m.group(0)

    out = _LED_FENCE.sub(keep, text)
    return (re.sub(r"\n{3,}", "\n\n", out).strip(), dropped) if dropped else (text, 0)


_LABEL = re.compile(r"\s*([^\n:]{3,80}?)\s*:\s*")
_RULE_WORDS = " " + " ".join(re.findall(r"\w+", f"{SYSTEM} {INSTRUCTION}".lower())) + " "


def fix_markers(text: str) -> str:
    """Misspelt citation markers written as markers: [/1], [^1], [ 1 ] -> [1]."""
    return _LOOSE_MARKER.sub(lambda m: f"[{m.group(1)}]", text)


def drop_prompt_echo(text: str) -> str:
    """The answer without an opening label copied from its instructions: a small model sometimes
    starts "Fix (what to set, change or run): …", echoing the rule it was given."""
    m = _LABEL.match(text)
    if m:
        words = re.findall(r"\w+", m.group(1).lower())
        if len(words) >= 3 and f" {' '.join(words)} " in _RULE_WORDS:
            return text[m.end() :].lstrip()
    return text


def check_answer(
    text: str,
    n_sources: int,
    sources: list[str],
    question: str,
    language: str,
    support: Callable[[str], list[float]] | None = None,
) -> Verdict:
    """Repair what can be repaired, then report the first failed check (Verdict.reason).

    sources are the texts the model saw; support, when given, scores each answer sentence
    against them (SupportScorer.scores), which catches fluent answers the source does not back.
    """
    text = drop_repeats(text.strip())
    v = Verdict(drop_prompt_echo(text))
    if v.text != text:
        v.repairs.append("removed a label copied from the instructions")
        text = v.text
    v.text = drop_dangling_label(text)
    if v.text != text:
        v.repairs.append("removed a last line introducing code the model did not write")
        text = v.text
    if not text:
        v.failure, v.reason = "empty", "empty output"
        return v
    fixed = fix_markers(text)
    if fixed != text:
        v.repairs.append("rewrote misspelt citation markers")
    v.markers = len(cited_numbers(fixed))
    fixed, n_dropped = drop_unsourced_sentences(fixed, n_sources)
    if n_dropped:
        v.repairs.append(f"removed {n_dropped} sentence(s) citing no given source")
    v.text, dropped = repair_citations(fixed, n_sources)
    v.invalid_markers = len(dropped)
    if dropped:
        v.repairs.append("removed citation markers without a source: " + ", ".join(f"[{n}]" for n in dropped))
    v.text, n_code = _drop_unsourced_code(v.text, sources, question)
    if n_code:
        v.repairs.append("removed code that is not in the source (the source's code is attached)")
    v.language, v.language_confidence = answer_language(v.text)
    v.unsupported = unsupported_terms(v.text, sources, question)
    v.failure, v.reason = _failure(v, language, support(v.text) if support else None)
    if not v.reason and not cited_numbers(v.text):
        if n_sources == 1:
            v.text = cite_paragraphs(v.text)
            v.repairs.append("added the missing citation [1]")
        else:
            v.failure, v.reason = "citation", "no valid citation"
    return v


@dataclass
class SupportScorer:
    """Cosine of each answer sentence to its best match among the cited entries' sentences and pairs
    of neighbouring sentences."""

    embedder: Embedder
    threshold: float = SUPPORT_THRESHOLD
    _cache: dict[str, np.ndarray] = field(default_factory=dict)

    def _source(self, chunk: Chunk) -> np.ndarray:
        if chunk.id not in self._cache:
            sents = sentences(chunk.body) or [chunk.body[:500]]
            # and each pair of neighbours: an answer sentence often joins two ("Yes, X" from "Yes. X.")
            units = sents + [f"{a} {b}" for a, b in zip(sents, sents[1:])]
            self._cache[chunk.id] = self.embedder.embed_documents(units)
        return self._cache[chunk.id]

    def scores(self, text: str, chunks: list[Chunk]) -> list[float]:
        sents = sentences(text)
        if not sents or not chunks:
            return []
        src = np.vstack([self._source(c) for c in chunks])
        ans = self.embedder.embed_documents(sents)
        return [float(x) for x in (ans @ src.T).max(axis=1)]
