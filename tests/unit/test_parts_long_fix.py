"""A fix too long for the answer's budget (bot/answers/parts.py), on crafted entries in three languages: the
right sample without the wrong one, its code samples cut to the lines the question names, and no lead-in
that points back at parts the answer leaves out (issue 24: answers p90 <= 1,200 characters). With room for
the whole entry, each is quoted whole as before."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.excerpt import ELLIPSIS
from faqbot.bot.answers.parts import select_parts
from faqbot.ingest.parts import split_parts
from faqbot.ingest.records import Chunk


def entry(body: str, lang: str) -> Chunk:
    c = Chunk("d#e", "d", "Doc", "d", "d.txt", lang, "Entry", body, 1, 2)
    c.parts, c.fix = split_parts(body)
    return c


def ddl(key_id: str, key_secret: str, comment: str) -> str:
    lines = [
        "CREATE TABLE datahub_source (...) WITH (",
        "  'connector'  = 'datahub',",
        "  'endPoint'   = 'https://dh-cn-hangzhou.aliyuncs.com',",
        "  'project'    = 'your_project',",
        "  'topic'      = 'your_topic',",
        f"  '{key_id}'   = 'your-access-key-id',      -- {comment}",
        f"  '{key_secret}'  = 'your-access-key-secret'   -- {comment}",
        ");",
    ]
    return "\n".join("  " + ln for ln in lines)  # the corpus's layout: a sample at the prose's indent


WRONG_RIGHT = {
    "en": ("Cause", "Solution", "Rename access.id to accessId in the DDL.", "Incorrect configuration:",
           "Correct configuration:", "DataHub deployment fails with dhs:ListShard: which option names are wrong?"),
    "fr": ("Cause", "Solution", "Renommez access.id en accessId dans la DDL.", "Configuration incorrecte :",
           "Configuration correcte :", "Le déploiement DataHub échoue avec dhs:ListShard : quels noms d'options ?"),
    "es": ("Causa", "Solución", "Cambie access.id por accessId en la DDL.", "Configuración errónea:",
           "Configuración correcta:", "El despliegue de DataHub falla con dhs:ListShard: ¿qué nombres de opción?"),
}  # fmt: skip


def wrong_right(lang: str) -> tuple[Chunk, str]:
    cause, solution, fix, wrong, right, question = WRONG_RIGHT[lang]
    body = (
        f"• {cause}\n\n  The DataHub connector reads accessId and accessKey; dotted names are ignored.\n\n"
        f"• {solution}\n\n  {fix}\n\n  {wrong}\n\n{ddl('access.id', 'access.key', 'dotted')}\n\n"
        f"  {right}\n\n{ddl('accessId', 'accessKey', 'ok')}"
    )
    return entry(body, lang), question


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_long_fix_shows_the_right_sample_without_the_wrong_one(lang):
    c, question = wrong_right(lang)
    text = select_parts(c, question, question, lang, None, budget=300).text
    assert "'accessId'" in text and WRONG_RIGHT[lang][4] in text
    assert "'access.id'" not in text and WRONG_RIGHT[lang][3] not in text
    whole = select_parts(c, question, question, lang, None, budget=2000).text
    assert "'access.id'" in whole and "'accessId'" in whole  # room for both: both, in the entry's order
    assert whole.index("'access.id'") < whole.index("'accessId'")


LONG_SAMPLE = {
    "en": ("Use the key.fields-prefix option to tell key fields from value fields:",
           "Kafka key and value both have an id field: how do I avoid the name conflict?"),
    "fr": ("Utilisez l'option key.fields-prefix pour distinguer les champs de la clé de ceux de la valeur :",
           "La clé et la valeur Kafka ont toutes deux un champ id : comment éviter le conflit de noms ?"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_samples_of_a_long_fix_are_cut_to_the_lines_the_question_names(lang):
    lead, question = LONG_SAMPLE[lang]
    options = "\n".join(f"    'properties.option-{n}' = 'value-{n}'," for n in range(10))
    sample = (
        "  CREATE TABLE kafka_table (key_id INT, value_id INT, name STRING) WITH (\n"
        f"    'connector' = 'kafka',\n{options}\n    'key.fields-prefix' = 'key_'\n  );"
    )
    after = "Key fields then read key_id; value fields keep their names, so the two id fields no longer clash. " * 2
    body = f"• Solution\n\n  {lead}\n\n{sample}\n\n  {after}"
    c = entry(body, lang)
    # the sample fits the budget alone, not with the prose after it: both were quoted whole
    text = select_parts(c, question, question, lang, None).text
    assert "'key.fields-prefix' = 'key_'" in text and ELLIPSIS in text
    assert "option-9" not in text  # an option the question does not name
    assert "key_id" in text  # the prose of the fix is never left out
    assert "option-9" in select_parts(c, question, question, lang, None, budget=2000).text


BACK_REFERENCES = {
    "en": ("The writer keeps three buffers in the heap:", "Based on these usage patterns, here are the causes and "
           "their fixes:", "A single record is too large: lower orc.write.batch-size.",
           "The TaskManager heartbeat times out when writing: which option do I lower for big records?"),
    "fr": ("L'écrivain garde trois tampons dans le tas :", "Compte tenu de ces modes d'utilisation, voici les causes "
           "et leurs solutions :", "Un enregistrement est trop grand : réduisez orc.write.batch-size.",
           "Le heartbeat du TaskManager expire à l'écriture : quelle option réduire pour les gros enregistrements ?"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lead_in_pointing_back_at_left_out_parts_is_not_quoted(lang):
    intro, lead_in, named, question = BACK_REFERENCES[lang]
    filler = " ".join(["The buffer grows with the rows it holds and is counted against the heap."] * 3)
    body = (
        f"{intro}\n\n• Write buffer. {filler}\n\n• ORC buffer. {filler}\n\n• Bucket writers. {filler}\n\n"
        f"{lead_in}\n\n• The write buffer is too large: lower write-buffer-size. {filler}\n\n• {named}\n\n"
        f"• Too many partitions at once. {filler}"
    )
    c = entry(body, lang)
    text = select_parts(c, question, question, lang, None).text
    assert "orc.write.batch-size" in text
    assert lead_in not in text  # "these usage patterns": the three buffers it follows are not quoted
    assert lead_in in select_parts(c, question, question, lang, None, budget=3000).text
