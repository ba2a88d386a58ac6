"""What the user says they already did or checked, so that an answer does not tell them to do it again (a new
user's trial: "telnet OK" got the network check; docs/eval.md, sixteenth session).

A clause is a sentence, or a piece of one between commas or before a contrast ("... but it still fails",
"mais", "pero"). Two kinds, from the language packs (every pack's patterns are tried: the entry answering may be
in another language than the question):
- **done** (`done_patterns`: "I already set allowMultiQueries=true", "ya tengo characterEncoding=UTF-8 en la
  URL"): the identifiers it holds (options, camel-case and dotted names: `textproc.identifiers`) that the
  rest of the question does not also name are what was done. Only identifiers count: ordinary words ("I tried
  to create the table with type array(nested())") name no fix of the FAQ's for sure, and read as done they
  hid the ROW-type fix that answered that post; "ADB" and "URL" are in every part of their entries.
- **checked** (`checked_patterns`: "telnet to the broker works fine", "the network is OK"): what the check
  tested, in the English entries' words (`CHECKS`; a done clause's too: "already added it to the
  whitelist"). "kcat ... works fine" names no such check and rules nothing out: the user's client is not
  Flink's DDL.
A part holding one of these says to do what was done (parts_score signal `done`). A third kind, **unused**
(`unused_patterns`: "we do not use lookup", "nous n'utilisons pas de table de dimension"): the words after it name
what is not the user's case; a part holding half of them is not given as their fix either (a sixth trial: "how
do I fix it for the writing job? we do not use lookup" opened on the lookup cache's settings).

A turn after an answer that says nothing but what was done (`done_turn`: "I already increased binlog retention",
"ya revisé la política de caché de la tabla de dimensión") is about the entry under discussion: its fixes less
what it did, named or, in such a turn only, in its ordinary words; "I tried that" names only the fix just given.
"""

from __future__ import annotations

import re
from functools import lru_cache

from faqbot.ingest.textproc import identifiers, tokenize
from faqbot.languages import CJK, alternatives, words

# the packs written without spaces too ("并行度已经设置为1了")
_DONE = re.compile("|".join(filter(None, (alternatives("done_patterns", s) for s in (True, False)))), re.IGNORECASE)
_CHECKED = re.compile(alternatives("checked_patterns", True), re.IGNORECASE)
_UNUSED = re.compile(alternatives("unused_patterns", True), re.IGNORECASE)
_TURN_DONE = re.compile(alternatives("turn_done_patterns", True), re.IGNORECASE)
_CANNOT = re.compile(alternatives("cannot_patterns", True), re.IGNORECASE)
_CONTRAST = "|".join(re.escape(w) for w in sorted(words("contrast_words"), key=len, reverse=True))
# a clause ends at a comma, a line break or . ; ! ? before a space (not inside "9.0.1"), or at their full-width
# Chinese forms; a contrast word opens one
_CLAUSE = re.compile(rf"[.;!?]+(?=\s|$)|,|[\n¡¿，。；！？]|\s+(?=(?:{_CONTRAST})\b)", re.IGNORECASE)
_OPENS_CONTRAST = re.compile(rf"(?:{_CONTRAST})\b", re.IGNORECASE)
# what a check tests, in the words of the (English) entries: a working telnet rules out the network path
# and the whitelists a connection crosses
CHECKS: dict[str, str] = {
    "telnet": "network connectivity whitelist",
    "ping": "network connectivity",
    "nc": "network connectivity whitelist",
    "netcat": "network connectivity whitelist",
    "curl": "network connectivity whitelist",
    "network": "network connectivity",
    "connectivity": "network connectivity",
    "whitelist": "whitelist",
    # the same checks named in French and Spanish (the entries' words stay English)
    "réseau": "network connectivity",
    "connectivité": "network connectivity",
    "conectividad": "network connectivity",
    "netzwerk": "network connectivity",
    "liste blanche": "whitelist",
    "lista blanca": "whitelist",
}
_CHECK_RE = re.compile(r"\b(" + "|".join(map(re.escape, CHECKS)) + r")\b", re.IGNORECASE)
# what was done, said in other words than the entries' (a ninth trial: "I already reduced the parallelism to 1 for
# the sink, still deadlocks" was told to "try writing data in a single-threaded manner"): a pattern of the user's
# words, in any pack's language, and the English entries' term for it (a name of what was done)
DONE_AS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"(?:parallelism|parall[ée]lisme|paralelismo|parallelit[äa]t|并行度|并发)\D{0,24}?(?<![\d.])1(?![\d.])"
            r"|single[- ]thread|un seul thread|un solo hilo",
            re.IGNORECASE,
        ),
        "single-threaded",
    ),
)


# A text saying no more than the version the user runs ("we are on vvr-6.0.3-flink-1.15", "estamos en la 8.0.9"):
# its other words are the products a version is of, the packs' `version_words` ("using", "estamos") and function
# words (bot/dialogue/follows.py only_version: a detail whose version branch the answer takes). With one of the
# packs' `already_words` ("we're on VVR 8.0.10 already", "ya estamos en la 8.0.10") the upgrades to it are done
# (`states_version`; bot/answers/parts_score.py). A version: "8.0.9", "v6.0.7", "vvr-6.0.3-flink-1.15".
VERSION_TOKEN = re.compile(r"^(?:v|vvr)?-?\d+(?:[.\-]\w+)*$|^vvr(?:-[\w.]+)?$", re.I)
BESIDES_VERSION = frozenset({"vvr", "flink"} | set(words("version_words")) | set(words("function_words")))
_ALREADY = frozenset(words("already_words"))
_CONTRACTION = re.compile(r"['’](?:re|m|s)\b", re.I)
VERSION_TEXT_WORDS = 8  # longer, a text says more than its version


def version_split(text: str) -> tuple[list[str], list[str]]:
    """(the versions of a short text, its other words), lower-cased; ([], []) for a text of more than
    VERSION_TEXT_WORDS words."""
    tokens = re.findall(r"[\w.\-]+", text.lower())
    if len(tokens) > VERSION_TEXT_WORDS:
        return [], []
    versions = [w for w in tokens if VERSION_TOKEN.match(w) and any(c.isdigit() for c in w)]
    return versions, [w for w in tokens if w not in versions]


def states_version(clause: str) -> bool:
    """Whether a clause says nothing but that the user already runs a version."""
    versions, rest = version_split(_CONTRACTION.sub(" ", clause))  # "we're on ... already": "we ... on"
    return bool(versions) and any(w in _ALREADY for w in rest) and all(w in BESIDES_VERSION | _ALREADY for w in rest)


def clauses(question: str, turn: bool = False) -> tuple[list[str], list[str], list[str]]:
    """(the clauses saying something was done, those saying a check passed, the others); with `turn`, a turn
    after an answer, "I set X" says it was done too (`turn_done_patterns`)."""
    done: list[str] = []
    checked: list[str] = []
    other: list[str] = []
    for clause in _CLAUSE.split(question):
        clause = clause.strip()
        if not clause:
            continue
        # "we're already on VVR 8.0.10" says what was done in a question of its own too: "already" is in it
        said = _DONE.search(clause) or _CANNOT.search(clause) or states_version(clause)
        was_done = said or (turn and _TURN_DONE.search(clause))
        (done if was_done else checked if _CHECKED.search(clause) else other).append(clause)
    return done, checked, other


def _without_done(clause: str) -> str:
    return _TURN_DONE.sub(" ", _CANNOT.sub(" ", _DONE.sub(" ", clause)))


def tried_words(question: str, lang: str) -> frozenset[str]:
    """The words, in `lang`, of what a turn after an answer says it did, whatever it says came of it ("j'ai déjà
    augmenté le parallélisme, ça ne change rien": augment, parallel); none for a version it runs."""
    done, _checked, _other = clauses(question, turn=True)
    return frozenset(tokenize(" ".join(_without_done(c) for c in done if not states_version(c)), lang))


def undone(question: str) -> str:
    """The question without what it says was done, checked or not used (the names it asks about are in the
    rest)."""
    done, checked, other = clauses(question)
    rest = [c for c in other if not _UNUSED.search(c)]
    return " ".join(rest) if done or checked or len(rest) < len(other) else question


def unused(question: str, lang: str) -> frozenset[str]:
    """The tokens, in `lang`, of what the question says the user does not use ("we do not use lookup")."""
    out: set[str] = set()
    for clause in _CLAUSE.split(question):
        m = _UNUSED.search(clause)
        if m:
            out.update(tokenize(clause[m.end() :], lang))
    return frozenset(out)


@lru_cache(maxsize=1024)
def done_query(
    question: str, lang: str, turn: bool = False
) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """(the names of what the question says was done, lower-cased; the tokens, in the entry's language
    `lang`, of what the checks it says passed tested; with `turn`, a follow-up asking for the fixes, and when it
    says only what was done, its words in `lang`; the tokens of what it says is not used): what
    parts_score.PartQuery takes. All empty for a question that says none of these."""
    names, tested = _names_tested(question, lang, turn)
    words_done: frozenset[str] = frozenset()
    if turn and done_turn(question) == "done":
        # the whole turn, after an answer, is what was done ("ya revisé la política de caché de la tabla de
        # dimensión"): its ordinary words name it too. Not in a question of its own, where they may be its topic
        # (a real post's "I tried to create the table with the type array(nested())": identifiers only there)
        done, _checked, _other = clauses(question, turn=True)
        # (a version it says it runs is no words of a fix: "we are on VVR 8.0.5 already" does not rule out the
        # cause "occurs in VVR 8.0.5 to VVR 8.0.8"; the upgrades to it are done by version: parts_score.py)
        # (nor is a name it gives, nor that name's value: `names` has it whole, and "set index.global.enabled=true"
        # is not done by a part saying "global" and "true")
        said = [_unnamed(_without_done(c), names) for c in done if not states_version(c)]
        # (another language's function words are no words of it: "no podemos cambiar la config del broker" read
        # against an English entry is config, broker)
        words_done = frozenset(t for t in tokenize(" ".join(said), lang) if t not in _FUNCTION_WORDS)
    return names, tested, words_done, unused(question, lang)


def _unnamed(clause: str, names: frozenset[str]) -> str:
    for n in names:
        clause = re.sub(re.escape(n) + _VALUE.pattern + "?", " ", clause, flags=re.IGNORECASE)
    return clause


def checks_named(text: str) -> frozenset[str]:
    """The tokens (English) of what the checks a text names test, in any pack's words: "la connectivité réseau"
    names the network's connectivity as "telnet works" does (bot/answers/ruled_out.py)."""
    return frozenset(tokenize(" ".join(CHECKS[m.group(1).lower()] for m in _CHECK_RE.finditer(text)), "en"))


def _names_tested(question: str, lang: str, turn: bool = False) -> tuple[frozenset[str], frozenset[str]]:
    done, checked, other = clauses(question, turn)
    if not (done or checked):
        return frozenset(), frozenset()
    names = set(identifiers(_spaced(" ".join(done)))) - set(identifiers(_spaced(" ".join(other))))
    said = " ".join(done + checked)
    tested = " ".join(CHECKS[m.group(1).lower()] for m in _CHECK_RE.finditer(said))
    # the entries' term, matched whole as a name is ("single" alone is in "a single Flink job")
    names |= {english for pattern, english in DONE_AS if pattern.search(said)}
    # the words are the English entries': an entry in another language is not searched for them
    return frozenset(names), frozenset(tokenize(tested, lang) if lang == "en" else ())


# Chinese (Japanese, Korean) written against a name: "本来就是accessId和accessKey" names accessId and accessKey, which
# a word boundary does not separate from the characters around them
_CJK_RUN = re.compile(f"[{CJK}]+")


def _spaced(text: str) -> str:
    return _CJK_RUN.sub(lambda m: f" {m.group(0)} ", text)


# a setting's value after its name: "=true", " = 'bucket'"
_VALUE = re.compile(r"\s*=\s*'?[\w.\-]+'?")
# a turn saying only what was done ("I already increased binlog retention", "ya revisé la política de caché")
# after an answer: its other clauses hold at most this many words besides function words ("what else", "but")
DONE_TURN_REST = 2
# ... and after a fix it cannot apply, at most this many: why it cannot ("it's managed by another team")
CANNOT_REST = 4
# what was done, in fewer words than this besides the done verb ("I tried that", "j'ai déjà fait ça"): the fix the
# answer just gave, as "that did not work" says
NAMES_WHAT = 2
# (a setting with its value is one word: "we use index.type=bucket" says what the setup is, in two words)
_WORD = re.compile(rf"[^\W\d_][\w.\-]*(?:{_VALUE.pattern})?", re.UNICODE)
_FUNCTION_WORDS = frozenset(words("function_words")) | set(words("contrast_words"))


def content_words(text: str) -> int:
    """The words of a text besides any language's function words and contrast words ("but", "pero")."""
    return sum(w.lower() not in _FUNCTION_WORDS for w in _WORD.findall(text))


def done_turn(question: str) -> str:
    """What a turn that says only what the user did or checked asks of the entry under discussion: "done" (its
    other fixes; bot/service.py) when it names what, "failed" when it names only the fix just given ("I tried
    that"), "" when it says no such thing or asks something of its own (a fifth trial: "I already changed the
    startup position to earliest" was searched as typed, and the next turn lost the Kafka topic). Only ever asked of
    a turn after an answer: "I set X" counts as done."""
    done, checked, other = clauses(question, turn=True)
    if "?" not in question and "？" not in question:
        # a clause opening on a contrast word in a turn asking nothing says the problem goes on ("we are on
        # vvr-8.0.5-flink-1.17 already, still duplicates after every failover": an eleventh trial)
        other = [c for c in other if not _OPENS_CONTRAST.match(c)]
    # a fix the user cannot apply comes with why ("it's managed by another team", "we need all logs")
    rest = CANNOT_REST if any(_CANNOT.search(c) for c in done) else DONE_TURN_REST
    if not (done or checked) or any(content_words(c) > rest for c in other):
        return ""
    named = sum(content_words(_without_done(c)) for c in done) + len(checked)
    return "done" if named >= NAMES_WHAT or any(_names_tested(question, "en", turn=True)) else "failed"
