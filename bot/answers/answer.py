"""The Answer object shown by the CLI (--json), the HTTP API and the UI alike."""

from __future__ import annotations

import re
import uuid
from dataclasses import asdict, dataclass, field

from faqbot.bot.answers.answer_parts import AnswerParts
from faqbot.bot.answers.render_markdown import to_markdown
from faqbot.bot.retrieval.decision import ANSWER, Decision
from faqbot.ingest.records import Chunk

MARKER = re.compile(r"\[(\d{1,2})\]")


def source_link(c: Chunk) -> str:
    return f"/source/{c.source}#L{c.line_start}-L{c.line_end}"


@dataclass
class Turn:
    """One message of a conversation, as the bot reads its history."""

    role: str  # "user" or "assistant"
    content: str


# what of each turn the bot reads (bot/service.py bounded_history): the follow-up rewrite copies words of the
# previous user turn into the query, so an unbounded turn meant unbounded work (64 KB: 84 s)
MAX_TURN_CHARS = 1000
# what of each of the bot's own answers it reads: whole (p90 about 1,200 characters, the longest under 4,000). Cut at
# MAX_TURN_CHARS, a long answer lost its abridged part and its closing, and "how do I fix it?" after it said the
# entry had no more than that answer, while it quoted what the cut hid (a thirtieth trial's Paimon disk answer)
MAX_ANSWER_CHARS = 4000


@dataclass
class Citation:
    n: int
    chunk_id: str
    doc: str
    doc_title: str
    title: str
    group: str
    language: str
    text: str  # the cited passage
    link: str
    other_versions: list[dict] = field(default_factory=list)

    @classmethod
    def from_chunk(cls, n: int, chunk: Chunk, versions: list[Chunk]) -> Citation:
        others = [
            {"language": v.language, "chunk_id": v.id, "title": v.title, "link": source_link(v)}
            for v in versions
            if v.id != chunk.id
        ]
        return cls(
            n,
            chunk.id,
            chunk.doc,
            chunk.doc_title,
            chunk.title,
            chunk.group,
            chunk.language,
            chunk.body,
            source_link(chunk),
            others,
        )


@dataclass
class Answer:
    question: str
    # what the answer says, part by part (bot/answers/answer_parts.py); `text` is their Markdown
    parts: AnswerParts
    language: str
    detected_language: str
    citations: list[Citation]
    abstained: bool
    backend: str = "extractive"
    notices: list[str] = field(default_factory=list)
    timings: dict = field(default_factory=dict)
    confidence: float = 0.0
    standalone_query: str = ""
    # the answer language the turn itself asked for ("and in English?"): a page keeps the user's own language
    language_asked: str = ""
    # what the checks of a generated answer found (bot/llm/checks.py), and the LLM's reading of
    # an uncertain post's entries (bot/llm/judge.py); empty for extractive answers without an LLM
    checks: dict = field(default_factory=dict)
    # names this answer in votes and logs (POST /api/feedback, the chat's thumbs)
    answer_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    # answer, closest entries or not covered (bot/retrieval/decision.py); `citations` are the entries shown, in order
    decision: Decision = field(default_factory=lambda: Decision(ANSWER, 1.0, "confident"))
    # the entries ranked, when some are shown: each one's score and its signals' contributions
    # (Hit.to_json, bot/retrieval/signals.py), for reading how a ranking was made
    ranking: list[dict] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The answer as Markdown (bot/answers/render_markdown.py): what the API, the CLI and MCP send."""
        return to_markdown(self.parts, self.language)

    @property
    def lead(self) -> str:
        """The sentence a "closest entries" or "not covered" answer opens with ("I am not sure the
        FAQ covers this…"): `text` starts with it; a page shows it as the warning, once."""
        return self.parts.warning

    @property
    def unsaid_notices(self) -> list[str]:
        """The notices the answer's parts do not say themselves (the language model's fallback, the
        question's language, low confidence; not its notes and facts): a client shows them beside the text."""
        return [n for n in self.notices if n not in self.parts.notes and n not in self.parts.facts]

    def to_json(self) -> dict:
        data = asdict(self)
        parts = data.pop("parts")
        data = {"question": data.pop("question"), "text": self.text, **data}
        data["decision"] = self.decision.to_json()
        # four digits, as in the decision: the last float digit differs between stores (Milvus
        # and FAISS sum in another order), and two replicas must print the same answer
        data["confidence"] = round(self.confidence, 4)
        data["lead"] = self.lead
        # what `text` does not say of the notices ("answered in English"): a client showing only `text` shows these
        # beside it, as the chat and /v1 do (a tenth trial's Chinese question through the API lacked the note)
        data["unsaid_notices"] = self.unsaid_notices
        data["parts"] = parts
        return data


def cited_numbers(text: str) -> list[int]:
    return [int(m) for m in MARKER.findall(text)]


def repair_citations(text: str, n_sources: int) -> tuple[str, list[int]]:
    """Drop [n] markers that point to no given source; return the text and the dropped numbers."""
    dropped: list[int] = []

    def keep(m: re.Match) -> str:
        n = int(m.group(1))
        if 1 <= n <= n_sources:
            return m.group(0)
        dropped.append(n)
        return ""

    return MARKER.sub(keep, text), dropped
