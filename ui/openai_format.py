"""An Answer in the shapes OpenAI-compatible clients read: a completion, stream chunks, errors.

What clients show of the citations: the answer text keeps its `[n]` markers and ends with a short
"Sources" list of links (every client renders Markdown); Open WebUI also reads one source event
per cited entry (a chunk carrying `"event": {"type": "source", ...}`: its citation chips); and
any client can read the `faqbot` extension object (decision, confidence, citations, answer_id for
votes on POST /api/feedback). Links are absolute: the client shows them on its own page.
"""

from __future__ import annotations

import re
import time
import uuid
from dataclasses import dataclass, field

from faqbot.bot.answers.answer import Answer
from faqbot.bot.answers.phrases import PHRASES, phrase

# the footer this module appends, in every language: stripped again from assistant turns of the
# history (the bot reads its own earlier answer, not the list of links under it)
_FOOTERS = sorted({f"\n\n**{t}**\n" for t in PHRASES["sources"].values()}, key=len, reverse=True)
_RELATIVE_LINK = re.compile(r"\]\((/source/[^)\s]+)\)")


@dataclass
class Completion:
    """One response's constant parts: every chunk of a stream repeats id, created and model."""

    model: str
    id: str = field(default_factory=lambda: "chatcmpl-" + uuid.uuid4().hex)
    created: int = field(default_factory=lambda: int(time.time()))

    def chunk(self, delta: dict, finish: str | None = None, **extra) -> dict:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "system_fingerprint": None,
            "choices": [choice],
            **extra,
        }

    def usage_chunk(self, usage: dict) -> dict:
        # what stream_options.include_usage asks for: one last chunk, empty choices, the usage
        return {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [],
            "usage": usage,
        }

    def completion(self, content: str, usage: dict, **extra) -> dict:
        return {
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "system_fingerprint": None,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content, "refusal": None},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": usage,
            **extra,
        }


def absolute(text: str, base: str) -> str:
    """The answer's own links (/source/...) made absolute: the client's page is another origin."""
    return _RELATIVE_LINK.sub(lambda m: f"]({base}{m.group(1)})", text)


def sources_footer(a: Answer, base: str) -> str:
    """A short numbered list of the cited entries' links, under a "Sources" heading."""
    if not a.citations:
        return ""
    rows = [f"{c.n}. [{_label(c.title)}]({base}{c.link}) ({c.language})" for c in a.citations]
    return f"\n\n**{phrase('sources', a.language)}**\n" + "\n".join(rows)


def _label(title: str) -> str:
    # a title is shown as link text: brackets would end the link early
    return title.replace("[", "(").replace("]", ")").replace("\n", " ").strip()


def strip_footer(content: str) -> str:
    """An earlier assistant message without the Sources list this module added to it."""
    for footer in _FOOTERS:
        at = content.rfind(footer)
        if at >= 0:
            return content[:at]
    return content


def usage(prompt: str, completion: str) -> dict:
    # no tokenizer here: words stand in for tokens (an estimate, documented in docs/integrations.md)
    p, c = len(prompt.split()), len(completion.split())
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}


def extension(a: Answer, base: str) -> dict:
    """The `faqbot` object: what a client needs to show the citations and send a vote."""
    out: dict = {
        "answer_id": a.answer_id,
        "language": a.language,
        "detected_language": a.detected_language,
        "abstained": a.abstained,
        "confidence": round(a.confidence, 4),
        "backend": a.backend,
        "notices": list(a.notices),
        "citations": [
            {
                "n": c.n,
                "id": c.chunk_id,
                "title": c.title,
                "document": c.doc_title,
                "language": c.language,
                "link": base + c.link,
                "lines": _lines(c.link),
                "other_versions": [{**v, "link": base + v["link"]} for v in c.other_versions],
            }
            for c in a.citations
        ],
        "feedback": {"url": base + "/api/feedback", "answer_id": a.answer_id},
    }
    decision = getattr(a, "decision", None)  # present once answers carry a named decision
    if decision is not None:
        out["decision"] = decision if isinstance(decision, (str, int, float, bool)) else _plain(decision)
    return out


def _plain(value: object) -> object:
    """A decision object as JSON: a dataclass or an object with to_json/__dict__."""
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    from dataclasses import asdict, is_dataclass

    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return str(value)


def _lines(link: str) -> list[int]:
    m = re.search(r"#L(\d+)-L(\d+)$", link)
    return [int(m.group(1)), int(m.group(2))] if m else []


def source_events(a: Answer, base: str) -> list[dict]:
    """One Open WebUI source event per cited entry (its citation chips under the answer)."""
    events = []
    for c in a.citations:
        url = base + c.link
        name = f"[{c.n}] {_label(c.title)} ({c.language})"
        events.append(
            {
                "type": "source",
                "data": {
                    "source": {"id": url, "name": name, "url": url},
                    "document": [c.text],
                    "metadata": [{"source": url, "name": name, "language": c.language, "title": c.title}],
                },
            }
        )
    return events


def error_body(message: str, kind: str, code: str | None = None, param: str | None = None) -> dict:
    """The OpenAI error shape every OpenAI client parses."""
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}
