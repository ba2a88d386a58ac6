"""With an LLM, a long post whose entry is uncertain is read against the entries before answering.

The "not covered" model (bot/retrieval/abstain.py) reads features of the post and of the first entry; a
post that names a covered connector and asks about behaviour the FAQ does not explain looks like
an answered one to it (docs/eval.md, issue 13). A language model can read what the post asks
against what an entry is about. So, when an LLM backend is configured, a long post (a pasted
report, bot/retrieval/report.py) that the decision (bot/retrieval/decision.py) would answer or show closest entries
for, with a probability below JUDGE_BELOW, has its first entries' titles put to the model one at a
time, best first: "is the message about this topic?". The first entry the model accepts is
answered from, cited first; when it accepts none, the closest entries are shown (never "not
covered": a refused covered post must not leave the user with nothing, docs/eval.md). Posts the
decision declares not covered are not read. Short questions are left to the model, which reads
them whole.

Any failure of the model (down, slow, an answer other than yes or no) leaves the retrieval as it
was: the check can only refine an answer, never block one.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING

from faqbot.bot.retrieval.decision import ANSWER, CLOSEST, Decision
from faqbot.bot.retrieval.reading import Reading
from faqbot.bot.retrieval.report import Report, read_report
from faqbot.bot.retrieval.retrieve import Hit, Retrieval

if TYPE_CHECKING:
    from faqbot.bot.llm.backend import LLMBackend

JUDGE_BELOW = 0.9  # abstention confidence under which a long post's entries are checked
JUDGE_TOP = 3  # entries put to the model, best first
JUDGE_SECONDS = 12.0  # all checks of one post together; past it the retrieval stands as it was

SYSTEM = (
    "You route support messages. A message matches a FAQ topic when the topic is about the same error or "
    "symptom with the same product, even if details differ. Reply with one word: YES or NO."
)


def _messages(post: str, topic: str) -> list[tuple[str, str]]:
    user = (
        f"User's message:\n<<<\n{post}\n>>>\n\nFAQ topic: {topic}\n\n"
        "Is the user's message about this FAQ topic? Reply YES or NO."
    )
    return [("system", SYSTEM), ("human", user)]


def _topic(hit: Hit) -> str:
    """The entry's English title (the language every entry has, and the model reads best)."""
    return next((v.title for v in hit.versions if v.language == "en"), hit.chunk.title)


def read_verdict(text: str) -> bool | None:
    """YES -> True, NO -> False, anything else -> None (the model did not answer the question)."""
    word = text.strip().strip("*\"'`.").upper()
    if word.startswith("YES"):
        return True
    if word.startswith("NO"):
        return False
    return None


def _ask(backend: LLMBackend, post: str, topic: str, seconds: float) -> bool | None:
    from faqbot.bot.llm.backend import stream_tokens

    timed = replace(backend, timeout=max(0.5, min(backend.timeout, seconds)))
    text = ""
    # the first word is the verdict: stop reading there, which also stops the server generating
    for n, tok in enumerate(stream_tokens(timed, _messages(post, topic)), 1):
        text += tok
        if len(text.strip()) >= 3 or n >= 3:
            break
    return read_verdict(text)


def uncertain_post(question: str | Report, r: Retrieval) -> bool:
    """The posts the check reads: long ones shown an entry without much confidence. `question`: the
    text, or its reading as typed (bot/retrieval/reading.py Reading.typed), which a turn's Query has made."""
    typed = read_report(question) if isinstance(question, str) else question
    return bool(r.hits) and not r.abstained and r.confidence < JUDGE_BELOW and typed.is_long


def check_entries(backend: LLMBackend, question: Reading, r: Retrieval) -> Retrieval:
    """The retrieval with the first entry the model accepts cited first, or "not covered" when it
    accepts none; unchanged for other questions and whenever the model fails. `question`: the turn's
    reading of the question retrieved (bot/dialogue/query.py), whose post is not read again."""
    if not uncertain_post(question.typed, r):
        return r
    post = question.report.dense_query()
    t0 = time.perf_counter()
    seen: list[bool] = []
    for i, hit in enumerate(r.hits[:JUDGE_TOP]):
        left = JUDGE_SECONDS - (time.perf_counter() - t0)
        try:
            verdict = _ask(backend, post, _topic(hit), left) if left > 0 else None
        except Exception:  # down, slow, refused: the retrieval stands (see the module's doc)
            verdict = None
        if verdict is None:
            return _noted(r, seen, None, t0, "no verdict")
        seen.append(verdict)
        if verdict:
            hits = [hit, *r.hits[:i], *r.hits[i + 1 :]]
            decision = Decision(ANSWER, r.confidence, "entry_check_accepted")
            return _noted(replace(r, hits=hits, decision=decision), seen, i, t0, "accepted")
    decision = Decision(CLOSEST, r.confidence, "entry_check_none_accepted")
    return _noted(replace(r, decision=decision), seen, None, t0, "none accepted")


def _noted(r: Retrieval, seen: list[bool], chosen: int | None, t0: float, outcome: str) -> Retrieval:
    judged = {"verdicts": seen, "chosen": chosen, "outcome": outcome, "ms": round((time.perf_counter() - t0) * 1000, 1)}
    return replace(r, entry_check=judged)
