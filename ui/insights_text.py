"""The Insights page's and report's words in each page language (the twenty-fifth trial: a maintainer of the French
or Spanish FAQ read the page in English only). The tables' data keys stay English (CSV and JSON readers depend on
them); only what a person reads on the page or in the report is translated here."""

from __future__ import annotations

from faqbot.ingest.textproc import SUPPORTED

from .locale import browser_language

LANGS = ("en", "fr", "es")  # the languages the FAQ is written in; a page in any other reads English

TEXT: dict[str, dict[str, str]] = {
    "title": {"en": "Insights", "fr": "Statistiques", "es": "Estadísticas"},
    "intro": {
        "en": "What users asked, how the bot decided, what they voted, and where the FAQ falls short. Passwords, "
        "access keys and tokens in the common forms (options, URLs, headers, makers' prefixes, 'password is ...') "
        "are removed from questions before they are stored (others may remain: check before sharing); questions "
        "older than {days} days are deleted.",
        "fr": "Ce que les utilisateurs ont demandé, comment le bot a décidé, leurs votes, et où la FAQ ne suffit pas. "
        "Les mots de passe, clés d'accès et jetons sous leurs formes courantes (options, URL, en-têtes, préfixes des "
        "éditeurs, « password is ... ») sont retirés des questions avant leur enregistrement (d'autres peuvent "
        "rester : vérifiez avant de partager) ; les questions de plus de {days} jours sont supprimées.",
        "es": "Qué preguntaron los usuarios, cómo decidió el bot, qué votaron y dónde no alcanza la FAQ. Las "
        "contraseñas, claves de acceso y tokens en sus formas habituales (opciones, URL, cabeceras, prefijos de los "
        "fabricantes, «password is ...») se quitan de las preguntas antes de guardarlas (pueden quedar otros: "
        "revise antes de compartir); las preguntas de más de {days} días se borran.",
    },
    "period": {"en": "Period (days)", "fr": "Période (jours)", "es": "Periodo (días)"},
    "summary": {
        # "questions the FAQ failed" overstated it: most are shown the closest entries, often the right one first (a
        # twenty-sixth trial read "54 of 72 failed")
        "en": "**{questions}** questions since {since}; **{down}** answers voted down (**{share}**); **{gaps}** "
        "questions with no confident answer or voted down, in **{groups}** groups",
        "fr": "**{questions}** questions depuis le {since} ; **{down}** réponses notées négativement (**{share}**) ; "
        "**{gaps}** questions sans réponse sûre ou notées négativement, en **{groups}** groupes",
        "es": "**{questions}** preguntas desde el {since}; **{down}** respuestas con voto negativo (**{share}**); "
        "**{gaps}** preguntas sin respuesta segura o con voto negativo, en **{groups}** grupos",
    },
    "grouped": {
        "en": " (the {n} most recent grouped)",
        "fr": " (les {n} plus récentes regroupées)",
        "es": " (agrupadas las {n} más recientes)",
    },
    "pending": {
        "en": "{n} of these questions are still being read by meaning (each stands alone until then): refresh in a "
        "minute.",
        "fr": "{n} de ces questions sont encore en cours de lecture (chacune reste seule d'ici là) : actualisez dans "
        "une minute.",
        "es": "{n} de estas preguntas aún se están leyendo (cada una va sola hasta entonces): actualice en un minuto.",
    },
    "by_language": {
        "en": "Questions per day, by language",
        "fr": "Questions par jour, par langue",
        "es": "Preguntas por día, por idioma",
    },
    "by_decision": {
        "en": "Questions per day, by decision",
        "fr": "Questions par jour, par décision",
        "es": "Preguntas por día, por decisión",
    },
    "votes": {"en": "Votes per day", "fr": "Votes par jour", "es": "Votos por día"},
    "gaps": {"en": "Coverage gaps", "fr": "Lacunes de la FAQ", "es": "Huecos de la FAQ"},
    "gaps_intro": {
        "en": 'Questions answered "not covered" or with the closest entries, or voted down, grouped by meaning.',
        "fr": "Questions auxquelles le bot a répondu « non couvert » ou par les entrées les plus proches, ou notées "
        "négativement, regroupées par sens.",
        "es": "Preguntas respondidas «no cubierto» o con las entradas más cercanas, o con voto negativo, agrupadas "
        "por sentido.",
    },
    "group": {"en": "Group", "fr": "Groupe", "es": "Grupo"},
    "status": {"en": "Status", "fr": "Statut", "es": "Estado"},
    "set_status": {"en": "Set status", "fr": "Changer le statut", "es": "Cambiar el estado"},
    "cited": {"en": "Entries cited most", "fr": "Entrées les plus citées", "es": "Entradas más citadas"},
    "never": {"en": "Entries never cited", "fr": "Entrées jamais citées", "es": "Entradas nunca citadas"},
    "report": {"en": "HTML report", "fr": "Rapport HTML", "es": "Informe HTML"},
    "asked": {"en": "Asked", "fr": "Questions posées", "es": "Preguntas"},
    "new_since": {
        "en": "{n} asked since the status was set",
        "fr": "{n} posées depuis le changement de statut",
        "es": "{n} hechas desde que se fijó el estado",
    },
    "comments": {
        "en": "What users said when voting down",
        "fr": "Ce que les utilisateurs ont dit en notant négativement",
        "es": "Lo que dijeron los usuarios al votar en contra",
    },
    "none": {"en": "none", "fr": "aucune", "es": "ninguna"},
    "questions": {"en": "Questions", "fr": "Questions", "es": "Preguntas"},
    "votes_heading": {"en": "Votes", "fr": "Votes", "es": "Votos"},
    "more_rows": {
        "en": "{n} more rows in the CSV export",
        "fr": "{n} lignes de plus dans l'export CSV",
        "es": "{n} filas más en la exportación CSV",
    },
    "written": {"en": "Written {stamp}.", "fr": "Écrit le {stamp}.", "es": "Escrito el {stamp}."},
    "report_title": {
        "en": "faqbot insights: last {days} days",
        "fr": "Statistiques de faqbot : {days} derniers jours",
        "es": "Estadísticas de faqbot: últimos {days} días",
    },
}

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
    table = TEXT[key]
    return table.get(lang, table["en"]).format(**kw)


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
    return lang if lang in LANGS and lang in SUPPORTED else "en"
