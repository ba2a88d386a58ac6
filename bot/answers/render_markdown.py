"""An answer's parts (bot/answers/answer_parts.py) as Markdown: the `text` of an Answer, what the JSON API, the
CLI, the OpenAI-compatible API and MCP send. Parts are separated by a blank line; an empty part is
left out. The chat lays the same parts out as HTML (ui/answer_html.py), through the same blocks."""

from __future__ import annotations

from faqbot.bot.answers.answer_parts import AnswerParts, EntryLink
from faqbot.bot.answers.phrases import phrase


def link_text(title: str) -> str:
    """A title inside a Markdown link's brackets: its own brackets would end the link text."""
    return title.replace("[", "(").replace("]", ")")


def _tag(e: EntryLink) -> str:
    """" (EN)" after an entry quoted in another language than the answer's."""
    return f" ({e.language.upper()})" if e.language else ""


def _section(e: EntryLink) -> str:
    """" · Hologres" after an entry whose title does not name its FAQ section."""
    return f" · {e.section}" if e.section else ""


def _passage(e: EntryLink) -> str:
    """" — its line", its caution first in bold; "" for an entry without a line."""
    return f" — {f'**{e.caution}** ' if e.caution else ''}{e.passage}" if e.passage else ""


def nearby_line(e: EntryLink) -> str:
    """`- [1] [Title](/source/...) · Hologres (EN) — its fix`: a closest entry, cited and linked."""
    return f"- [{e.n}] [{link_text(e.title)}]({e.link}){_section(e)}{_tag(e)}" + _passage(e)


def see_also_line(e: EntryLink) -> str:
    """`- Title [2] · Hologres (EN) — the passage`: a near entry under a confident answer."""
    return f"- {e.title} [{e.n}]{_section(e)}{_tag(e)}" + _passage(e)


def blocks(parts: AnswerParts, language: str) -> list[tuple[str, str]]:
    """(part name, Markdown) of each part shown, in reading order. The HTML renderer renders the
    same blocks, so the chat and the API cannot say different things."""
    facts = [("fact", f"_{n}_") for n in parts.facts]
    out = [("warning", parts.warning), ("heading", parts.heading)]
    out += ([] if parts.nearby else facts) + [("note", f"_{n}_") for n in parts.notes]
    out.append(("body", parts.body))
    if parts.closing:
        out.append(("closing", f"_{parts.closing}_"))
    if parts.nearby:
        out.append(("nearby", "\n".join(nearby_line(e) for e in parts.nearby)))
        out += facts
    out.append(("advice", parts.advice))
    if parts.see_also:
        lines = "\n".join(see_also_line(e) for e in parts.see_also)
        out.append(("see_also", phrase("see_also", language) + "\n" + lines))
    return [(name, md) for name, md in out if md]


def to_markdown(parts: AnswerParts, language: str) -> str:
    return "\n\n".join(md for _, md in blocks(parts, language))
