"""French and Spanish typed without accents (a sixteenth trial): the packs' patterns match them
(languages.unaccented), and their function words count (ingest/textproc.py)."""

from __future__ import annotations

import re

import pytest
from faqbot.ingest.langdetect import detect_language
from faqbot.languages import unaccented


def test_an_accented_letter_also_matches_its_bare_letter():
    p = re.compile(unaccented(r"n['’]a (pas|rien) (marché|fonctionné)"))
    assert p.search("ca n'a pas marche") and p.search("ça n’a rien fonctionné")
    assert re.fullmatch(unaccented(r"activée?s?"), "active") and re.fullmatch(unaccented(r"activée?s?"), "activée")
    assert unaccented(r"porqu[eé]") == r"porqu[eée]"  # inside a class: the bare letter is added
    assert unaccented(r"[^é]x") == r"[^é]x"  # a negated class is left as written
    assert unaccented(r"\é") == r"\é" and unaccented("plain") == "plain"


@pytest.mark.parametrize(
    "question",
    [
        "CTAS mysql vers holo plante apres un changement de type de colonne",
        "ecriture vers ADB mysql : java.sql.SQLSyntaxErrorException: multi-statement be found. le job redemarre "
        "sans arret",
        "ca n'a pas marche",
    ],
)
def test_french_without_accents_is_french(question):
    assert detect_language(question)[0] == "fr"


def test_topic_words_beside_a_pasted_error_name_their_language():
    from faqbot.bot.retrieval.keyword_language import glossary_language

    english = frozenset({"tables", "require", "to", "define", "a", "primary", "key", "constraint", "sink", "upsert"})
    q = "error al crear la tabla sink: 'upsert-kafka' tables require to define a PRIMARY KEY constraint"
    assert glossary_language(q, english) == "es"
    assert glossary_language("ecriture vers ADB: multi-statement be found", english) == "fr"
    # a word the English corpus writes is no sign ("consume"), nor a text with no clause of its own words
    assert glossary_language("the job does not consume: multi-statement be found", english | {"consume"}) is None
    assert glossary_language("Table sink doesn't support consuming update and delete changes", english) is None
