"""Follow-up questions ("and with Paimon?", "et en SQL ?", "and for the sink?") made standalone using the
history, and the check that a follow-up naming a new aspect is not answered with the previous entry."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from faqbot.bot.answers.answer import Turn
from faqbot.bot.answers.phrases import LANGUAGE_NAMES
from faqbot.bot.retrieval.corpus_words import CorpusWords, corpus_words
from faqbot.bot.retrieval.decision import NOT_COVERED, Decision
from faqbot.bot.retrieval.reading import Detect
from faqbot.ingest.textproc import detect_language, fold, function_word_scores, identifiers, tokenize
from faqbot.languages import CJK, PACKS, ROLE_KINDS, alternatives

if TYPE_CHECKING:
    from faqbot.bot.llm.backend import LLMBackend
    from faqbot.bot.retrieval.reading import Reading
    from faqbot.bot.retrieval.retrieve import Hit, HybridRetriever, Retrieval

# Han, kana and Hangul are written without spaces: no \\b stands between their words, and a role or
# a name next to them ("那sink呢") is still a word of its own. _WORD is a letter or digit of the
# spaced scripts, what the word boundaries below are made of.
_CJK = CJK
_WORD = rf"[^\W{_CJK}]"
_CJK_RUN = re.compile(rf"[{_CJK}]+")
# The language packs' words, per kind (languages/): openers that refer back to the previous question
# (Chinese ones need no boundary), pronouns, a closing particle that asks about what came before
# ("ClickHouse 呢？"), and requests for the fix of the entry under discussion ("how do I fix it?",
# "comment le corriger ?", "¿y cómo lo soluciono?"), not for a new search.
REFERS_BACK = re.compile(
    rf"^\s*(?:({alternatives('follow_up_patterns', True)})\b|{alternatives('follow_up_patterns', False)})",
    re.IGNORECASE,
)
PRONOUNS = re.compile(
    rf"\b({alternatives('pronoun_patterns', True)})\b|{alternatives('pronoun_patterns', False)}", re.IGNORECASE
)
_ASKS_ABOUT = re.compile("|".join(f for p in PACKS.values() for f in p.asks_about_patterns))
SHORT = 6
ASKS_FIX = re.compile(
    rf"\b({alternatives('fix_request_patterns', True)})|{alternatives('fix_request_patterns', False)}",
    re.IGNORECASE,
)
FIX_WORDS = 10  # a longer question names its own problem: it is searched as it is
# What else a short turn may ask of the entry under discussion, checked in this order: its fix was tried and
# did not help ("that did not work"), its SQL or configuration ("give me the SQL"), its cause ("why?"). Each
# pattern says where it stands itself ("why" only opens a turn that is nothing more), so no \b is added.
ENTRY_REQUESTS = {
    kind: re.compile("|".join(f"(?:{p})" for pk in PACKS.values() for p in getattr(pk, f"{field}_patterns")), re.I)
    for kind, field in (("failed", "failed_fix"), ("code", "code_request"), ("cause", "cause_request"))
}
# How far below the previous question's entry an entry titled with a follow-up's new aspect may
# score and still be the one cited ("and for the sink?" after "... troubleshoot source reading
# issues?": the sink entry scored 0.957, the source one 0.976)
ASPECT_MARGIN = 0.05

# The reasons a follow-up's entry is declined (decline_repeat), and the feature saying that the turn was
# then answered as typed, read alone (bot/service.py)
REPEATS_ENTRY, LOSES_TOPIC = "follow_up_repeats_entry", "follow_up_loses_topic"
DECLINED = (REPEATS_ENTRY, LOSES_TOPIC)
READ_ALONE = "follow_up_read_alone"
ENTRY_BEFORE = "follow_up_entry_before"  # a request about the entry, after a declined follow-up: the one before

# Where a table sits in a job, per language (the packs' roles): a follow-up naming one role ("and for
# the sink?", "et pour le sink ?", "¿y para el destino?") replaces the role the previous question
# named ("My Kafka source ..."), which would otherwise pull back the same entry.
ROLES: dict[str, dict[str, tuple[str, ...]]] = {
    role: {code: p.roles[role] for code, p in PACKS.items() if p.roles.get(role)} for role in ROLE_KINDS
}
# "and in Spanish?", "et en espagnol ?", "¿y en inglés?": the same question, answered in that language
_IN = r"(?:in|en)"


def _phrase_pattern(phrases: list[str]) -> re.Pattern[str]:
    """Whole words or phrases (a plural "s" allowed), with or without accents, never inside an
    identifier such as table.exec.source.idle-timeout."""
    alts = sorted({p for ph in phrases for p in (ph, fold(ph))}, key=len, reverse=True)
    body = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in alts)
    return re.compile(rf"(?<!{_WORD}|[.\-])(?:{body})s?(?!{_WORD}|[.\-])", re.IGNORECASE)


_NOUNS_CAPITALISED = frozenset(code for code, p in PACKS.items() if p.capitalised_nouns)
_ROLE_RE = {role: _phrase_pattern([p for words in by_lang.values() for p in words]) for role, by_lang in ROLES.items()}
_LANGUAGE_OF = {fold(name): code for names in LANGUAGE_NAMES.values() for code, name in names.items()}
_ASKS_LANGUAGE = re.compile(
    rf"\b{_IN}\s+({'|'.join(sorted({n for names in LANGUAGE_NAMES.values() for n in names.values()}))})\b",
    re.IGNORECASE,
)


@dataclass
class FollowUp:
    """A user turn as the standalone question it stands for."""

    query: str  # what retrieval reads
    language: str | None = None  # the answer language the turn asked for ("and in Spanish?")
    previous: str = ""  # the previous question, made standalone, when this turn followed it
    # what the turn put in place of part of the previous question (a role's words, a name, an option)
    new_aspect: tuple[str, ...] = ()
    names_product: bool = False  # whether what it names anew is a product or connector (Hologres, upsert-kafka)
    # nothing but another language ("and in French?"): the entry under discussion, not a new search
    same_entry: bool = False
    # a short request about the previous question's entry ("why?", "comment le corriger ?"): it stands for
    # that question, but is answered in the language it is typed in (bot/dialogue/query.py)
    about_entry: bool = False


def _is_name(word: str, known: frozenset[str] = frozenset()) -> bool:
    """A product or connector's name: a capitalised word such as Paimon (acronyms like SQL are
    topics, not products), or one typed in lower case that the corpus writes capitalised (hologres)."""
    if fold(word) in _LANGUAGE_OF:
        return False
    return (word[:1].isupper() and not word.isupper()) or word.lower() in known


def _name_words(text: str) -> list[str]:
    """The words of the spaced scripts that may be names. An opening word is capitalised whatever it
    is and is left out, unless the text is Chinese (or Japanese, Korean): it has no capitals, so a
    capitalised word in it is a name wherever it stands ("ClickHouse 呢？"). In German every noun is
    capitalised: there a word is a name only as the corpus writes names (known) or in mixed case."""
    words = re.finditer(rf"{_WORD}(?:{_WORD}|-)*", text)
    cjk = bool(_CJK_RUN.search(text))
    nouns = _capitalises_nouns(text)
    return [_as_name(m.group(0), nouns) for m in words if cjk or text[: m.start()].strip(" ¿¡\"'")]


def _capitalises_nouns(text: str) -> bool:
    """Whether the text's function words are those of a language that capitalises its nouns."""
    scores = function_word_scores(text)
    best = max(scores, key=lambda code: scores[code])
    return scores[best] > 0 and best in _NOUNS_CAPITALISED


def _as_name(word: str, nouns: bool) -> str:
    """A word as a name check reads it: lower-cased, in a language capitalising its nouns, unless
    written in mixed case (ClickHouse, MaxCompute)."""
    return word.lower() if nouns and not re.search(r"[a-z][A-Z]", word) else word


def word_count(text: str) -> int:
    """Words; a run of Chinese (Japanese, Korean) characters counts one word per two characters, a
    Chinese word being one to three characters long (怎么解决: 2)."""
    return len(re.findall(rf"{_WORD}+", text)) + sum((len(run) + 1) // 2 for run in _CJK_RUN.findall(text))


def _is_hyphen_name(word: str) -> bool:
    """upsert-kafka, mysql-cdc: a connector's name as written in a DDL (not French a-t-il)."""
    parts = word.split("-")
    return len(parts) > 1 and all(len(p) > 2 and p.isascii() for p in parts)


# a Java exception's or error's class name: "IllegalArgumentException", "SQLSyntaxErrorException"
_ERROR_CLASS = re.compile(r"\b[A-Z]\w*(?:Exception|Error)\b")


def is_follow_up(question: str) -> bool:
    short = word_count(question) <= SHORT
    if not short and _ERROR_CLASS.search(question):
        # a turn pasting an error of its own names its own problem, whatever it opens with ("also, another
        # job fails with IllegalArgumentException: ...", "y me sale también ...Exception ..."): a new question
        return False
    return bool(REFERS_BACK.match(question)) or (
        short and bool(PRONOUNS.search(question) or _ASKS_ABOUT.search(question))
    )


def _roles(text: str) -> set[str]:
    return {role for role, pattern in _ROLE_RE.items() if pattern.search(text)}


def _role_words(text: str) -> str:
    """The role words a text names, as written ("sink", "table de résultats"), or ""."""
    found = [m.group(0) for pattern in _ROLE_RE.values() for m in pattern.finditer(text)]
    return " ".join(found)


_VERSION_ONLY = re.compile(r"v?\d+(?:\.\d+)+")


def _options(text: str) -> set[str]:
    """Option names (scan.startup.mode, sink.buffer-flush.max-rows): dotted identifiers. A version number
    (6.0.7) is none: "¿y en la versión 6.0.7?" asks the same entry of a version, whose branch the answer
    takes (bot/answers/parts.py), and entries write it inside names ("vvr-6.0.7-flink-1.15")."""
    return {i for i in identifiers(text) if "." in i.strip(".") and not _VERSION_ONLY.fullmatch(i)}


def _new_aspect(question: str, known: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """What a follow-up names in place of part of the previous question: role words (every
    language's, so the entry can be checked for them), product names, options."""
    aspect = [p for role in _roles(question) for words in ROLES[role].values() for p in words]
    aspect += [w for w in _name_words(question) if _is_name(w, known) or _is_hyphen_name(w)]
    return tuple(aspect + sorted(_options(question)))


def _names_product(question: str, known: frozenset[str]) -> bool:
    return any(_is_name(w, known) or _is_hyphen_name(w) for w in _name_words(question))


def _kept(question: str, previous: str, known: frozenset[str], detect: Detect | None = None) -> list[str]:
    """The previous question's topic words a follow-up carries: all but what it names anew."""
    lang, _ = (detect or detect_language)(previous)
    nouns = lang in _NOUNS_CAPITALISED
    new_terms = set(tokenize(question, lang))
    # a follow-up that names a new product or connector replaces the previous one's
    names_new = _names_product(question, known)
    # the role the follow-up names takes the place of the previous question's, where it stood
    # ("My Kafka source ..." -> "My Kafka sink ..."), and so counts twice in the query
    said = _role_words(question)
    for role in _roles(previous) - _roles(question) if said else set():
        previous = _ROLE_RE[role].sub(said, previous)
    options_new = bool(_options(question))
    # words of the previous question that the follow-up does not replace
    kept = [
        w
        for w in re.findall(rf"[{_CJK}]+|(?:{_WORD}|[.:\-'])+", previous)[1:]
        if len(w) > (1 if _CJK_RUN.match(w) else 2)  # a Chinese word of two characters is a word
        and tokenize(w, lang)
        and (not set(tokenize(w, lang)) & new_terms or (said and _roles(w)))
        and not (names_new and (_is_name(_as_name(w, nouns), known) or _is_hyphen_name(w)))
        and not (options_new and _options(w))
    ]
    return kept


def asks_for_fix(question: str, history: list[Turn]) -> bool:
    """A short follow-up asking how to fix what the previous answer was about."""
    return (
        any(t.role == "user" for t in history)
        and word_count(question) <= FIX_WORDS
        and bool(ASKS_FIX.search(question))
    )


def entry_request(question: str) -> str:
    """What a short turn asks of an entry, by its words alone: "failed", "code", "cause", "fix" or ""."""
    if word_count(question) > FIX_WORDS:
        return ""
    kind = next((k for k, pattern in ENTRY_REQUESTS.items() if pattern.search(question)), "")
    return kind or ("fix" if ASKS_FIX.search(question) else "")


def focus(question: str, history: list[Turn]) -> str:
    """What the answer should quote of the entry under discussion: "fix" for a how-do-I-fix-it follow-up,
    "cause" for "why?", "code" for "give me the SQL", "failed" for "that did not work" (its fix and the
    other entries close to the question: bot/answers/compose.py); "" for a question of its own."""
    return entry_request(question) if any(t.role == "user" for t in history) else ""


def _fix_of_previous(question: str, previous: str, known: frozenset[str]) -> bool:
    """A short request about the previous question's entry (its fix, cause, code; its fix did not work): one
    naming a product the previous question did not ("Kafka 数据倾斜怎么处理" after a Hologres question) asks
    about its own."""
    if not entry_request(question):
        return False
    before = fold(previous)
    return all(fold(w) in before for w in _name_words(question) if _is_name(w, known) or _is_hyphen_name(w))


def _resolve(
    question: str,
    previous: str,
    llm: LLMBackend | None = None,
    history: list[Turn] | None = None,
    known: frozenset[str] = frozenset(),
    detect: Detect | None = None,
    before: FollowUp | None = None,
) -> FollowUp:
    """One turn made standalone against the previous one (already standalone; `before`: as resolved)."""
    if not previous:
        return FollowUp(question)
    if _fix_of_previous(question, previous, known):
        # the entry under discussion is the one the last question, made standalone, found; with the aspect it
        # named ("¿y para Hudi?" then "dame el SQL": the Hudi entry it cited, not the MaxCompute one before it)
        if before is not None and before.query == previous:
            return replace(before, language=None, same_entry=False, about_entry=True)
        return FollowUp(previous, previous=previous, about_entry=True)
    language = None
    asked = _ASKS_LANGUAGE.search(question)
    if asked and is_follow_up(question):
        language = _LANGUAGE_OF[fold(asked.group(1))]
        question = (question[: asked.start()] + question[asked.end() :]).strip()
        if not tokenize(REFERS_BACK.sub("", question), "en"):  # nothing but the language: same topic
            return FollowUp(previous, language, previous, same_entry=True)
    if not is_follow_up(question):
        return FollowUp(question, language)
    aspect = _new_aspect(question, known)
    kept = " ".join(_kept(question, previous, known, detect))
    # a follow-up naming another product asks the previous question's topic of it: what it finds
    # must still be about that topic ("那 ClickHouse 呢？" after a Hologres connection error)
    names_product = _names_product(question, known)
    if llm is not None and history is not None:
        from faqbot.bot.llm.backend import rewrite_with_llm

        rewritten = rewrite_with_llm(llm, question, history)
        if rewritten:
            return FollowUp(rewritten, language, previous, aspect, names_product)
    return FollowUp(f"{question.strip()} ({kept})", language, previous, aspect, names_product)


def _resolved(users: list[str], known: frozenset[str], detect: Detect | None = None) -> list[FollowUp]:
    """Each user turn as the standalone question it stood for, by the rules: a follow-up of a
    follow-up ("and for the sink?" after a question, then "how do I fix it?") keeps the topic of
    the question that opened it, not just the words of the turn before."""
    out: list[FollowUp] = []
    for q in users:
        before = out[-1] if out else None
        out.append(_resolve(q, before.query if before else "", known=known, detect=detect, before=before))
    return out


def resolve(
    question: str,
    history: list[Turn],
    llm: LLMBackend | None = None,
    known: frozenset[str] = frozenset(),
    detect: Detect | None = None,
) -> FollowUp:
    """The question as a standalone one, given the chat so far (with an LLM, a referring follow-up
    is rewritten by the model; the rules are the fallback). `known`: corpus_names(retriever)."""
    users = _resolved([t.content for t in history if t.role == "user"], known, detect)
    before = users[-1] if users else None
    return _resolve(question, before.query if before else "", llm, history, known, detect, before)


def _mentions(text: str, aspect: tuple[str, ...]) -> bool:
    return bool(_phrase_pattern(list(aspect)).search(text))


def _text(h: Hit, with_body: bool = True) -> str:
    return "\n".join(c.title + ("\n" + c.body if with_body else "") for c in h.versions)


def _topic_words(title: str, known: frozenset[str]) -> str:
    """A title less its product names: "Data visibility in ClickHouse" -> "Data visibility in"."""
    words = [m.group(0) for m in re.finditer(rf"{_WORD}(?:{_WORD}|-)*", title)]
    return " ".join(
        w for i, w in enumerate(words) if w.lower() not in known and not (i and (_is_name(w) or _is_hyphen_name(w)))
    )


def _keeps_topic(h: Hit, before: Hit, turn: FollowUp, words: CorpusWords) -> bool:
    """Whether an entry is on the topic of the previous question's entry, for a follow-up that
    names another product: it names that entry's title words, less its names ("Data visibility in
    ClickHouse": data, visibility), for more than half their weight (a rare word weighs more),
    read in a language both entries have (English, the corpus's original, first)."""
    if not turn.names_product or h.group == before.group:
        return True
    theirs = {c.language: c for c in h.versions}
    ours = sorted((c for c in before.versions if c.language in theirs), key=lambda c: c.language != "en")
    if not ours:
        return True
    lang = ours[0].language
    want = set(tokenize(_topic_words(ours[0].title, words.names), lang))
    have = set(tokenize(theirs[lang].title + "\n" + theirs[lang].body, lang))
    return not want or 2 * sum(words.idf(t) for t in want & have) > sum(words.idf(t) for t in want)


def decline_repeat(
    retriever: HybridRetriever, r: Retrieval, turn: FollowUp, previous: Reading | None = None
) -> Retrieval:
    """A follow-up that names a new aspect ("and for the sink?") but finds first the very entry the
    previous question found, an entry that never names that aspect, is not answered by it; nor is
    one naming another product ("what about ClickHouse?") by an entry on that product that has lost
    the topic. A close entry that names the aspect (in its title, else in its body: "Checkpoint
    interval and data visibility" is about the Hologres sink) and keeps the topic is cited instead,
    else the FAQ does not cover it (repeating the entry would pretend it does). `previous`: the
    previous question as the turn's Query read it (read here when not given)."""
    if r.abstained or not r.hits or not turn.new_aspect or not turn.previous:
        return r
    if previous is None:
        found = retriever.retrieve(turn.previous, language=r.language, k=1).hits
    else:
        found = retriever.retrieve_query(previous, k=1).hits
    if not found:
        return r
    before, top, words = found[0], r.hits[0], corpus_words(retriever)
    repeats = before.group == top.group
    if (not repeats or _mentions(_text(top), turn.new_aspect)) and _keeps_topic(top, before, turn, words):
        return r
    close = [h for h in r.hits[1:] if h.score >= top.score - ASPECT_MARGIN and _keeps_topic(h, before, turn, words)]
    for with_body in (False, True):
        for h in close:
            if _mentions(_text(h, with_body), turn.new_aspect):
                hits = [h] + [o for o in r.hits if o is not h]
                return replace(r, hits=hits, features={**r.features, "follow_up_aspect_entry": 1.0})
    # Declined, the answer says "not covered" and shows no entry (the declined one would be first
    # among any closest entries); the model's probability is kept as it was, the reason says why.
    feature = REPEATS_ENTRY if repeats else LOSES_TOPIC
    decision = Decision(NOT_COVERED, r.confidence, feature)
    return replace(r, decision=decision, features={**r.features, feature: 1.0})
