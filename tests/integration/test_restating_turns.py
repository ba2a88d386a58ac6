"""A turn that restates what the last answer said, then asks of it in a short closing question that points back
(bot/dialogue/conversation.py `restates_then_asks`): a ninth new-user trial's "some partitions are empty indeed,
we have 12 partitions and only 3 get data. Is there an option for that?" was searched as typed and got three
MaxCompute partition entries. Real index, bot as shipped; turns written for these tests."""

from __future__ import annotations

import pytest

from tests.support import chat, english_title

WINDOW = "No data output from Kafka event time windows"


@pytest.mark.parametrize(
    "turn",
    [
        "right, several partitions are empty: only 2 of our 10 partitions get data. How can we handle that?",
        "indeed some partitions receive no data at all, 4 of 16. Is there a setting for it?",
    ],
)
def test_restating_the_answer_then_asking_of_it_stays_on_its_entry(bot, turn):
    a1, a2 = chat(bot, "My event-time window on a Kafka source never fires", turn)
    assert english_title(a1.citations[0]) == WINDOW
    assert english_title(a2.citations[0]) == WINDOW, [c.title for c in a2.citations]


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        ("Ma fenêtre event-time sur une source Kafka ne se déclenche jamais",
         "en effet, des partitions sont vides : 3 sur 12 reçoivent des données. Comment régler ça ?"),
        ("Mi ventana de event time sobre una fuente Kafka nunca se dispara",
         "sí, hay particiones vacías: solo 3 de 12 reciben datos. ¿Hay alguna opción para eso?"),
    ],
)
def test_french_and_spanish_turns_restating_the_answer_stay_on_its_topic(bot, first, turn):
    a1, a2 = chat(bot, first, turn)
    assert english_title(a1.citations[0]) == WINDOW
    assert WINDOW in [english_title(c) for c in a2.citations[:2]], [c.title for c in a2.citations]
    assert not any("MaxCompute" in english_title(c) for c in a2.citations), [c.title for c in a2.citations]


def test_announcing_another_subject_is_searched_as_a_question_of_its_own(bot):
    a1, a2 = chat(
        bot,
        "My event-time window on a Kafka source never fires",
        "another thing: our Hologres sink shows data only minutes after each checkpoint. Is that normal?",
    )
    assert english_title(a1.citations[0]) == WINDOW
    assert WINDOW not in [english_title(c) for c in a2.citations[:1]], [c.title for c in a2.citations]
