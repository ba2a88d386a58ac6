"""What a short turn asks of the entry under discussion (bot/dialogue/conversation.py entry_request): its
cause, its SQL or configuration, or that its fix did not work; a turn pasting an error of its own is a new
question whatever it opens with; a version number is no option a follow-up names. Found by a third
new-user trial: "why?", "give me the SQL", "that did not work" were searched as words alone, and "also,
another job fails with IllegalArgumentException ..." was declined as a follow-up off the topic."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.answer import Turn
from faqbot.bot.dialogue.conversation import resolve
from faqbot.bot.dialogue.follows import is_follow_up
from faqbot.bot.dialogue.names import is_hyphen_name, options
from faqbot.bot.dialogue.requests import entry_request, focus

PREVIOUS = "Kafka window aggregation produces no result at all"


@pytest.mark.parametrize(
    "text,kind",
    [
        ("why?", "cause"),
        ("Why does this happen?", "cause"),
        ("pourquoi ?", "cause"),
        ("¿por qué?", "cause"),
        ("为什么？", "cause"),
        ("show me the configuration example", "code"),
        ("donne-moi la configuration", "code"),
        ("muéstrame el código", "code"),
        # an eighteenth trial: "give me the JDBC url" was searched alone and got another entry's URL
        ("give me the JDBC url", "code"),
        ("donne-moi l'url jdbc", "code"),
        ("¿la url?", "code"),
        ("it doesn't help", "failed"),
        ("ça ne marche toujours pas", "failed"),
        ("sigue igual", "failed"),
        ("还是不行", "failed"),
        ("how do I fix it?", "fix"),
        # a question of its own: a why that goes on, a long turn, nothing asked of an entry
        ("why is the Hologres sink slower than the MySQL one?", ""),
        ("why does my Kafka source read nothing after I restarted the job from a savepoint yesterday?", ""),
        ("Paimon compaction is slow", ""),
    ],
)
def test_a_short_turn_asks_the_entry_for_its_cause_code_or_says_its_fix_failed(text, kind):
    assert entry_request(text) == kind


def test_nothing_is_asked_of_an_entry_without_an_earlier_turn():
    assert focus("why?", []) == ""
    assert focus("why?", [Turn("user", PREVIOUS), Turn("assistant", "...")]) == "cause"


@pytest.mark.parametrize("turn", ["why?", "give me the SQL", "that did not work", "pourquoi ?", "dame el SQL"])
def test_a_request_about_the_entry_stands_for_the_previous_question(turn):
    history = [Turn("user", PREVIOUS), Turn("assistant", "...")]
    assert resolve(turn, history).query == PREVIOUS


def test_the_topic_outlives_a_few_short_turns():
    history = []
    for turn in (PREVIOUS, "why?", "give me the SQL", "that did not work"):
        history += [Turn("user", turn), Turn("assistant", "...")]
    standalone = resolve("and for the sink?", history).query
    assert "window" in standalone and "aggregation" in standalone


@pytest.mark.parametrize(
    "text",
    [
        "also, my other job now throws java.sql.BatchUpdateException: Incorrect string value for column 'title'",
        "y además otro job lanza IllegalArgumentException: timeout value is negative, ¿qué hago?",
    ],
)
def test_a_turn_pasting_its_own_error_is_a_new_question(text):
    assert not is_follow_up(text)
    history = [Turn("user", PREVIOUS), Turn("assistant", "...")]
    assert resolve(text, history).query == text


def test_a_short_follow_up_naming_an_exception_is_still_one():
    assert is_follow_up("and with an EOFException?")


def test_a_version_number_is_no_option():
    assert options("¿y en la versión 6.0.7?") == set()
    assert options("and with vvr 8.0.11?") == set()
    assert options("and with scan.startup.mode?") == {"scan.startup.mode"}


@pytest.mark.parametrize("word,name", [("est-elle", False), ("faut-il", False), ("peut-on", False), ("a-t-il", False),
                                       ("upsert-kafka", True), ("mysql-cdc", True), ("kafka-json", True)])
def test_a_verb_and_its_pronoun_are_no_connector_name(word, name):
    """Replaying the trial with the resume rule: "pourquoi la clé primaire est-elle obligatoire ?" named
    "est-elle" as a new product, and the follow-up checks declined the turn ("not covered")."""
    assert is_hyphen_name(word) is name


def test_a_french_question_with_an_inversion_names_no_new_aspect():
    asked = "'upsert-kafka' tables require to define a PRIMARY KEY constraint"
    history = [Turn("user", asked), Turn("assistant", "...")]
    turn = resolve("et pourquoi la clé primaire est-elle obligatoire ?", history)
    assert "est-elle" not in turn.new_aspect and not turn.names_product


@pytest.mark.parametrize(
    "text,kind",
    [
        # a fourth trial: both were searched as typed (more than 10 words) and found unrelated entries
        ("ça n'a pas marché, j'ai toujours la même erreur", "failed"),
        ("that did not work, still nothing comes out of the window", "failed"),
        # its own error pasted: a new question, however it opens
        ("that did not work, now the job fails with IllegalArgumentException: timeout value is negative", ""),
    ],
)
def test_saying_the_fix_failed_takes_a_few_words_more(text, kind):
    assert entry_request(text) == kind


@pytest.mark.parametrize(
    ("first", "follow_up", "new"),
    [
        # a seventh trial: ClickHouse and the sink were named by the question before; nothing is new
        ("rows written to clickhouse sink only show up after a while", "what about the upsert side in clickhouse, "
         "can the sink retract rows?", ()),
        ("la table sink ClickHouse se remplit lentement", "et les suppressions dans ClickHouse ?", ()),
        # a product or a role the question before did not name still is
        ("rows written to clickhouse sink only show up after a while", "and for Paimon?", ("Paimon",)),
        ("My Kafka source lags behind", "and for the sink?", ("sink",)),
    ],
)
def test_a_follow_up_names_anew_only_what_the_question_before_did_not(first, follow_up, new):
    turn = resolve(follow_up, [Turn("user", first), Turn("assistant", "...")])
    assert all(n in turn.new_aspect for n in new), turn.new_aspect
    assert turn.names_product is (new == ("Paimon",))
    if not new:
        assert turn.new_aspect == ()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # an eighth trial: "ok and is that normal?" was searched as a question of its own
        ("ok and is that normal?", "cause"),
        ("thanks, and how do I fix it?", "fix"),
        ("d'accord, et pourquoi ?", "cause"),
        ("vale, ¿y por qué?", "cause"),
        ("alles klar, und warum passiert das?", "cause"),
        ("great, give me the SQL", "code"),
        ("ok that did not work", "failed"),
        # an acknowledgement alone asks nothing; a problem of its own after one is a question of its own
        ("ok", ""),
        ("ok so the job now fails with IllegalArgumentException: timeout value is negative", ""),
        ("and for the sink?", ""),
    ],
)
def test_a_request_after_an_acknowledgement_is_that_request(text, kind):
    assert entry_request(text) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a ninth trial: what was done, then the new error: it stayed on the entry under discussion
        ("ya lo cambié a upsert-kafka y ahora dice que la tabla necesita PRIMARY KEY", ""),
        ("I switched to upsert-kafka and now it says the table requires a PRIMARY KEY", ""),
        ("j'ai mis upsert-kafka et maintenant il dit qu'il faut une PRIMARY KEY", ""),
        ("ich habe upsert-kafka gesetzt, jetzt kommt PRIMARY KEY fehlt", ""),
        # what was done alone, or with the same symptom, is still about the entry
        ("ya uso upsert-kafka y sigue igual", "failed"),
        ("I switched to upsert-kafka", "done"),
    ],
)
def test_what_was_done_then_a_new_symptom_is_a_question_of_its_own(text, kind):
    assert entry_request(text) == kind


@pytest.mark.parametrize(
    ("turn", "kind"),
    [
        ("¿otra cosa que pueda hacer?", "failed"),  # "what else can I do?", not another subject (a twelfth trial)
        ("donc quoi faire concrètement ?", "fix"),
    ],
)
def test_what_else_and_what_to_do_in_other_words(turn, kind):
    from faqbot.bot.dialogue.words import NEW_TOPIC

    assert entry_request(turn) == kind
    assert not NEW_TOPIC.search(turn)
    assert NEW_TOPIC.search("otra cosa: el job falla al arrancar")  # another subject still is one


def test_a_follow_up_keeps_the_previous_question_s_first_word():
    """"维表 join 不上" (dimension table join finds nothing) then "那缓存怎么设" (and how do I set the cache): the
    first word, 维表, was always left out of the follow-up's query (a thirty-third trial got Paimon's disk cache);
    "Elasticsearch sink loses data" then "what about the source?" lost Elasticsearch the same way."""
    zh = resolve("那缓存怎么设", [Turn("user", "维表 join 不上 结果全是 null"), Turn("assistant", "...")]).query
    assert "维表" in zh and "null" in zh
    en = resolve("what about the source?", [Turn("user", "Elasticsearch sink loses data"), Turn("assistant", "...")])
    assert "Elasticsearch" in en.query and "sink" not in en.query
