"""The language packs (languages/): each complete for what the code asks of its language, their
patterns compiling and matching their own words, no pack's words read as another language's."""

from __future__ import annotations

import re

import pytest
import Stemmer
from bm25s import stopwords as bm25s_stopwords
from faqbot.bot.answers.phrases import LANGUAGE_NAMES, PHRASES
from faqbot.bot.retrieval.xling import gloss
from faqbot.ingest.textproc import fold
from faqbot.languages import ANSWERED, CJK, LABEL_KINDS, PACKS, ROLE_KINDS, SCRIPTS, expand, pack
from faqbot.languages.pack import LanguagePack

PATTERN_FIELDS = {
    "follow_up": "follow_up_patterns",
    "pronoun": "pronoun_patterns",
    "asks_about": "asks_about_patterns",
    "fix_request": "fix_request_patterns",
    "value_request": "value_request_patterns",
    "unit_request": "unit_request_patterns",
    "cause_request": "cause_request_patterns",
    "code_request": "code_request_patterns",
    "failed_fix": "failed_fix_patterns",
    "resume": "resume_patterns",
    "symptom": "symptom_patterns",
    "refusal": "refusal_patterns",
    "wrong_sample": "wrong_sample_patterns",
    "pointer": "pointer_patterns",
    "navigation": "navigation_patterns",
    "instruction": "instruction_patterns",
    "back_reference": "back_reference_patterns",
    "error_label": "error_label_patterns",
    "done": "done_patterns",
    "cannot": "cannot_patterns",
    "destructive": "destructive_patterns",
    "announce": "announce_patterns",
    "consequence": "consequence_patterns",
    "checked": "checked_patterns",
    "question": "question_patterns",
}
ALL = sorted(PACKS)
# languages the dialogue is read in: a question in them can be a follow-up or a fix request
DIALOGUE = ("en", "fr", "es", "de", "zh")


def test_the_registry_names_each_pack_by_its_code_and_answers_in_the_corpus_languages():
    assert all(code == p.code and isinstance(p, LanguagePack) for code, p in PACKS.items())
    assert ANSWERED == ("en", "fr", "es")
    assert pack("de") is PACKS["de"] and pack("xx") is None
    assert [code for code, *_ in SCRIPTS][:3] == ["ja", "ko", "zh"]  # kana before Han


@pytest.mark.parametrize("code", ALL)
def test_a_pack_is_frozen(code):
    with pytest.raises(AttributeError):
        PACKS[code].code = "xx"  # type: ignore[misc]
    with pytest.raises(TypeError):
        PACKS[code].roles["source"] = ()  # type: ignore[index]


@pytest.mark.parametrize("code", ANSWERED)
def test_an_answer_language_has_stemmer_stop_words_labels_names_and_every_phrase(code):
    p = PACKS[code]
    assert p.stemmer in Stemmer.algorithms()
    assert getattr(bm25s_stopwords, f"STOPWORDS_{p.bm25s_stopwords}")
    assert p.function_words and p.lingua
    assert all(p.labels.get(kind) for kind in LABEL_KINDS), p.labels
    assert p.label_prefixes.get("problem") and p.label_prefixes.get("solution")
    assert p.error_label_patterns and p.refusal_patterns and p.wrong_sample_patterns
    assert set(p.language_names) == set(ANSWERED) and p.and_word
    assert LANGUAGE_NAMES[code] == dict(p.language_names)
    missing = [key for key, table in PHRASES.items() if not table.get(code)]
    assert not missing, f"phrases without a {code} version: {missing}"


@pytest.mark.parametrize("code", DIALOGUE)
def test_a_dialogue_language_has_openers_fix_requests_roles_and_symptoms(code):
    p = PACKS[code]
    assert p.follow_up_patterns and p.pronoun_patterns and p.fix_request_patterns and p.symptom_patterns
    assert all(p.roles.get(role) for role in ROLE_KINDS), p.roles
    assert all(p.examples.get(kind) for kind in ("follow_up", "fix_request", "symptom"))


@pytest.mark.parametrize("code", ALL)
def test_a_detected_language_has_its_detector_or_script(code):
    p = PACKS[code]
    assert (p.function_words and p.lingua) or p.script
    if p.script:
        assert re.fullmatch(r"[^\]\\]+", p.script) and re.compile(f"[{p.script}]")
        assert not p.spaced and set(re.findall(r".-.", p.script)) <= set(re.findall(r".-.", CJK))


@pytest.mark.parametrize("code", ALL)
def test_every_pattern_compiles_and_matches_the_pack_s_own_examples(code):
    p = PACKS[code]
    for kind, field in PATTERN_FIELDS.items():
        patterns = getattr(p, field)
        for fragment in patterns:
            re.compile(expand(fragment), re.IGNORECASE)
        for example in p.examples.get(kind, ()):
            assert patterns, f"{code}: examples of {kind} but no {field}"
            joined = re.compile("|".join(f"(?:{expand(f)})" for f in patterns), re.IGNORECASE)
            assert joined.search(example), f"{code} {field} misses {example!r}"


@pytest.mark.parametrize("code", [c for c in ALL if PACKS[c].glossary])
def test_a_glossary_holds_terms_of_its_language_with_english_words(code):
    """Han, kana and Hangul terms are looked up as substrings (bot/retrieval/glossary.py); the terms of a spaced
    language as folded whole words (bot/retrieval/xling.py: lower case, no accents)."""
    p = PACKS[code]
    script = re.compile(f"[{CJK}]")
    for term, english in p.glossary.items():
        assert english.strip() and english.isascii(), (term, english)
        assert script.search(term) if not p.spaced else (fold(term) == term and not script.search(term)), term


def test_the_german_glossary_reads_a_german_question_in_english():
    g = gloss("Warum bleibt meine Ergebnistabelle leer?", "de")
    assert "sink result table" in g.words and "empty" in g.words


def test_no_role_pronoun_or_opener_of_one_pack_is_a_function_word_of_another():
    """A German role word "quelle" would have named a role in every French question ("quelle est")."""
    for code, p in PACKS.items():
        own = [w.lower() for words in p.roles.values() for w in words]
        own += [w for w in p.pronoun_patterns + p.follow_up_patterns if re.fullmatch(r"[\w' ]+", w)]
        for other_code, other in PACKS.items():
            if other_code != code and p.spaced:
                clash = {w for w in own if w in other.function_words and w not in p.function_words}
                assert not clash, f"{code} words that are {other_code} function words: {clash}"


@pytest.mark.parametrize(
    ("question", "code", "english"),
    [
        ("Por que o meu job não grava nada na tabela de destino?", "pt", "sink result table"),
        ("en over meerdere partities heen?", "nl", "partition"),
    ],
)
def test_a_spaced_glossary_reads_its_language_s_terms_in_english(question, code, english):
    g = gloss(question, code)
    assert english in g.words, g.words


def test_the_absent_topics_are_asked_as_the_packs_examples_say_and_named_in_every_answer_language():
    from faqbot.bot.answers.phrases import phrase
    from faqbot.bot.retrieval.topics import ABSENT_TOPICS, asked_topics, unknown_pack_topics

    assert not unknown_pack_topics()
    for code, p in PACKS.items():
        for example in p.examples.get("absent_topic", ()):
            assert asked_topics(example), f"{code}: no absent topic in {example!r}"
    for topic in ABSENT_TOPICS:
        for lang in ANSWERED:
            assert phrase(f"absent_topic_{topic}", lang)


@pytest.mark.parametrize(
    "text",
    [
        # words of the topics in passing: a template's deploy mode, a column, a consumer group, the console's
        # "deployment" for a job, a job that runs on Kubernetes
        "### deploy mode\n\nkubernetes-application\n\n### What happened\n\nthe jdbc sink fails",
        "the price column is written as 0 in the sink",
        "kafka-consumer-groups --describe --group billing shows no member",
        "Le lag du groupe `facturation` reste très élevé",
        "dos filas para order_id = 1001 (precio 3999.00 y 3599.00)",
        "my deployment fails after I restarted it",
        "作业部署失败，报错 TimeoutException",
        "we run Flink on Kubernetes and the Kafka source lags",
        "idea run and flink on yarn throw the same error",
        "Connection refused when flink on yarn mode",
    ],
)
def test_an_absent_topic_s_words_in_passing_ask_no_topic(text):
    from faqbot.bot.retrieval.topics import asked_topics

    assert asked_topics(text) == ()
