"""How each part of an entry is scored against the question (bot/answers/parts.py chooses from the scores).

A part's score: the share of the question's words it holds (rare words weigh more, and words that
most of the entry's parts hold weigh less), the options, identifiers and names of the question it
holds, whether its version branch is the one the question's version falls in, and the named signals
below (the fix preferred, the error text not).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from faqbot.bot.retrieval.signals import Weight
from faqbot.ingest.parts import upgrade_versions, version_case, version_key
from faqbot.ingest.records import Part
from faqbot.ingest.textproc import fold, tokenize
from faqbot.languages import PACKS, alternatives

# the parts that hold no text of an answer by themselves: a label, a heading, the error as reported
NO_TEXT = ("label", "heading", "problem")

_PARTS = "set with the parts (issue 24, docs/eval.md 'Answers from the parts'); dev answer-has-fact 0.984 with them"
_BLOCKS = "set with fix-first answers (issue 12, docs/eval.md 'Answer length'); not measured one by one"
_DONE = "set with the done clauses (a new user's trial, docs/eval.md sixteenth session): below every other signal's sum"
_STATE = "set with the stated states (a seventh trial: 'we turned on exactly once' got the bullet for it disabled)"
_GIST = (
    "set with the see-also passages (issue 12) and the closest entries' fix lines (issue 22); not measured one by one"
)

# The named weights of answer building, in one place: how a part of an entry (bot/answers/parts.py), a block
# of an entry's body (bot/answers/extract.py: the LLM's passage) and a line of an entry ("see also"
# passages, a closest entry's fix: bot/answers/compose.py) is preferred over another. The ranking's
# are in bot/retrieval/signals.py.
PART_SIGNALS: tuple[Weight, ...] = (
    Weight("name", 0.35, "each option, identifier or name of the question the part holds (at most 3 count)", _PARTS),
    Weight("case_match", 1.0, "the part's version branch is the one the question's version falls in", _PARTS),
    Weight("case_other", -0.8, "the part's version branch is the other one", _PARTS),
    Weight("fix", 0.25, "the part says what to do", _PARTS),
    Weight("problem", -0.4, "the part is the error text: the user has it already", _PARTS),
    Weight("done", -1.0, "the part says to do what the question says was already done or checked", _DONE),
    Weight("state_match", 0.5, "the part is about the state (enabled, disabled) the question's feature is in", _STATE),
    Weight("state_other", -0.5, "the part is about the other state of the question's feature", _STATE),
    Weight("block_solution", 0.6, "a block under a Solution label: the fix proper", _BLOCKS),
    Weight("block_check", 0.4, "a block of checks to work through (troubleshooting)", _BLOCKS),
    Weight("block_cause", 0.3, "a block under a Cause label", _BLOCKS),
    Weight("block_problem", -0.3, "a block of error text (the user has it)", _BLOCKS),
    Weight("block_first", 0.2, "the entry's first block, when it has no label", _BLOCKS),
    Weight("gist_solution", 0.15, "a see-also line under a Solution label", _GIST),
    Weight("gist_fix", 1.0, "a closest entry's line under a Solution label (its fix is what the line is for)", _GIST),
    Weight("gist_line", -0.001, "per line of the entry: of two equal lines, the earlier", _GIST),
    Weight(
        "turn_word",
        3.0,
        "factor on the weight of a follow-up's own words in a closest entry's line, the turns before it carried "
        "in its query: what is asked now ('¿y si uso Tablestore en vez de RDS?' got the unique-key line again)",
        "set with the thirteenth trial's C04.2 (docs/eval.md twenty-fourth session); replays of nine trials",
    ),
)
SIGNALS = {w.name: w.weight for w in PART_SIGNALS}
# a version, also at a sentence's end ("We are on VVR 6.0.1. After ..."): not followed by a letter or by more
# of a number (".1"), but by a full stop it may be (a ninth trial's 6.0.1 was read as no version)
VERSION = re.compile(r"(?<![\w.])(?:vvr-)?(\d+\.\d+(?:\.\d+)?)(?!\w|\.\d)", re.I)
# the packs' words for a version itself (not "using", "run"; not the product's name, "vvr": "can't upgrade vvr this
# week. is there another way?" asks for another fix, not which version)
VERSION_NOUNS = frozenset(fold(w) for p in PACKS.values() for w in p.version_words if fold(w).startswith("vers"))
# the same word in Chinese, Japanese and Korean, found inside a run of text: no space stands before it, and a
# Korean particle is written onto it ("어느 버전부터 그런가요?": a twentieth trial's turn got the closest list again)
VERSION_MARKS = tuple(w for p in PACKS.values() if p.script for w in p.version_words)


def names_version_noun(text: str) -> bool:
    """Whether a text writes a word for a version itself ("versión", "Version", "バージョン"), as a question asking
    which does."""
    if any(mark in text for mark in VERSION_MARKS):
        return True
    return bool({fold(w) for w in re.findall(r"\w+", text.lower())} & VERSION_NOUNS)
# ASCII word characters: a name ends where Korean or Chinese text starts ("OSS에" names OSS)
_NAME = re.compile(
    r"(?<![\w.-])[A-Za-z][\w]*(?:[.\-_][\w]+)+|(?<![\w])[A-Z][a-z]+[A-Z]\w*|(?<![\w])[A-Z]{2,}\w*", re.ASCII
)


def condition(question: str) -> tuple[str, str] | None:
    """What the question says of its version: ("before"|"from", v) for a stated range, ("at", v) for
    a version it names ("on 6.0.5"), else None."""
    case = version_case(question.replace("?", ".").replace("？", "."))
    if not case:
        for sent in re.split(r"(?<=[.!?])\s", question):
            case = version_case(sent)
            if case:
                break
    if case:
        kind, v = case.split(" ", 1)
        return kind, v
    m = VERSION.search(question)
    return ("at", m.group(1)) if m else None


def case_fit(case: str, cond: tuple[str, str] | None) -> int:
    """+1 when a branch ("before 6.0.2") holds for the question's condition, -1 when it does not, 0 unknown."""
    if not case or cond is None:
        return 0
    kind, bound = case.split(" ", 1)
    b, (ask, v) = version_key(bound), (cond[0], version_key(cond[1]))
    if ask == "at":
        holds = v < b if kind == "before" else v >= b
    elif ask == "before":
        holds = kind == "before" and v <= b or kind == "from" and v > b
    else:
        holds = kind == "from" and v >= b or kind == "before" and v < b
    return 1 if holds else -1


def question_names(question: str) -> set[str]:
    """Options, identifiers and capitalised names of the question, lower-cased (Stream Tunnel's "Stream")."""
    found = {m.group(0).lower() for m in _NAME.finditer(question)}
    return {n for n in found if len(n) > 2}


@dataclass
class PartQuery:
    tokens: set[str]
    lang: str
    weights: dict[str, float]
    names: set[str]
    cond: tuple[str, str] | None
    # what the question says was already done (names) or checked (tokens of what was tested): bot/answers/done.py
    done: frozenset[str] = frozenset()
    checked: frozenset[str] = frozenset()
    done_words: frozenset[str] = frozenset()  # a turn saying only what was done: its words (tokens)
    unused: frozenset[str] = frozenset()  # what the question says is not used: its words (tokens)
    # the state the question says a feature is in ("on", "off", ""), and that feature's words (tokens)
    state: tuple[str, frozenset[str]] = ("", frozenset())

    @property
    def q(self) -> tuple[set[str], str, dict[str, float]]:
        return self.tokens, self.lang, self.weights


def relevance(p: Part, text: str, qy: PartQuery) -> float:
    """How much of the question the part answers: its words (rare ones weigh more), names, version; what
    the question says was already done points away from the parts that say to do it."""
    held = _tokens(text, qy.lang)
    total = 1 + sum(qy.weights.get(t, 1.0) for t in qy.tokens)
    lexical = sum(qy.weights.get(t, 1.0) for t in qy.tokens & held) / total
    low = text.lower()
    names = min(3, sum(n in low for n in qy.names))
    fit_ = case_fit(p.case, qy.cond)
    s = lexical + SIGNALS["name"] * names + (SIGNALS["done"] if _done(held, low, qy) else 0.0)
    s += _state_fit(text, held, qy)
    return s + (SIGNALS["case_match"] if fit_ > 0 else SIGNALS["case_other"] if fit_ < 0 else 0.0)


_ON = re.compile(rf"\b(?:{alternatives('on_patterns', True)})\b", re.IGNORECASE)
_OFF = re.compile(rf"\b(?:{alternatives('off_patterns', True)})\b", re.IGNORECASE)
_STATE_CLAUSE = re.compile(r"[^.;,!?\n]+")


def _state_of(text: str) -> str:
    on, off = bool(_ON.search(text)), bool(_OFF.search(text))
    return "on" if on and not off else "off" if off and not on else ""


def stated(question: str, lang: str) -> tuple[str, frozenset[str]]:
    """The state the question says a feature is in ("we turned on exactly once": "on", its words "exactly",
    "once"), from its first clause stating one; ("", ()) when it states none or both."""
    for clause in _STATE_CLAUSE.findall(question):
        state = _state_of(clause)
        if state:
            rest = _OFF.sub(" ", _ON.sub(" ", clause))
            return state, frozenset(tokenize(rest, lang))
    return "", frozenset()


def in_stated_state(texts: list[str], question: str, lang: str) -> list[int] | None:
    """When the question states a feature's state and the texts (an entry's parts) hold that feature in both states,
    the ones in the stated state ("on a activé l'exactly-once": the bullet for exactly-once enabled, not the one for
    it disabled); None otherwise. Such a turn says which case is the user's, not that it did a fix (a twenty-third
    trial's was told the entry's fix had not worked and the FAQ had no other)."""
    state, feature = stated(question, lang)
    if not state:
        return None
    about = {i: _state_of(t) for i, t in enumerate(texts) if feature & _tokens(t, lang)}
    if {"on", "off"} - set(about.values()):
        return None
    return [i for i, st in about.items() if st == state]


def _state_fit(text: str, held: frozenset[str], qy: PartQuery) -> float:
    """A part about the feature the question states a state of: the part in that state gains, the other loses."""
    state, feature = qy.state
    if not state or not feature & held:
        return 0.0
    part = _state_of(text)
    return 0.0 if not part else SIGNALS["state_match"] if part == state else SIGNALS["state_other"]


def local_query(parts: list[Part], texts: list[str], qy: PartQuery) -> PartQuery:
    """The question's words and names weighed by how few of the entry's parts hold them: the entry's
    topic ("TDDL" in every part of a TDDL entry) tells its parts apart no better than nothing."""
    content = [i for i, p in enumerate(parts) if p.kind not in ("label", "heading")]
    if len(content) < 3:
        return qy
    toks = [_tokens(texts[i], qy.lang) for i in content]
    lows = [texts[i].lower() for i in content]
    n = len(content)
    top = math.log((n + 1) / 1.5)
    weights = dict(qy.weights)
    for t in qy.tokens:
        df = sum(t in ts for ts in toks)
        weights[t] = qy.weights.get(t, 1.0) * (math.log((n + 1) / (df + 0.5)) / top if df else 1.0)
    names = {m for m in qy.names if sum(m in low for low in lows) <= max(1, n // 3)}
    return replace(qy, weights=weights, names=names)


def said_done(text: str, qy: PartQuery) -> bool:
    """Whether a part's text says to do what the question says was already done or checked."""
    return bool(qy.done or qy.checked or qy.done_words or qy.unused) and _done(_tokens(text, qy.lang), text.lower(), qy)


# a part holding this share of the words of a turn saying what was done (and two at least) says to do it: "ya
# revisé la política de caché de la tabla de dimensión" and the section on the dimension table's cache policy
DONE_WORDS_SHARE = 0.6
# a part holding this share of the words the question says are not used is not the user's case: "we do not use
# lookup" and the lookup cache's settings (one word: that one)
UNUSED_SHARE = 0.5


# a word of what was done and a part's word meet when one begins the other and the shorter has this many letters:
# "we can't change the broker config" and "configure ... on the Kafka brokers" (stems "config", "configur"; a
# sixteenth trial got that fix again); "check" does not meet "checkpoint"
DONE_PREFIX = 6


def _meets(word: str, held: frozenset[str]) -> bool:
    if word in held or len(word) < DONE_PREFIX:
        return word in held
    return any(len(h) >= DONE_PREFIX and (h.startswith(word) or word.startswith(h)) for h in held)


def _done(held: frozenset[str], low: str, qy: PartQuery) -> bool:
    """Whether the part names what the question says was done, or holds what a passed check tested."""
    shared = sum(_meets(w, held) for w in qy.done_words)
    words = shared >= 2 and shared >= DONE_WORDS_SHARE * len(qy.done_words)
    unused = bool(qy.unused) and len(qy.unused & held) >= UNUSED_SHARE * len(qy.unused)
    # a version is done by running it or a later one, not by naming it: "we are on 8.0.5" does not rule out the
    # cause "occurs in VVR 8.0.5 to VVR 8.0.8"
    names = any(n in low for n in qy.done if not run_version(n))
    return bool(qy.checked & held) or names or words or unused or _upgraded(low, qy)


# a version as a done clause names it: "8.0.10", "vvr-8.0.5-flink-1.17" (the product's own form)
_RUN_VERSION = re.compile(r"(?:vvr-?)?(\d+\.\d+(?:\.\d+)?)(?:-flink-\d+(?:\.\d+)*)?", re.I)


def run_version(name: str) -> str:
    """The version a name of what was done is ("vvr-8.0.5-flink-1.17": "8.0.5"), "" for a name of anything else."""
    m = _RUN_VERSION.fullmatch(name)
    return m.group(1) if m else ""


def version_done(text: str, qy: PartQuery) -> tuple[str, str] | None:
    """(the version the question says the user already runs, the version a fix of `text` upgrades to) when the first
    is the later, else None. Only a version said to be run already ("we are on VVR 8.0.10 already"): "we are on VVR
    8.0.7, does the upgrade help?" asks about the fix, and is given it ("Use VVR 8.0.5 or later")."""
    runs = [v for n in qy.done if (v := run_version(n))]
    if not runs:
        return None  # (the text is not read: relevance asks this of every part)
    pairs = [(r, w) for w in upgrade_versions(text) for r in runs if version_key(w) <= version_key(r)]
    return pairs[0] if pairs else None


def _upgraded(low: str, qy: PartQuery) -> bool:
    """Whether the part's fix is to run a version the user already runs, or one before it ("Upgrade to VVR 8.0.9
    or a later version" for a user already on VVR 8.0.10: a tenth trial was told it again)."""
    return version_done(low, qy) is not None


def bonus(p: Part) -> float:
    """The fix preferred, the error text not (SIGNALS)."""
    return (SIGNALS["fix"] if p.fix else 0.0) + (SIGNALS["problem"] if p.kind == "problem" else 0.0)


@lru_cache(maxsize=8192)
def _tokens(text: str, lang: str) -> frozenset[str]:
    return frozenset(tokenize(text, lang))


def done_fixes(parts: list[Part], texts: list[str], qy: PartQuery) -> set[int]:
    """The fix parts saying to do what the question says was already done, when another fix part does not:
    left out (the answer says it is abridged); when every fix is such, they stay (the user is told the
    entry's fix as it is: bot/answers/done.py)."""
    if not (qy.done or qy.checked or qy.done_words or qy.unused):
        return set()
    fixes = [i for i, p in enumerate(parts) if p.fix and p.kind not in ("label", "heading")]
    done = {i for i in fixes if said_done(texts[i], qy)}
    return done if len(done) < len(fixes) else set()
