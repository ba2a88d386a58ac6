"""What a question says was already done or checked (bot/answers/done.py), and the parts that say to do it
(bot/answers/parts_score.py signal `done`), on crafted entries in English, French and Spanish."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.done import clauses, done_query, done_turn, undone
from faqbot.bot.answers.parts_score import SIGNALS, PartQuery, relevance, said_done
from faqbot.ingest.parts import upgrade_versions
from faqbot.ingest.records import Part
from faqbot.ingest.textproc import tokenize


@pytest.mark.parametrize(
    ("question", "names", "tested"),
    [
        ("I already set allowMultiQueries=true in the URL but it still fails", {"allowmultiqueries"}, set()),
        ("Ya añadí characterEncoding=UTF-8 a la URL y sigo teniendo el error", {"characterencoding", "utf-8"}, set()),
        ("Flink cannot read from Kafka; telnet to the broker works fine", set(), {"network", "connect", "whitelist"}),
        ("version 1.15.2, telnet OK. still no data", set(), {"network", "connect", "whitelist"}),
        ("j'ai déjà ajouté le bloc CIDR à la liste blanche, mais rien", set(), {"whitelist"}),
        ("el telnet al broker funciona, pero no llega nada", set(), {"network", "connect", "whitelist"}),
    ],
)
def test_done_and_checked_clauses_name_what_was_done(question, names, tested):
    # inside a question of its own, no ordinary words (the third item: a turn's, `turn=True`)
    assert done_query(question, "en") == (frozenset(names), frozenset(tested), frozenset(), frozenset())


@pytest.mark.parametrize(
    "question",
    [
        # ordinary words name no fix for sure: the ROW-type fix answered this post
        "I tried the create the table that has the type array(nested()), but it didn't work.",
        # a client of the user's own working says nothing of Flink's DDL
        "kcat from my laptop with `-X security.protocol=SASL_SSL` works fine",
        "The job works fine for an hour and then fails",
        "Error: table already exists",
        "la conexión no funciona bien",
    ],
)
def test_what_rules_nothing_out(question):
    assert done_query(question, "en") == (frozenset(), frozenset(), frozenset(), frozenset())


def test_the_rest_of_the_question_keeps_its_names():
    q = "I already set allowMultiQueries=true, but ADB still says multi-statement be found"
    done, checked, other = clauses(q)
    assert done == ["I already set allowMultiQueries=true"] and not checked
    assert "allowMultiQueries" not in undone(q) and "multi-statement be found" in undone(q)
    # a name the rest of the question also uses is asked about, not done
    assert done_query("I already set allowMultiQueries=true; is allowMultiQueries=true wrong?", "en") == (
        frozenset(),
        frozenset(),
        frozenset(),
        frozenset(),
    )


def _query(question: str) -> PartQuery:
    done, checked, _words, _unused = done_query(question, "en")
    return PartQuery({"set", "url"}, "en", {}, set(), None, done, checked)


def test_a_part_saying_to_do_what_was_done_loses_to_one_that_does_not():
    fix_a = Part("item", "Contact support for a connector built with driver 5.1.46.", fix=True)
    fix_b = Part("item", "Set allowMultiQueries=true in the URL of the table.", fix=True)
    q = "I already set allowMultiQueries=true in the URL"
    qy = _query(q)
    assert said_done(fix_b.text, qy) and not said_done(fix_a.text, qy)
    assert relevance(fix_b, fix_b.text, qy) < relevance(fix_a, fix_a.text, qy)
    assert SIGNALS["done"] < 0
    # without the done clause the same part is the better one
    plain = PartQuery({"set", "url", "allowmultiqueri"}, "en", {}, set(), None)
    assert relevance(fix_b, fix_b.text, plain) > relevance(fix_a, fix_a.text, plain)


@pytest.mark.parametrize(
    "question",
    [
        "telnet to the broker is not ok",
        "le telnet ne marche pas",
        "el telnet al broker no funciona",
        "la conexión no funciona bien",
        # a negation of any pack's words before the result: the packs' `negation_words`
        "le telnet au broker ne passe pas",
        "telnet to the broker never works",
        "el ping al broker nunca responde",
    ],
)
def test_a_failed_check_is_no_check_passed(question):
    done, checked, _other = clauses(question)
    assert not done and not checked


@pytest.mark.parametrize(
    ("turn", "kind"),
    [
        # says what was done, in words or names: the entry's other fixes
        ("I already changed the startup position to earliest", "done"),
        ("I already set allowMultiQueries=true in the URL", "done"),
        ("j'ai déjà augmenté la mémoire du TaskManager", "done"),
        ("ya revisé la política de caché y está bien", "done"),
        ("telnet to the broker works", "done"),
        # names only the fix just given: "that did not work"
        ("I tried that", "failed"),
        ("I already did that, what else?", "failed"),
        ("j'ai déjà fait ça", "failed"),
        ("ya lo hice", "failed"),
        # a question of its own, or nothing done
        ("I already set up a Kafka source; now how do I write to Hologres?", ""),
        ("Flink cannot read from Kafka", ""),
    ],
)
def test_a_turn_saying_only_what_was_done(turn, kind):
    assert done_turn(turn) == kind


def test_a_turn_saying_only_what_was_done_names_it_in_its_words_too():
    """After an answer (`turn=True`: a follow-up asking for the fixes), not inside a question of its own."""
    turn = "ya revisé la política de caché de la tabla de dimensión"
    assert done_query(turn, "es", turn=True)[2] == {"polit", "cach", "tabl", "dimension"}
    assert not done_query(turn, "es")[2]
    # a question of its own with more than what was done names nothing in words
    assert not done_query("ya revisé la caché, ¿por qué se pierden registros al escribir en Kafka?", "es", turn=True)[2]


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("how do I fix it for the writing job? we do not use lookup", {"lookup"}),
        ("No space left on device, we don't use lookup joins", {"lookup", "join"}),
        ("I'm not using a dimension table, why is the join slow?", {"dimens", "tabl"}),
        ("comment le corriger ? nous n'utilisons pas de lookup", {"lookup"}),
        ("¿cómo lo soluciono? no usamos lookup", {"lookup"}),
    ],
)
def test_what_the_user_does_not_use_is_read(question, words):
    got = done_query(question, "en")[3]
    assert {w[:5] for w in got} >= {w[:5] for w in words}, got
    assert not got & set(tokenize(undone(question), "en")), undone(question)  # names asked about come from the rest


@pytest.mark.parametrize(
    "question",
    [
        "we don't have access to the TaskManager logs",  # a symptom, not what is not used
        "no tengo permisos para leer la tabla",
        "the job does not use the new offsets after a restart",  # the job, not the user
        "How do I use lookup joins?",
    ],
)
def test_what_says_nothing_about_what_is_not_used(question):
    assert done_query(question, "en")[3] == frozenset()


def test_a_part_naming_what_is_not_used_is_not_given_as_the_fix():
    lookup = Part("item", "Set lookup.cache-max-disk-size for jobs that use a lookup join.", True)
    write = Part("item", "For jobs that write to a table, set write-buffer-spillable.", True)
    qy = PartQuery(set(), "en", {}, set(), None, *done_query("how do I fix it? we do not use lookup", "en"))
    assert said_done(lookup.text, qy) and not said_done(write.text, qy)
    assert relevance(lookup, lookup.text, qy) < relevance(write, write.text, qy)


@pytest.mark.parametrize(
    ("turn", "name"),
    [
        ("I set kubernetes.application-mode.classpath.include-user-jar to true", "include-user-jar"),
        ("we enabled table.exec.source.idle-timeout, still nothing", "table.exec.source.idle-timeout"),
        ("j'ai mis table.exec.source.idle-timeout à 5 s, toujours rien", "table.exec.source.idle-timeout"),
        ("puse table.exec.source.idle-timeout en 5 s y sigue igual", "table.exec.source.idle-timeout"),
        ("he puesto allowMultiQueries=true en la URL", "allowmultiqueries"),
    ],
)
def test_a_turn_after_an_answer_saying_what_it_set_names_it(turn, name):
    names = done_query(turn, "en", turn=True)[0]
    assert any(name in n for n in names), names
    # in a question of its own the same words describe the setup (perhaps the mistake): nothing is done
    assert done_query(turn, "en")[0] == frozenset()


@pytest.mark.parametrize(
    "turn",
    [
        "How do I set table.exec.source.idle-timeout?",
        "should we enable table.exec.mini-batch.enabled?",
        "where do I set kubernetes.application-mode.classpath.include-user-jar?",
        "what if I set table.exec.source.idle-timeout to 5 s?",
        "¿cómo cambiamos table.exec.source.idle-timeout?",
        "why does my Kafka source read nothing after I restarted the job from table.exec.source.idle-timeout?",
        "since we upgraded table.exec.source.idle-timeout the window is late",
    ],
)
def test_a_turn_asking_how_to_set_something_says_nothing_was_done(turn):
    assert done_query(turn, "en", turn=True)[0] == frozenset()


@pytest.mark.parametrize(
    ("question", "names", "tested"),
    [
        # a ninth trial: German turns saying what was done or checked were read as saying nothing
        ("compaction.delta_commits ist schon auf 1 gesetzt", {"compaction.delta_commits"}, set()),
        ("telnet zum Broker funktioniert schon, der Port 9092 ist offen", set(), {"network", "connect", "whitelist"}),
        ("Wir haben bereits characterEncoding=UTF-8 gesetzt, aber der Fehler bleibt", {"characterencoding", "utf-8"},
         set()),
    ],
)
def test_german_done_and_checked_clauses(question, names, tested):
    got = done_query(question, "en")
    assert got[0] == frozenset(names) and got[1] == frozenset(tested), got
    assert done_turn(question) == "done"


@pytest.mark.parametrize(
    ("question", "tested"),
    [
        # a ninth trial: a parallelism of 1 is the entries' "single-threaded" writing
        ("I already reduced the parallelism to 1 for the sink, still deadlocks", True),
        ("ya puse el paralelismo del sink en 1 y sigue el deadlock", True),
        ("j'ai déjà mis le parallélisme à 1, toujours le même interblocage", True),
        ("并行度已经设置为1了，还是死锁", True),
        # another parallelism is not that; nor is a version or an option ending in 1
        ("I already set the parallelism to 16, still deadlocks", False),
        ("I already set parallelism to 12 and upgraded to 1.15.1", False),
    ],
)
def test_what_was_done_in_other_words_than_the_entries(question, tested):
    assert ("single-threaded" in done_query(question, "en")[0]) == bool(tested)


@pytest.mark.parametrize(
    ("turn", "lang", "word"),
    [
        # a tenth trial: "already" then a present tense says it is done, the verb kept as what was done
        ("ya consumo desde el principio (initial) y sigue igual", "es", "consum"),
        ("ya uso upsert-kafka y sigue igual", "es", "upsert"),
        ("on consomme déjà depuis le début et rien ne change", "fr", "consomm"),
        # "ya no" is "no longer": nothing done
        ("ya no funciona", "es", ""),
        # a state, not something done: "with the job already running"
        ("inserté filas con el job ya corriendo", "es", ""),
    ],
)
def test_already_doing_something_is_done(turn, lang, word):
    assert done_turn(turn) == ("done" if word else "")
    assert (word in done_query(turn, lang, turn=True)[2]) if word else not any(done_query(turn, lang, turn=True))


@pytest.mark.parametrize(
    ("text", "versions"),
    [
        # the corpus's forms of a fix that is a version to run (English, French, Spanish)
        ("Upgrade to VVR 8.0.9 or a later version and restart the job.", ["8.0.9"]),
        ("Solution 2: Use VVR 8.0.5 or later. The connector automatically handles the cleanup.", ["8.0.5"]),
        ("This issue is fixed in Realtime Compute for Apache Flink 8.0.11.", ["8.0.11"]),
        ("To resolve this issue, upgrade your Flink version to vvr-6.0.7-flink-1.15 or later.", ["6.0.7"]),
        ("Effectuez une mise à niveau vers la version VVR 8.0.9 ou ultérieure, puis redémarrez le job.", ["8.0.9"]),
        ("Solution 2 : Utilisez la version VVR 8.0.5 ou ultérieure.", ["8.0.5"]),
        ("Actualice a la versión 8.0.9 o posterior.", ["8.0.9"]),
        # a version named otherwise is no upgrade: a range, where the user came from, a syntax
        ("This exception occurs in versions VVR 8.0.5 to VVR 8.0.8.", []),
        ("We upgraded from 1.13 last week.", []),
        ("Use the 1.15 syntax.", []),
    ],
)
def test_a_fix_that_is_a_version_to_run(text, versions):
    assert upgrade_versions(text) == versions


@pytest.mark.parametrize(
    ("turn", "done"),
    [
        # a tenth trial: "we are on VVR 8.0.10 already, still happens" was told to upgrade to 8.0.9
        ("we are on VVR 8.0.10 already, still happens", True),
        ("on est déjà en VVR 8.0.10, ça continue", True),
        ("ya estamos en VVR 8.0.10 y sigue pasando", True),
        ("我们已经是 8.0.10 了，还是报错", True),
        # without "already" a version is a detail whose branch the answer takes (follows.only_version)
        ("we are on VVR 8.0.10", False),
        ("estamos en la 8.0.9", False),
    ],
)
def test_already_running_a_version_is_done(turn, done):
    assert done_turn(turn) == ("done" if done else "")
    assert ("8.0.10" in done_query(turn, "en", turn=True)[0] or "8.0.9" in done_query(turn, "en", turn=True)[0]) == done


@pytest.mark.parametrize(
    ("turn", "lang", "ran"),
    [
        ("we are on VVR 8.0.10 already", "en", True),
        ("we are on VVR 8.0.9 already", "en", True),
        ("we are on VVR 8.0.5 already", "en", False),  # before the fix's version: the upgrade is still the fix
        ("on est déjà en VVR 8.0.10", "fr", True),
    ],
)
def test_an_upgrade_is_done_on_its_version_or_a_later_one(turn, lang, ran):
    fix = {
        "en": "Upgrade to VVR 8.0.9 or a later version and restart the job.",
        "fr": "Effectuez une mise à niveau vers la version VVR 8.0.9 ou ultérieure, puis redémarrez le job.",
    }[lang]
    qy = PartQuery(set(), lang, {}, set(), None, *done_query(turn, lang, turn=True))
    assert said_done(fix, qy) == ran
    # the cause naming the user's version is not what they did ("occurs in VVR 8.0.5 to VVR 8.0.8")
    assert not said_done("This exception occurs in versions VVR 8.0.5 to VVR 8.0.8.", qy)


@pytest.mark.parametrize(
    ("turn", "kind"),
    [
        # an eleventh trial: the long, natural form of "we are on ... already" was read as a question of its own
        ("we are on vvr-8.0.5-flink-1.17 already, still duplicates after every failover", "done"),
        ("ya estamos en VVR 8.0.10, pero sigue duplicando filas tras cada failover", "done"),
        # a contrast that asks something is a question of its own
        ("we are on VVR 8.0.10 already, but what about the duplicate rows written after a failover?", ""),
    ],
)
def test_a_turn_going_on_with_the_problem_after_what_was_done(turn, kind):
    assert done_turn(turn) == kind


def test_a_version_as_the_product_writes_it_is_a_version():
    from faqbot.bot.answers.parts_score import run_version

    assert run_version("vvr-8.0.5-flink-1.17") == "8.0.5"
    assert run_version("8.0.10") == "8.0.10"
    assert run_version("allowmultiqueries=true") == ""
    qy = PartQuery(set(), "en", {}, set(), None, *done_query("we are on vvr-8.0.5-flink-1.17 already", "en", turn=True))
    assert said_done("To resolve this issue, upgrade your Flink version to vvr-6.0.7-flink-1.15 or later.", qy)


@pytest.mark.parametrize(
    ("question", "names"),
    [
        # an eleventh trial: "our DDL already was accessId and accessKey, not access.id": names written against Chinese
        # characters, and "本来就是" (it already was so)
        ("我们的DDL里本来就是accessId和accessKey，不是access.id", {"accessid", "accesskey"}),
        # a twelfth trial's kind: a fix the user cannot apply is ruled out as one done is
        ("our security team requires SSL, we can't set useSSL=false", {"usessl"}),
        ("we cannot use allowMultiQueries=true here", {"allowmultiqueries"}),
    ],
)
def test_what_was_done_or_cannot_be_done_is_named(question, names):
    assert done_query(question, "en")[0] == frozenset(names)


@pytest.mark.parametrize(
    "turn",
    [
        "I already set index.global.enabled=true, we use index.type=bucket",
        "j'ai déjà mis index.global.enabled=true, on utilise index.type = bucket",
    ],
)
def test_a_setup_stated_with_its_value_leaves_a_turn_saying_what_was_done(turn):
    """A setting with its value is one word of the clause beside the done one (it was three: "index.type", "=",
    "bucket", and the turn was searched as a question of its own); the done words are not the name's pieces."""
    assert done_turn(turn) == "done"
    names, _tested, words_done, _unused = done_query(turn, "en", turn=True)
    assert names == frozenset({"index.global.enabled"})
    assert not words_done & {"global", "index", "enabl", "true"}, words_done
