"""Shorter answers from an entry's parts (issue 24, second pass): one test per rule, two languages
each, on crafted entries (no index, no model). The dev-set targets are checked on the real corpus in
tests/integration/test_compose_answers.py."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.excerpt import ELLIPSIS, fit, key_sentences
from faqbot.bot.answers.parts import select_parts
from faqbot.ingest.parts import split_parts
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import query_tokens

FILLER = {
    "en": "Keep the job running while you look, and write down what each metric shows before you change anything.",
    "es": "Mantenga el trabajo en marcha mientras revisa y anote lo que muestra cada métrica antes de cambiar nada.",
    "fr": "Laissez le job tourner pendant la vérification et notez ce que montre chaque métrique avant de changer.",
}


def entry(body: str, lang: str) -> Chunk:
    c = Chunk("d#e", "d", "Doc", "d", "d.txt", lang, "Entry", body, 1, 2)
    c.parts, c.fix = split_parts(body)
    return c


STEPS = {
    "en": [
        "Check for failovers on the job's Events tab and resolve the error that caused them.",
        "Check that data reaches the source: the numRecordsInOfSource metric must grow.",
        "Check whether an operator drops every record by splitting the operator chain.",
        "Check whether the sink buffers the rows: lower the sink.buffer-flush.max-rows option.",
        "Check for locks held on the target table by other writers.",
    ],
    "es": [
        "Compruebe si hay failovers en la pestaña Events del trabajo y resuelva el error que los causó.",
        "Compruebe que los datos llegan al origen: la métrica numRecordsInOfSource debe crecer.",
        "Compruebe si un operador descarta todos los registros dividiendo la cadena de operadores.",
        "Compruebe si el destino retiene las filas: reduzca la opción sink.buffer-flush.max-rows.",
        "Compruebe si otros escritores mantienen bloqueos en la tabla de destino.",
    ],
}
STEP_QUESTIONS = {
    "en": "The sink writes nothing for minutes: which sink.buffer-flush.max-rows value should I use?",
    "es": "El destino no escribe nada durante minutos: ¿qué valor de sink.buffer-flush.max-rows uso?",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_long_numbered_list_keeps_the_step_that_answers_and_the_first(lang):
    steps = [f"{n}. {s} {FILLER[lang]} {FILLER[lang]}" for n, s in enumerate(STEPS[lang], 1)]
    c = entry("\n\n".join(steps), lang)
    assert c.fix == "steps"
    sel = select_parts(c, STEP_QUESTIONS[lang], STEP_QUESTIONS[lang], lang, None)
    assert "sink.buffer-flush.max-rows" in sel.text  # the step the question names
    assert sel.text.startswith("1. ")  # the first step: where the work starts
    assert "numRecordsInOfSource" not in sel.text and "3. " not in sel.text  # steps that do not fit
    assert sel.cut  # and the answer says it is abridged
    # a list that fits is quoted whole
    short = entry("\n\n".join(f"{n}. {s}" for n, s in enumerate(STEPS[lang], 1)), lang)
    assert select_parts(short, STEP_QUESTIONS[lang], STEP_QUESTIONS[lang], lang, None).text.count("\n\n") == 4


CAUSES = {
    "en": (
        "The connector cannot write the value because the table was created long ago with settings that no "
        "longer match the current job. When it synchronizes to Hologres, the system converts the column to the "
        "text type, because Hologres supports neither bigint unsigned nor decimal as a primary key.",
        "Why does my bigint unsigned key become text in Hologres?",
        "converts the column to the text type",
    ),
    "fr": (
        "Le connecteur ne peut pas écrire la valeur, car la table a été créée il y a longtemps avec des réglages "
        "qui ne correspondent plus au job actuel. Lors de la synchronisation vers Hologres, le système convertit "
        "la colonne en type text, car Hologres ne prend en charge ni bigint unsigned ni decimal comme clé.",
        "Pourquoi ma clé bigint unsigned devient-elle du texte dans Hologres ?",
        "convertit la colonne en type text",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_sentence_the_question_hits_is_quoted_alone_when_it_and_the_opening_do_not_both_fit(lang):
    text, question, wanted = CAUSES[lang]
    q = set(query_tokens(question, lang))
    short, cut = key_sentences(text, 200, q, lang, {})
    assert wanted in short and cut
    assert not short.startswith(text[:40])  # the opening, which the question does not hit, left out
    # with room for both, the opening comes first as before
    both, _ = key_sentences(text, 400, q, lang, {})
    assert both.startswith(text[:40]) and wanted in both


# the sentence the question hits opens on "As a result" / "Par conséquent" / "Como resultado": what it follows
# (the cause) would be lost (the DataHub entry: "As a result, the connector attempts to list shards ...")
CONSEQUENCES = {
    "en": (
        "This error is caused by non-standard WITH parameter naming in the DataHub DDL, which the connector reads "
        "strictly. As a result, the connector attempts to list shards without valid credentials and DataHub "
        "returns a NoPermissionException for the ListShard action.",
        "DataHub table creation fails with NoPermissionException on ListShard",
    ),
    "fr": (
        "Cette erreur est due à un nommage non standard des paramètres WITH dans le DDL DataHub, que le connecteur "
        "lit strictement. Par conséquent, le connecteur tente de lister les shards sans identifiants valides et "
        "DataHub renvoie une NoPermissionException pour l'action ListShard.",
        "La création de table DataHub échoue avec NoPermissionException sur ListShard",
    ),
    "es": (
        "Este error se debe a un nombre no estándar de los parámetros WITH en el DDL de DataHub, que el conector "
        "lee de forma estricta. Como resultado, el conector intenta listar los shards sin credenciales válidas y "
        "DataHub devuelve una NoPermissionException para la acción ListShard.",
        "La creación de la tabla DataHub falla con NoPermissionException en ListShard",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_sentence_that_points_back_is_not_quoted_without_what_it_follows(lang):
    text, question = CONSEQUENCES[lang]
    q = set(query_tokens(question, lang))
    short, cut = key_sentences(text, 200, q, lang, {})
    assert cut and short == text.split(". ")[0] + "."  # the cause's opening, not its consequence alone
    both, _ = key_sentences(text, 400, q, lang, {})
    assert both == text  # with room for both, both as before


LEAD_INS = {
    "en": (
        "• Cause\n\n  A proxy between Flink and Kafka hides the brokers' addresses from the client. "
        "The client connects in two steps:\n\n"
        f"  - It reads the metadata from the bootstrap server. {FILLER['en']} {FILLER['en']}\n\n"
        f"  - It connects to each broker address in that metadata. {FILLER['en']} {FILLER['en']}\n\n"
        "• Solution\n\n  Set advertised.listeners on the brokers to the proxy's address.",
        "Flink behind a proxy reads nothing from Kafka: which address does the client use?",
    ),
    "fr": (
        "• Cause\n\n  Un proxy entre Flink et Kafka cache au client les adresses des brokers. "
        "Le client se connecte en deux étapes :\n\n"
        f"  - Il lit les métadonnées sur le serveur d'amorçage. {FILLER['fr']} {FILLER['fr']}\n\n"
        f"  - Il se connecte à chaque adresse de broker des métadonnées. {FILLER['fr']} {FILLER['fr']}\n\n"
        "• Solution\n\n  Réglez advertised.listeners sur les brokers avec l'adresse du proxy.",
        "Flink derrière un proxy ne lit rien de Kafka : quelle adresse le client utilise-t-il ?",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lead_in_is_not_quoted_without_what_it_introduces(lang):
    body, question = LEAD_INS[lang]
    c = entry(body, lang)
    sel = select_parts(c, question, question, lang, None, budget=260)
    assert "advertised.listeners" in sel.text
    assert "proxy" in sel.text.split("Solution")[0]  # the cause's opening stays
    for para in sel.text.split("\n\n"):
        if para.rstrip().endswith(":") and not para.startswith("**"):
            following = sel.text.split(para, 1)[1].lstrip()
            assert following.startswith(("- ", "•", "```")), para  # nothing left dangling


NOTES = {
    "en": ("A deadlock occurs when writing to MySQL.", "Important"),
    "fr": ("Un interblocage survient.", "Remarque"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_error_excerpt_does_not_end_on_a_bare_note_label(lang):
    first, label = NOTES[lang]
    text = f"**Problem**\n\n{first} {FILLER[lang]}\n\n{label}\n\n{FILLER[lang] * 3}"
    out = fit(text, 200 + len(first))
    assert first in out and out.endswith(ELLIPSIS)
    assert label not in out


@pytest.mark.parametrize(
    ("lang", "question"),
    [("en", "Nothing arrives at the end of my pipeline."), ("es", "No llega nada al final de mi pipeline.")],
)
def test_a_long_checklist_no_step_of_which_is_named_is_quoted_in_order_up_to_the_first_that_does_not_fit(
    lang, question
):
    steps = [f"{n}. {s} {FILLER[lang]} {FILLER[lang]}" for n, s in enumerate(STEPS[lang], 1)]
    sel = select_parts(entry("\n\n".join(steps), lang), question, question, lang, None)
    numbers = [p.split(".")[0] for p in sel.text.split("\n\n")]
    assert numbers == ["1", "2"] and sel.cut  # not 1, 2 and a later short step


@pytest.mark.parametrize(
    ("lang", "cause", "opening", "hit"),
    [
        (
            "en",
            "**Cause**\n\nWhen no new messages arrive, the source thread sleeps for pullIntervalMs, which defaults "
            "to -1. The job then fails with an IllegalArgumentException because a sleep cannot be negative.",
            "which defaults to -1",
            "The job then fails",
        ),
        (
            "fr",
            "**Cause**\n\nQuand aucun nouveau message n'arrive, le thread de la source attend pullIntervalMs, qui "
            "vaut -1 par défaut. Le job échoue alors avec une IllegalArgumentException car une attente négative est "
            "impossible.",
            "qui vaut -1 par défaut",
            "Le job échoue alors",
        ),
    ],
)
def test_a_cause_sentence_that_follows_on_keeps_the_sentence_it_follows(lang, cause, opening, hit):
    """A fifth trial: the sentence the question hits ("The job then fails ...") was quoted alone, without the
    cause it follows from ("... pullIntervalMs, which defaults to -1")."""
    text, _cut = key_sentences(cause, 200, {"negat", "illegalargumentexcept", "négat"}, lang, {})
    assert opening in text and hit in text
