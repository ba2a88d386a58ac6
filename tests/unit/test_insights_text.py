"""The Insights page's and report's words in English, French and Spanish: every phrase, column and status named in
each, the page's language read from ?lang= or the browser, and the report and the group card written in it."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
from faqbot.bot.answers.phrases import PHRASES
from faqbot.ui.gaps import STATUSES, Candidate, Gap
from faqbot.ui.insights import compute
from faqbot.ui.insights_html import render
from faqbot.ui.insights_page import group_card
from faqbot.ui.insights_text import COLUMNS, LANGS, STATUS_NAMES, column, page_lang, percent, t

NOW = datetime(2026, 12, 6, 12, tzinfo=timezone.utc)


def _events() -> list[dict]:
    base = {"time": "2026-12-05T10:00:00+00:00", "citations": []}
    return [
        {**base, "kind": "abstained", "answer_id": "a1", "question": "Flink sur Windows 95 ?", "language": "fr",
         "decision": "not_covered"},
        {**base, "kind": "answer", "answer_id": "a2", "question": "¿Kafka SASL falla?", "language": "es",
         "decision": "answer", "citations": [{"chunk_id": "c1", "title": "Kafka SASL"}]},
        {**base, "kind": "vote", "answer_id": "a2", "client": "c", "vote": "down", "comment": "pas la bonne <b>"},
    ]  # fmt: skip


def test_every_phrase_column_and_status_in_each_language():
    texts = {k: v for k, v in PHRASES.items() if k.startswith("insights_")}  # the page's, in the one phrase table
    assert len(texts) > 20
    for key, table in texts.items():
        assert set(table) == set(LANGS), key
        fields = {frozenset(re.findall(r"{(\w+)}", table[lang])) for lang in LANGS}
        assert len(fields) == 1, (key, fields)  # the same placeholders in every language
    gap = Gap("k", 1, "2026-12-05", {"fr": 1}, {"closest": 1}, ["q"], "e")
    keys = set(gap.row()) | {"entry", "document", "cited"}
    for lang in LANGS[1:]:
        assert set(COLUMNS[lang]) == keys and set(STATUS_NAMES[lang]) == set(STATUSES), lang
        assert len(set(COLUMNS[lang].values())) == len(keys)  # no two columns read alike
    assert column("examples", "en") == "examples" and column("examples", "de") == "examples"
    assert percent(0.125, "en") == "12.5%" and percent(0.125, "fr") == "12,5\u00a0%" == percent(0.125, "es")


@pytest.mark.parametrize(
    "query, accept, expected",
    [
        ("fr", "", "fr"),
        ("es", "fr-FR,fr;q=0.9", "es"),
        (None, "fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("xx", "es-MX", "es"),
        ("de", "de-DE", "en"),  # a language the FAQ is not written in: English
        (None, "", "en"),
    ],
)
def test_page_language(query, accept, expected):
    assert page_lang(query, accept) == expected


def test_report_and_card_in_french_and_spanish():
    data = compute(_events(), 30, [], now=NOW)
    assert data.questions == 2 and len(data.gaps) == 2
    fr = render(data, 180, "fr")
    assert '<html lang="fr">' in fr and "Lacunes de la FAQ" in fr and "<th>exemples</th>" in fr
    assert 'data-label="commentaires"' in fr and "pas la bonne &lt;b&gt;" in fr and "Coverage gaps" not in fr
    es = render(data, 180, "es")
    assert "Huecos de la FAQ" in es and t("intro", "es", days=180) in es
    en = render(data, 180)
    assert "Coverage gaps" in en and "<th>examples</th>" in en
    voted = next(g for g in data.gaps if g.comments)
    card = group_card(voted, "fr")
    assert "Ce que les utilisateurs ont dit" in card and "<b>statut</b>: ouvert" in card and "&lt;b&gt;" in card
    voted.status, voted.new_since_status = "addressed", 2
    card = group_card(voted, "es")
    assert "resuelto" in card and "2 hechas desde que se fijó el estado" in card


def test_group_card_escapes_every_stored_text():
    g = Gap("k", 1, "<i>x</i>", {"en": 1}, {"voted_down": 1}, ["<script>alert(1)</script>"], "<img src=x>",
            comments=["<a href=javascript:1>y</a>"])  # fmt: skip
    card = group_card(g)
    assert "<script>" not in card and "<img" not in card and "<a " not in card and "<i>" not in card
    assert Candidate("a", "q", "en", "t", "closest").comment == ""
