"""The maintainers' page's and report's phrases (ui/insights_text.py, ui/insights_page.py, ui/insights_html.py), in
each answer language: part of the one phrase table (bot/answers/phrases.py), looked up without their "insights_"
prefix by ui/insights_text.py `t`."""

from __future__ import annotations

INSIGHTS_PHRASES: dict[str, dict[str, str]] = {
    "insights_title": {"en": "Insights", "fr": "Statistiques", "es": "Estadísticas"},
    "insights_intro": {
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
    "insights_period": {"en": "Period (days)", "fr": "Période (jours)", "es": "Periodo (días)"},
    "insights_summary": {
        # "questions the FAQ failed" overstated it: most are shown the closest entries, often the right one first (a
        # twenty-sixth trial read "54 of 72 failed")
        "en": "**{questions}** questions since {since}; **{down}** answers voted down (**{share}**); **{gaps}** "
        "questions with no confident answer or voted down, in **{groups}** groups",
        "fr": "**{questions}** questions depuis le {since} ; **{down}** réponses notées négativement (**{share}**) ; "
        "**{gaps}** questions sans réponse sûre ou notées négativement, en **{groups}** groupes",
        "es": "**{questions}** preguntas desde el {since}; **{down}** respuestas con voto negativo (**{share}**); "
        "**{gaps}** preguntas sin respuesta segura o con voto negativo, en **{groups}** grupos",
    },
    "insights_grouped": {
        "en": " (the {n} most recent grouped)",
        "fr": " (les {n} plus récentes regroupées)",
        "es": " (agrupadas las {n} más recientes)",
    },
    "insights_pending": {
        "en": "{n} of these questions are still being read by meaning (each stands alone until then): refresh in a "
        "minute.",
        "fr": "{n} de ces questions sont encore en cours de lecture (chacune reste seule d'ici là) : actualisez dans "
        "une minute.",
        "es": "{n} de estas preguntas aún se están leyendo (cada una va sola hasta entonces): actualice en un minuto.",
    },
    "insights_by_language": {
        "en": "Questions per day, by language",
        "fr": "Questions par jour, par langue",
        "es": "Preguntas por día, por idioma",
    },
    "insights_by_decision": {
        "en": "Questions per day, by decision",
        "fr": "Questions par jour, par décision",
        "es": "Preguntas por día, por decisión",
    },
    "insights_votes": {"en": "Votes per day", "fr": "Votes par jour", "es": "Votos por día"},
    "insights_gaps": {"en": "Coverage gaps", "fr": "Lacunes de la FAQ", "es": "Huecos de la FAQ"},
    "insights_gaps_intro": {
        "en": 'Questions answered "not covered" or with the closest entries, or voted down, grouped by meaning.',
        "fr": "Questions auxquelles le bot a répondu « non couvert » ou par les entrées les plus proches, ou notées "
        "négativement, regroupées par sens.",
        "es": "Preguntas respondidas «no cubierto» o con las entradas más cercanas, o con voto negativo, agrupadas "
        "por sentido.",
    },
    "insights_group": {"en": "Group", "fr": "Groupe", "es": "Grupo"},
    "insights_status": {"en": "Status", "fr": "Statut", "es": "Estado"},
    "insights_set_status": {"en": "Set status", "fr": "Changer le statut", "es": "Cambiar el estado"},
    "insights_cited": {"en": "Entries cited most", "fr": "Entrées les plus citées", "es": "Entradas más citadas"},
    "insights_never": {"en": "Entries never cited", "fr": "Entrées jamais citées", "es": "Entradas nunca citadas"},
    "insights_report": {"en": "HTML report", "fr": "Rapport HTML", "es": "Informe HTML"},
    "insights_asked": {"en": "Asked", "fr": "Questions posées", "es": "Preguntas"},
    "insights_new_since": {
        "en": "{n} asked since the status was set",
        "fr": "{n} posées depuis le changement de statut",
        "es": "{n} hechas desde que se fijó el estado",
    },
    "insights_comments": {
        "en": "What users said when voting down",
        "fr": "Ce que les utilisateurs ont dit en notant négativement",
        "es": "Lo que dijeron los usuarios al votar en contra",
    },
    "insights_none": {"en": "none", "fr": "aucune", "es": "ninguna"},
    "insights_questions": {"en": "Questions", "fr": "Questions", "es": "Preguntas"},
    "insights_votes_heading": {"en": "Votes", "fr": "Votes", "es": "Votos"},
    "insights_more_rows": {
        "en": "{n} more rows in the CSV export",
        "fr": "{n} lignes de plus dans l'export CSV",
        "es": "{n} filas más en la exportación CSV",
    },
    "insights_written": {"en": "Written {stamp}.", "fr": "Écrit le {stamp}.", "es": "Escrito el {stamp}."},
    "insights_report_title": {
        "en": "faqbot insights: last {days} days",
        "fr": "Statistiques de faqbot : {days} derniers jours",
        "es": "Estadísticas de faqbot: últimos {days} días",
    },
}
