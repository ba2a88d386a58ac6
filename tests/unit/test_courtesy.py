"""bot/dialogue/courtesy.py: a turn that only thanks or greets, in its language; anything more is a question."""

from __future__ import annotations

import pytest
from faqbot.bot.dialogue.courtesy import GREETING, THANKS, courtesy


@pytest.mark.parametrize(
    ("text", "kind", "lang"),
    [
        ("gracias", THANKS, "es"),
        ("¡Muchas gracias! 🙏", THANKS, "es"),
        ("merci beaucoup", THANKS, "fr"),
        ("ok merci", THANKS, "fr"),
        ("thank you very much!!!", THANKS, "en"),
        ("ok thanks", THANKS, "en"),
        # an eighteenth trial: thanks with an acknowledgement or "anyway" got three closest entries
        ("merci, c'est clair", THANKS, "fr"),
        ("ok merci quand meme", THANKS, "fr"),
        ("gracias de todas formas", THANKS, "es"),
        ("ok, está claro, gracias", THANKS, "es"),
        ("makes sense, thanks anyway", THANKS, "en"),
        ("danke schön", THANKS, "de"),
        ("谢谢！", THANKS, "zh"),
        ("Bonjour", GREETING, "fr"),
        ("hola", GREETING, "es"),
        ("hi there", GREETING, "en"),
        ("Hallo", GREETING, None),  # German and Dutch: the conversation's language decides
        ("thanks, that fixed it", THANKS, "en"),
        ("ça marche, merci", THANKS, "fr"),
        ("merci, ca a regle le pb", THANKS, "fr"),
        ("ya funciona", THANKS, "es"),
        # a twentieth trial: thanks with one word more got the closest entries again
        ("grazie, funziona!", THANKS, "it"),
        ("好的，谢谢", THANKS, "zh"),
        ("Danke trotzdem", THANKS, "de"),
        ("ok, muito obrigado", THANKS, "pt"),
        ("het werkt nu, bedankt", THANKS, "nl"),
        ("dank je wel", THANKS, "nl"),
        # a thirty-second trial: a sign-off after thanks got the closest entries
        ("merci ! c'est tout", THANKS, "fr"),
        ("gracias, eso es todo", THANKS, "es"),
        ("thanks, that's all", THANKS, "en"),
        # a twenty-third trial: "thanks, that helps" got the closest entries again
        ("thanks, that helps", THANKS, "en"),
        ("this was really helpful, thank you", THANKS, "en"),
        ("merci, ça aide", THANKS, "fr"),
        ("gracias, eso me ayudó mucho", THANKS, "es"),
    ],
)
def test_thanks_and_greetings_in_their_language(text, kind, lang):
    c = courtesy(text)
    assert c is not None and (c.kind, c.language) == (kind, lang), c


@pytest.mark.parametrize(
    "text",
    [
        "ok",  # an acknowledgement alone may wait for more
        "c'est clair",
        "thanks, that fixed it? no, still failing",
        "merci, et pour le sink ?",
        "gracias, y para el sink?",
        "hello, my kafka source fails",
        "Thanks. Why?",
        "that worked?",
        "ça ne marche pas",
        "no funciona",
        "non funziona",
        "não funcionou",
        "es funktioniert nicht",
        "好的，为什么？",
        "hi, the Hologres sink reports Backpressure exceeds reject limit",
        "ayuda",  # a call for help, not thanks
        "that helps?",
        "it helps to lower the parallelism",
        "",
    ],
)
def test_anything_more_is_a_question(text):
    assert courtesy(text) is None


def test_reading_a_turn_takes_linear_time():
    """One pattern repeating the phrases' alternation backtracked over "ok ok ... x": 5 s for ten words ("ok" is four
    packs' acknowledgement), holding the GIL. Read phrase by phrase, any turn up to the length checked is read at once
    (CPU time, with a wide margin for a loaded machine, as tests/unit/test_textproc_linear.py does)."""
    import time

    from faqbot.bot.dialogue.courtesy import LONGEST
    from faqbot.bot.dialogue.words import QUOTED_MESSAGE

    for text in ("ok " * 19 + "x", "merci " * 9 + "x", "gracias ok vale " * 3 + "x", "thanks " * 8 + "x"):
        start = time.process_time()
        assert courtesy(text[:LONGEST]) is None
        assert time.process_time() - start < 0.1, text
    start = time.process_time()
    QUOTED_MESSAGE.search("'" + "a'b" * 1300)
    QUOTED_MESSAGE.search("'" + " ab" * 1300)
    assert time.process_time() - start < 0.1
