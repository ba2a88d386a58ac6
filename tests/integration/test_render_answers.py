"""Issue 28 on real questions and the real index: the answer's parts, sent in its JSON, render to its
text; the chat shows what it showed when it read the text back (the warning found by
`text.startswith(lead)`, the body after it, the notices not in the text); the OpenAI-compatible API
shows the same text and notices. Each question is retrieved once and composed under every outcome."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace

import pytest
from faqbot.bot.answers.answer import Answer
from faqbot.bot.answers.answer_parts import AnswerParts
from faqbot.bot.answers.compose import compose
from faqbot.bot.answers.phrases import PHRASES
from faqbot.bot.answers.render_markdown import to_markdown
from faqbot.bot.retrieval.decision import ANSWER, CLOSEST, NOT_COVERED, Decision
from faqbot.ui.answer_html import passage_html, render_answer, sources_html
from faqbot.ui.openai_api import shown_text
from faqbot.ui.sanitize import safe_markdown

from tests.support import ROOT

REASON = {ANSWER: "confident", CLOSEST: "unsure", NOT_COVERED: "far"}


def _questions() -> list[str]:
    """Real posts (copied from public threads) in their languages, and a few of the dev set."""
    rows = [json.loads(x) for x in (ROOT / "eval" / "real-posts.jsonl").read_text(encoding="utf-8").splitlines()]
    dev = [json.loads(x) for x in (ROOT / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()]
    return [r["question"] for r in rows[:6]] + [r["question"] for r in dev[:4]] + ["flink 读不到 source 的数据怎么排查"]


@pytest.fixture(scope="module")
def answers(bot) -> list[Answer]:
    out = []
    for q in _questions():
        r = bot.retrieve(q)
        for outcome, reason in REASON.items():
            out.append(compose(replace(r, decision=Decision(outcome, r.confidence, reason)), q))
        out.append(compose(replace(r, decision=Decision(ANSWER, r.confidence, "confident")), q, "fix"))
    return out


def _chat_as_it_read_the_text(a: Answer) -> str:
    """The chat bubble as ui/app.py built it before issue 28, from the answer's text alone."""
    text, warning = a.text, ""
    if a.lead and text.startswith(a.lead):
        text = text[len(a.lead) :].lstrip("\n")
        warning = safe_markdown(f"> ⚠️ **{a.lead}**")
    body = safe_markdown(text, {c.n: c.link for c in a.citations})
    extra = "".join(safe_markdown(f"_ℹ️ {n}_") for n in a.notices if n not in a.text)
    # the notices before the warning since an eighth trial (between the warning and its list they cut the two apart)
    return extra + warning + body + sources_html(a, a.language)


def test_every_outcome_is_composed(answers):
    assert {a.decision.outcome for a in answers} == set(REASON)
    assert any(a.parts.see_also for a in answers) and any(a.parts.notes for a in answers)
    assert any(a.parts.closing for a in answers) and any(a.parts.nearby for a in answers)
    assert any(a.parts.facts for a in answers)  # a real post naming a connector the FAQ never mentions


def test_the_parts_in_the_json_render_to_its_text(answers):
    for a in answers:
        data = json.loads(json.dumps(a.to_json()))  # as an API client receives it
        assert to_markdown(AnswerParts.from_json(data["parts"]), data["language"]) == data["text"], a.question
        assert data["text"].startswith(data["lead"])


def test_the_text_of_each_outcome(answers):
    for a in answers:
        lang = a.language
        if a.decision.outcome == NOT_COVERED:
            # what the FAQ says of the question (a connector it never mentions) between the two
            said = [PHRASES["not_covered"][lang], *(f"_{f}_" for f in a.parts.facts), PHRASES["rephrase"][lang]]
            assert a.text == "\n\n".join(said) and not a.citations
        elif a.decision.outcome == CLOSEST:
            assert a.text.startswith(PHRASES["closest"][lang] + "\n\n- [1] [")
            assert a.text.endswith(PHRASES["closest_check"][lang])
            assert all(f"]({c.link})" in a.text for c in a.citations)
        else:
            assert a.text.startswith(a.parts.heading) and a.parts.body in a.text and not a.lead
            assert all(f"[{e.n}]" in a.text for e in a.parts.see_also)


def test_the_chat_shows_what_it_showed_when_it_read_the_text(answers):
    for a in answers:
        assert render_answer(a) == _chat_as_it_read_the_text(a), a.question


def test_the_openai_api_shows_the_text_and_the_notices_not_in_it(answers):
    for a in answers:
        extra = [n for n in a.notices if n not in a.text]
        assert shown_text(a, "") == a.text + "".join(f"\n\n_{n}_" for n in extra)


def test_a_notice_never_stands_between_the_warning_and_its_list(bot):
    a = bot.ask("Hudi-Tabelle MOR hat nur Log-Dateien, keine Parquet-Dateien")  # German: the language notice
    assert a.decision.outcome == "closest" and a.unsaid_notices
    html = render_answer(a)
    assert html.index("ℹ️") < html.index("⚠️") < html.index("[1]")


def test_the_closest_entries_name_the_section_their_titles_do_not(bot):
    from faqbot.bot.answers.sections import section_of

    by_title = {c.title: c for c in bot.retriever.chunks}
    assert section_of(by_title["Checkpoint interval and data visibility"]) == "Hologres"
    assert section_of(by_title["Data visibility depends on the checkpoint interval"]) == "Paimon"
    assert section_of(by_title["Data visibility in ClickHouse"]) == ""  # its title names it
    assert section_of(by_title["Deadlocks in MySQL (TDDL/RDS)"]) == ""  # "ApsaraDB RDS for MySQL": MySQL named
    assert section_of(by_title["Why do I get no output in the sink table?"]) == ""  # a document without sections
    a = bot.ask("Mein Checkpoint schlägt immer fehl: Checkpoint expired before completing")
    assert a.decision.outcome == "closest"
    assert ") · Hologres — " in a.text, a.text


@pytest.mark.parametrize(
    "question",
    [
        "Table sink 'vvp.default.ventas_agg' doesn't support consuming update and delete changes which is produced by "
        "node TableSourceScan(table=[[vvp, default, pedidos_cdc]]), how do I fix it?",
        "Al desplegar me sale: Table sink 'vvp.default.ventas_agg' doesn't support consuming update and delete changes "
        "which is produced by node TableSourceScan, ¿cómo lo arreglo?",
    ],
)
def test_a_source_card_opens_on_the_part_the_answer_quotes(bot, question):
    """A twelfth trial: the card of a fix answer opened on the Problem's stack trace, not on the fix quoted."""
    a = bot.ask(question)
    first = a.citations[0]
    assert "at org.apache.flink" in first.text  # the entry starts with the error's stack trace
    passage = html.unescape(_passage_of(sources_html(a, a.language or "en"), first.n))
    assert passage.startswith("[…]") and "at org.apache.flink" not in passage
    quoted = re.findall(r'<span class="quoted">(.*?)</span>', passage, re.S)
    assert quoted and any(q.strip() in a.text for q in quoted)
    assert any("upserts" in q or "upsert" in q.lower() for q in quoted)


def test_a_passage_the_answer_does_not_quote_is_shown_whole(bot):
    """A generated answer says the entry in its own words: its card shows the entry as written."""
    a = bot.ask("Error: No suitable driver found in my custom connector")
    c = a.citations[0]
    assert passage_html(c.text, "The driver is missing; load it [1].") == html.escape(c.text[:6000])


def _passage_of(cards: str, n: int) -> str:
    card = cards.split(f"-{n}\">", 1)[1]
    return card.split("<pre>", 1)[1].split("</pre>", 1)[0]
