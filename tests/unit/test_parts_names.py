"""The names a question holds (bot/answers/parts_score.py): options, identifiers, product names; no index."""

from __future__ import annotations

from faqbot.bot.answers.parts_score import question_names


def test_a_name_ends_where_korean_or_chinese_text_starts():
    # "OSS에" (OSS + a Korean particle) names OSS; "写MySQL" names MySQL: a name next to CJK text was
    # read as one word with it (Korean) or not at all (Chinese), so no part could hold it
    assert question_names("OSS에 있는 Paimon 테이블") == {"oss"}
    assert question_names("多个并发同时往MySQL写，经常报死锁") == {"mysql"}
    assert question_names("用table.exec.mini-batch.size调小") == {"table.exec.mini-batch.size"}


def test_names_in_latin_text_are_unchanged():
    assert question_names("Stream Tunnel on VVR-6.0.2 with orc.write.batch-size") == {
        "vvr-6.0.2",
        "orc.write.batch-size",
    }
