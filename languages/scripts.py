"""Character ranges of the scripts faqbot reads: the one definition of each (regex class bodies).

Han, kana and Hangul are written without spaces between words (Korean spaces phrases, not words):
no \\b stands between their words, a run of them is counted and matched as such (CJK).
"""

from __future__ import annotations

KANA = "\u3040-\u30ff"  # hiragana and katakana: Japanese even among kanji
KATAKANA = "\u30a0-\u30ff"  # loanwords: a run is one word ("バージョン", "クリーンアップ")
HAN = "\u3400-\u9fff"  # CJK unified ideographs with extension A
HANGUL = "\uac00-\ud7af"
CJK = KANA + HAN + HANGUL

# Scripts of languages faqbot has no pack for, in the order they are tried, with the number of
# letters that name the language outright (a pasted name in Greek letters is not a Greek question)
OTHER_SCRIPTS: tuple[tuple[str, str, int], ...] = (
    ("ar", "\u0600-\u06ff", 2),
    ("he", "\u0590-\u05ff", 2),
    ("el", "\u0370-\u03ff", 3),
    ("hi", "\u0900-\u097f", 2),
    ("th", "\u0e00-\u0e7f", 2),
    ("ru", "\u0400-\u04ff", 4),
)
