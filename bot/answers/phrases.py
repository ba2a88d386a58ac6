"""Every fixed phrase the bot says, in each answer language (English, French and Spanish)."""

from __future__ import annotations

from collections.abc import Sequence

from faqbot.bot.answers.phrases_insights import INSIGHTS_PHRASES
from faqbot.bot.answers.phrases_ui import UI_PHRASES
from faqbot.languages import ANSWERED, PACKS

PHRASES: dict[str, dict[str, str]] = {
    **UI_PHRASES,
    **INSIGHTS_PHRASES,
    "lead": {
        "en": "From the FAQ entry “{title}” [1]:",
        "fr": "D’après l’entrée de la FAQ « {title} » [1] :",
        "es": "Según la entrada de la FAQ «{title}» [1]:",
    },
    "see_also": {"en": "See also:", "fr": "Voir aussi :", "es": "Véase también:"},
    "not_covered": {
        "en": "The FAQ does not cover this question.",
        "fr": "La FAQ ne couvre pas cette question.",
        "es": "Las preguntas frecuentes no cubren esta pregunta.",
    },
    # "why?", "how do I fix it?" with no earlier question (decision reason bare_reference)
    "nothing_to_refer": {
        "en": "There is no earlier question for this to refer to.",
        "fr": "Il n’y a pas de question précédente à laquelle cela se rapporte.",
        "es": "No hay ninguna pregunta anterior a la que esto se refiera.",
    },
    # a turn that only thanks or greets (decision reasons thanks, greeting: bot/dialogue/courtesy.py)
    "thanks_reply": {"en": "You're welcome.", "fr": "Avec plaisir.", "es": "De nada."},
    "greeting_reply": {"en": "Hello.", "fr": "Bonjour.", "es": "Hola."},
    "instructions_reply": {
        "en": "I answer questions about Realtime Compute for Apache Flink from its FAQ, citing the entries I use; I "
        "have no other instructions to show or set aside.",
        "fr": "Je réponds aux questions sur Realtime Compute for Apache Flink à partir de sa FAQ, en citant les "
        "entrées utilisées ; je n’ai pas d’autres instructions à montrer ni à mettre de côté.",
        "es": "Respondo preguntas sobre Realtime Compute for Apache Flink a partir de su FAQ, citando las entradas que "
        "uso; no tengo otras instrucciones que mostrar ni que dejar de lado.",
    },
    "ask_next": {
        "en": "For another problem, describe it or paste the error message.",
        "fr": "Pour un autre problème, décrivez-le ou collez le message d’erreur.",
        "es": "Para otro problema, descríbalo o pegue el mensaje de error.",
    },
    "ask_first": {
        "en": "Describe the problem or paste the error message: I look for it in the FAQ.",
        "fr": "Décrivez le problème ou collez le message d’erreur : je le cherche dans la FAQ.",
        "es": "Describa el problema o pegue el mensaje de error: lo busco en las preguntas frecuentes.",
    },
    "describe_problem": {
        "en": "Describe the problem or paste the error message, then ask again.",
        "fr": "Décrivez le problème ou collez le message d’erreur, puis reposez la question.",
        "es": "Describa el problema o pegue el mensaje de error y vuelva a preguntar.",
    },
    "closest": {
        "en": "I am not sure the FAQ covers this. The closest entries, best first:",
        "fr": "Je ne suis pas sûr que la FAQ couvre cette question. Les entrées les plus proches, "
        "la meilleure d’abord :",
        "es": "No estoy seguro de que las preguntas frecuentes cubran esta pregunta. Las entradas más cercanas, "
        "la mejor primero:",
    },
    "closest_check": {
        "en": "Check that an entry matches your case before applying its fix.",
        "fr": "Vérifiez qu’une entrée correspond à votre cas avant d’appliquer sa solution.",
        "es": "Compruebe que una entrada corresponde a su caso antes de aplicar su solución.",
    },
    # before a closest entry's line that drops a table or a job's state (bot/answers/fix_line.py drops_data)
    "drops_data": {
        "en": "Only if this entry is your case: its fix drops a table or the job's state.",
        "fr": "Seulement si cette entrée est votre cas : sa solution supprime une table ou l’état du job.",
        "es": "Solo si esta entrada es su caso: su solución elimina una tabla o el estado del job.",
    },
    # above the closest entry's fix quoted whole when it drops a table or a job's state (its lead says "if it is your
    # case" already)
    "drops_data_fix": {
        "en": "This fix drops a table or the job's state.",
        "fr": "Cette solution supprime une table ou l’état du job.",
        "es": "Esta solución elimina una tabla o el estado del job.",
    },
    "faq_scope": {
        "en": "The FAQ answers connector errors, data problems and SQL errors of running jobs.",
        "fr": "La FAQ répond aux erreurs de connecteurs, aux problèmes de données et aux erreurs SQL des jobs en "
        "cours d’exécution.",
        "es": "Las preguntas frecuentes responden a errores de conectores, problemas de datos y errores de SQL de jobs "
        "en ejecución.",
    },
    "rephrase": {
        "en": "Try rephrasing with the connector name or the exact error message.",
        "fr": "Essayez de reformuler avec le nom du connecteur ou le message d’erreur exact.",
        "es": "Pruebe a reformular con el nombre del conector o el mensaje de error exacto.",
    },
    # an entry of a connector's section, when the question names other connectors (bot/answers/sections.py)
    "other_connector_entry": {
        "en": "This entry is from the FAQ's {section} section, a connector your question does not name: its fix may "
        "not apply to yours.",
        "fr": "Cette entrée vient de la section {section} de la FAQ, un connecteur que votre question ne nomme "
        "pas : sa solution peut ne pas s’appliquer au vôtre.",
        "es": "Esta entrada es de la sección {section} de las preguntas frecuentes, un conector que su pregunta no "
        "nombra: puede que su solución no se aplique al suyo.",
    },
    "other_language": {
        "en": "This entry has no {own} version; quoted in {cited}.",
        "fr": "Cette entrée n’existe pas en {own} ; citée en {cited}.",
        "es": "Esta entrada no existe en {own}; se cita en {cited}.",
    },
    # in the answer's language: English unless the turn asked for another ("und auf Französisch?" was told "this
    # answer is in English" above a French answer: a twenty-third trial)
    "unsupported_language": {
        "en": "Questions are answered in English, French or Spanish; this answer is in English.",
        "fr": "Les questions reçoivent une réponse en anglais, en français ou en espagnol ; cette réponse est en "
        "français.",
        "es": "Las preguntas se responden en inglés, francés o español; esta respuesta está en español.",
    },
    "no_answer_in_language": {
        "en": "There is no answer in that language: the FAQ is written in English, French and Spanish.",
        "fr": "Pas de réponse dans cette langue : la FAQ est rédigée en anglais, en français et en espagnol.",
        "es": "No hay respuesta en ese idioma: las preguntas frecuentes están en inglés, francés y español.",
    },
    "source_code": {
        "en": "As written in the FAQ entry [1]:",
        "fr": "Tel qu’écrit dans l’entrée de la FAQ [1] :",
        "es": "Tal como figura en la entrada de la FAQ [1]:",
    },
    "source_settings": {
        "en": "Settings as written in the FAQ entry [1]:",
        "fr": "Paramètres tels qu’écrits dans l’entrée de la FAQ [1] :",
        "es": "Parámetros tal como figuran en la entrada de la FAQ [1]:",
    },
    "llm_fallback": {
        "en": "The language model could not answer ({reason}); this is the extractive answer.",
        "fr": "Le modèle de langage n’a pas pu répondre ({reason}) ; voici la réponse extractive.",
        "es": "El modelo de lenguaje no pudo responder ({reason}); esta es la respuesta extractiva.",
    },
    # why, in the user's language (bot/llm/backend.py fallback_reason): never the model's own words, which may be
    # what an injected instruction made it invent (a twenty-first trial's notice repeated an invented option)
    "llm_repaired": {
        "en": "Part of the model's answer was left out: the FAQ entry does not back it.",
        "fr": "Une partie de la réponse du modèle a été retirée : l’entrée de la FAQ ne l’appuie pas.",
        "es": "Se quitó parte de la respuesta del modelo: la entrada de la FAQ no la respalda.",
    },
    "llm_reason_timeout": {
        "en": "no answer in time: FAQBOT_LLM_TIMEOUT sets the limit",
        "fr": "pas de réponse à temps : FAQBOT_LLM_TIMEOUT fixe la limite",
        "es": "sin respuesta a tiempo: FAQBOT_LLM_TIMEOUT fija el límite",
    },
    "llm_reason_unreachable": {
        "en": "its server did not respond: check that it runs at FAQBOT_LLM_BASE_URL",
        "fr": "son serveur n’a pas répondu : vérifiez qu’il tourne à FAQBOT_LLM_BASE_URL",
        "es": "su servidor no respondió: compruebe que funciona en FAQBOT_LLM_BASE_URL",
    },
    "llm_reason_unsourced": {
        "en": "its answer said things the FAQ entry does not",
        "fr": "sa réponse disait des choses que l’entrée de la FAQ ne dit pas",
        "es": "su respuesta decía cosas que la entrada de la FAQ no dice",
    },
    "llm_reason_language": {
        "en": "it did not answer in your language",
        "fr": "il n’a pas répondu dans votre langue",
        "es": "no respondió en su idioma",
    },
    "llm_reason_refused": {
        "en": "it said the FAQ does not cover the question",
        "fr": "il a dit que la FAQ ne couvre pas la question",
        "es": "dijo que las preguntas frecuentes no cubren la pregunta",
    },
    "llm_reason_empty": {
        "en": "it returned nothing, perhaps under load",
        "fr": "il n’a rien renvoyé, peut-être sous la charge",
        "es": "no devolvió nada, quizá por la carga",
    },
    "llm_reason_citation": {
        "en": "it cited no source",
        "fr": "il n’a cité aucune source",
        "es": "no citó ninguna fuente",
    },
    # a paste over the question limit, read once its late stack frames and repeated lines were left out
    # (bot/retrieval/shorten.py)
    "paste_shortened": {
        "en": "Your post was long: {n} lines of it (later stack frames, repeated lines, routine log lines) were left "
        "out to read it.",
        "fr": "Votre message était long : {n} de ses lignes (frames de pile tardives, lignes répétées, lignes de "
        "journal ordinaires) ont été laissées de côté pour le lire.",
        "es": "Su mensaje era largo: se omitieron {n} de sus líneas (frames de pila posteriores, líneas repetidas, "
        "líneas de registro rutinarias) para leerlo.",
    },
    "more_in_source": {
        "en": "(abridged: full entry in [1])",
        "fr": "(abrégé : entrée complète dans [1])",
        "es": "(resumido: entrada completa en [1])",
    },
    "fix_lead": {
        "en": "The fix, from the FAQ entry “{title}” [1]:",
        "fr": "La solution, d’après l’entrée de la FAQ « {title} » [1] :",
        "es": "La solución, según la entrada de la FAQ «{title}» [1]:",
    },
    # a "how do I fix it?" follow-up on closest entries: the first one's fix, the user judging whether it applies
    "fix_closest": {
        "en": "If the closest entry, “{title}” [1], is your case, its fix:",
        "fr": "Si l’entrée la plus proche, « {title} » [1], correspond à votre cas, sa solution :",
        "es": "Si la entrada más cercana, «{title}» [1], corresponde a su caso, su solución:",
    },
    # "why?" and "give me the SQL" after an answer: the entry's cause or its code (bot/answers/focus.py)
    "cause_lead": {
        "en": "Why, according to the FAQ entry “{title}” [1]:",
        "fr": "Pourquoi, d’après l’entrée de la FAQ « {title} » [1] :",
        "es": "Por qué, según la entrada de la FAQ «{title}» [1]:",
    },
    "code_lead": {
        "en": "The SQL or configuration of the FAQ entry “{title}” [1]:",
        "fr": "Le SQL ou la configuration de l’entrée de la FAQ « {title} » [1] :",
        "es": "El SQL o la configuración de la entrada de la FAQ «{title}» [1]:",
    },
    "cause_closest": {
        "en": "If the closest entry, “{title}” [1], is your case, its cause:",
        "fr": "Si l’entrée la plus proche, « {title} » [1], correspond à votre cas, sa cause :",
        "es": "Si la entrada más cercana, «{title}» [1], corresponde a su caso, su causa:",
    },
    "code_closest": {
        "en": "If the closest entry, “{title}” [1], is your case, its SQL or configuration:",
        "fr": "Si l’entrée la plus proche, « {title} » [1], correspond à votre cas, son SQL ou sa configuration :",
        "es": "Si la entrada más cercana, «{title}» [1], corresponde a su caso, su SQL o su configuración:",
    },
    "code_closest_next": {
        "en": "The closest entry, “{first}”, has no SQL or configuration sample. If the next one, “{title}” [1], is "
        "your case, its SQL or configuration:",
        "fr": "L’entrée la plus proche, « {first} », n’a pas d’exemple SQL ni de configuration. Si la suivante, "
        "« {title} » [1], correspond à votre cas, son SQL ou sa configuration :",
        "es": "La entrada más cercana, «{first}», no tiene ejemplo de SQL ni de configuración. Si la siguiente, "
        "«{title}» [1], corresponde a su caso, su SQL o su configuración:",
    },
    "lead_closest": {
        "en": "If the closest entry, “{title}” [1], is your case, what it says:",
        "fr": "Si l’entrée la plus proche, « {title} » [1], correspond à votre cas, ce qu’elle dit :",
        "es": "Si la entrada más cercana, «{title}» [1], corresponde a su caso, lo que dice:",
    },
    "no_cause": {
        "en": "This FAQ entry gives no cause: what it says is above (full entry in [1]).",
        "fr": "Cette entrée de la FAQ ne donne pas de cause : ce qu’elle dit est ci-dessus (entrée complète : [1]).",
        "es": "Esta entrada de la FAQ no da ninguna causa: lo que dice está arriba (entrada completa en [1]).",
    },
    "no_code": {
        "en": "This FAQ entry has no SQL or configuration sample: what it says is above (full entry in [1]).",
        "fr": "Cette entrée de la FAQ n’a pas d’exemple de SQL ni de configuration : ce qu’elle dit est ci-dessus "
        "(entrée complète : [1]).",
        "es": "Esta entrada de la FAQ no tiene ejemplo de SQL ni de configuración: lo que dice está arriba "
        "(entrada completa en [1]).",
    },
    # "that did not work" about the entry under discussion (bot/answers/compose.py _fix_failed)
    "fix_failed": {
        "en": "If the fix of “{title}” [1] did not work, the FAQ has no other fix in that entry. "
        "Other entries close to your question:",
        "fr": "Si la solution de « {title} » [1] n’a pas marché, la FAQ n’en donne pas d’autre dans cette entrée. "
        "Autres entrées proches de votre question :",
        "es": "Si la solución de «{title}» [1] no funcionó, las preguntas frecuentes no dan otra en esa entrada. "
        "Otras entradas cercanas a su pregunta:",
    },
    # a turn asking about a version ("and before VVR 6.0.2?") of an entry that names none (bot/service.py)
    "names_no_version": {
        "en": "“{title}” [1] does not say which versions it applies to.",
        "fr": "« {title} » [1] ne dit pas à quelles versions il s’applique.",
        "es": "«{title}» [1] no dice a qué versiones se aplica.",
    },
    # the line of a closest entry whose text is a sample alone
    "line_sample_only": {
        "en": "a sample only, no answer text",
        "fr": "un exemple seulement, sans texte de réponse",
        "es": "solo un ejemplo, sin texto de respuesta",
    },
    # a question the FAQ lists as a heading with no text under it ("View print results")
    "unanswered_heading": {
        "en": "The FAQ lists the question “{heading}” but gives no answer under it.",
        "fr": "La FAQ cite la question « {heading} » mais ne donne pas de réponse en dessous.",
        "es": "Las preguntas frecuentes citan la pregunta «{heading}» pero no dan ninguna respuesta debajo.",
    },
    # "we are on VVR 8.0.10 already, still happens" when the entry's every fix is to run 8.0.9 or later
    "fix_version_done": {
        "en": "On {version} you already run the fix of “{title}” [1] (version {fixed} or later), so the FAQ has no "
        "other fix in that entry. Other entries close to your question:",
        "fr": "En {version}, vous avez déjà la solution de « {title} » [1] (version {fixed} ou ultérieure) : la FAQ "
        "n’en donne pas d’autre dans cette entrée. Autres entrées proches de votre question :",
        "es": "En {version} ya tiene la solución de «{title}» [1] (versión {fixed} o posterior): las preguntas "
        "frecuentes no dan otra en esa entrada. Otras entradas cercanas a su pregunta:",
    },
    "fix_version_done_alone": {
        "en": "On {version} you already run the fix of “{title}” [1] (version {fixed} or later), so the FAQ has no "
        "other fix for it.",
        "fr": "En {version}, vous avez déjà la solution de « {title} » [1] (version {fixed} ou ultérieure) : la FAQ "
        "n’en donne pas d’autre.",
        "es": "En {version} ya tiene la solución de «{title}» [1] (versión {fixed} o posterior): las preguntas "
        "frecuentes no dan otra.",
    },
    # "what else?" when the entry under discussion has fixes the conversation has not shown yet
    "fix_failed_more": {
        "en": "“{title}” [1] also says:",
        "fr": "« {title} » [1] dit aussi :",
        "es": "«{title}» [1] también dice:",
    },
    # "we already set a consumer ID, still the same" of a fix listing options, one of them that (bot/answers/focus.py
    # other_options): the sentence again, for the others
    "fix_failed_options": {
        "en": "Besides what you tried, “{title}” [1] gives other options in the same sentence:",
        "fr": "En plus de ce que vous avez essayé, « {title} » [1] donne d’autres options dans la même phrase :",
        "es": "Además de lo que probó, «{title}» [1] da otras opciones en la misma frase:",
    },
    # a connector the question names that the FAQ never mentions (bot/retrieval/connectors.py absent_connectors)
    "absent_connector": {
        "en": "The FAQ does not mention {names}.",
        "fr": "La FAQ ne mentionne pas {names}.",
        "es": "Las preguntas frecuentes no mencionan {names}.",
    },
    "absent_connector_rest": {
        "en": "The FAQ does not mention {names}: the entries shown match the rest of your question.",
        "fr": "La FAQ ne mentionne pas {names} : les entrées citées correspondent au reste de votre question.",
        "es": "Las preguntas frecuentes no mencionan {names}: las entradas citadas responden al resto de su "
        "pregunta.",
    },
    # a topic the FAQ has no entry on that the question asks (bot/retrieval/topics.py), with its name below
    "absent_topic": {
        "en": "The FAQ has no entry on {topics}.",
        "fr": "La FAQ n’a aucune entrée sur {topics}.",
        "es": "Las preguntas frecuentes no tienen ninguna entrada sobre {topics}.",
    },
    "absent_topic_deployment": {
        "en": "installing or deploying Flink itself",
        "fr": "l’installation ou le déploiement de Flink lui-même",
        "es": "la instalación o el despliegue del propio Flink",
    },
    "absent_topic_pricing": {
        "en": "prices and billing",
        "fr": "les prix et la facturation",
        "es": "los precios y la facturación",
    },
    "absent_topic_python_udf": {
        "en": "writing Python UDFs",
        "fr": "l’écriture d’UDF en Python",
        "es": "la escritura de UDF en Python",
    },
    "absent_topic_spark_migration": {
        "en": "moving jobs from Spark",
        "fr": "la migration de jobs depuis Spark",
        "es": "la migración de jobs desde Spark",
    },
    "absent_topic_machine_learning": {
        "en": "machine learning",
        "fr": "l’apprentissage automatique",
        "es": "el aprendizaje automático",
    },
    # "that did not work" saying what was tried, none of the entry's fixes (bot/answers/focus.py tried_other)
    "fix_failed_other": {
        "en": "What you tried is not what “{title}” [1] says to do. Its fix:",
        "fr": "Ce que vous avez essayé n’est pas ce que dit « {title} » [1]. Sa solution :",
        "es": "Lo que probó no es lo que indica «{title}» [1]. Su solución:",
    },
    # the same when the entry was only the closest one: the user's attempt says nothing about whether it is their case
    # (a twenty-eighth trial's checkpoint timeout was told three times, more firmly each time, to upgrade for another
    # error)
    "fix_failed_other_closest": {
        "en": "What you tried is not what “{title}” [1] says to do. That entry was only the closest to your question: "
        "if it is your case, its fix:",
        "fr": "Ce que vous avez essayé n’est pas ce que dit « {title} » [1]. Cette entrée était seulement la plus "
        "proche de votre question : si elle correspond à votre cas, sa solution :",
        "es": "Lo que probó no es lo que indica «{title}» [1]. Esa entrada era solo la más cercana a su pregunta: si "
        "corresponde a su caso, su solución:",
    },
    "fix_failed_alone": {
        "en": "If the fix of “{title}” [1] did not work, the FAQ has no other fix for it.",
        "fr": "Si la solution de « {title} » [1] n’a pas marché, la FAQ n’en donne pas d’autre.",
        "es": "Si la solución de «{title}» [1] no funcionó, las preguntas frecuentes no dan otra.",
    },
    # the version branch of an entry that the question's version falls in (bot/answers/parts.py)
    "case_from": {
        "en": "From version {version}:",
        "fr": "À partir de la version {version} :",
        "es": "A partir de la versión {version}:",
    },
    "case_before": {
        "en": "Before version {version}:",
        "fr": "Avant la version {version} :",
        "es": "Antes de la versión {version}:",
    },
    # a "how do I fix it?" follow-up on an entry that gives no fix, or no more of it than was shown
    "no_fix": {
        "en": "This FAQ entry gives no fix: what it says is above (full entry in [1]).",
        "fr": "Cette entrée de la FAQ ne donne pas de solution : ce qu’elle dit est ci-dessus (entrée complète : [1]).",
        "es": "Esta entrada de la FAQ no da ninguna solución: lo que dice está arriba (entrada completa en [1]).",
    },
    "fix_no_more": {
        "en": "The entry says no more about the fix than this (full entry in [1]).",
        "fr": "L’entrée n’en dit pas plus sur la solution (entrée complète dans [1]).",
        "es": "La entrada no dice nada más sobre la solución (entrada completa en [1]).",
    },
    # what a turn asks of a setting the quoted fix gives none of (bot/answers/detail.py)
    "no_value": {
        "en": "The entry gives no value for {setting}: what it says about it is above.",
        "fr": "L’entrée ne donne pas de valeur pour {setting} : ce qu’elle en dit est ci-dessus.",
        "es": "La entrada no da ningún valor para {setting}: lo que dice al respecto está arriba.",
    },
    # "which value should I set?" of an entry that names no option (a twenty-first trial's users asked it six times
    # and got the fix again with nothing saying there is no value to find in it)
    "no_setting": {
        "en": "The entry names no option to set a value for: what it says to do is above.",
        "fr": "L’entrée ne nomme aucun paramètre auquel donner une valeur : ce qu’elle dit de faire est ci-dessus.",
        "es": "La entrada no nombra ningún parámetro al que dar un valor: lo que dice que hay que hacer está arriba.",
    },
    "setting_not_named": {
        "en": "The entry does not mention {setting}.",
        "fr": "L’entrée ne mentionne pas {setting}.",
        "es": "La entrada no menciona {setting}.",
    },
    "value_elsewhere": {
        "en": "Elsewhere it says: “{sentence}”",
        "fr": "Ailleurs, elle dit : « {sentence} »",
        "es": "En otra parte dice: «{sentence}»",
    },
    "no_unit": {
        "en": "The entry does not say in which unit {setting} is given: what it says about it is above.",
        "fr": "L’entrée ne précise pas l’unité de {setting} : ce qu’elle en dit est ci-dessus.",
        "es": "La entrada no indica en qué unidad se expresa {setting}: lo que dice al respecto está arriba.",
    },
    # "what value should I set?" after the fix was quoted whole: its lines giving values (bot/answers/detail.py
    # value_lines)
    "values_lead": {
        "en": "The values “{title}” [1] gives, from the fix above:",
        "fr": "Les valeurs que donne « {title} » [1], d’après la solution ci-dessus :",
        "es": "Los valores que da «{title}» [1], según la solución anterior:",
    },
    "values_closest": {
        "en": "The values the closest entry, “{title}” [1], gives in the fix above, if it is your case:",
        "fr": "Les valeurs que donne l’entrée la plus proche, « {title} » [1], dans la solution ci-dessus, si elle "
        "correspond à votre cas :",
        "es": "Los valores que da la entrada más cercana, «{title}» [1], en la solución anterior, si corresponde a su "
        "caso:",
    },
    "fix_said": {
        "en": "The entry says no more about the fix than the answer above already did (full entry in [1]).",
        "fr": "L’entrée n’en dit pas plus sur la solution que la réponse précédente (entrée complète dans [1]).",
        "es": "La entrada no dice nada más sobre la solución que la respuesta anterior (entrada completa en [1]).",
    },
    "low_confidence": {
        "en": "Low confidence: this entry may not match your question; check the source before applying it.",
        "fr": "Confiance faible : cette entrée ne correspond peut-être pas à votre question ; vérifiez la source.",
        "es": "Confianza baja: puede que esta entrada no responda a su pregunta; compruebe la fuente.",
    },
    "sources": {"en": "Sources", "fr": "Sources", "es": "Fuentes"},
    # the one tag an OpenAI-compatible client (Open WebUI) gets for a chat with the bot
    "tag_faq": {"en": "Flink FAQ", "fr": "FAQ Flink", "es": "FAQ de Flink"},
    # the chat page's own labels
    # the question box's accessible name (its label is visually hidden; the placeholder shows an example)
}

# the answer languages' names in each answer language, from the language packs (languages/)
LANGUAGE_NAMES: dict[str, dict[str, str]] = {code: dict(PACKS[code].language_names) for code in ANSWERED}


def phrase(key: str, lang: str, **kw: str) -> str:
    table = PHRASES[key]
    return table.get(lang, table["en"]).format(**kw)


def and_list(items: Sequence[str], lang: str) -> str:
    """Items joined by the language's "and" ("MongoDB and Pulsar", "MongoDB et Pulsar")."""
    return f" {(PACKS[lang] if lang in LANGUAGE_NAMES else PACKS['en']).and_word} ".join(items)


def language_list(langs: list[str], lang: str) -> str:
    names = LANGUAGE_NAMES.get(lang, LANGUAGE_NAMES["en"])
    return and_list([names.get(x, x) for x in langs], lang)
