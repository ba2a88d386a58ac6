"""Answer building from crafted text: see-also passages, citation repair (no index, no model)."""

from __future__ import annotations

from faqbot.bot.answer import repair_citations


def test_see_also_quotes_what_the_entry_says_to_do():
    from faqbot.bot.compose import gist

    body = (
        "• Cause\n\n  This occurs because dropping the table does not remove its associated publication.\n\n"
        "• Solution\n\n  Solution 1: In Hologres, run the drop publication xx; statement.\n\n"
        "  Solution 2: Use VVR 8.0.5 or later. The connector automatically handles the cleanup."
    )
    q = "Which VVR version cleans up the publication of a recreated table?"
    # "Solution 2: …" is a label with its content on the same line: the content is a candidate
    assert gist(body, q, "en") == "Use VVR 8.0.5 or later. The connector automatically handles the cleanup."
    # a rare word outweighs common ones
    weights = {"vvr": 0.1, "version": 0.1, "clean": 0.1, "public": 5.0, "recreat": 0.1, "tabl": 0.1}
    assert gist(body, q, "en", weights).startswith("This occurs because dropping the table")


def test_repair_citations():
    text, dropped = repair_citations("Use X [1] and Y [4] or [2].", 2)
    assert text == "Use X [1] and Y  or [2]." and dropped == [4]
