"""An Answer as the chat's HTML bubble: the notices the answer does not say, the warning once, its
parts with linked [n], then its own source cards. Every part goes through ui/sanitize.py.

The parts are the Answer's (bot/answers/answer_parts.py), laid out as the Markdown renderer lays them out
(bot/answers/render_markdown.py `blocks`), so the chat and the API say the same thing; nothing here reads
the answer's text back (the warning used to be found by `text.startswith(lead)`).
"""

from __future__ import annotations

import html
import re

from faqbot.bot.answers.answer import Answer, Citation
from faqbot.bot.answers.phrases import PHRASES
from faqbot.bot.answers.render_markdown import blocks

from .sanitize import safe_html, safe_markdown

SOURCES_MARK = '<details class="srcs"'  # where an answer's text ends and its source cards begin
# what separates two blocks in one rendered Markdown text (ui/sanitize.py encodes newlines)
_BETWEEN = "&#10;"


def _label(key: str, lang: str) -> str:
    v = PHRASES[f"ui_{key}"]
    return v.get(lang, v["en"])


def render_answer(a: Answer, reader: str | None = None) -> str:
    """An answer's bubble: the notices it does not say, the warning, its parts, its source cards.
    No blank line (no newline at all) between or inside: Gradio renders the message as Markdown
    again, and a blank line ended the HTML block, so passage text was re-rendered (remote images,
    links, headings); parts and cards are one HTML block, all from ui/sanitize.py."""
    links = {c.n: c.link for c in a.citations}
    shown = blocks(a.parts, a.language)
    # the answer's opening sentence ("The FAQ does not cover this question.", "I am not sure the FAQ
    # covers this. The closest entries…") is the warning itself: said once, as a quote
    warning = "".join(safe_markdown(f"> ⚠️ **{md}**") for name, md in shown if name == "warning")
    body = _BETWEEN.join(safe_markdown(md, links) for name, md in shown if name != "warning")
    extra = "".join(safe_markdown(f"_ℹ️ {n}_") for n in a.unsaid_notices)  # fallback, language, low confidence
    # the notices first: between the warning and the list it introduces ("The closest entries, best first:") a
    # notice cut the two apart (an eighth trial)
    return for_reader(extra + warning + body + sources_html(a, a.language or "en"), reader)


_SOURCE_HREF = re.compile(r'href="(/source/[^"#?]+)')


def for_reader(bubble: str, reader: str | None) -> str:
    """A bubble whose source links open the viewer in the page's language (`reader`): its link back and its note
    on the cited lines followed the browser's, English on an English browser where the page was set to Spanish
    (a twenty-second trial)."""
    if reader not in PHRASES["ui_back"]:
        return bubble
    return _SOURCE_HREF.sub(rf'href="\1?lang={reader}', bubble)


def sources_html(a: Answer | None, lang: str) -> str:
    """The answer's source cards, collapsible; ids are scoped to the answer so two answers never clash."""
    if not a or not a.citations:
        return ""
    aid = html.escape(str(a.answer_id)[:12])
    cards = [_card(c, aid, lang, a.text) for c in a.citations]
    summary = f"<summary>{_label('sources', lang)} ({len(cards)})</summary>"
    return safe_html(f'{SOURCES_MARK} data-answer="{aid}">{summary}{"".join(cards)}</details>')


# a sentence long enough that finding it in the answer means the answer quotes it, not a phrase shared by chance
_SENTENCE_RE = re.compile(r"[^.!?。\n]{30,}")
_MARKUP_RE = re.compile(r"[\s*_`>•-]+")  # what Markdown and list bullets put between the entry's words


def _flat(text: str) -> str:
    return _MARKUP_RE.sub(" ", text).strip().lower()


def passage_html(text: str, said: str) -> str:
    """A source card's passage: from the first paragraph the answer quotes, each quoted one marked, "[…]" for
    the paragraphs above it (a twelfth trial: the card of a fix answer opened on the Problem's stack trace,
    not on the fix the answer quoted); the whole text when the answer quotes none of it (a generated answer
    says it in its own words). The whole entry stays one click away ("open in source")."""
    paras = re.split(r"\n\s*\n", text[:6000])
    answer = _flat(said)
    quoted = [any(_flat(s) in answer for s in _SENTENCE_RE.findall(p)) for p in paras]
    if not any(quoted):
        return html.escape(text[:6000])
    first = quoted.index(True)
    shown = [f'<span class="quoted">{html.escape(p)}</span>' if q else html.escape(p) for p, q in zip(paras, quoted)]
    return "\n\n".join((["[…]"] if first else []) + shown[first:])


def _card(c: Citation, aid: str, lang: str, said: str) -> str:
    others = " ".join(
        f'<a href="{html.escape(o["link"])}" target="_blank" title="{html.escape(o["title"])}">'
        f"{o['language'].upper()}</a>"
        for o in c.other_versions
    )
    return (
        f'<div class="src-card lang-{c.language}" id="src-{aid}-{c.n}">'
        f'<div><b>[{c.n}] {html.escape(c.title)}</b><span class="badge">{c.language.upper()}</span></div>'
        f'<div class="meta">{html.escape(where(c))}</div>'
        f"<details><summary>{_label('passage', lang)}</summary><pre>{passage_html(c.text, said)}</pre></details>"
        f'<a href="{html.escape(c.link)}" target="_blank">{_label("open", lang)}</a>'
        + (f" · {_label('others', lang)}{_label('colon', lang)}{others}" if others else "")
        + "</div>"
    )


def where(c: Citation) -> str:
    """A source card's document and section: "Connectors · Kafka"; once when a document without
    sections names its one group after itself ("Data validity FAQ", not "… · Data validity FAQ")."""
    doc, group = str(c.doc_title or ""), str(c.group or "")
    return doc if not group or group == doc else f"{doc} · {group}"
