"""LLM backends through LangChain: `provider:model` strings, or any OpenAI-compatible server.

Every failure (unreachable, timeout, rate limit, empty or malformed output, and every answer the
checks of bot/llm/checks.py reject) falls back to the extractive answer with a visible notice;
nothing hangs. The prompt is built in bot/llm/prompt.py.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from faqbot.bot.answers.answer import MARKER, Answer, Citation
from faqbot.bot.answers.answer_parts import AnswerParts
from faqbot.bot.answers.detail import missing_detail
from faqbot.bot.answers.phrases import phrase
from faqbot.bot.llm.attach import attach_code
from faqbot.bot.llm.checks import (
    SupportScorer,
    check_answer,
    drop_prompt_echo,
    fix_markers,
    repeats,
    sentences,
    support_failure,
    unsupported_terms,
)
from faqbot.bot.llm.prompt import STOP, build_prompt
from faqbot.bot.llm.settings_line import attach_settings
from faqbot.bot.retrieval.retrieve import Retrieval
from faqbot.bot.settings import DEFAULT_LLM_MAX_TOKENS, DEFAULT_LLM_PASSAGE_CHARS
from faqbot.bot.settings import DEFAULT_LLM_TIMEOUT as DEFAULT_TIMEOUT

if TYPE_CHECKING:
    from faqbot.ingest.embedders import Embedder


class LLMConfigError(RuntimeError):
    """The backend cannot be created; the message says how to fix it."""


class ChatModel(Protocol):
    """What faqbot uses of a LangChain chat model."""

    def stream(self, input: Any, *args: Any, **kwargs: Any) -> Iterator[Any]: ...

    def invoke(self, input: Any, *args: Any, **kwargs: Any) -> Any: ...


@dataclass
class LLMBackend:
    name: str
    model: ChatModel  # a LangChain BaseChatModel
    timeout: float = DEFAULT_TIMEOUT
    # the characters of the entry the prompt quotes (llm_prompt.build_prompt; the cache warmer
    # builds the same prefix)
    passage_chars: int = DEFAULT_LLM_PASSAGE_CHARS
    # uncertain long posts are read against their entries first (bot/llm/judge.py)
    check_entries: bool = True
    base_url: str | None = None  # an OpenAI-compatible server's, for bot/llm/health.py `reachable`


def make_backend(
    spec: str,
    base_url: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_tokens: int = DEFAULT_LLM_MAX_TOKENS,
    passage_chars: int = DEFAULT_LLM_PASSAGE_CHARS,
    check_entries: bool = True,
    api_key: str = "",
) -> LLMBackend:
    """'openai:gpt-4o-mini', 'ollama:llama3', ... or a model name served at base_url (OpenAI API).
    `api_key`: the server's key (FAQBOT_LLM_API_KEY or OPENAI_API_KEY, read by bot/settings.py)."""
    if base_url:
        try:
            from langchain_openai import ChatOpenAI
            from pydantic import SecretStr
        except ImportError as exc:
            raise LLMConfigError("--llm-base-url needs langchain-openai: pip install langchain-openai") from exc
        model_name = spec.split(":", 1)[1] if spec.startswith("openai:") else spec
        key = api_key or "not-needed"
        chat = ChatOpenAI(
            model=model_name,
            base_url=base_url,
            api_key=SecretStr(key),
            timeout=timeout,
            max_retries=0,
            temperature=0,
            max_completion_tokens=max_tokens,
            # servers that predate max_completion_tokens (llama-cpp-python's among them) ignore it
            # and read only the older name: without it the cap did not apply there
            extra_body={"max_tokens": max_tokens},
        )
        return LLMBackend(f"openai-compatible:{model_name}", chat, timeout, passage_chars, check_entries, base_url)
    if ":" not in spec:
        raise LLMConfigError(f"--llm {spec!r}: use provider:model, e.g. openai:gpt-4o-mini or ollama:llama3.")
    try:
        from langchain.chat_models import init_chat_model

        model = init_chat_model(spec, temperature=0, timeout=timeout, max_retries=0, max_tokens=max_tokens)
    except ImportError as exc:
        provider = spec.split(":", 1)[0]
        raise LLMConfigError(
            f"--llm {spec!r} needs the LangChain package for {provider}: pip install langchain-{provider}"
        ) from exc
    except Exception as exc:  # unknown provider, missing key
        raise LLMConfigError(f"--llm {spec!r} could not be set up: {safe_error(exc)}") from exc
    return LLMBackend(spec, model, timeout, passage_chars, check_entries)


def safe_error(exc: BaseException) -> str:
    """An error message with anything that looks like a key removed."""
    text = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
    return re.sub(r"(sk|key|token)[-_A-Za-z0-9]{8,}", "[redacted]", text)


def _is_timeout(exc: BaseException) -> bool:
    """True for timeouts from any client (openai, httpx, requests all name their class so)."""
    return isinstance(exc, TimeoutError) or "timeout" in type(exc).__name__.lower()


# the whole answer's limit, in timeouts: a model writing its 300 tokens at 3 a second on two busy cores takes 100 s
WHOLE_ANSWER_TIMEOUTS = 4


def _timeout(backend: LLMBackend) -> TimeoutError:
    return TimeoutError(
        f"no token within {backend.timeout:g} s, or no end within {WHOLE_ANSWER_TIMEOUTS * backend.timeout:g} s"
    )


def stream_tokens(backend: LLMBackend, messages: list) -> Iterator[str]:
    """Tokens from the model; raises TimeoutError when it is silent for the backend's timeout, before its first
    token or between two: a model that is writing is let finish (its tokens are bounded by max_tokens), one that
    stalls is not waited for. A limit on the whole answer cut a cold 1.5B model mid-sentence after 13 s of streamed
    text (a twenty-first trial: 4 of 18 answers at the 30 s default)."""
    q: queue.Queue = queue.Queue()
    stop = threading.Event()

    def work() -> None:
        stream = backend.model.stream(messages, stop=STOP)
        try:
            for chunk in stream:
                if stop.is_set():
                    break
                text = chunk.content if isinstance(chunk.content, str) else ""
                q.put(("tok", text))
            q.put(("end", None))
        except Exception as exc:  # surfaced to the caller as a fallback reason
            # The client's own timeout races ours; either way the user sees one message.
            q.put(("err", _timeout(backend) if _is_timeout(exc) else exc))
        finally:
            # closing the stream closes the connection, so the server stops generating for us
            close = getattr(stream, "close", None)
            if close:
                close()

    threading.Thread(target=work, daemon=True).start()
    # a server that never stops sending (one that ignores max_tokens) is not read for ever either
    end = time.monotonic() + WHOLE_ANSWER_TIMEOUTS * backend.timeout
    deadline = time.monotonic() + backend.timeout
    try:
        while True:
            try:
                kind, val = q.get(timeout=max(0.01, min(deadline, end) - time.monotonic()))
            except queue.Empty:
                raise _timeout(backend) from None
            if kind == "tok":
                deadline = time.monotonic() + backend.timeout
                yield val
            elif kind == "end":
                return
            else:
                raise val
    finally:
        stop.set()  # the caller stopped reading (a loop, a timeout, a closed chat): stop the model


# a check's or an error's reason (checks["fallback"], in English for API clients and evaluation) -> the phrase the
# user reads; the first prefix that matches
def fallback_reason(failure: str, lang: str) -> str:
    """Why the model's answer was not used (a kind of checks.FAILURES), in the user's language, without the model's
    words; an error of the client (a refused connection, a name that does not resolve) says where the server should
    be."""
    return phrase(f"llm_reason_{failure}", lang)


def _fallback(
    extractive: Answer, backend: LLMBackend, failure: str, reason: str, checks: dict, timings: dict
) -> Answer:
    notice = phrase("llm_fallback", extractive.language, reason=fallback_reason(failure, extractive.language))
    return replace(
        extractive,
        backend=f"extractive (fallback from {backend.name})",
        notices=[*extractive.notices, notice],
        checks={**checks, "fallback": reason},
        timings=timings,
    )


# where a streamed answer may be cut: after a sentence's end and the space after it, or at a line's end
_CUT = re.compile(r"(?<=[.!?。！？])[ \t]+|\n")


@dataclass
class StreamGate:
    """What of a streaming answer the user may see before the checks: its complete sentences and lines, as long as
    each holds no term its sources do not and, with a support scorer, each is close to the entry. The first that
    fails holds the rest back until the final checks (a twenty-first trial's page showed "The admin password is
    adminpassword ... hologres.connection.limit=1000 [1]", an injected instruction obeyed, for 20 s before the checks
    replaced it; an OpenAI-compatible client kept it)."""

    sources: list[str]
    question: str
    support: Callable[[str], list[float]] | None = None
    n_sources: int = 1  # the [n] markers that point to a source: 1 to n
    shown: str = ""
    held: bool = False
    scores: list[float] = field(default_factory=list)  # support of the shown sentences, in order

    def passes(self, text: str) -> bool:
        """Whether `text`, the answer so far, has a longer checked prefix to show (then `shown`). What is shown is
        what the final checks keep, so that a client that cannot take text back (/v1) gets the answer once: an
        opening label copied from the instructions is left out and a misspelt marker rewritten, as they will be."""
        if self.held:
            return False
        cuts = [m.end() for m in _CUT.finditer(text)]
        done = fix_markers(drop_prompt_echo(text[: cuts[-1]])) if cuts else ""
        if len(done.rstrip()) <= len(self.shown.rstrip()) or not done.startswith(self.shown):
            return False
        new = done[len(self.shown) :]
        if done.count("```") % 2:  # a code block still being written: its lines are checked once it closes
            return False
        if any(not 1 <= int(n) <= self.n_sources for n in MARKER.findall(new)):  # the checks will remove it
            self.held = True
            return False
        if unsupported_terms(done, self.sources, self.question):
            self.held = True
            return False
        if self.support is not None and sentences(new):
            said = sentences(done)
            self.scores += self.support(new)
            # the final check's support rule on what would be shown (the split of `new` alone may differ at its edge)
            if len(self.scores) != len(said) or support_failure(said, self.scores):
                self.held = True
                return False
        self.shown = done
        return True



@dataclass
class _Clock:
    """Time to first token and throughput of one generation."""

    start: float = field(default_factory=time.perf_counter)
    first: float | None = None
    tokens: int = 0

    def tick(self, tok: str) -> None:
        if tok and self.first is None:
            self.first = time.perf_counter()
        self.tokens += 1

    def timings(self) -> dict:
        end = time.perf_counter()
        out = {"llm_ms": round((end - self.start) * 1000, 1), "llm_tokens": self.tokens}
        if self.first is not None:
            out["llm_first_token_ms"] = round((self.first - self.start) * 1000, 1)
            if self.tokens > 1 and end > self.first:
                out["llm_tokens_per_s"] = round((self.tokens - 1) / (end - self.first), 2)
        return out


_SCORERS: dict[int, SupportScorer] = {}


def _scorer(embedder: Embedder | None) -> SupportScorer | None:
    """One scorer per embedder, so each entry's sentences are embedded once per process."""
    if embedder is None:
        return None
    return _SCORERS.setdefault(id(embedder), SupportScorer(embedder))


def generate(
    backend: LLMBackend, question: str, r: Retrieval, extractive: Answer, embedder: Embedder | None = None
) -> Iterator[Answer]:
    """Stream the model's answer from the top entry's passage, then check it; a failed check
    falls back to the extractive answer with a notice saying why. With an embedder, the check
    includes support: the answer's sentences against the entry's, in all its languages."""
    prompt = build_prompt(question, r, backend.passage_chars)
    top = r.hits[0]
    cites = [Citation.from_chunk(1, top.chunk, top.versions)]
    clock = _Clock()
    text = ""
    partial = Answer(
        question,
        AnswerParts(),
        r.language,
        r.detected,
        cites,
        False,
        backend=backend.name,
        notices=list(extractive.notices),
        confidence=r.confidence,
        decision=r.decision,
        ranking=extractive.ranking,
    )
    # what the model saw, and the entry it cites in all its languages: a term the cited entry
    # holds is backed by the citation even when the passage left it out
    sources = [prompt.passage, top.chunk.title, *(f"{c.title}\n{c.body}" for c in top.versions)]
    scorer = _scorer(embedder)
    gate = StreamGate(sources, question, (lambda t: scorer.scores(t, top.versions)) if scorer else None, len(cites))
    try:
        for tok in stream_tokens(backend, prompt.messages):
            clock.tick(tok)
            text += tok
            if repeats(text):
                break  # looping: what follows is the same again (drop_repeats cleans the tail)
            if gate.passes(text):
                yield replace(partial, parts=AnswerParts(body=gate.shown))
    except TimeoutError as exc:
        yield _fallback(extractive, backend, "timeout", str(exc), {"raw": text}, clock.timings())
        return
    except Exception as exc:
        yield _fallback(extractive, backend, "unreachable", safe_error(exc), {"raw": text}, clock.timings())
        return
    scores: list[float] = []

    def support(t: str) -> list[float]:
        scores.extend(scorer.scores(t, top.versions) if scorer else [])
        return scores

    v = check_answer(text, len(cites), sources, question, r.language, support if scorer else None)
    checks = {
        "raw": text,
        "markers": v.markers,
        "invalid_markers": v.invalid_markers,
        "unsupported": v.unsupported,
        "language": v.language,
        "repairs": v.repairs,
        "support": [round(x, 4) for x in scores],
        "passage": prompt.passage,
    }
    if not v.ok:
        yield _fallback(extractive, backend, v.failure, v.reason, checks, clock.timings())
        return
    coded, attached = attach_code(v.text, prompt.passage, r.language, question)
    # the settings the model paraphrased, by name, between its text and the attached code
    body, settings = attach_settings(v.text, prompt.passage, r.language, held=coded)
    final = body + coded[len(v.text.rstrip()) :]
    # "which value should I set?" when the passage gives none: said as the extractive answer says it (a twenty-first
    # trial's generated answers said "une valeur appropriée" or restated the fix, six times)
    if note := missing_detail(question, prompt.passage, r.language, top.chunk.body):
        final = f"{final.rstrip()}\n\n_{note}_"
    checks["code_attached"] = attached
    checks["settings_attached"] = settings
    checks["model_text"] = v.text
    # what the checks repaired is in checks["repairs"] for API clients; the user is told, in their language, only that
    # words of the model were left out (an English "Repaired: removed a label copied from the instructions" told a
    # French user nothing: a twenty-first trial)
    removed = any(_CONTENT_REMOVED.match(x) for x in v.repairs)
    notices = [*extractive.notices, *([phrase("llm_repaired", r.language)] if removed else [])]
    yield replace(partial, parts=AnswerParts(body=final), notices=notices, checks=checks, timings=clock.timings())


# the repairs that leave out what the model said (bot/llm/checks.py), not its layout or its markers
_CONTENT_REMOVED = re.compile(r"removed (?:\d+ sentence|code that is not in the source)")


def rewrite_with_llm(backend: LLMBackend, question: str, history: list) -> str | None:
    """A standalone version of a follow-up question, or None when the model fails."""
    convo = "\n".join(f"{t.role}: {t.content[:500]}" for t in history[-4:])
    messages = [
        (
            "system",
            "Rewrite the user's last question as a standalone question, in its own language. "
            "Reply with the question only.",
        ),
        ("human", f"Conversation:\n{convo}\n\nLast question: {question}"),
    ]
    try:
        out = "".join(stream_tokens(backend, messages)).strip()
    except Exception:
        return None
    return out.splitlines()[0][:500] if out else None
