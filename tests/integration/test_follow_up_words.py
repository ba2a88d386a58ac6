"""An "and X?" follow-up naming words no earlier question did, on the real index (questions written for these tests
in a fourteenth new-user trial's forms): the entry under discussion stays first when it writes them (it answers X
too), and an entry titled with them comes first when the entry found first does not write them."""

from __future__ import annotations

import pytest
from faqbot.bot.answers.phrases import phrase

from tests.support import chat, english_title


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        ("INT UNSIGNED column in mysql, what type do I declare in flink sql?", "and BIGINT UNSIGNED?"),
        ("columna INT UNSIGNED en MySQL, ¿qué tipo declaro en Flink SQL?", "¿y BIGINT UNSIGNED?"),
    ],
)
def test_the_entry_under_discussion_that_writes_the_new_words_stays_first(bot, first, turn):
    """The fourteenth trial's C28.2: "and BIGINT UNSIGNED?" went to the Hologres entry titled "Changes to MySQL bigint
    unsigned key type" (the column becomes text when syncing to Hologres); the INT UNSIGNED mapping entry under
    discussion gives BIGINT UNSIGNED's Flink type, DECIMAL(20, 0)."""
    a1, a2 = chat(bot, first, turn)
    title = "INT UNSIGNED mapping: MySQL to Flink SQL"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title, [c.title for c in a2.citations]
    assert "DECIMAL(20, 0)" in a2.parts.body, a2.text


@pytest.mark.parametrize(
    "turns",
    [
        (
            "Hudi MOR table only has log files, no parquet after a day of writing",
            "how do I make compaction happen sooner?",
            "and duplicates in Hudi?",
        ),
        ("Hudi MOR table only has log files, no parquet after a day of writing", "and duplicates?"),
    ],
)
def test_an_entry_titled_with_the_new_words_comes_before_one_that_never_writes_them(bot, turns):
    """The fourteenth trial's U01.3: "and duplicates in Hudi?" kept "Merge On Read has only log files" first and put
    "Handling duplicate data in Hudi" second, 0.03 below it."""
    answers = chat(bot, *turns)
    assert english_title(answers[0].citations[0]) == "Merge On Read has only log files"
    last = answers[-1]
    assert english_title(last.citations[0]) == "Handling duplicate data in Hudi", [c.title for c in last.citations]


def test_and_x_in_the_words_of_the_entry_under_discussion_asks_it_of_that_entry(bot):
    """The fourteenth trial's C02.3: "¿y cómo imprimo los resultados intermedios?" after the no-output checklist (which
    ends on printing intermediate results to the logs) got the closest list again, each entry's same line."""
    first = (
        "Mi job de Flink no escribe nada en la tabla sink, el job está RUNNING pero la tabla de MySQL sigue vacía. "
        "¿Qué reviso?"
    )
    a1, a2 = chat(bot, first, "¿y cómo imprimo los resultados intermedios?")
    title = "Why do I get no output in the sink table?"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title
    assert "imprima los resultados intermedios" in a2.parts.body, a2.text


def test_a_case_told_after_yes_but_stays_on_the_entry_and_quotes_its_case(bot):
    """The fifteenth trial's C16.4: "oui mais moi c'est MOR, pas COW" after the French Hudi duplicates answer (eight
    words with its "oui mais", two over a short statement's six) was searched alone and got three unrelated entries;
    the entry says that a MOR write needs no parameter."""
    turns = (
        "Job Paimon qui plante avec java.io.IOException: No space left on device sur les TaskManagers",
        "et pour Hudi, j'ai des doublons dans ma table MOR, c'est normal ?",
        "oui mais moi c'est MOR, pas COW",
    )
    *_, a2, a3 = chat(bot, *turns)
    title = "Handling duplicate data in Hudi"
    assert english_title(a2.citations[0]) == title
    assert english_title(a3.citations[0]) == title, [c.title for c in a3.citations]
    assert "Pour une écriture MOR, aucun paramètre supplémentaire n'est requis" in a3.parts.body, a3.text


def test_a_restatement_then_a_request_for_the_clause_gets_the_entry_s_configuration(bot):
    """The fifteenth trial's C35.2: "ok so it's access.id vs accessId? show me the corrected WITH clause" after the
    DataHub NoPermissionException answer got the closest list, no DDL."""
    first = "DataHub source table creation fails: NoPermissionException: dhs:ListShard, but the RAM user has access"
    a1, a2 = chat(bot, first, "ok so it's access.id vs accessId? show me the corrected WITH clause")
    title = "DataHub table creation fails with NoPermissionException: dhs:ListShard"
    assert english_title(a1.citations[0]) == title
    assert english_title(a2.citations[0]) == title, [c.title for c in a2.citations]
    assert "'accessId'   = 'your-access-key-id'" in a2.parts.body, a2.text
    key = "code_closest" if a2.decision.outcome == "closest" else "code_lead"
    assert a2.parts.heading == phrase(key, "en", title=a2.citations[0].title), a2.text


def test_which_version_asked_of_an_entry_with_version_branches_gets_every_branch(bot):
    """The fifteenth trial's C11.3: "¿desde qué versión de VVR funciona eso?" after the RocketMQ partition discovery
    entry got the branch before 6.0.2 alone; the answer is in both (before 6.0.2: a failover in 10 to 30 minutes;
    from 6.0.2: read within 1 to 5 minutes, no failover)."""
    first = "vale, ¿y para RocketMQ? mi topic tiene más colas ahora y Flink no las lee"
    a1, a2 = chat(bot, first, "¿desde qué versión de VVR funciona eso?")
    assert english_title(a1.citations[0]) == "Partition change discovery"
    assert english_title(a2.citations[0]) == "Partition change discovery"
    assert "earlier than 6.0.2" in a2.parts.body and "6.0.2 and later" in a2.parts.body, a2.text
