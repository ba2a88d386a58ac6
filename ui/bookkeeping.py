"""Requests a chat client sends for its own bookkeeping, answered without retrieval.

Open WebUI asks the chat's model for a title, tags and follow-up suggestions after each answer
(and for search queries when web search is on). Its prompts (open_webui/config.py,
DEFAULT_*_GENERATION_PROMPT_TEMPLATE, 0.12.4) start with "### Task:", quote the conversation
between <chat_history> tags as "USER: ..." / "ASSISTANT: ..." lines and name the JSON key of the
reply before it ("title", "tags", "follow_ups", "queries", "prompt"). Sent to the FAQ bot as
questions, each would cost a retrieval and come back as an FAQ answer where Open WebUI expects
JSON: so they get a small JSON reply here, at once. An admin can also turn them off in Open WebUI
(docs/integrations.md).
"""

from __future__ import annotations

import json
import re

from faqbot.bot.answers.phrases import phrase

_TASK = re.compile(r"^\s*#{2,3}\s*Task:", re.IGNORECASE)
_HISTORY = re.compile(r"<chat_history>(.*?)</chat_history>", re.DOTALL)
# the reply key a prompt asks for, in the order they are tried (a title prompt mentions no other)
_KEYS = ("follow_ups", "tags", "title", "queries", "prompt", "text")
TITLE_WORDS = 6


def task_key(prompt: str) -> str | None:
    """The JSON key an Open WebUI task prompt asks for, or None for an ordinary question."""
    if not _TASK.match(prompt) or "<chat_history>" not in prompt:
        return None
    instructions = prompt.split("<chat_history>", 1)[0]  # not the quoted chat, which may hold anything
    for key in _KEYS:
        if f'"{key}"' in instructions:
            return key
    return "text"


def first_question(prompt: str) -> str:
    """The first user message of the chat history a task prompt quotes ("USER: ...")."""
    m = _HISTORY.search(prompt)
    history = m.group(1) if m else prompt
    for line in history.splitlines():
        head, sep, rest = line.partition(":")
        if sep and head.strip().upper() == "USER" and rest.strip():
            return rest.strip()
    return ""


def title(question: str) -> str:
    words = re.sub(r"\s+", " ", question).strip().split(" ")
    short = " ".join(words[:TITLE_WORDS])
    return short + ("…" if len(words) > TITLE_WORDS else "") if short else "faqbot"


def reply(key: str, prompt: str, language: str) -> str:
    """The JSON text Open WebUI parses for this task: a title from the first question, the FAQ as
    the one tag, and no follow-ups, queries or other suggestions (they would need retrieval)."""
    if key == "title":
        return json.dumps({"title": title(first_question(prompt))}, ensure_ascii=False)
    if key == "tags":
        return json.dumps({"tags": [phrase("tag_faq", language)]}, ensure_ascii=False)
    if key in ("follow_ups", "queries"):
        return json.dumps({key: []})
    return json.dumps({key: ""})
