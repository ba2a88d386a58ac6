"""Short turns of a fifth new-user trial (bot/dialogue/conversation.py): a turn that says no more than its version,
or than a question's opening ("comment désactiver ?"), is a follow-up of the question before it; "que faire ?",
"¿qué hago?", "was tun?" ask for the fix, "is that normal?" for the cause; a request beside a problem of its own
("Timeout expired while fetching topic metadata, que faire ?") is a new question."""

from __future__ import annotations

import pytest
from faqbot.bot.dialogue.follows import is_follow_up, only_asks, only_version, restates_then_asks
from faqbot.bot.dialogue.names import name_words
from faqbot.bot.dialogue.requests import entry_request, names_own_problem
from faqbot.bot.dialogue.words import ACKNOWLEDGED, NEW_TOPIC


@pytest.mark.parametrize(
    ("text", "version_only"),
    [
        ("we are on vvr-6.0.3-flink-1.15", True),
        ("estamos en la 8.0.9", True),
        ("nous utilisons vvr 8.0.1", True),
        ("on 6.0.5", True),
        ("I use flink 1.15 and kafka 2.8", False),
        ("My job fails on 8.0.9", False),
        ("Kafka 2.8", False),
    ],
)
def test_a_turn_saying_only_its_version_is_a_follow_up(text, version_only):
    assert only_version(text) is version_only
    assert is_follow_up(text) is version_only


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("comment désactiver ?", True),
        ("¿cómo lo desactivo?", True),
        ("qu'est-ce que ça signifie ?", True),
        ("comment configurer Kafka ?", False),  # names its topic
        ("how to comment under a post?", False),
        ("Flink cannot read from Kafka", False),
    ],
)
def test_a_questions_opening_alone_is_a_follow_up(text, asks):
    assert only_asks(text) is asks
    assert is_follow_up(text) is asks


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("que faire ?", "fix"),
        ("qu'est-ce que je dois faire ?", "fix"),
        ("¿qué hago?", "fix"),
        ("was tun?", "fix"),
        ("what should I do?", "fix"),
        ("is that normal?", "cause"),
        ("c'est normal ?", "cause"),
        ("¿es normal?", "cause"),
        ("what else?", "failed"),
        ("quoi d'autre ?", "failed"),
        # a request beside a problem of its own is a new question
        ("Timeout expired while fetching topic metadata, que faire ?", ""),
        ("Timeout expired while fetching topic metadata, how do I fix it?", ""),
        ("how do I fix it in Flink SQL?", "fix"),
        # details after the request are the entry's, however many (a sixth trial: searched as typed)
        ("how do I fix it for the writing job? we do not use lookup", "fix"),
        ("how do I fix it without paying for a bigger instance?", "fix"),
    ],
)
def test_what_a_short_turn_asks_of_the_entry(text, kind):
    assert entry_request(text) == kind


def test_a_problem_of_its_own_is_three_words_before_the_request():
    assert names_own_problem("Checkpoint expired before completing, what should I do?")
    assert not names_own_problem("how do I fix it in Flink SQL?")
    assert not names_own_problem("how do I fix it without paying for a bigger instance?")


WINDOW = "My event-time window on a Kafka source never fires"
WINDOW_ANSWER = (
    "I am not sure the FAQ covers this. The closest entries, best first:\n- [1] No data output from Kafka event time "
    "windows — Ensure that all partitions receive data.\n- [3] An empty Kafka partition can stall watermark generation."
)


@pytest.mark.parametrize(
    ("turn", "follows"),
    [
        # a ninth trial: the opening restates the answer, the closing question points back at it
        ("some partitions are empty indeed, we have 12 partitions and only 3 get data. Is there an option for that?",
         True),
        ("en effet, certaines partitions sont vides, 3 sur 12 reçoivent des données. Comment régler ça ?", True),
        # the closing question points back, but the opening asks of something else: a product of its own, an error
        ("our ClickHouse sink drops rows after a restart. Is there an option for that?", False),
        ("the job now fails with IllegalStateException: partition empty. Why is that?", False),
        # the opening says nothing the answer said; the closing question has no pronoun pointing back
        ("we upgraded the cluster last week and rebooted everything. Is that related?", False),
        ("the partitions are empty after a checkpoint of 3 min. Is it normal?", True),
        ("the partitions are empty after a checkpoint of 3 min. normal?", False),
        # a turn announcing another subject asks of its own
        ("another thing: the partitions are empty after a checkpoint of 3 min. Is it normal?", False),
        ("ok, one more thing: the partitions are empty after a checkpoint of 3 min. Is it normal?", False),
        # one sentence: is_follow_up decides alone
        ("some partitions are empty indeed, is there an option for that", False),
    ],
)
def test_a_turn_restating_the_answer_then_asking_of_it_is_a_follow_up(turn, follows):
    assert restates_then_asks(turn, WINDOW, WINDOW_ANSWER) is follows


def test_a_word_opening_a_sentence_is_no_name_but_a_dotted_option_s_parts_are_not_openings():
    assert "Is" not in name_words("only 3 get data. Is there an option for that?")
    assert "Paimon" in name_words("only 3 get data, and Paimon too")
    # "table.exec.source": the dot is no sentence end, "source" stays a word read for names (not capitalised: none)
    words = name_words("I set table.exec.source.idle-timeout. Then Kafka stalls")
    assert "source" in words and "Then" not in words and "Kafka" in words


@pytest.mark.parametrize(
    ("turn", "announces"),
    [
        ("another thing: the sink is slow", True),
        ("ok, otra cosa: el sink va lento", True),
        ("autre souci : le sink est lent", True),
        ("noch eine andere Frage: der Sink ist langsam", True),
        ("另外，结果表写得很慢", True),
        ("the sink is slow, another thing I noticed", False),
        ("is there another option?", False),
        # a greeting opens a conversation (a thirty-first trial's "hola, que es un checkpoint?" was asked of the
        # ClickHouse entry before it); not a word starting the same ("history", "this")
        ("hola, que es un checkpoint?", True),
        ("Bonjour, le sink est lent", True),
        ("hi, what is a checkpoint?", True),
        ("history of the table is lost", False),
    ],
)
def test_a_turn_announcing_another_subject_is_read_at_its_start(turn, announces):
    assert bool(NEW_TOPIC.search(ACKNOWLEDGED.sub("", turn))) is announces


@pytest.mark.parametrize(
    ("turn", "kind"),
    [
        # a tenth trial: a word more than the pattern knew, and a German way of asking for the SQL
        ("give me the correct DDL", "code"),
        ("show me a working config", "code"),
        ("und wie sieht das SQL dafür aus?", "code"),
    ],
)
def test_requests_for_code_in_more_words(turn, kind):
    assert entry_request(turn) == kind


def test_why_is_it_this_slow_in_chinese_points_back():
    # "为什么会这么慢？": "this slow" is the situation the last answer was about (a tenth trial searched it alone)
    assert is_follow_up("为什么会这么慢？")


@pytest.mark.parametrize(
    ("turn", "follows"),
    [
        # a twelfth trial's turns pointing back with a pronoun in more than six words, searched as typed before
        ("what value should I pick for it? 5 what, seconds?", True),
        ("¿qué pasa con la consistencia si hago eso?", True),
        ("what values do you recommend for those two?", True),  # "those": the en pack's pronouns
        ("how do I check that this is really my case?", True),
        # a fourteenth trial's, eleven words, searched alone after the SLS OOM entry
        ("what is the default and what should I lower it to?", True),
        # more than twelve words is a question of its own, pronoun or not
        ("is it possible to read the binlog of a Hologres table from a Flink SQL job?", False),
    ],
)
def test_a_turn_pointing_back_may_say_up_to_twelve_words(turn, follows):
    assert is_follow_up(turn) is follows


@pytest.mark.parametrize(
    ("turn", "only_language"),
    [
        ("tu peux me le redire en anglais ?", True),  # a twelfth trial: "not covered"
        ("can you say that again in Spanish?", True),
        ("¿me lo puedes repetir en inglés?", True),
        ("how do I configure the sink in English?", False),
    ],
)
def test_asking_to_say_it_again_in_a_language_asks_only_that_language(turn, only_language):
    from faqbot.bot.dialogue.conversation import _ASKS_LANGUAGE, _only_language

    asked = _ASKS_LANGUAGE.search(turn)
    assert asked is not None and _only_language(turn, asked) is only_language


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("怎么解决", 2),  # one word per two Han characters
        ("どのバージョンなら自動でクリーンアップされますか？", 9),  # a katakana loanword is one word
        ("それはどのバージョンから使えますか？", 8),
        ("어느 버전부터 그런가요?", 5),
        ("hello world 那sink呢", 5),
    ],
)
def test_word_count_reads_a_katakana_run_as_one_word(text, count):
    from faqbot.bot.dialogue.words import word_count

    assert word_count(text) == count


@pytest.mark.parametrize(
    "question",
    [
        "어느 버전부터 그런가요?",
        "どのバージョンなら自動でクリーンアップされますか？",
        "从哪个版本开始的？",
        "welke versie?",
    ],
)
def test_a_version_asked_in_cjk_or_dutch_names_the_version_noun(question):
    from faqbot.bot.dialogue.shown import asks_version

    assert asks_version(question)


def test_a_version_noun_inside_a_longer_cjk_word_or_an_english_word_is_not_read_alone():
    from faqbot.bot.answers.parts_score import names_version_noun

    assert not names_version_noun("this conversation is about kafka")  # "version" inside a word
    assert not names_version_noun("作业一直失败")


@pytest.mark.parametrize(
    ("turn", "follows"),
    [
        # the acknowledgement run took the opener with it: a thirty-first trial's turn was read alone, and got
        # MaxCompute and RocketMQ entries after a Hologres backpressure conversation
        ("ok, and what parameters should I tune in the WITH clause and for which connector option?", True),
        ("merci, et pour le sink Kafka quelles options faut-il changer dans la clause WITH ?", True),
        ("vale, y qué parámetros del WITH debo cambiar para el sink de Hologres con mucha carga?", True),
        # an acknowledgement alone, or one before a question of its own, is no follow-up opener
        ("ok, what parameters should I tune in the WITH clause of the Hologres sink for throughput?", False),
        ("ok", False),
    ],
)
def test_an_opener_after_an_acknowledgement_is_a_follow_up(turn, follows):
    assert is_follow_up(turn) is follows


def test_what_a_follow_up_replaces_is_left_out_of_its_question():
    from faqbot.bot.dialogue.words import REPLACED

    assert REPLACED.sub("", "y si la tabla es redis en vez de mysql?") == "y si la tabla es redis ?"
    assert REPLACED.sub("", "what if I use Redis instead of the MySQL table?") == "what if I use Redis  table?"
    assert REPLACED.sub("", "et si c'est Redis au lieu de MySQL ?") == "et si c'est Redis  ?"
    assert REPLACED.sub("", "如果用 Redis 而不是 MySQL 呢？") == "如果用 Redis  呢？"
    # the articles come from the language packs (one list per language), and an opener ends a word
    assert REPLACED.sub("", "y si uso redis en lugar del mysql?") == "y si uso redis ?"
    assert REPLACED.sub("", "et si c'est Redis au lieu d'Hologres ?") == "et si c'est Redis  ?"
    assert REPLACED.sub("", "et si c'est Redis au lieu des tables MySQL ?") == "et si c'est Redis  MySQL ?"


def test_every_answer_language_lists_its_articles():
    from faqbot.languages import PACKS

    assert all(p.articles for p in PACKS.values() if p.answers and p.instead_patterns)
