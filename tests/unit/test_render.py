"""Issue 28: an Answer holds its parts as data, rendered as Markdown (the API, the CLI, MCP, the
OpenAI-compatible API) and as HTML (the chat). Each part is rendered, an empty part is left out,
and the HTML is escaped by ui/sanitize.py whatever the parts hold."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from faqbot.bot.answers.answer import Answer, Citation
from faqbot.bot.answers.answer_parts import AnswerParts, EntryLink
from faqbot.bot.answers.phrases import PHRASES
from faqbot.bot.answers.render_markdown import blocks, nearby_line, see_also_line, to_markdown
from faqbot.ui.answer_html import render_answer
from faqbot.ui.openai_api import shown_text
from faqbot.ui.sanitize import plain_text

NEAR = (
    EntryLink(2, "Kafka [sink] latency", "/source/k.en.md#L1-L9", "Set linger.ms to 0."),
    EntryLink(3, "Other", "/x"),
)


def _cite(n: int, title: str = "Entry", text: str = "body") -> Citation:
    return Citation(n, f"d#{n}", "d", "Doc", title, "g", "en", text, f"/source/d.en.md#L{n}-L{n + 5}")


def _answer(parts: AnswerParts, notices: list[str] | None = None, n_cites: int = 1) -> Answer:
    cites = [_cite(n) for n in range(1, n_cites + 1)]
    return Answer("q", parts, "en", "en", cites, False, notices=notices or [], answer_id="a1b2c3d4e5f6a7b8")


def test_every_part_is_rendered_in_reading_order_one_blank_line_apart():
    parts = AnswerParts(
        warning="W.",
        heading="From the FAQ entry “T” [1]:",
        notes=("This entry exists only in English.",),
        body="**Solution**\n\n- step one\n- step two",
        closing="(abridged: full entry in [1])",
        nearby=NEAR,
        advice="Check it.",
        see_also=NEAR[1:],
    )
    md = to_markdown(parts, "fr")
    assert md == "\n\n".join(
        [
            "W.",
            "From the FAQ entry “T” [1]:",
            "_This entry exists only in English._",
            "**Solution**\n\n- step one\n- step two",
            "_(abridged: full entry in [1])_",
            "- [2] [Kafka (sink) latency](/source/k.en.md#L1-L9) — Set linger.ms to 0.\n- [3] [Other](/x)",
            "Check it.",
            PHRASES["see_also"]["fr"] + "\n- Other [3]",  # the label in the answer's language
        ]
    )
    assert [name for name, _ in blocks(parts, "en")] == [
        "warning",
        "heading",
        "note",
        "body",
        "closing",
        "nearby",
        "advice",
        "see_also",
    ]


@pytest.mark.parametrize(
    "parts,want",
    [
        (AnswerParts(), ""),
        (AnswerParts(body="Only the model's text [1]."), "Only the model's text [1]."),
        (AnswerParts(warning="Not covered.", advice="Rephrase."), "Not covered.\n\nRephrase."),
        (AnswerParts(heading="H", body="B", see_also=()), "H\n\nB"),
    ],
)
def test_empty_parts_are_left_out(parts, want):
    assert to_markdown(parts, "en") == want
    assert _answer(parts).text == want


def test_the_json_carries_the_parts_and_they_render_to_its_text():
    parts = AnswerParts(warning="W.", nearby=NEAR, advice="A.")
    data = _answer(parts, n_cites=3).to_json()
    assert data["text"] == to_markdown(parts, "en") and data["lead"] == "W."
    assert data["parts"]["nearby"][0] == {
        "n": 2,
        "title": "Kafka [sink] latency",
        "link": NEAR[0].link,
        "passage": NEAR[0].passage,
        "language": "",  # quoted in the answer's language
        "section": "",  # its title names its section, or its document has none
        "caution": "",  # its line drops no table and no job state
    }
    assert AnswerParts.from_json(data["parts"]) == parts
    assert list(data)[:2] == ["question", "text"]  # the API's keys in their old order, parts last


def test_notices_said_in_the_answer_are_not_repeated_beside_it():
    note, fallback = "This entry exists only in English.", "The language model could not answer (x)."
    a = _answer(AnswerParts(heading="H [1]:", notes=(note,), body="B"), notices=[note, fallback])
    assert a.unsaid_notices == [fallback]
    assert shown_text(a, "").endswith(f"B\n\n_{fallback}_") and shown_text(a, "").count(note) == 1
    html = render_answer(a)
    assert plain_text(html).count(note) == 1 and plain_text(html).count(fallback) == 1
    assert html.index(fallback) < html.index("H ")  # the notices the answer does not say come first


def test_the_warning_is_said_once_as_a_quote_before_the_rest():
    a = _answer(AnswerParts(warning="I am not sure.", nearby=NEAR[:1], advice="Check."), n_cites=2)
    html = render_answer(a)
    assert html.startswith("<blockquote>") and plain_text(html).count("I am not sure.") == 1
    assert html.index("</blockquote>") < html.index("Kafka (sink) latency") < html.index("Check.")
    assert 'href="/source/k.en.md#L1-L9"' in html  # the entry's title links to its source
    assert html.count('class="src-card') == 2


def test_citation_markers_link_to_the_answers_own_sources():
    html = render_answer(_answer(AnswerParts(heading="From [1]:", body="Set it [1], not [7].")))
    linked = '<a href="/source/d.en.md#L1-L6" rel="noopener noreferrer">[1]</a>'
    assert html.count(linked) == 2  # in the heading and in the body
    assert "not [7]" in plain_text(html) and html.count("<a ") == 2 + 1  # [7] names no source: text


# an attribute inside a tag the page would build (escaped text such as "&lt;img onerror=" is no tag)
_HANDLER = re.compile(r"<[^>]*\son\w+=", re.IGNORECASE)


@pytest.mark.parametrize("field", ["warning", "heading", "body", "closing", "advice"])
def test_html_in_any_part_is_shown_as_text(field):
    evil = "<script>alert(1)</script><img src=x onerror=alert(2)> [go](https://evil.example/)"
    html = render_answer(_answer(AnswerParts(**{field: evil})))
    assert "<script" not in html and "<img" not in html and not _HANDLER.search(html)
    assert "&lt;script&gt;alert(1)" in html  # shown, as text
    assert 'href="https' not in html  # links may only point into the app
    assert "\n" not in html  # one HTML block: Gradio's Markdown pass cannot re-render a part


def test_titles_and_passages_of_entries_are_escaped():
    bad = EntryLink(1, '<b onclick="x()">T</b>', "javascript:alert(1)", "<i>fix</i> ![p](https://evil.example/p.png)")
    c = _cite(1, title='<b onclick="x()">T</b>', text="<script>x()</script>")
    a = Answer("q", AnswerParts(warning="W", nearby=(bad,), see_also=(bad,)), "en", "en", [c], False)
    html = render_answer(a)
    assert "<script" not in html and "<img" not in html and "<i>" not in html and not _HANDLER.search(html)
    assert 'href="javascript' not in html and "&lt;b onclick" in html


def test_an_entry_quoted_in_another_language_says_which():
    # a French list of closest entries mixed English lines in without a word (a second trial)
    from faqbot.bot.answers.render_markdown import nearby_line, see_also_line

    e = EntryLink(2, "Why do I get no output?", "/source/d.en.txt#L3-L21", "Check the filter.", "en")
    assert nearby_line(e) == "- [2] [Why do I get no output?](/source/d.en.txt#L3-L21) (EN) — Check the filter."
    assert see_also_line(e) == "- Why do I get no output? [2] (EN) — Check the filter."
    same = EntryLink(2, "T", "/source/d.fr.txt#L1-L2", "Vérifiez.")
    assert nearby_line(same) == "- [2] [T](/source/d.fr.txt#L1-L2) — Vérifiez."


def test_an_entry_s_section_follows_its_title_when_the_title_does_not_name_it():
    # an eighth trial could not tell "Checkpoint interval and data visibility" (Hologres) from the Paimon entry
    from faqbot.bot.answers.render_markdown import nearby_line, see_also_line

    e = EntryLink(3, "Checkpoint interval and data visibility", "/source/c.en.txt#L1-L5", "Flush sooner.", "en",
                  "Hologres")
    assert nearby_line(e) == "- [3] [Checkpoint interval and data visibility](/source/c.en.txt#L1-L5) · Hologres (EN)" \
        " — Flush sooner."
    assert see_also_line(e) == "- Checkpoint interval and data visibility [3] · Hologres (EN) — Flush sooner."
    assert " · " not in nearby_line(NEAR[0])


def test_a_line_s_caution_is_said_in_bold_before_it():
    e = replace(NEAR[0], caution="Only if this entry is your case.")
    assert nearby_line(e).endswith(f" — **Only if this entry is your case.** {NEAR[0].passage}")
    assert see_also_line(e).endswith(f" — **Only if this entry is your case.** {NEAR[0].passage}")
    assert "**" not in nearby_line(replace(e, passage=""))  # no line: nothing to caution
