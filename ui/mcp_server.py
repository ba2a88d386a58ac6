"""The FAQ as MCP tools: `faqbot mcp` (stdio) and /mcp on `faqbot serve` (streamable HTTP).

Tools: search_faq (ranked entries), get_entry (one entry's text in a language, with its other
versions), ask_faq (the bot's cited answer). Each returns structured output with a JSON schema
(pydantic models below). Bad arguments raise ToolError: the client gets a tool error
(isError), never a crash. The SDK is `mcp` 2.x (MCPServer); docs/integrations.md says why.
"""


# no `from __future__ import annotations`: the SDK reads the tools' annotations at run time, and
# theirs name values local to build_server

import asyncio
import contextlib
import logging
import re
import sys
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from faqbot.bot.answers.answer import Answer, source_link
from faqbot.bot.answers.phrases import language_list, phrase
from faqbot.bot.question import MAX_PASTE_CHARS, BadQuestion
from faqbot.bot.service import Bot, Turn
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import SUPPORTED
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from pydantic import BaseModel, Field, ValidationError

from .openai_format import absolute

MAX_K = 20
SNIPPET_CHARS = 300
# a turn of ask_faq's history and how many are accepted (the bot reads the last MAX_HISTORY_TURNS)
MAX_TURN_CHARS = 20_000
MAX_HISTORY = 200

# runs a blocking function (the bot) off the event loop: the server's gate, or a thread for stdio
Runner = Callable[..., Awaitable[Any]]


class Version(BaseModel):
    id: str
    language: str
    title: str
    link: str


class Entry(BaseModel):
    id: str = Field(description="entry id, for get_entry")
    title: str
    language: str = Field(description="language of this version: " + ", ".join(SUPPORTED))
    document: str = Field(description="title of the FAQ document holding the entry")
    link: str = Field(description="the entry in its source file, cited lines highlighted")
    lines: list[int] = Field(description="first and last line of the entry in its source file")
    snippet: str
    score: float = Field(description="retrieval score (higher is closer)")


class DecisionResult(BaseModel):
    """The bot's decision, as /api/ask and /v1 give it (an object, not a Python repr to parse)."""

    outcome: str = Field(description="answer (confident), closest (not sure: the closest entries) or not_covered")
    probability: float = Field(description="the model's probability that the FAQ answers the question")
    reason: str = Field(description="why this outcome (confident, unsure, far, no_entries, follow-up reasons, ...)")


class SearchResult(BaseModel):
    query: str
    language: str = Field(description="language the results were picked in (detected unless given)")
    covered: bool = Field(description="false when the FAQ probably does not cover the query")
    confidence: float
    results: list[Entry]
    decision: DecisionResult = Field(
        description="as ask_faq gives it: covered with outcome 'closest' means not sure, the results to be checked"
    )


class EntryText(BaseModel):
    id: str
    title: str
    language: str
    document: str
    link: str
    lines: list[int]
    text: str = Field(description="the entry's whole answer, as written in the FAQ")
    other_versions: list[Version] = Field(description="the same entry in the FAQ's other languages")
    notice: str = Field(
        "", description="set when the entry has no version in the language asked for: which one is given instead"
    )


class Citation(BaseModel):
    n: int = Field(description="the [n] marker in the answer")
    id: str
    title: str
    language: str
    document: str
    link: str
    lines: list[int]


class HistoryTurn(BaseModel):
    role: Literal["user", "assistant"]
    content: str = Field(max_length=MAX_TURN_CHARS)


class AskResult(BaseModel):
    answer: str = Field(description="Markdown answer with [n] citation markers")
    language: str
    abstained: bool = Field(description="true when the FAQ does not cover the question")
    decision: DecisionResult
    confidence: float
    citations: list[Citation]
    notices: list[str]
    answer_id: str = Field(description="names this answer in votes (POST /api/feedback on faqbot serve)")


def coverage(chunks: list[Chunk]) -> str:
    """What the FAQ covers, from the index itself: its documents and their languages."""
    docs: dict[str, set[str]] = {}
    for c in chunks:
        docs.setdefault(c.doc_title, set()).add(c.language)
    listed = "; ".join(f"{title} ({', '.join(sorted(langs))})" for title, langs in sorted(docs.items()))
    return (
        f"The FAQ of Alibaba Cloud Realtime Compute for Apache Flink (VVR): {len(chunks)} entries in "
        f"{', '.join(sorted({c.language for c in chunks}))}: {listed}. Errors, connector settings "
        "(Kafka, MySQL CDC, Hologres, Paimon, ...), SQL and data problems; not general Flink questions."
    )


def _lines(c: Chunk) -> list[int]:
    return [c.line_start, c.line_end]


def _language(value: str | None) -> str | None:
    if value in (None, "", "auto"):
        return None
    if value not in SUPPORTED:
        raise ToolError(f"language must be one of {', '.join(SUPPORTED)} (or omitted: detected), not {value!r}")
    return value


def _snippet(text: str) -> str:
    flat = re.sub(r"\s+", " ", text).strip()
    return flat if len(flat) <= SNIPPET_CHARS else flat[: SNIPPET_CHARS - 1].rsplit(" ", 1)[0] + "…"


class FaqTools:
    """The three tools over one Bot; `base` prefixes the /source links: the public URL, else the
    address an HTTP request came to, else none (relative links, stdio)."""

    def __init__(self, bot: Callable[[], Bot], run: Runner, base: str = "", record: Callable | None = None) -> None:
        self.bot = bot
        self.run = run
        self.base = base
        self.record = record  # the feedback store's record_answer on `faqbot serve`

    def link_base(self, ctx: Context | None) -> str:
        if self.base or ctx is None:
            return self.base
        try:
            url = getattr(ctx.request_context.request, "base_url", None)
        except (AttributeError, LookupError, ValueError):  # no HTTP request: stdio
            url = None
        return str(url).rstrip("/") if url is not None else ""

    def search(self, query: str, language: str | None, k: int, base: str = "") -> SearchResult:
        bot = self.bot()
        try:
            r = bot.retriever.retrieve(_question(query), language=_language(language), k=k)
        except BadQuestion as exc:
            raise ToolError(str(exc)) from None
        results = [
            Entry(
                id=h.chunk.id,
                title=h.chunk.title,
                language=h.chunk.language,
                document=h.chunk.doc_title,
                link=base + source_link(h.chunk),
                lines=_lines(h.chunk),
                snippet=_snippet(h.chunk.body),
                score=round(h.score, 4),
            )
            for h in r.hits[:k]
        ]
        covered, confidence = not r.abstained, round(r.confidence, 4)
        decision = DecisionResult(**r.decision.to_json())
        return SearchResult(
            query=query, language=r.language, covered=covered, confidence=confidence, results=results, decision=decision
        )

    def entry(self, entry_id: str, language: str | None, base: str = "") -> EntryText:
        chunks = self.bot().retriever.chunks
        c = next((x for x in chunks if x.id == entry_id), None)
        if c is None:
            raise ToolError(f"No entry with id {entry_id!r}: use an id that search_faq returned.")
        group = c.translation_group or c.id
        versions = sorted((x for x in chunks if (x.translation_group or x.id) == group), key=lambda x: x.language)
        lang = _language(language)
        notice = ""
        if lang and lang != c.language:
            chosen = next((v for v in versions if v.language == lang), None)
            if chosen is None:
                # most connector entries exist in English only: an agent set to Spanish gets the English text and
                # a notice in its language, as ask_faq quotes it (a thirty-first trial's agent got an error instead)
                chosen = next((v for v in versions if v.language == "en"), c)
                notice = phrase(
                    "other_language",
                    lang,
                    own=language_list([lang], lang),
                    cited=language_list([chosen.language], lang),
                )
            c = chosen
        return EntryText(
            id=c.id,
            title=c.title,
            language=c.language,
            document=c.doc_title,
            link=base + source_link(c),
            lines=_lines(c),
            text=c.body,
            other_versions=[
                Version(id=v.id, language=v.language, title=v.title, link=base + source_link(v))
                for v in versions
                if v.id != c.id
            ],
            notice=notice,
        )

    def ask(self, question: str, language: str | None, base: str = "", history: list[Turn] | None = None) -> AskResult:
        try:
            a = self.bot().ask(_question(question), _language(language), history)
        except BadQuestion as exc:
            raise ToolError(str(exc)) from None
        if self.record is not None:
            self.record(a.to_json())
        return self._result(a, base)

    def _result(self, a: Answer, base: str) -> AskResult:
        return AskResult(
            answer=absolute(a.text, base),
            language=a.language,
            abstained=a.abstained,
            decision=DecisionResult(**a.decision.to_json()),
            confidence=round(a.confidence, 4),
            citations=[
                Citation(
                    n=c.n,
                    id=c.chunk_id,
                    title=c.title,
                    language=c.language,
                    document=c.doc_title,
                    link=base + c.link,
                    lines=[int(x) for x in re.findall(r"L(\d+)", c.link)[:2]],
                )
                for c in a.citations
            ],
            notices=list(a.notices),
            answer_id=a.answer_id,
        )


def _question(text: str) -> str:
    if not text.strip():
        raise ToolError("The question is empty: give an error message, a symptom or a few keywords.")
    return text


# what each argument takes, said to a caller whose arguments the tools' schemas refused
_SEND = {
    "query": f"an error message, a symptom or keywords, as text of up to {MAX_PASTE_CHARS:,} characters (a long log is "
    "shortened)",
    "question": f"the question, an error message or a symptom, as text of up to {MAX_PASTE_CHARS:,} characters (a long "
    "log is shortened)",
    "k": f"how many entries, a whole number from 1 to {MAX_K}",
    "id": "an entry id from search_faq",
    "language": f"one of {', '.join(SUPPORTED)}, or nothing (detected)",
    "history": 'the conversation so far, oldest first: a list of {"role": "user" or "assistant", "content": text}',
}
_FAULT = {"missing": "is missing", "string_too_long": "is too long"}


def refused_arguments(tool: str, error: ValidationError) -> str:
    """The SDK's schema check, in a sentence per argument saying what to send (its own text is pydantic's
    report: "1 validation error for search_faqArguments ... visit https://errors.pydantic.dev/...")."""
    said: dict[str, str] = {}
    for e in error.errors():
        name = str(e["loc"][0]) if e["loc"] else "arguments"
        fault = _FAULT.get(e["type"], "is not valid")
        said.setdefault(name, f"`{name}` {fault}: send {_SEND.get(name, 'what the tool schema describes')}.")
    return f"Error executing tool {tool}: " + " ".join(said.values())


def unknown_arguments(tool: str, unknown: list[str], known: list[str]) -> str:
    """An argument the tool does not take, named (the SDK drops it silently: `get_entry {"chunk_id": ...}`
    said "`id` is missing", a fourth trial)."""
    names = ", ".join(f"`{n}`" for n in unknown)
    takes = ", ".join(f"`{n}`" for n in known)
    return f"Error executing tool {tool}: {tool} takes no argument {names}; its arguments are {takes}."


class _Server(MCPServer):
    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        schema = self._tool_input_schema(name) or {}
        known = list(schema.get("properties", {}))
        unknown = sorted(set(arguments or {}) - set(known))
        if known and unknown:
            raise ToolError(unknown_arguments(name, unknown, known))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError) and not isinstance(exc, UnexpectedToolError):
                # the cause stays: the SDK logs the refused fields' names from it, never their values
                raise ToolError(refused_arguments(name, cause)) from cause
            raise


def build_server(tools: FaqTools, chunks: list[Chunk]) -> MCPServer:
    covers = coverage(chunks)
    server = _Server(
        "faqbot",
        title="faqbot: Realtime Compute for Apache Flink FAQ",
        instructions=covers + " Search first, then read an entry (get_entry) or ask for a cited answer (ask_faq).",
        log_level="WARNING",
    )
    langs = ", ".join(SUPPORTED)

    @server.tool(
        description=f"Search the FAQ for entries matching an error message, a symptom or keywords. {covers} "
        "Returns ranked entries (id, title, language, link, snippet, score) and whether the FAQ covers the query."
    )
    async def search_faq(
        query: Annotated[str, Field(description="an error message, a symptom or keywords", max_length=MAX_PASTE_CHARS)],
        language: Annotated[str | None, Field(description=f"one of {langs}; omitted: detected")] = None,
        k: Annotated[int, Field(description="how many entries", ge=1, le=MAX_K)] = 5,
        ctx: Context | None = None,
    ) -> SearchResult:
        return await tools.run(tools.search, query, language, k, tools.link_base(ctx))

    @server.tool(
        description="Read one FAQ entry's whole text in a language, with its versions in the FAQ's other "
        f"languages listed. {covers}"
    )
    async def get_entry(
        id: Annotated[str, Field(description="an entry id from search_faq", max_length=300)],
        language: Annotated[str | None, Field(description=f"one of {langs}; omitted: the id's own")] = None,
        ctx: Context | None = None,
    ) -> EntryText:
        return await tools.run(tools.entry, id, language, tools.link_base(ctx))

    @server.tool(
        description="Ask the FAQ bot a question; it answers from the FAQ in the question's language with [n] "
        f"citations, or says the FAQ does not cover it. {covers}"
    )
    async def ask_faq(
        question: Annotated[
            str, Field(description="the question, an error message or a symptom", max_length=MAX_PASTE_CHARS)
        ],
        language: Annotated[str | None, Field(description=f"answer language ({langs}); omitted: detected")] = None,
        history: Annotated[
            list[HistoryTurn] | None,
            Field(
                description="the conversation so far, oldest first (earlier questions and this tool's answers), "
                "so that a follow-up such as 'why?', 'give me the SQL' or 'that did not work' is read against it",
                max_length=MAX_HISTORY,
            ),
        ] = None,
        ctx: Context | None = None,
    ) -> AskResult:
        turns = [Turn(t.role, t.content) for t in history or []]
        return await tools.run(tools.ask, question, language, tools.link_base(ctx), turns)

    return server


async def _in_thread(fn: Callable, *args: Any) -> Any:
    return await asyncio.to_thread(fn, *args)


def run_stdio(bot: Bot, base: str = "") -> None:
    """`faqbot mcp`: the protocol on stdin/stdout, so nothing else may print to stdout."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    server = build_server(FaqTools(lambda: bot, _in_thread, base), bot.retriever.chunks)
    with contextlib.suppress(KeyboardInterrupt):
        server.run("stdio")
