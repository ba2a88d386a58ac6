"""Every fixed phrase the bot says, in English, French and Spanish."""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "lead": {
        "en": "From the FAQ entry “{title}” [1]:",
        "fr": "D’après l’entrée de la FAQ « {title} » [1] :",
        "es": "Según la entrada de las preguntas frecuentes «{title}» [1]:",
    },
    "see_also": {"en": "See also:", "fr": "Voir aussi :", "es": "Véase también:"},
    "not_covered": {
        "en": "The FAQ does not cover this question.",
        "fr": "La FAQ ne couvre pas cette question.",
        "es": "Las preguntas frecuentes no cubren esta pregunta.",
    },
    "nearby": {
        "en": "The closest entries it does cover:",
        "fr": "Les entrées les plus proches qu’elle couvre :",
        "es": "Las entradas más cercanas que sí cubre:",
    },
    "rephrase": {
        "en": "Try rephrasing with the connector name or the exact error message.",
        "fr": "Essayez de reformuler avec le nom du connecteur ou le message d’erreur exact.",
        "es": "Pruebe a reformular con el nombre del conector o el mensaje de error exacto.",
    },
    "other_language": {
        "en": "This entry exists only in {langs}; the source is quoted in {cited}.",
        "fr": "Cette entrée n’existe qu’en {langs} ; la source est citée en {cited}.",
        "es": "Esta entrada solo existe en {langs}; la fuente se cita en {cited}.",
    },
    "unsupported_language": {
        "en": "Questions are answered in English, French or Spanish; this answer is in English.",
        "fr": "Questions are answered in English, French or Spanish; this answer is in English.",
        "es": "Questions are answered in English, French or Spanish; this answer is in English.",
    },
    "llm_fallback": {
        "en": "The language model could not answer ({reason}); this is the extractive answer.",
        "fr": "Le modèle de langage n’a pas pu répondre ({reason}) ; voici la réponse extractive.",
        "es": "El modelo de lenguaje no pudo responder ({reason}); esta es la respuesta extractiva.",
    },
    "more_in_source": {
        "en": "(shortened: the full answer is in the source [1])",
        "fr": "(abrégé : la réponse complète est dans la source [1])",
        "es": "(resumido: la respuesta completa está en la fuente [1])",
    },
    "sources": {"en": "Sources", "fr": "Sources", "es": "Fuentes"},
    # the chat page's own labels
    "ui_title": {
        "en": "## faqbot — Realtime Compute for Apache Flink FAQ",
        "fr": "## faqbot — FAQ de Realtime Compute for Apache Flink",
        "es": "## faqbot — Preguntas frecuentes de Realtime Compute for Apache Flink",
    },
    "ui_intro": {
        "en": "Paste an error or describe the problem in English, French or Spanish.",
        "fr": "Collez une erreur ou décrivez le problème en anglais, français ou espagnol.",
        "es": "Pegue un error o describa el problema en inglés, francés o español.",
    },
    "ui_placeholder": {
        "en": "e.g. my Kafka event-time window never fires",
        "fr": "ex. ma fenêtre event time Kafka ne se déclenche jamais",
        "es": "p. ej. mi ventana de tiempo de evento de Kafka nunca se dispara",
    },
    "ui_send": {
        "en": "Ask",
        "fr": "Demander",
        "es": "Preguntar",
    },
    "ui_language": {
        "en": "Language",
        "fr": "Langue",
        "es": "Idioma",
    },
    "ui_sources": {
        "en": "Sources",
        "fr": "Sources",
        "es": "Fuentes",
    },
    "ui_detected": {
        "en": "Detected language",
        "fr": "Langue détectée",
        "es": "Idioma detectado",
    },
    "ui_open": {
        "en": "open in source",
        "fr": "ouvrir la source",
        "es": "abrir la fuente",
    },
    "ui_others": {
        "en": "other languages",
        "fr": "autres langues",
        "es": "otros idiomas",
    },
    "ui_passage": {
        "en": "cited passage",
        "fr": "passage cité",
        "es": "pasaje citado",
    },
    "ui_examples": {
        "en": "Examples",
        "fr": "Exemples",
        "es": "Ejemplos",
    },
    "ui_not_covered": {
        "en": "Not covered by the FAQ",
        "fr": "Non couvert par la FAQ",
        "es": "No cubierto por las preguntas frecuentes",
    },
}

LANGUAGE_NAMES = {
    "en": {"en": "English", "fr": "French", "es": "Spanish"},
    "fr": {"en": "anglais", "fr": "français", "es": "espagnol"},
    "es": {"en": "inglés", "fr": "francés", "es": "español"},
}


def phrase(key: str, lang: str, **kw: str) -> str:
    table = PHRASES[key]
    return table.get(lang, table["en"]).format(**kw)


def language_list(langs: list[str], lang: str) -> str:
    names = LANGUAGE_NAMES.get(lang, LANGUAGE_NAMES["en"])
    joiner = {"en": " and ", "fr": " et ", "es": " y "}.get(lang, " and ")
    return joiner.join(names.get(x, x) for x in langs)
