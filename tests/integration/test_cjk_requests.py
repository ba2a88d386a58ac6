"""Short Japanese and Korean requests asked of the entry under discussion (a twentieth trial's, in its forms,
written for these tests): "그 값은 얼마로 설정해야 하나요?" and "間隔はどれくらいにすればいいですか？" got the
closest list again, "SQL 예시를 보여 주세요" an unrelated entry ("Error: Incorrect string value") after the
Hologres permission entry."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase

from tests.support import chat, english_title

WINDOW = "No data output from Kafka event time windows"


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        (
            "카프카 소스에서 이벤트 타임 윈도우 결과가 전혀 안 나와요. 일부 파티션에는 데이터가 없는 것 같아요.",
            "그 값은 얼마로 설정해야 하나요?",
        ),
        (
            "Kafka のイベント時間ウィンドウから何も出力されません。空のパーティションがあります",
            "間隔はどれくらいにすればいいですか？",
        ),
    ],
)
def test_a_value_asked_quotes_the_entry_s_fix(bot, first, turn):
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == WINDOW
    assert english_title(a2.citations[0]) == WINDOW, [c.title for c in a2.citations]
    assert not a2.text.startswith(phrase("closest", "en")), a2.text  # the entry's fix, not the list again
    assert "table.exec.source.idle-timeout: 5" in a2.parts.body, a2.text


def test_a_korean_code_request_quotes_the_entry_s_sql(bot):
    first = (
        "VVR 8.0.5로 올린 후 Hologres 바이너리 로그 소스 잡 배포 시 permission denied for database 오류가 "
        "발생합니다"
    )
    a1, a2 = chat(bot, first, "SQL 예시를 보여 주세요")
    title = "Job deployment throws permission denied for database error"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title, [c.title for c in a2.citations]
    assert "GRANT CREATE ON DATABASE" in a2.parts.body, a2.text


def test_a_korean_version_question_quotes_the_part_naming_the_version(bot):
    """"어느 버전부터 그런가요?" ("from which version is that?") got the closest list again: "버전" is found inside the
    run of text its particle is written onto."""
    first = (
        "VVR 8.0.5로 올린 후 Hologres 바이너리 로그 소스 잡 배포 시 permission denied for database 오류가 "
        "발생합니다"
    )
    a1, a2 = chat(bot, first, "어느 버전부터 그런가요?")
    title = "Job deployment throws permission denied for database error"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title, [c.title for c in a2.citations]
    assert not a2.text.startswith(phrase("closest", "en")), a2.text
    assert "VVR 8.0.4" in a2.parts.body, a2.text


def test_a_japanese_version_question_of_an_entry_naming_none_is_told_so(bot):
    """"どのバージョンなら自動でクリーンアップされますか？" (nine words with its katakana loanwords one each) is a
    version turn: the entry under discussion names no version, and a notice says so."""
    first = (
        "Hologres のテーブルを削除して同じ名前で作り直したら、no table is defined in publication "
        "というエラーが出ました"
    )
    a1, a2 = chat(bot, first, "どのバージョンなら自動でクリーンアップされますか？")
    title = "No table is defined in publication"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title, [c.title for c in a2.citations]
    assert phrase("names_no_version", "en", title=a2.citations[0].title) in a2.notices, a2.notices


def test_a_japanese_how_do_i_fix_it_quotes_the_fix(bot):
    """"どうすればいいですか？" ("what should I do?") after the MaxCompute partition entry quoted its cause first."""
    first = "MaxCompute の結果テーブルへの書き込みで Invalid partition spec エラーが出ます。パーティション列は ds です"
    a1, a2 = chat(bot, first, "どうすればいいですか？")
    title = "MaxCompute job fails with 'Invalid partition spec'"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title
    assert a2.parts.body.lstrip("- ").startswith("Solution"), a2.text
