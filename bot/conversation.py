"""Follow-up questions ("and with Paimon?", "et en SQL ?", "and for the sink?") made standalone using the
history, and the check that a follow-up naming a new aspect is not answered with the previous entry."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from faqbot.ingest.textproc import detect_language, fold, identifiers, tokenize

from .answer import Turn
from .phrases import LANGUAGE_NAMES

if TYPE_CHECKING:
    from .llm import LLMBackend
    from .retrieve import HybridRetriever, Retrieval

# Openers that refer back to the previous question, in the three languages.
_REFERS_BACK = re.compile(
    r"^\s*(and|what about|how about|same|also|et|et pour|et avec|et en|qu'en est-il|pareil|aussi|"
    r"y|y con|y en|y para|¿y|igual|también)\b",
    re.IGNORECASE,
)
_PRONOUNS = re.compile(r"\b(it|this|that|ça|cela|celui|celle|ce|esto|eso|ello|lo)\b", re.IGNORECASE)
SHORT = 6
# "how do I fix it?", "comment le corriger ?", "¿y cómo lo soluciono?": asks for the fix of the
# entry under discussion, not for a new search
_ASKS_FIX = re.compile(
    r"\b(how (do|can|should|would) (i|we|you) (fix|solve|resolve|repair|correct)|how to (fix|solve|resolve)|"
    r"what(’s|'s| is) the (fix|solution)|fix (it|this|that)|"
    r"comment (le |la |les |l'|l’)?(corriger|résoudre|réparer|régler)|quelle est la solution|"
    r"c[oó]mo (lo |la |los |las |se )?(soluciono|soluciona|solucionar|arreglo|arreglar|resuelvo|resolver|"
    r"corrijo|corregir)|cu[aá]l es la soluci[oó]n)",
    re.IGNORECASE,
)
FIX_WORDS = 10  # a longer question names its own problem: it is searched as it is
# How far below the previous question's entry an entry titled with a follow-up's new aspect may
# score and still be the one cited ("and for the sink?" after "... troubleshoot source reading
# issues?": the sink entry scored 0.957, the source one 0.976)
ASPECT_MARGIN = 0.05

# Where a table sits in a job, per language: the one list of role words. A follow-up naming one
# role ("and for the sink?", "et pour le sink ?", "¿y para el destino?") replaces the role the
# previous question named ("My Kafka source ..."), which would otherwise pull back the same entry.
ROLES: dict[str, dict[str, tuple[str, ...]]] = {
    "source": {
        "en": ("source", "source table", "upstream"),
        "fr": ("source", "table source", "amont"),
        "es": ("origen", "orígenes", "fuente", "tabla de origen", "tabla fuente"),
    },
    "sink": {
        "en": ("sink", "sink table", "result table", "downstream"),
        "fr": ("sink", "table sink", "table de résultats", "table résultat", "aval", "destination"),
        "es": ("sink", "tabla sink", "destino", "tabla de resultados", "tabla de destino"),
    },
    "dimension": {
        "en": ("dimension table", "lookup table", "lookup"),
        "fr": ("table de dimension", "table de dimensions"),
        "es": ("tabla de dimensiones", "tabla dimensional"),
    },
}
# "and in Spanish?", "et en espagnol ?", "¿y en inglés?": the same question, answered in that language
_IN = r"(?:in|en)"


def _phrase_pattern(phrases: list[str]) -> re.Pattern[str]:
    """Whole words or phrases (a plural "s" allowed), with or without accents, never inside an
    identifier such as table.exec.source.idle-timeout."""
    alts = sorted({p for ph in phrases for p in (ph, fold(ph))}, key=len, reverse=True)
    body = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in alts)
    return re.compile(rf"(?<![\w.\-])(?:{body})s?(?![\w.\-])", re.IGNORECASE)


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


def _is_name(word: str) -> bool:
    return word[:1].isupper() and not word.isupper() and fold(word) not in _LANGUAGE_OF


def _is_hyphen_name(word: str) -> bool:
    """upsert-kafka, mysql-cdc: a connector's name as written in a DDL (not French a-t-il)."""
    parts = word.split("-")
    return len(parts) > 1 and all(len(p) > 2 and p.isascii() for p in parts)


def is_follow_up(question: str) -> bool:
    words = re.findall(r"\w+", question)
    return bool(_REFERS_BACK.match(question)) or (len(words) <= SHORT and bool(_PRONOUNS.search(question)))


def _roles(text: str) -> set[str]:
    return {role for role, pattern in _ROLE_RE.items() if pattern.search(text)}


def _role_words(text: str) -> str:
    """The role words a text names, as written ("sink", "table de résultats"), or ""."""
    found = [m.group(0) for pattern in _ROLE_RE.values() for m in pattern.finditer(text)]
    return " ".join(found)


def _options(text: str) -> set[str]:
    """Option names (scan.startup.mode, sink.buffer-flush.max-rows): dotted identifiers."""
    return {i for i in identifiers(text) if "." in i.strip(".")}


def _new_aspect(question: str) -> tuple[str, ...]:
    """What a follow-up names in place of part of the previous question: role words (every
    language's, so the entry can be checked for them), product names, options."""
    aspect = [p for role in _roles(question) for words in ROLES[role].values() for p in words]
    aspect += [w for w in re.findall(r"[\w\-]+", question)[1:] if _is_name(w) or _is_hyphen_name(w)]
    return tuple(aspect + sorted(_options(question)))


def rule_rewrite(question: str, previous: str) -> str:
    """Carry the previous question's topic terms into a short or referring follow-up; what the
    follow-up names anew (a role, a product, an option) replaces the previous question's."""
    if not previous or not is_follow_up(question):
        return question
    lang, _ = detect_language(previous)
    new_terms = set(tokenize(question, lang))
    # a follow-up that names a new product or connector replaces the previous one's
    # (a capitalised word such as Paimon or Hudi; acronyms like SQL are topics, not products)
    names_new = any(_is_name(w) or _is_hyphen_name(w) for w in re.findall(r"[\w\-]+", question)[1:])
    # the role the follow-up names takes the place of the previous question's, where it stood
    # ("My Kafka source ..." -> "My Kafka sink ..."), and so counts twice in the query
    said = _role_words(question)
    for role in _roles(previous) - _roles(question) if said else set():
        previous = _ROLE_RE[role].sub(said, previous)
    options_new = bool(_options(question))
    # words of the previous question that the follow-up does not replace
    kept = [
        w
        for w in re.findall(r"[\w.:\-']+", previous)[1:]
        if len(w) > 2
        and tokenize(w, lang)
        and (not set(tokenize(w, lang)) & new_terms or (said and _roles(w)))
        and not (names_new and (_is_name(w) or _is_hyphen_name(w)))
        and not (options_new and _options(w))
    ]
    return f"{question.strip()} ({' '.join(kept)})"


def asks_for_fix(question: str, history: list[Turn]) -> bool:
    """A short follow-up asking how to fix what the previous answer was about."""
    words = re.findall(r"\w+", question)
    return any(t.role == "user" for t in history) and len(words) <= FIX_WORDS and bool(_ASKS_FIX.search(question))


def focus(question: str, history: list[Turn]) -> str:
    """What part of the entry the answer should quote: "fix" for a how-do-I-fix-it follow-up, else ""."""
    return "fix" if asks_for_fix(question, history) else ""


def _resolve(
    question: str, previous: str, llm: LLMBackend | None = None, history: list[Turn] | None = None
) -> FollowUp:
    """One turn made standalone against the previous one (already standalone)."""
    if not previous:
        return FollowUp(question)
    if _ASKS_FIX.search(question) and len(re.findall(r"\w+", question)) <= FIX_WORDS:
        # the entry under discussion is the one the last question, made standalone, found
        return FollowUp(previous, previous=previous)
    language = None
    asked = _ASKS_LANGUAGE.search(question)
    if asked and is_follow_up(question):
        language = _LANGUAGE_OF[fold(asked.group(1))]
        question = (question[: asked.start()] + question[asked.end() :]).strip()
        if not tokenize(_REFERS_BACK.sub("", question), "en"):  # nothing but the language: same topic
            return FollowUp(previous, language, previous)
    if not is_follow_up(question):
        return FollowUp(question, language)
    aspect = _new_aspect(question)
    if llm is not None and history is not None:
        from .llm import rewrite_with_llm

        rewritten = rewrite_with_llm(llm, question, history)
        if rewritten:
            return FollowUp(rewritten, language, previous, aspect)
    return FollowUp(rule_rewrite(question, previous), language, previous, aspect)


def _resolved(users: list[str]) -> list[str]:
    """Each user turn as the standalone question it stood for, by the rules: a follow-up of a
    follow-up ("and for the sink?" after a question, then "how do I fix it?") keeps the topic of
    the question that opened it, not just the words of the turn before."""
    out: list[str] = []
    for q in users:
        out.append(_resolve(q, out[-1] if out else "").query)
    return out


def resolve(question: str, history: list[Turn], llm: LLMBackend | None = None) -> FollowUp:
    """The question as a standalone one, given the chat so far (with an LLM, a referring follow-up
    is rewritten by the model; the rules are the fallback)."""
    users = _resolved([t.content for t in history if t.role == "user"])
    return _resolve(question, users[-1] if users else "", llm, history)


def standalone_query(question: str, history: list[Turn], llm: LLMBackend | None = None) -> str:
    return resolve(question, history, llm).query


def _mentions(text: str, aspect: tuple[str, ...]) -> bool:
    return bool(_phrase_pattern(list(aspect)).search(text))


def decline_repeat(retriever: HybridRetriever, r: Retrieval, turn: FollowUp) -> Retrieval:
    """A follow-up that names a new aspect ("and for the sink?") but finds first the very entry the
    previous question found, an entry that never names that aspect, is not answered by it: a
    close entry whose title names the aspect is cited instead, else the FAQ does not cover it
    (repeating the entry would pretend it does)."""
    if r.abstained or not r.hits or not turn.new_aspect or not turn.previous:
        return r
    before = retriever.retrieve(turn.previous, language=r.language, k=1)
    top = r.hits[0]
    if not before.hits or before.hits[0].group != top.group:
        return r
    if _mentions("\n".join(c.title + "\n" + c.body for c in top.versions), turn.new_aspect):
        return r
    for h in r.hits[1:]:
        if h.score < top.score - ASPECT_MARGIN:
            break
        if _mentions("\n".join(c.title for c in h.versions), turn.new_aspect):
            hits = [h] + [o for o in r.hits if o is not h]
            return replace(r, hits=hits, features={**r.features, "follow_up_aspect_entry": 1.0})
    return replace(r, abstained=True, features={**r.features, "follow_up_repeats_entry": 1.0})
