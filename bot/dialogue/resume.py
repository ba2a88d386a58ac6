"""A turn going back to an earlier question than the last ("back to my window problem: how do I set the idle
timeout?", "revenons à mon souci Kafka", "volviendo a lo de la ventana, ¿por qué?", "回到窗口的问题，为什么？").

A follow-up refers to the turn just before it; a user who asked about something else meanwhile says which
question they mean instead. The packs' `resume_patterns` open such a turn; the words after the opener, up to a
colon, comma or question mark, name the question, and the user turn sharing most of those words (less the
packs' `topic_nouns`, "problem", "question", "earlier", which every turn may share) is the one meant; words
naming no subject ("back to my first question", "my earlier problem") mean the first turn when they say so (the
packs' `first_words`), else the one before the last. The rest of the turn is what is asked of it
(bot/dialogue/conversation.py resolves it against that turn)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from faqbot.ingest.textproc import SUPPORTED, fold, tokenize
from faqbot.languages import CJK, PACKS, alternatives

RESUMES = re.compile(
    rf"(?:{alternatives('resume_patterns', True)})|(?:{alternatives('resume_patterns', False)})", re.IGNORECASE
)
# where the words naming the earlier question end and what is asked of it starts
_NAMED_END = re.compile(r"\s*(?:[:;,?!¿—–，：；？！。]|\.(?:\s|$)|\s-\s)\s*")
_TOPIC_NOUNS = frozenset(fold(w) for p in PACKS.values() for w in p.topic_nouns)
_FIRST = frozenset(fold(w) for p in PACKS.values() for w in p.first_words)
_CJK_RUN = re.compile(rf"[{CJK}]+")


LEAD_WORDS = 4  # a sentence before the resume phrase of at most this many words ("ok, forget that.") is passed over


@dataclass(frozen=True)
class Resumed:
    """Which earlier user turn a turn goes back to, and what it asks of it ("" when nothing more)."""

    index: int  # in the list of earlier user turns, oldest first
    rest: str


def _terms(text: str, lang: str) -> set[str]:
    """A text's topic words, read in one language so two texts compare: its stems less the topic nouns; a run
    of Han or kana as its pairs of characters (Chinese writes no spaces: "窗口的" shares "窗口" with a turn)."""
    for noun in _TOPIC_NOUNS:
        if _CJK_RUN.fullmatch(noun):
            text = text.replace(noun, " ")
    out: set[str] = set()
    for token in tokenize(text, lang):
        if _CJK_RUN.fullmatch(token):
            out.update(token[i : i + 2] for i in range(max(1, len(token) - 1)))
        elif fold(token) not in _TOPIC_NOUNS:
            out.add(token)
    return out - {t for noun in _TOPIC_NOUNS for t in tokenize(noun, lang)}


def _subject(named: str, lang: str) -> set[str]:
    """The topic words of what names the earlier question, less the words naming the first turn."""
    return _terms(named, lang) - {t for w in _FIRST for t in tokenize(w, lang)}


def resumed(
    question: str, earlier: list[tuple[str, str]], detect: Callable[[str], tuple[str, float]]
) -> Resumed | None:
    """The earlier user turn a turn goes back to. `earlier`: each user turn so far, oldest first, as typed and
    made standalone. None when the turn opens with no resume phrase, or its words name no earlier turn."""
    opener = RESUMES.match(question)
    if opener is None:
        # a short sentence before it ("ok forget that. back to my first question": a tenth trial's turn was
        # searched as typed)
        lead, _, after = question.partition(". ")
        if after and len(lead.split()) <= LEAD_WORDS:
            question = after
            opener = RESUMES.match(question)
    if opener is None or not earlier:
        return None
    named, *rest = _NAMED_END.split(question[opener.end() :].strip(), maxsplit=1)
    lang, _ = detect(question)
    # the words saying which turn ("my first question") name no subject, in any language answers are given in
    # ("mi primera pregunta" read as Portuguese kept "mi" and "primeir")
    want = set() if any(not _subject(named, code) for code in SUPPORTED) else _subject(named, lang)
    rest_text = rest[0].strip() if rest else ""
    if not want:
        # no word of a subject: "back to my first question" is the first; "my earlier problem", "the other
        # one", "back to my question" one before the last (the last needs no going back)
        first = any(w in named.lower() if _CJK_RUN.fullmatch(w) else w in fold(named).split() for w in _FIRST)
        return Resumed(0 if first else max(0, len(earlier) - 2), rest_text)
    shared = [len(want & (_terms(typed, lang) | _terms(standalone, lang))) for typed, standalone in earlier]
    best = max(shared)
    if best == 0:
        return None
    # of turns sharing as many words, the latest: the user's last mention of the subject
    index = max(i for i, n in enumerate(shared) if n == best)
    return Resumed(index, rest_text)
