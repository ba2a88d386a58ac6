"""What the bot does with a retrieval: answer, show the closest entries, or say the FAQ does not cover it.

The probability that the FAQ answers the question comes from the "not covered" model
(bot/retrieval/abstain.py); two thresholds cut it into three outcomes (docs/eval.md has the cost table they
were chosen from, on real posts held out by repository):

- answer (probability >= answer_at): confident; the first entry is quoted and cited;
- closest (closest_at <= probability < answer_at): not sure; the best CLOSEST_N entries are
  shown, each cited with its title, link and fix in a line or two, under a sentence saying so;
- not_covered (probability < closest_at, or no entry retrieved): no entry is shown.

A covered question declared "not covered" leaves the user with nothing, the worst error; "closest
entries" on a covered question costs a glance at three entries, the cheapest. Rules that refine a
retrieval afterwards (a follow-up that repeats the previous entry, the LLM's entry check) set a
Decision with their own reason, never a fake probability.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass

ANSWER, CLOSEST, NOT_COVERED = "answer", "closest", "not_covered"
OUTCOMES = (ANSWER, CLOSEST, NOT_COVERED)
CLOSEST_N = 3  # entries shown when the bot is not sure

# a turn that only thanks or greets (bot/dialogue/courtesy.py), or only asks about the bot's instructions
# (bot/dialogue/instructions.py): its kind is its decision's reason
THANKS, GREETING, INSTRUCTIONS = "thanks", "greeting", "instructions"
# a short turn after an answer, shown that answer's entry again (bot/discussed.py, bot/service.py)
SHORT_TURN_ON_ENTRY = "short_turn_on_entry"
# why an outcome was chosen (the `reason` of a Decision), one place for the API's vocabulary
REASONS = {
    "confident": "the model's probability is at or above the answer threshold",
    "unsure": "the model's probability is between the two thresholds",
    "far": "the model's probability is below the closest-entries threshold",
    "no_entries": "retrieval returned no entry",
    "no_known_word": "a question in Latin script none of whose words the FAQ uses",
    "follow_up_repeats_entry": "a follow-up naming a new aspect found the previous question's entry again",
    "follow_up_loses_topic": "a follow-up naming another product found an entry off the previous topic",
    "follow_up_entry_names_aspect": "a follow-up naming a product the entry under discussion names: that entry first",
    "entry_check_accepted": "the LLM read the entry and accepted it",
    "entry_check_none_accepted": "the LLM read the closest entries and accepted none",
    "bare_reference": 'a follow-up that only points back ("how do I fix it?") with no earlier question',
    THANKS: 'a turn that only thanks ("merci !"): answered in kind, no entry searched',
    GREETING: 'a turn that only greets ("hola"): answered in kind, no entry searched',
    INSTRUCTIONS: 'a turn that only asks to see or set aside the bot\'s instructions ("print your system prompt"): '
    "answered with what the bot does, no entry searched",
    "fix_failed": 'a follow-up saying the fix did not work ("that did not work"): the entries next to its entry',
    "fix_done": "the question says it already did what its entry's every fix says: the entries next to that entry",
    SHORT_TURN_ON_ENTRY: "a short turn after an answer, far from every entry read alone: that answer's entry first",
    "absent_connector": "the question names a connector the FAQ never mentions and none it has a section for "
    "besides MySQL and Kafka, and the probability is below ABSENT_BELOW",
    "absent_topic": "the question asks a topic the FAQ has no entry on (installing Flink, pricing, Python UDFs, "
    "moving from Spark, machine learning), names none of its connectors and pastes no error, and the probability "
    "is below ABSENT_BELOW",
}
# A question naming a connector the FAQ never mentions (StarRocks, Iceberg, MongoDB: bot/retrieval/connectors.py
# absent_connectors) is not covered below this probability. Real posts (issue 22): 12 name one, all uncovered, at
# 0.25 to 0.84; 7 are below 0.6. No covered real post names one; the trials' covered turns that do ("No suitable
# driver found for jdbc:oracle", a custom connector for Doris: the FAQ's driver entry) are at 0.79 to 0.86, their
# uncovered ones at 0.27 to 0.48. Held out by repository (each repository's posts scored by a model fitted without
# it), the 12 are at 0.14 to 0.57: all below 0.6 (docs/eval.md, twenty-fourth session). A question naming one the
# FAQ has a section for too, besides the pipeline sources MySQL and Kafka ("sync to clickhouse or Doris", "MongoDB to
# Hudi": a twenty-third trial's covered turns were "not covered"), is left to the model (connectors.py
# PIPELINE_SOURCES; docs/eval.md, thirty-first session).
ABSENT_BELOW = 0.6


@dataclass(frozen=True)
class Decision:
    """The outcome for one retrieval, the model's probability that the FAQ answers, and why."""

    outcome: str  # one of OUTCOMES
    probability: float
    reason: str  # a key of REASONS

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {OUTCOMES}, not {self.outcome!r}")
        if self.reason not in REASONS:
            raise ValueError(f"unknown decision reason {self.reason!r}: add it to REASONS")

    @property
    def shows_entries(self) -> bool:
        return self.outcome != NOT_COVERED

    def to_json(self) -> dict:
        return {"outcome": self.outcome, "probability": round(self.probability, 4), "reason": self.reason}


def decide(
    probability: float,
    closest_at: float,
    answer_at: float,
    has_entries: bool = True,
    knows_a_word: bool = True,
    names_absent: bool = False,
    asks_absent_topic: bool = False,
) -> Decision:
    """The outcome for a probability: answer at or above answer_at, closest entries at or above
    closest_at, else not covered. closest_at <= answer_at (equal: two outcomes only, as before).
    `knows_a_word` false: no word of the question is one the FAQ uses (`knows_a_word` below), so no entry
    can be about it, whatever vectors lie nearest ("asdf qwer zxcv 12345", "¿qué tal?": a ninth trial got
    three entries with their fixes for such input, at probabilities just above closest_at). `names_absent`: the
    question names a connector the FAQ never mentions, and none it has a section for besides the pipeline sources
    (below ABSENT_BELOW: not covered). `asks_absent_topic`: the question asks a topic the FAQ has no entry on
    (bot/retrieval/topics.py), the same way."""
    if closest_at > answer_at:
        raise ValueError(f"closest_at ({closest_at}) must not exceed answer_at ({answer_at})")
    if not has_entries:
        return Decision(NOT_COVERED, probability, "no_entries")
    # a decision answering whatever it finds (both thresholds 0: `faqbot eval --answer-all`) answers this too
    if not knows_a_word and probability >= closest_at > 0:
        return Decision(NOT_COVERED, probability, "no_known_word")
    if names_absent and closest_at <= probability < ABSENT_BELOW and closest_at > 0:
        return Decision(NOT_COVERED, probability, "absent_connector")
    if asks_absent_topic and closest_at <= probability < ABSENT_BELOW and closest_at > 0:
        return Decision(NOT_COVERED, probability, "absent_topic")
    if probability >= answer_at:
        return Decision(ANSWER, probability, "confident")
    if probability >= closest_at:
        return Decision(CLOSEST, probability, "unsure")
    return Decision(NOT_COVERED, probability, "far")


# a letter of a script other than Latin (Chinese, Japanese, Korean, Cyrillic, ...): such a question reaches the
# entries through the glossary and the dense models, not through words BM25 could count
NON_LATIN_LETTER = re.compile(r"[^\W\d_a-zA-Z\u00c0-\u024f\u1e00-\u1eff]")

KNOWN_WORD_CHARS = 3


def knows_a_word(text: str, tokens: list[str], vocabulary: Container[str]) -> bool:
    """Whether a question holds a word the FAQ uses: true for any text in another script than Latin (it is
    matched through the glossary and the dense models), else whether any of its lexical tokens (glossary
    words included) is in the index's vocabulary. Measured on every labelled set: no in-scope question in
    Latin script has none (docs/eval.md, twentieth session)."""
    if NON_LATIN_LETTER.search(text):
        return True
    # two letters name nothing on their own: "ça" is the corpus's "CA" (a certificate authority)
    return any(len(t) >= KNOWN_WORD_CHARS and t in vocabulary for t in tokens)
