"""The messages entry titles name (bot/retrieval/error_titles.py), on written titles and texts."""

from __future__ import annotations

import numpy as np
from faqbot.bot.retrieval.error_titles import error_title_bonus, error_title_index

UPDATES_TITLE = (
    'How do I fix the "doesn\'t support consuming update and delete changes which is produced by node Scan" error?'
)
UPDATES_TEXT = (
    f"{UPDATES_TITLE}\n\nThe error message looks like:\n\nTable sink 'vvp.default.***' doesn't support consuming "
    "update and delete changes which is produced by node Scan(table=[[vvp, default, ***]])\n\nReplace it with an "
    "upsert sink."
)
OTHER = ("Error: No suitable driver found", "Error: No suitable driver found\n\nAdd the JDBC driver to the job.")


def _index() -> list[tuple[int, str]]:
    return error_title_index([[UPDATES_TITLE], [OTHER[0]]], [UPDATES_TEXT, OTHER[1]])


def test_a_title_quoting_the_middle_of_a_message_is_completed_from_the_entry_s_own_line():
    """A twenty-first trial's report, "Table sink 'orders_joined' doesn't support consuming update and delete changes
    which is produced by node Join(...)", missed the entry whose title quotes the message from "doesn't": the message
    is the entry's line from its start, its masked table standing for any, its last word (the node) left out."""
    completed = (
        "table sink 'vvp.default.***' doesn't support consuming update and delete changes which is produced by node"
    )
    assert _index() == [(0, completed), (1, "no suitable driver found")]
    post = (
        "Deployment fails: Table sink 'default_catalog.default_database.orders_joined' doesn't support consuming "
        "update and delete changes which is produced by node Join(joinType=[LeftOuterJoin])"
    )
    assert error_title_bonus(_index(), post, 2, 0.08).tolist() == [0.08, 0.0]


def test_the_same_words_after_another_start_are_another_error():
    """ "StreamPhysicalWindowAggregate doesn't support consuming update and delete changes" is a window operator's
    error, which an upsert sink does not fix: a real post labelled uncovered; only the quoted middle is shared."""
    post = (
        "StreamPhysicalWindowAggregate doesn't support consuming update and delete changes which is produced by node "
        "ChangelogNormalize(key=[id])"
    )
    assert not np.any(error_title_bonus(_index(), post, 2, 0.08))


def test_a_message_a_title_quotes_in_single_quotes_is_its_error():
    """"MaxCompute job fails with 'Invalid partition spec'" names a failure, not an "error", and quotes in single
    quotes: a real post quoting "IllegalArgumentException: Invalid partition spec." had the entry second, after an
    entry titled with the exception class. An apostrophe is no quote."""
    titles = [
        ["MaxCompute job fails with 'Invalid partition spec'"],
        ["'No more available blockId' error in MaxCompute jobs"],
        ["Error in the sink's 'Buffer' setting: it doesn't flush"],
        ["Échec du job MaxCompute avec 'Invalid partition spec'"],
    ]
    index = error_title_index(titles, ["a", "b", "c", "d"])
    assert index == [(0, "invalid partition spec"), (1, "no more available blockid"), (3, "invalid partition spec")]
    post = "java.lang.IllegalArgumentException: Invalid partition spec.\n不理解是哪里有错误？"
    assert error_title_bonus(index, post, 4, 0.08).tolist() == [0.08, 0.0, 0.0, 0.08]
