"""The words a turn is read with (bot/dialogue/conversation.py, follows.py, requests.py, turns.py): the
language packs' openers, pronouns and question openings compiled once, what a word is in every script, and how
many a turn has."""

from __future__ import annotations

import re

# an error's class name, written once with the report reader's other patterns
from faqbot.bot.retrieval.report import ERROR_CLASS as ERROR_CLASS
from faqbot.ingest.textproc import SUPPORTED, tokenize
from faqbot.languages import CJK, KATAKANA, PACKS, alternatives, words

# Han, kana and Hangul are written without spaces: no \\b stands between their words, and a role or
# a name next to them ("那sink呢") is still a word of its own. WORD is a letter or digit of the
# spaced scripts, what the word boundaries below are made of.
WORD = rf"[^\W{CJK}]"
CJK_RUN = re.compile(rf"[{CJK}]+")
KATAKANA_RUN = re.compile(rf"[{KATAKANA}]+")
# The language packs' words, per kind (languages/): openers that refer back to the previous question
# (Chinese ones need no boundary), pronouns, a closing particle that asks about what came before
# ("ClickHouse 呢？").
REFERS_BACK = re.compile(
    rf"^\s*(?:({alternatives('follow_up_patterns', True)})\b|{alternatives('follow_up_patterns', False)})",
    re.IGNORECASE,
)
PRONOUNS = re.compile(
    rf"\b({alternatives('pronoun_patterns', True)})\b|{alternatives('pronoun_patterns', False)}", re.IGNORECASE
)
ASKS_ABOUT = re.compile("|".join(f for p in PACKS.values() for f in p.asks_about_patterns))
# how a question opens ("comment désactiver", "c'est normal", "¿cómo lo desactivo?"): a short turn that is nothing
# more asks it of what the conversation is about
OPENS_QUESTION = re.compile(alternatives("question_patterns", True), re.IGNORECASE)
# a turn opening on "why" ("¿por qué no funciona el índice global?"): a cause asked, whatever else it says
# (Chinese, Japanese and Korean ones need no boundary: "为什么会重复" after a duplicates list asks its cause; a
# thirty-third trial got the list again)
OPENS_WHY = re.compile(
    rf"^\W*(?:(?:{alternatives('why_patterns', True)})\b|{alternatives('why_patterns', False)})", re.IGNORECASE
)
# "why" anywhere ("e por que acontece?": Portuguese, read with the Spanish pack's words)
ASKS_WHY = re.compile(rf"\b(?:{alternatives('why_patterns', True)})\b", re.IGNORECASE)
# a politeness word beside an answer language ("en español por favor", "in English please")
PLEASE = re.compile(rf"\b(?:{alternatives('please_patterns', True)})\b", re.IGNORECASE)
# asking for the answer again ("tu peux me le redire en anglais ?": a twelfth trial was told "not covered")
REPEAT = re.compile(rf"\b(?:{alternatives('repeat_patterns', True)})\b", re.IGNORECASE)
# an acknowledgement or a connective a turn opens on, with the politeness words ("ok and", "d'accord, et", "vale, y",
# "thanks, and"): read without them, the turn is the request that follows ("is that normal?")
ACKNOWLEDGED = re.compile(
    rf"^\W*(?:(?:{alternatives('acknowledgement_patterns', True)}|{alternatives('please_patterns', True)})"
    r"\b[\s,.;:!…¿¡-]*)+",
    re.IGNORECASE,
)
# a turn reporting what happens now, after what the user did ("... and now it says the table requires a PRIMARY KEY")
NEW_SYMPTOM = re.compile(rf"\b(?:{alternatives('new_symptom_patterns', True)})\b", re.IGNORECASE)
# a turn opening (after any acknowledgement) on another subject: "another thing: ...", "otra cosa, ...", "另外"
NEW_TOPIC = re.compile(
    rf"^\W*(?:{alternatives('new_topic_patterns', True)})\b|^\W*(?:{alternatives('new_topic_patterns', False)})",
    re.IGNORECASE,
)
# what a follow-up replaces, its opener and the word after it (an article of the packs allowed): "en vez de
# mysql", "instead of the MySQL", "而不是 MySQL". Read with the previous question, that word would be searched with
# the new one (a thirty-first trial's "y si la tabla es redis en vez de mysql?" after a MySQL lookup question got
# three MySQL entries)
REPLACED = re.compile(
    # a spaced opener ends a word ("au lieu de", not the start of "au lieu des"), or on its apostrophe ("au lieu d'")
    rf"(?:\b(?:{alternatives('instead_patterns', True)})(?:\b|(?<=\W))|{alternatives('instead_patterns', False)})\s*"
    rf"(?:(?:{'|'.join(sorted(set(words('articles'))))})\s+)?[^\s,.;:?!¿¡，。？！]+",
    re.IGNORECASE,
)
# a follow-up's opener inside the acknowledgement a turn opens on ("ok, and what parameters ...?", "vale, y ..."): the
# acknowledgement run takes the opener with it, and a thirty-first trial's turn was read alone
_OPENER_INSIDE = re.compile(
    rf"(?:^|[\s,.;:!…¿¡-])(?:{alternatives('follow_up_patterns', True)})\b", re.IGNORECASE
)


def opens_on_follow_up(question: str) -> bool:
    """Whether a turn opens on a follow-up's opener, after an acknowledgement or not ("and for the sink?", "ok, and
    what about the sink?", "merci, et pour Kafka ?")."""
    if REFERS_BACK.match(question):
        return True
    ack = ACKNOWLEDGED.match(question)
    return bool(ack and ack.end() < len(question.rstrip()) and _OPENER_INSIDE.search(ack.group(0)))


SHORT = 6


def no_topic(text: str) -> bool:
    """Whether a text holds no word of a topic: a word one answer language's stop list keeps ("it" in French) is
    none, so nothing left in any one of them is enough."""
    return not all(tokenize(text, lang) for lang in SUPPORTED)


def word_count(text: str) -> int:
    """Words; a run of Chinese (Japanese, Korean) characters counts one word per two characters, a
    Chinese word being one to three characters long (怎么解决: 2), and a run of katakana one word: a loanword
    ("どのバージョンなら自動でクリーンアップされますか？" is 9, not 12: a twentieth trial's version turn was read
    as a question of its own)."""
    return len(re.findall(rf"{WORD}+", text)) + sum(_cjk_words(run) for run in CJK_RUN.findall(text))


def _cjk_words(run: str) -> int:
    """Words of one run of CJK characters: each katakana run one, the pieces around them one per two characters."""
    pieces = KATAKANA_RUN.split(run)
    return len(pieces) - 1 + sum((len(p) + 1) // 2 for p in pieces)


# a message quoted in a turn, three words or more ("¿Cómo soluciono el error 'doesn't support consuming update and
# delete changes'?"): a problem of its own, as an error's class name is
_QUOTED_WORD = r"""[^\s'"“”«»]+(?:'[^\s'"“”«»]+)*"""  # "doesn't" is one word; each apostrophe splits it one way
QUOTED_MESSAGE = re.compile(rf"""(?<!\w)['"“«]\s*{_QUOTED_WORD}(?:[ \t]+{_QUOTED_WORD}){{2,}}\s*['"”»](?!\w)""")
