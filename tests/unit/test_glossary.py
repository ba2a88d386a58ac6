"""English words for the Chinese terms of a question (bot/retrieval/glossary.py)."""

from __future__ import annotations

from faqbot.bot.retrieval.glossary import ZH_TERMS, english_terms
from faqbot.ingest.textproc import query_tokens


def test_chinese_terms_get_their_english_words_once_in_order():
    out = english_terms("MySQL 中文乱码，字符集怎么设置？乱码")
    assert out == "chinese characters garbled encoding charset character set charset"


def test_longest_term_wins_so_its_characters_are_not_read_twice():
    # "滚动窗口" (tumble window) holds "窗口" (window): one reading, not two
    assert english_terms("滚动窗口没有输出") == "tumble window no output"


def test_text_without_chinese_gets_nothing():
    assert english_terms("My job has no output and the charset is wrong") == ""
    assert english_terms("") == ""
    # Japanese kana with the same Han characters is still read: the terms are shared
    assert "checkpoint" in english_terms("チェックポイント 検査 检查点")


def test_every_glossary_entry_gives_english_tokens():
    # an entry whose words are all stop words would add nothing to what BM25 reads
    empty = [t for t, words in ZH_TERMS.items() if not query_tokens(words, "en")]
    assert not empty, empty


def test_japanese_and_korean_terms_are_read_too():
    assert english_terms("MySQL に書き込むと文字化けします") == "write garbled encoding charset"
    assert english_terms("체크포인트 실패 후 재시작") == "checkpoint failed failure restart"


def test_fewer_rows_downstream_read_as_the_faqs_data_losses():
    """Chinese reads "fewer rows" as English, French and Spanish do (languages/en.py, fr.py, es.py)."""
    assert english_terms("数据少了一截") == "data loss losses reductions"
    assert english_terms("MaxCompute 里数据缺失") == "data loss losses missing"
    assert "loss" not in english_terms("少了一个参数")  # a parameter missing is no row lost


def test_korean_and_japanese_read_the_chinese_glossarys_concepts():
    """Korean and Japanese have the Chinese list's concepts in their own words (the stem of "read" in every form)."""
    assert english_terms("필드 순서와 대소문자") == "field column order casing case"
    assert english_terms("데이터를 못 읽고 있습니다") == "read"
    assert english_terms("フィールドの順序、物理テーブル") == "field column order physical table"


def test_a_short_term_inside_another_word_is_not_read():
    """The glossary matches inside words, so terms other words hold are left out: 채널 (channel) is not "null", 프로그램
    (program) not "log", ステートメント (statement) not "state", カタログ (catalog) not "log"."""
    assert english_terms("채널 프로그램") == ""
    assert english_terms("ステートメント カタログ") == ""


def test_an_error_message_told_in_chinese_gets_the_messages_words():
    """A Chinese user tells MySQL's "Incorrect string value" as 字符串值不正确, results not matching as 结果对不上."""
    assert english_terms("写 MySQL 报字符串值不正确") == "string incorrect inaccurate"
    assert english_terms("结果对不上") == "results inaccurate inconsistent"
