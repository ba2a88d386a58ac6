"""A thirty-third trial (a Chinese-speaking on-call engineer, Japanese and Korean colleagues; its turns in their forms,
written for these tests): words typed on call that the glossaries lacked, installing Flink asked in Japanese and
Korean, and answers with not one word of the asker's language."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase
from faqbot.languages import PACKS

TIMESTAMP_LTZ = (
    "A field of the TIMESTAMP_LTZ (TIMESTAMP(p) WITH LOCAL TIME ZONE) data type is used to declare the watermark"
)


def test_eight_hours_off_in_chinese_finds_the_time_zone_entries(bot):
    """ "时间差了8个小时" (eight hours off) got MySQL charset and type entries: 时间差 and 小时 had no English words."""
    a = bot.ask("时间差了8个小时，写到 mysql 里的时间不对")
    assert a.citations and a.citations[0].title.startswith(TIMESTAMP_LTZ), [c.title for c in a.citations]


def test_lost_kafka_messages_in_korean_are_read_as_data_loss(bot):
    """ "메시지가 유실" (messages lost) without 데이터 (data) was read as nothing but "Kafka"."""
    from faqbot.bot.retrieval.glossary import english_terms

    assert "loss" in english_terms("Kafka 메시지가 유실된 것 같아요").split()
    a = bot.ask("Kafka 메시지가 유실된 것 같아요")
    assert a.decision.probability > 0.3 and a.citations


@pytest.mark.parametrize(
    "question",
    [
        "自己机器上怎么装 flink 集群",
        "자체 서버에 Flink 클러스터 설치하는 방법 알려주세요",
        "自分のサーバーにFlinkクラスタを構築する方法は？",
    ],
)
def test_installing_flink_is_not_covered_in_chinese_japanese_and_korean(bot, question):
    a = bot.ask(question)
    assert a.decision.outcome == "not_covered" and not a.citations  # its reason may be "far" too
    assert phrase("absent_topic_deployment", "en") in a.text


def test_a_dependency_clash_naming_the_install_verb_is_not_an_install_question():
    from faqbot.bot.retrieval.topics import asked_topics

    assert asked_topics("装 flink 的依赖包冲突") == ()


@pytest.mark.parametrize(
    ("question", "code"), [("kafka 源表没数据 咋回事", "zh"), ("Kafka 메시지가 유실된 것 같아요", "ko")]
)
def test_answered_in_english_is_said_in_the_askers_language_too(bot, question, code):
    a = bot.ask(question)
    assert a.detected_language == code and a.language == "en"
    note = PACKS[code].unanswered_note
    assert note and any(n.startswith(note) and phrase("unsupported_language", "en") in n for n in a.notices)


def test_the_own_language_note_is_not_said_above_a_french_answer(bot):
    """The pack's sentence says "in English": a German turn asking for French is told only the French sentence."""
    from faqbot.bot.service import Turn

    first = "Warum liefert mein Kafka-Job mit SASL_SSL keine Daten?"
    a1 = bot.ask(first)
    a2 = bot.ask("und auf Französisch?", history=[Turn("user", first), Turn("assistant", a1.text)])
    assert a2.detected_language == "de" and a2.language == "fr"
    assert phrase("unsupported_language", "fr") in a2.notices
    assert not any(PACKS["de"].unanswered_note in n for n in a2.notices)


def test_code_asked_after_closest_entries_comes_from_the_next_entry_that_has_some(bot):
    """"给我SQL" after a windows-with-no-output list was told the first entry had no sample, while the second's fix
    is `table.exec.source.idle-timeout: 5`: that entry is quoted, and the first named as having none."""
    from tests.support import chat

    a1, a2 = chat(bot, "开窗以后一直没结果输出", "给我SQL")
    assert a1.decision.outcome == "closest" and a1.citations[0].title == "Why do I get no output in the sink table?"
    assert "No data output from Kafka event time windows" in [c.title for c in a1.citations[1:3]]
    assert a2.citations[0].title == "No data output from Kafka event time windows"
    assert "table.exec.source.idle-timeout: 5" in a2.text
    assert a2.text.startswith(
        phrase(
            "code_closest_next",
            "en",
            first="Why do I get no output in the sink table?",
            title="No data output from Kafka event time windows",
        )
    )


def test_code_asked_when_no_shown_entry_has_any_keeps_the_first(bot):
    from tests.support import chat

    a1, a2 = chat(bot, "no sale nada en la tabla sink", "dame el SQL")
    assert a2.citations[0].title == a1.citations[0].title
    assert phrase("no_code", "es") in a2.text


def test_a_short_chinese_turn_opening_on_why_gets_the_cause(bot):
    """"为什么会重复" (why are there duplicates) after a duplicates list got the same list again; "why?" alone got the
    cause. Opening on 为什么 now asks it too."""
    from tests.support import chat

    a1, a2 = chat(bot, "结果表里数据重复了", "为什么会重复")
    assert a1.citations[0].title == "Data duplication in MaxCompute result tables"
    assert a2.citations[0].title == a1.citations[0].title
    assert a2.text.startswith(phrase("cause_closest", "en", title=a1.citations[0].title)), a2.text[:200]
    assert "Flink does not perform uniqueness checks" in a2.text
