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
