"""Follow-up questions ("and with Paimon?", "et en SQL ?", "and for the sink?") made standalone using the
history (a turn going back to an earlier question: bot/dialogue/resume.py; the check that a follow-up naming a
new aspect is not answered with the previous entry: bot/dialogue/aspect.py; what a short turn asks of the entry
under discussion: bot/dialogue/requests.py; the packs' words it is read with: bot/dialogue/words.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from faqbot.bot.answers.answer import Turn
from faqbot.bot.dialogue.asks_answer import UNSAID_MAX, asks_briefly, asks_of_answer, unsaid_words
from faqbot.bot.dialogue.follows import is_follow_up, phrase_pattern, restates_then_asks
from faqbot.bot.dialogue.names import (
    ANSWER_LANGUAGE_NAMES,
    LANGUAGE_OF,
    NOUNS_CAPITALISED,
    is_hyphen_name,
    is_name,
)
from faqbot.bot.dialogue.names import as_name as _as_name
from faqbot.bot.dialogue.names import name_words as _name_words
from faqbot.bot.dialogue.names import names_product as _names_product
from faqbot.bot.dialogue.names import new_names as _new_names
from faqbot.bot.dialogue.names import options as _options
from faqbot.bot.dialogue.requests import entry_request
from faqbot.bot.dialogue.resume import resumed
from faqbot.bot.dialogue.words import (
    ASKS_ABOUT,
    CJK_RUN,
    PLEASE,
    REFERS_BACK,
    REPEAT,
    REPLACED,
    WORD,
    no_topic,
)
from faqbot.bot.retrieval.reading import Detect
from faqbot.bot.retrieval.topics import asked_topics
from faqbot.ingest.langdetect import detect_language
from faqbot.ingest.textproc import fold, tokenize
from faqbot.languages import CJK, PACKS, ROLE_KINDS, unaccented

if TYPE_CHECKING:
    from faqbot.bot.llm.backend import LLMBackend

# Where a table sits in a job, per language (the packs' roles): a follow-up naming one role ("and for
# the sink?", "et pour le sink ?", "¿y para el destino?") replaces the role the previous question
# named ("My Kafka source ..."), which would otherwise pull back the same entry.
ROLES: dict[str, dict[str, tuple[str, ...]]] = {
    role: {code: p.roles[role] for code, p in PACKS.items() if p.roles.get(role)} for role in ROLE_KINDS
}
# an answer's text -> the text of the entry it showed first, every version ("" for none): what a short question may
# ask of in that entry's words (bot/dialogue/asks_answer.py)
EntryOf = Callable[[str], str]
# "and in Spanish?", "et en espagnol ?", "¿y en inglés?": the same question, answered in that language
_IN = r"(?:in|en|auf)"  # "in French", "en español", "auf Französisch"


_ROLE_RE = {role: phrase_pattern([p for words in by_lang.values() for p in words]) for role, by_lang in ROLES.items()}
_NAMES = "|".join(sorted({unaccented(n) for names in ANSWER_LANGUAGE_NAMES for n in names.values()}))
# or its version in it: "and what about the English version?" was read as a product version (a twenty-third
# trial), "et la version anglaise ?"
_ASKS_LANGUAGE = re.compile(
    rf"\b(?:{_IN}\s+({_NAMES})|(?:what about\s+)?(?:the\s+)?({_NAMES})\s+version|versi[oó]n\s+({_NAMES})[ea]?)\b",
    re.IGNORECASE,
)
# "and in German?", "et en allemand ?", "auf Deutsch bitte": a language the FAQ is not written in ("em": Portuguese's
# "in", "het": Dutch's "in het Nederlands")
_UNANSWERED_NAMES = sorted({unaccented(n) for p in PACKS.values() if not p.answers for n in p.names})
_ASKS_UNANSWERED = re.compile(rf"\b(?:{_IN}|em)\s+(?:het\s+)?({'|'.join(_UNANSWERED_NAMES)})\b", re.IGNORECASE)


def _only_language(question: str, asked: re.Match[str]) -> bool:
    """A turn asking for an answer language and nothing else, politeness aside ("en español por favor"): without
    an opener ("and"), it is still not a new question (a seventh trial: "not covered")."""
    return _says_nothing(question[: asked.start()] + question[asked.end() :], opener=False)


def _says_nothing(rest: str, opener: bool = True) -> bool:
    """Whether what a turn says besides the language it asks for is politeness, a request to say it again and (with
    `opener`) an opener referring back: no topic of its own."""
    rest = REFERS_BACK.sub("", PLEASE.sub(" ", rest)) if opener else PLEASE.sub(" ", rest)
    return no_topic(REPEAT.sub(" ", rest))


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
    # what the turn asks once an opener going back to an earlier question is taken off ("back to my window
    # problem: why?" -> "why?"; bot/dialogue/resume.py); "" for any other turn
    own: str = ""
    # a short question asked of the entry the previous answer showed first, in its words ("why would the order
    # change?" after the UDTF field-order entry; bot/dialogue/asks_answer.py): that entry is answered, its part the
    # question asks for (focus `asked`: bot/answers/focus.py ASKED)
    asks_entry: bool = False
    # asked in other words than the entry's: read alone as well, and answered so when that is confident
    loose: bool = False
    # asking for a language the FAQ is not written in and nothing else ("und auf Deutsch?"): the entry under
    # discussion again, in the conversation's language, saying there is no answer in that one (a twentieth trial's
    # "can you answer in German?" got three unrelated entries, a French user's "und auf Deutsch?" English)
    unanswered_language: bool = False


def _roles(text: str) -> set[str]:
    return {role for role, pattern in _ROLE_RE.items() if pattern.search(text)}


def _role_words(text: str) -> str:
    """The role words a text names, as written ("sink", "table de résultats"), or ""."""
    found = [m.group(0) for pattern in _ROLE_RE.values() for m in pattern.finditer(text)]
    return " ".join(found)


def _new_aspect(question: str, known: frozenset[str] = frozenset(), previous: str = "") -> tuple[str, ...]:
    """What a follow-up names in place of part of the previous question: role words (every
    language's, so the entry can be checked for them), product names, options; not what the previous
    question named too ("what about the upsert side in clickhouse, can the sink retract rows?" after a
    question on the "clickhouse sink" names no new aspect: a seventh trial's turn was held to the previous
    entry as if ClickHouse and the sink were new)."""
    aspect = [p for role in _roles(question) - _roles(previous) for words in ROLES[role].values() for p in words]
    aspect += _new_names(question, known, previous)
    return tuple(aspect + sorted(_options(question) - _options(previous)))


def _kept(
    question: str, previous: str, known: frozenset[str], detect: Detect | None = None, swap: bool = True
) -> list[str]:
    """The previous question's topic words a follow-up carries: all but what it names anew; with `swap`, the role
    it names in the place of the previous question's."""
    lang, _ = (detect or detect_language)(previous)
    nouns = lang in NOUNS_CAPITALISED
    new_terms = set(tokenize(question, lang))
    # a follow-up that names a new product or connector replaces the previous one's
    names_new = _names_product(question, known)
    # the role the follow-up names takes the place of the previous question's, where it stood
    # ("My Kafka source ..." -> "My Kafka sink ..."), and so counts twice in the query
    said = _role_words(question) if swap else ""
    for role in _roles(previous) - _roles(question) if said else set():
        previous = _ROLE_RE[role].sub(said, previous)
    options_new = bool(_options(question))
    # words of the previous question that the follow-up does not replace
    kept = [
        w
        for w in re.findall(rf"[{CJK}]+|(?:{WORD}|[.:\-'])+", previous)
        if len(w) > (1 if CJK_RUN.match(w) else 2)  # a Chinese word of two characters is a word
        and tokenize(w, lang)
        and (not set(tokenize(w, lang)) & new_terms or (said and _roles(w)))
        and not (names_new and (is_name(_as_name(w, nouns), known) or is_hyphen_name(w)))
        and not (options_new and _options(w))
    ]
    return kept


def _fix_of_previous(question: str, previous: str, known: frozenset[str], answer: str = "") -> bool:
    """A short request about the previous question's entry (its fix, cause, code; its fix did not work): one
    naming a product neither the previous question nor the answer to it (`answer`) did ("Kafka 数据倾斜怎么处理"
    after a Hologres question) asks about its own. "ya uso upsert-kafka y sigue igual" after an answer saying to
    use "a sink that supports upserts, such as Upsert Kafka" is about that answer's entry (an eighth trial took it
    for a question on the upsert-kafka PRIMARY KEY entry)."""
    if not entry_request(question):
        return False
    before = _spaced(f"{previous} {answer}")
    return all(
        _spaced(w) in before for w in _name_words(question) if is_name(w, known) or is_hyphen_name(w)
    )


def _spaced(text: str) -> str:
    """Folded, a name's hyphens and underscores as spaces: "upsert-kafka" is "Upsert Kafka"."""
    return " ".join(re.sub(r"[-_]", " ", fold(text)).split())


def _resolve(
    question: str,
    previous: str,
    llm: LLMBackend | None = None,
    history: list[Turn] | None = None,
    known: frozenset[str] = frozenset(),
    detect: Detect | None = None,
    before: FollowUp | None = None,
    answer: str = "",
    entry: str = "",
) -> FollowUp:
    """One turn made standalone against the previous one (already standalone; `before`: as resolved; `answer`:
    the bot's answer to it, when known)."""
    # a turn asking a topic the FAQ has no entry on ("how much does it cost?", "can I deploy it on Kubernetes?") is
    # read alone: joined to the previous question it named that question's connector, and the entry under
    # discussion was given again as if it said what the service costs (the thirty-ninth session's leftover)
    if not previous or asked_topics(question):
        return FollowUp(question)
    # a name the entry under discussion writes is its ("we can't switch to Tablestore" after the deadlock entry, whose
    # fix names Tablestore and the closest list's line did not: a twenty-second trial's turn was read alone)
    if _fix_of_previous(question, previous, known, f"{answer}\n{entry}"):
        # the entry under discussion is the one the last question, made standalone, found; with the aspect it
        # named ("¿y para Hudi?" then "dame el SQL": the Hudi entry it cited, not the MaxCompute one before it)
        if before is not None and before.query == previous:
            return replace(before, language=None, same_entry=False, about_entry=True, own="")
        return FollowUp(previous, previous=previous, about_entry=True)
    language = None
    asked = _ASKS_LANGUAGE.search(question)
    if asked and (is_follow_up(question) or _only_language(question, asked)):
        language = LANGUAGE_OF[fold(next(g for g in asked.groups() if g))]
        question = (question[: asked.start()] + question[asked.end() :]).strip()
        if _says_nothing(question):  # only the language: same topic
            return FollowUp(previous, language, previous, same_entry=True)
    elif _asks_unanswered(question):
        return FollowUp(previous, None, previous, same_entry=True, unanswered_language=True)
    # a turn restating what the answer said, then asking of it ("you're right, only 5 of the 8 partitions get data. is
    # there a setting for that?"), asks of the entry that answer showed: its part the question asks for (a twelfth
    # trial got the fix line it restated again, never the idle-timeout setting)
    restated = restates_then_asks(question, previous, answer, known, detect)
    follows = is_follow_up(question) or restated
    # a short question in the words of the answer or of the entry it showed asks of that entry: whatever names it
    # holds, that entry's text holds them too, so none is a new aspect its answer must leave
    strict = (restated and bool(entry)) or (not follows and asks_of_answer(question, previous, answer, entry))
    # "and X?" in the words of the entry under discussion, naming no role, product or option anew ("¿y cómo imprimo
    # los resultados intermedios?" after the no-output checklist, which ends on printing them: a fourteenth trial
    # got the closest list again, each entry's same line), asks X of that entry
    strict = strict or (follows and _asks_more(question, previous, entry, known))
    # one in other words, naming nothing the conversation did not ("how do I recover?" after the CTAS schema-change
    # entry, "what values do you recommend for those two?"), most likely asks of it too: unless read alone it is
    # answered with confidence (bot/service.py). Not "and X?" / "X 呢？", which ask the topic of something else
    said = f"{previous}\n{answer}\n{entry}"
    loose = not strict and not _asks_of_other(question) and _asks_loosely(question, said, known, entry, follows)
    asks_entry = strict or loose
    if not (follows or asks_entry):
        return FollowUp(question, language)
    aspect = () if asks_entry else _new_aspect(question, known, previous)
    # a question asked of the entry names a role as the entry does ("需要删下游表吗？", must I drop the downstream
    # table?): the previous question's role stays (its "上游改了表结构" became "下游改了表结构": a thirteenth trial)
    kept = " ".join(_kept(question, previous, known, detect, swap=not asks_entry))
    # a follow-up naming another product asks the previous question's topic of it: what it finds
    # must still be about that topic ("那 ClickHouse 呢？" after a Hologres connection error)
    names_product = not asks_entry and _names_product(question, known, previous)
    if llm is not None and history is not None:
        from faqbot.bot.llm.backend import rewrite_with_llm

        rewritten = rewrite_with_llm(llm, question, history)
        if rewritten:
            return FollowUp(rewritten, language, previous, aspect, names_product, asks_entry=asks_entry, loose=loose)
    # nothing of the previous question left to carry (it named only what this one names anew): no "()"; what the turn
    # replaces ("en vez de mysql") is no part of the question it asks
    own = REPLACED.sub("", question).strip() or question.strip()
    query = f"{own} ({kept})" if kept else own
    return FollowUp(query, language, previous, aspect, names_product, asks_entry=asks_entry, loose=loose)


def _asks_unanswered(question: str) -> bool:
    """A turn asking for a language the FAQ is not written in, and nothing else but politeness."""
    asked = _ASKS_UNANSWERED.search(question)
    if asked is None or not (is_follow_up(question) or _only_language(question, asked)):
        return False
    return _says_nothing(question[: asked.start()] + question[asked.end() :])


def _asks_more(question: str, previous: str, entry: str, known: frozenset[str]) -> bool:
    """An "and X?" turn whose X the entry under discussion (`entry`) writes, naming no new aspect. The entry's text
    alone: an answer listing closest entries writes their words too ("and duplicates?" after the Merge On Read entry
    asks the duplicates entry listed under it)."""
    opener = REFERS_BACK.match(question)
    if not entry or not opener or _new_aspect(question, known, previous):
        return False
    return asks_of_answer(question[opener.end() :], "", entry)


def _asks_of_other(question: str) -> bool:
    return bool(REFERS_BACK.match(question) or ASKS_ABOUT.search(question))


def _asks_loosely(question: str, said: str, known: frozenset[str], entry: str, points: bool = False) -> bool:
    """A question of a few words after an answer that showed an entry (`entry`), naming no product or option the
    conversation and that entry did not (`said`), and at most UNSAID_MAX words of any kind unless it `points` back
    (a follow-up by the rules: "what value should I pick for it? 5 what, seconds?")."""
    if not entry or not asks_briefly(question) or (not points and unsaid_words(question, said) > UNSAID_MAX):
        return False
    return not _names_product(question, known, said) and not _options(question) - _options(said)


def _resume(rest: str, before: FollowUp, known: frozenset[str], detect: Detect | None) -> FollowUp:
    """A turn going back to an earlier question (`before`, as resolved) asking `rest` of it: nothing more is
    that question's entry again; a request about it or a follow-up is resolved against it; a question of its
    own keeps that question's topic words, as a follow-up does ("how do I set the idle timeout? (Kafka window
    never fires)")."""
    if not rest.strip(" ?¿!.。？"):
        # that question searched again, as it was: not "about the entry the last answer showed first", which is the
        # detour's (a tenth trial's "back to my first question" after a Kafka detour put the detour's entry first)
        return replace(before, language=None, previous=before.query, same_entry=False, about_entry=False, own=rest)
    turn = _resolve(rest, before.query, known=known, detect=detect, before=before)
    if turn.previous or turn.about_entry or turn.same_entry:
        return replace(turn, own=rest)
    kept = " ".join(_kept(rest, before.query, known, detect))
    aspect, names = _new_aspect(rest, known, before.query), _names_product(rest, known, before.query)
    return FollowUp(f"{rest} ({kept})", turn.language, before.query, aspect, names, own=rest)


def _next(
    question: str,
    users: list[tuple[str, FollowUp]],
    known: frozenset[str],
    detect: Detect | None,
    llm: LLMBackend | None = None,
    history: list[Turn] | None = None,
    entry_of: EntryOf | None = None,
) -> FollowUp:
    """One user turn made standalone after the user turns before it (as typed, as resolved): against the
    earlier one it goes back to ("back to my window problem: ..."), else against the last."""
    back = resumed(question, [(typed, f.query) for typed, f in users], detect or detect_language)
    if back is not None:
        return _resume(back.rest, users[back.index][1], known, detect)
    before = users[-1][1] if users else None
    answer = next((t.content for t in reversed(history or []) if t.role == "assistant"), "")
    entry = entry_of(answer) if entry_of is not None and answer else ""
    return _resolve(question, before.query if before else "", llm, history, known, detect, before, answer, entry)


def _resolved(
    history: list[Turn], known: frozenset[str], detect: Detect | None = None, entry_of: EntryOf | None = None
) -> list[tuple[str, FollowUp]]:
    """Each user turn (as typed) with the standalone question it stood for, by the rules, read against the answers
    before it as it was when asked: a follow-up of a follow-up ("and for the sink?" after a question, then "how do I
    fix it?") keeps the topic of the question that opened it, not just the words of the turn before."""
    out: list[tuple[str, FollowUp]] = []
    for i, t in enumerate(history):
        if t.role == "user":
            out.append((t.content, _next(t.content, out, known, detect, history=history[:i], entry_of=entry_of)))
    return out


def resolve(
    question: str,
    history: list[Turn],
    llm: LLMBackend | None = None,
    known: frozenset[str] = frozenset(),
    detect: Detect | None = None,
    entry_of: EntryOf | None = None,
) -> FollowUp:
    """The question as a standalone one, given the chat so far (with an LLM, a referring follow-up
    is rewritten by the model; the rules are the fallback). `known`: corpus_names(retriever)."""
    users = _resolved(history, known, detect, entry_of)
    return _next(question, users, known, detect, llm, history, entry_of)
