"""What an answer says, part by part, as data: the composer (bot/answers/compose.py) and the LLM (bot/llm/backend.py)
fill the parts, renderers lay them out (bot/answers/render_markdown.py for the JSON API, the CLI, the
OpenAI-compatible API and MCP; ui/answer_html.py for the chat). No caller reads an answer's parts
back out of its text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EntryLink:
    """An entry shown by its title, numbered as its citation: one of the closest entries, or a
    "see also" line under a confident answer."""

    n: int  # the entry's citation number ([n])
    title: str
    link: str  # its source link (/source/...)
    passage: str = ""  # its fix (closest entries) or the passage the question hits most (see also); "" for none
    # the language its title and line are quoted in when the answer is in another ("en" in a French answer:
    # the entry has no French version), else ""
    language: str = ""
    # the FAQ section it is in when its title does not name it ("Hologres" for "Checkpoint interval and data
    # visibility", "ApsaraMQ for RocketMQ" for "Partition change discovery"), else ""
    section: str = ""
    # said before the line when it drops a table or a job's state ("This fix drops a table or the job's state: ..."),
    # else ""
    caution: str = ""


@dataclass(frozen=True)
class AnswerParts:
    """The parts of one answer, in reading order; an empty part is not shown."""

    # the sentence a "closest entries" or "not covered" answer opens with ("I am not sure the FAQ
    # covers this…"): a page shows it once, as the warning
    warning: str = ""
    heading: str = ""  # "From the FAQ entry “…” [1]:" (or "The fix, from …")
    notes: tuple[str, ...] = ()  # notices said inside the answer (the entry exists only in another language)
    # what the FAQ says of the question itself, whatever the entries shown: it lists the question with no answer
    # under it, it never mentions the connector named. Said in the text (a client printing only `text` showed
    # three unrelated entries without it: a seventeenth trial), after the closest entries' list (a notice between
    # the warning and the list it introduces cut them apart: an eighth trial), else after the heading
    facts: tuple[str, ...] = ()
    body: str = ""  # the entry's fix as quoted (Markdown, code verbatim), or the language model's answer
    closing: str = ""  # the note after the quote: abridged ("full entry in [1]"), or the parts' closing remark
    nearby: tuple[EntryLink, ...] = ()  # the closest entries, best first, each with its fix
    advice: str = ""  # what to do next ("Check that an entry matches…", "Try rephrasing…")
    see_also: tuple[EntryLink, ...] = ()  # near entries under a confident answer

    @classmethod
    def from_json(cls, data: dict) -> AnswerParts:
        """The parts of an answer's JSON (`Answer.to_json()["parts"]`): a client renders them again."""
        return cls(
            warning=str(data.get("warning", "")),
            heading=str(data.get("heading", "")),
            notes=tuple(str(n) for n in data.get("notes", ())),
            facts=tuple(str(n) for n in data.get("facts", ())),
            body=str(data.get("body", "")),
            closing=str(data.get("closing", "")),
            nearby=tuple(EntryLink(**e) for e in data.get("nearby", ())),
            advice=str(data.get("advice", "")),
            see_also=tuple(EntryLink(**e) for e in data.get("see_also", ())),
        )
