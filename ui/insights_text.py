"""The Insights page's and report's words in each page language (the twenty-fifth trial: a maintainer of the French
or Spanish FAQ read the page in English only). The tables' data keys stay English (CSV and JSON readers depend on
them); only what a person reads on the page or in the report is translated here."""

from __future__ import annotations

from faqbot.bot.answers.phrases import phrase
from faqbot.languages import ANSWERED

from .locale import browser_language

LANGS = ANSWERED  # the languages the FAQ is written in; a page in any other reads English

# what a person reads above a table's column (the data keys stay English: ui/gaps.py Gap.row, ui/insights.py)
COLUMNS: dict[str, dict[str, str]] = {
    "fr": {
        "examples": "exemples", "size": "taille", "status": "statut", "new since status": "nouvelles depuis le statut",
        "nearest entry": "entrée la plus proche", "why": "pourquoi", "languages": "langues",
        "comments": "commentaires", "last seen": "vue en dernier", "group": "groupe", "entry": "entrée",
        "document": "document", "cited": "citée",
    },
    "es": {
        "examples": "ejemplos", "size": "tamaño", "status": "estado", "new since status": "nuevas desde el estado",
        "nearest entry": "entrada más cercana", "why": "por qué", "languages": "idiomas", "comments": "comentarios",
        "last seen": "vista por última vez", "group": "grupo", "entry": "entrada", "document": "documento",
        "cited": "citada",
    },
}  # fmt: skip

# the statuses a maintainer sets (ui/gaps.py STATUSES), as the radio shows them; the value stays English
STATUS_NAMES: dict[str, dict[str, str]] = {
    "fr": {"open": "ouvert", "addressed": "traité", "dismissed": "écarté"},
    "es": {"open": "abierto", "addressed": "resuelto", "dismissed": "descartado"},
}


def t(key: str, lang: str, **kw: object) -> str:
    """The page's phrase `key` (bot/answers/phrases_insights.py, "insights_" + key) in `lang`."""
    return phrase(f"insights_{key}", lang, **{k: str(v) for k, v in kw.items()})


def percent(share: float, lang: str) -> str:
    """A share as the language writes it: "12.5%", "12,5 %" (a no-break space before the sign in French and Spanish)."""
    text = f"{share:.1%}"
    return text if lang == "en" else text[:-1].replace(".", ",") + "\u00a0%"


def column(name: str, lang: str) -> str:
    return COLUMNS.get(lang, {}).get(name, name)


def status_name(status: str, lang: str) -> str:
    return STATUS_NAMES.get(lang, {}).get(status, status)


def page_lang(query_lang: str | None, accept: str) -> str:
    """?lang= when it names a language of the FAQ, else the browser's (Accept-Language), else English."""
    if query_lang in LANGS:
        return str(query_lang)
    lang = browser_language(accept)
    return lang if lang in LANGS else "en"
