"""The bot: question (+ history) -> Answer, through retrieval, then an LLM or the extractive composer."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from faqbot.ingest.store import Store

if TYPE_CHECKING:
    from faqbot.bot.llm.backend import LLMBackend
    from faqbot.bot.retrieval.abstain import AbstainModel

from faqbot.bot.answers.answer import MAX_ANSWER_CHARS, MAX_TURN_CHARS, Answer, Turn
from faqbot.bot.answers.compose import FAILED_ON_CLOSEST, UNANSWERED_LANGUAGE, compose
from faqbot.bot.answers.done import content_words
from faqbot.bot.answers.phrases import phrase
from faqbot.bot.answers.ruled_out import with_checks
from faqbot.bot.dialogue.aspect import DECLINED, ENTRY_BEFORE, READ_ALONE, REPEATS_ENTRY, decline_repeat
from faqbot.bot.dialogue.follows import phrase_pattern
from faqbot.bot.dialogue.query import Query, build_query
from faqbot.bot.dialogue.requests import focus
from faqbot.bot.dialogue.shown import put_first, shown_entry_text, shown_first
from faqbot.bot.dialogue.turns import in_language, nothing_to_refer_to
from faqbot.bot.dialogue.words import OPENS_WHY, REPLACED
from faqbot.bot.discussed import (
    hides_entry_under_discussion,
    is_version_turn,
    names_entry_error,
    settled,
    touches,
    with_shown_first,
)
from faqbot.bot.question import BadQuestion, clean_question, fit_question
from faqbot.bot.retrieval.corpus_words import corpus_names, corpus_words
from faqbot.bot.retrieval.decision import ANSWER, CLOSEST, NOT_COVERED, SHORT_TURN_ON_ENTRY, Decision
from faqbot.bot.retrieval.reading import read_text
from faqbot.bot.retrieval.retrieve import HybridRetriever, Retrieval

# a follow-up with this many words besides any language's function words describes a problem of its own ("what
# about the sink? the writer job hits No space left on device"; "what about Hologres?" has one): declined, it is
# read alone; naming another product, it is not held to the previous question's topic
OWN_QUESTION_WORDS = 4
# a follow-up read alone may move to an entry its search with the previous words shows this high (`Bot._neighbour`)
NEIGHBOUR_RANK = 3
DONE_BESIDE = "done_beside_entry"  # the feature saying a turn's done clause was searched with its question
# What one request may make the bot read of its history: the follow-up rewrite copies words of
# the previous user turn into the query, so an unbounded turn meant unbounded work (64 KB: 84 s).
# Ten turns, as many as the API accepts (ui/api.py): five exchanges, so that a conversation's topic outlives
# a few short turns ("why?", "give me the SQL", "that did not work"), each standing for the entry before it.
MAX_HISTORY_TURNS = 20  # messages: ten exchanges, so a turn going back to an early question still finds it


def _own_words(q: Query) -> int:
    """The content words of a follow-up besides what it names anew ("y para paimon? también vemos duplicados": 3) and
    what it replaces ("instead of MySQL")."""
    return content_words(phrase_pattern(list(q.turn.new_aspect)).sub(" ", REPLACED.sub(" ", q.question)))


HISTORY_SHAPE = (
    'history must be a list of faqbot.Turn(role, content) or of {"role": "user"|"assistant", "content": "..."} '
    "(the HTTP API's shape)"
)


def as_turn(turn: object) -> Turn:
    """A Turn, or the HTTP API's {"role": ..., "content": ...} as one; anything else is refused with
    a message naming both shapes (a dict used to fail deep inside with "no attribute 'role'")."""
    role: object
    content: object
    if isinstance(turn, Turn):
        role, content = turn.role, turn.content
    elif isinstance(turn, Mapping):
        role, content = turn.get("role"), turn.get("content")
    else:
        raise BadQuestion(f"{HISTORY_SHAPE}; got {type(turn).__name__}.")
    if role not in ("user", "assistant") or not isinstance(content, str):
        raise BadQuestion(f"{HISTORY_SHAPE}; got role={role!r} and content of type {type(content).__name__}.")
    return Turn(str(role), content)


# what ask, stream and retrieve accept as history: Turns, or the HTTP API's dicts
History = Sequence[Turn | Mapping[str, str]] | None


def bounded_history(history: History) -> list[Turn]:
    """The last MAX_HISTORY_TURNS turns, each user turn cut to MAX_TURN_CHARS, each answer to MAX_ANSWER_CHARS: all
    a follow-up needs."""
    if history is not None and (isinstance(history, (str, bytes, Mapping)) or not isinstance(history, Sequence)):
        raise BadQuestion(f"{HISTORY_SHAPE}; got {type(history).__name__}.")
    turns = [as_turn(t) for t in (history or [])[-MAX_HISTORY_TURNS:]]
    return [Turn(t.role, t.content[: MAX_ANSWER_CHARS if t.role == "assistant" else MAX_TURN_CHARS]) for t in turns]


class Bot:
    """Questions in, cited Answers out. `Bot.open(index_dir)` is the public entry point."""

    def __init__(
        self, store: Store | Path, llm: LLMBackend | None = None, k: int = 5, abstain: AbstainModel | None = None
    ) -> None:
        """`abstain`: the "not covered" model (bot/retrieval/abstain.py load_default_model; None: the shipped one)."""
        self.retriever = HybridRetriever(store, abstain=abstain)
        self.llm = llm  # bot.llm.LLMBackend or None for extractive answers
        self.k = k

    @classmethod
    def open(cls, index_dir: str | Path, llm: LLMBackend | None = None, k: int = 5) -> Bot:
        """Open the index folder `faqbot ingest` wrote; llm is an LLMBackend (bot.llm.make_backend) or None."""
        return cls(Path(index_dir), llm, k)

    def warm(self) -> None:
        """Load every model a first question could need (servers and benchmarks call this)."""
        from faqbot.ingest.langdetect import warm_up

        warm_up()
        self.retriever.cjk_dense.warm()
        self.ask("warm up the models")

    @property
    def backend_name(self) -> str:
        return getattr(self.llm, "name", "extractive") if self.llm else "extractive"

    def _query(
        self,
        question: str,
        language: str | None,
        history: list[Turn],
        retriever: HybridRetriever,
        prior: str | None = None,
    ) -> Query:
        """The turn read once (bot/dialogue/query.py): every step below reads it, never the raw text again."""
        known, english = corpus_names(retriever), retriever.english_words
        entry_of = partial(shown_entry_text, retriever)
        return build_query(
            question,
            history,
            language,
            known=known,
            english_words=english,
            # the rules read follow-ups, not the LLM: a 1.5B model's rewrite of "¿y para la versión VVR 8.0.3?" after
            # the emoji error found the ADB entry, whose fix "eso no funcionó" then gave (a twenty-first trial; the
            # rules keep the entry), and cost the user seconds before the answer
            prior=prior,
            entry_of=entry_of,
        )

    def _retrieve(self, q: Query, retriever: HybridRetriever) -> Retrieval:
        """`retriever`: the build this request reads, read from `self.retriever` once by the caller,
        so an index swap in the middle of a request (bot/reload.py) never mixes two builds."""
        if q.courtesy:  # "merci !": no entry searched, none shown (bot/answers/compose.py says so)
            r = retriever.retrieve_query(q.reading, k=self.k)
            return replace(r, hits=[], decision=Decision(NOT_COVERED, 0.0, q.courtesy))
        if q.earlier is not None:
            return self._again(q, q.earlier, retriever)
        # a follow-up asking for another language ("and in Spanish?") is more recent than the selector
        r, own_question = self._searched(q, retriever)
        titles = corpus_words(retriever).titles
        # "why?" right after an answer is about the entry that answer showed first; its follow-up checks (a product
        # it stands for, named anew: "and Paimon?" then "why?") are those of the turn it stands for, whose previous
        # answer is the one before
        about_shown = (q.turn.about_entry and not q.turn.own) or (q.turn.asks_entry and not own_question)
        previous_shown = shown_first(q.history, titles, skip=1 if q.turn.about_entry else 0)
        alone = self._own_product_question(q, retriever)
        if alone is not None:
            r = alone
        else:
            r = decline_repeat(retriever, r, q.turn, q.previous, None if q.turn.own else previous_shown, q.question)
        if hides_entry_under_discussion(q, r, previous_shown):
            # a short turn after an answer that showed an entry, "not covered" read alone ("Welche Werte werden
            # empfohlen?" after the Paimon entry: an eleventh trial's only false "not covered"): that entry is
            # shown again as the closest, never nothing
            seen = self._last_seen(q, retriever) or replace(
                r, hits=put_first(retriever, r.hits, previous_shown, r.language)
            )  # the last turn read alone does not find it ("warum passiert das?" before it): put where it belongs
            if seen.hits:
                r = replace(seen, decision=Decision(CLOSEST, seen.confidence, SHORT_TURN_ON_ENTRY))
        version_turn = is_version_turn(q, r, retriever, previous_shown, about_shown)
        if r.decision.reason in DECLINED:
            r = self._declined(q, r, retriever)
        elif (about_shown or version_turn or names_entry_error(q.question, retriever, previous_shown)) and r.hits:
            r = with_shown_first(r, retriever, shown_first(q.history, titles), version_turn, q.question)
        if q.focus == "done" and r.hits and not touches(r.hits[0], q.question):
            r = self._beside(q, r, retriever)
        if q.bare:
            r = nothing_to_refer_to(retriever, r)  # "how do I fix it?" with nothing before it
        elif q.focus == "failed" and r.decision.outcome != NOT_COVERED and r.hits:
            # "that did not work": the entries next to the one whose fix failed, as closest entries are shown
            unsure = 1.0 if r.decision.outcome == CLOSEST else 0.0  # the entry was only the closest: said so
            r = replace(
                r,
                decision=Decision(CLOSEST, r.confidence, "fix_failed"),
                features={**r.features, FAILED_ON_CLOSEST: unsure},
            )
        if self.llm is not None and self.llm.check_entries:
            from faqbot.bot.llm.judge import check_entries

            r = check_entries(self.llm, q.reading, r)
        return r

    def _again(self, q: Query, earlier: Query, retriever: HybridRetriever) -> Retrieval:
        """A turn asking for the previous answer in another language: the turn it follows, retrieved again as it was,
        cited in that language ("and in French?"), or in its own saying the FAQ has none in the one asked for ("und auf
        Deutsch?")."""
        r = self._retrieve(earlier, retriever)
        if q.turn.language:
            return in_language(r, q.turn.language)
        return replace(r, features={**r.features, UNANSWERED_LANGUAGE: 1.0})

    def _declined(self, q: Query, r: Retrieval, retriever: HybridRetriever) -> Retrieval:
        """A follow-up the aspect checks declined (bot/dialogue/aspect.py decline_repeat) never hides an
        entry the user can be given."""
        if q.turn.about_entry and q.previous is not None:
            seen = self._last_seen(q, retriever)
            if seen is not None:
                return seen
            # "ça n'a pas marché" after a follow-up the checks declined ("et pour ClickHouse ?": not covered): the
            # user saw no entry there; the one under discussion is the question's before it (its aspect still
            # counts when it found one: "dame el SQL" after "¿y para Hudi?" is Hudi's entry)
            r = retriever.retrieve_query(q.previous, k=self.k)
            return replace(r, features={**r.features, ENTRY_BEFORE: 1.0})
        if q.turn.query != q.question:
            # a declined follow-up may be a new question after all ("also, another job fails with
            # IllegalArgumentException ..."): the turn as typed, read alone (only now: rarely needed), is
            # answered rather than hidden when what it finds is confident, or shown as closest entries when the
            # turn describes a problem of its own ("what about the sink? the writer job hits No space left on
            # device": a seventh trial was told "not covered"), unless that is the entry it would repeat
            # A turn naming only another product ("et pour ClickHouse ?") asks nothing of its own: read alone it finds
            # that product's first entry, whatever the topic ("Data visibility in ClickHouse" answered after a
            # Hologres backpressure error once French stop words no longer counted against the decision)
            if q.turn.names_product and not _own_words(q):
                return r
            alone = self._alone(q, retriever)
            repeated = r.decision.reason == REPEATS_ENTRY and alone.hits and alone.hits[0].group == r.hits[0].group
            own = content_words(q.question) >= OWN_QUESTION_WORDS and alone.decision.outcome == CLOSEST
            if alone.decision.outcome == ANSWER or (own and not repeated):
                return replace(alone, features={**alone.features, READ_ALONE: 1.0})
        return r

    def _last_seen(self, q: Query, retriever: HybridRetriever) -> Retrieval | None:
        """The last user turn read alone, its answer's first entry first, when that answer showed one that reading
        finds: a follow-up naming another product with a question of its own was answered as read alone (a tenth
        trial's "¿Y en MaxCompute? ... duplicados tras un failover" showed the MaxCompute entry), and "¿cómo lo
        soluciono?" after it is about that entry, not the question's before it. None otherwise."""
        shown = shown_first(q.history, corpus_words(retriever).titles)
        last = next((t.content for t in reversed(q.history) if t.role == "user"), "")
        if shown is None or not last:
            return None
        alone = retriever.retrieve_query(read_text(last, q.reading.language, retriever.english_words), k=self.k)
        if shown not in [h.group for h in alone.hits]:
            return None
        return replace(alone, hits=put_first(retriever, alone.hits, shown, alone.language))

    def _beside(self, q: Query, r: Retrieval, retriever: HybridRetriever) -> Retrieval:
        """A turn saying what the user did or checked that touches nothing of the entry under discussion ("telnet
        zum Broker funktioniert schon" after the upsert-kafka PRIMARY KEY entry, a closest guess): searched with
        the question it follows, as the detail of that question it is (a ninth trial was given the guessed entry's
        only fix, as if it were the one under discussion)."""
        text = f"{q.question}\n{q.turn.previous}" if q.turn.previous else q.question
        found = retriever.retrieve_query(read_text(text, q.reading.language, retriever.english_words), k=self.k)
        return r if not found.hits else replace(found, features={**found.features, DONE_BESIDE: 1.0})

    def _searched(self, q: Query, retriever: HybridRetriever) -> tuple[Retrieval, bool]:
        """The turn's search, and whether it is a question of its own after all: one asked loosely of the entry under
        discussion that read alone finds another entry with confidence ("how do I set the checkpoint interval?"
        after a Kafka entry) is answered as read alone."""
        if q.turn.loose:
            alone = self._alone(q, retriever)
            shown = shown_first(q.history, corpus_words(retriever).titles)
            if alone.decision.outcome == ANSWER and alone.hits and alone.hits[0].group != shown:
                return replace(alone, features={**alone.features, READ_ALONE: 1.0}), True
        r = retriever.retrieve_query(q.reading, k=self.k)
        neighbour = self._neighbour(q, r, retriever)
        return (r, False) if neighbour is None else (neighbour, True)

    def _neighbour(self, q: Query, r: Retrieval, retriever: HybridRetriever) -> Retrieval | None:
        """A follow-up with a question of its own that, read alone, prefers an entry its search with the previous
        words also shows (within NEIGHBOUR_RANK) is answered as read alone: "and after the update, how long until the
        row is visible in ClickHouse?" after the ClickHouse retraction entry kept that entry first and "Data
        visibility in ClickHouse" third, its words carried from the question before (a twenty-third trial).
        Requiring the reading alone to be more confident too kept the trial's French form on the previous entry.
        None otherwise."""
        t = q.turn
        if t.query == q.question or t.asks_entry or t.about_entry or content_words(q.question) < OWN_QUESTION_WORDS:
            return None
        if not r.hits:
            return None
        alone = self._alone(q, retriever)
        near = [h.group for h in r.hits[:NEIGHBOUR_RANK]]
        if not alone.hits or alone.hits[0].group == r.hits[0].group or alone.hits[0].group not in near:
            return None
        if alone.decision.outcome == NOT_COVERED:
            return None
        return replace(alone, features={**alone.features, READ_ALONE: 1.0})

    def _alone(self, q: Query, retriever: HybridRetriever) -> Retrieval:
        """The turn as typed, read alone, without the words carried from the questions before it (nor what it says
        it replaces: "what if the table is Redis instead of MySQL?" asks nothing of MySQL)."""
        own = REPLACED.sub(" ", q.question).strip() or q.question
        reading = read_text(own, q.reading.language, retriever.english_words, q.languages)
        return retriever.retrieve_query(reading, k=self.k)

    def _own_product_question(self, q: Query, retriever: HybridRetriever) -> Retrieval | None:
        """A follow-up naming another product with a question of its own ("what about the upsert/delete side in
        clickhouse, can the sink retract rows?") asks that, not the previous topic of that product: read alone, as
        a question of its own (a seventh trial was shown "Data visibility in ClickHouse" first, held to the
        previous topic, and the entry its words found second). None when it is no such turn or alone finds
        nothing to show (the previous topic then holds, as for "and Paimon?")."""
        if not q.turn.names_product or q.turn.query == q.question:
            return None
        # its own words, less what it names anew: "y para paimon? también vemos duplicados" asks the previous topic
        # of Paimon (three words), "... the upsert/delete side in clickhouse, can the sink retract rows?" its own
        if _own_words(q) < OWN_QUESTION_WORDS:
            return None
        alone = self._alone(q, retriever)
        if alone.decision.outcome == NOT_COVERED or not alone.hits:
            return None
        return replace(alone, features={**alone.features, READ_ALONE: 1.0})

    def retrieve(self, question: str, language: str | None = None, history: History = None) -> Retrieval:
        """The ranked entries an answer to the question comes from (with an LLM, after its reading
        of an uncertain long post's entries: bot/llm/judge.py)."""
        retriever = self.retriever
        q = self._query(clean_question(question), language, bounded_history(history), retriever)
        return self._retrieve(q, retriever)

    def ask(
        self, question: str, language: str | None = None, history: History = None, *, prior: str | None = None
    ) -> Answer:
        """`history`: the chat so far, oldest first, as faqbot.Turn(role, content) or as
        {"role": "user"|"assistant", "content": "..."} (the HTTP API's shape). `prior`: the language to
        answer an error pasted alone in when the conversation has none yet (the chat page's browser's)."""
        *_, final = self.stream(question, language, history, prior=prior)
        return final

    def stream(
        self,
        question: str,
        language: str | None = None,
        history: History = None,
        retrieval: Retrieval | None = None,
        *,
        prior: str | None = None,
    ) -> Iterator[Answer]:
        """Yield partial Answers while an LLM streams, then the final one (always last).
        `retrieval`, from `retrieve` on the same question, saves retrieving twice (evaluation)."""
        t0 = time.perf_counter()
        retriever = self.retriever  # once: the whole request reads one build
        question, left_out = fit_question(question)
        said = question  # what the answer is composed for: the earlier turn's text when this one repeats it
        turns = bounded_history(history)
        if retrieval is None:
            q = self._query(question, language, turns, retriever, prior)
            r, query, answer_focus = self._retrieve(q, retriever), q.turn.query, q.focus
            if not answer_focus and r.decision.reason == SHORT_TURN_ON_ENTRY and OPENS_WHY.match(question):
                # a short turn opening on "why", about the entry shown ("为什么会重复" after a duplicates list): its
                # cause, not the list again (a thirty-third trial)
                answer_focus = "cause"
            shown = turns  # the answers a "that did not work" counts as shown
            if q.earlier is not None:
                # "and in Spanish?" after "why?": the turn it follows answered again as it was (its cause, the
                # fixes it gave, less what it said was tried), in that language (a sixth trial got the first
                # question's answer back; a fourteenth the step its user had said was tried)
                answer_focus, shown, said = q.earlier.focus, list(q.earlier.history), q.earlier.question
            if r.features.get(READ_ALONE):
                query, answer_focus = question, ""
            elif r.features.get(ENTRY_BEFORE):
                query = q.turn.previous
            typed = q.typed
            t_retrieval = (time.perf_counter() - t0) * 1000
        else:  # its time counts as if it had been retrieved here
            r, query, answer_focus, typed = retrieval, question, focus(question, turns), ""
            shown = turns
            t_retrieval = r.latency_ms + r.entry_check.get("ms", 0.0)
            t0 -= t_retrieval / 1000
        r, answer_focus, before = settled(r, said, answer_focus, shown)
        r = with_checks(r, said)  # "telnet works": an entry's branch for a passed check is its fix
        extractive = compose(r, said, answer_focus, before)
        extractive.question = question  # the turn as typed, whatever text the answer was composed for
        final = extractive
        # the LLM writes confident answers only: closest entries and "not covered" are fixed texts
        if self.llm is not None and r.decision.outcome == ANSWER:
            from faqbot.bot.llm.backend import generate

            for final in generate(self.llm, question, r, extractive, retriever.embedder):
                final.timings = {**final.timings, "retrieval_ms": round(t_retrieval, 1)}
                yield final
        final.standalone_query = query if query != question else ""
        if retrieval is None and q.turn.language:
            final.language_asked = q.turn.language
        if typed:  # "pourquoi ?" read French, though it stands for an English question
            final.detected_language = typed
        if r.entry_check:  # the LLM's reading of the entries, for API clients and evaluation
            final.checks = {**final.checks, "entry_check": r.entry_check}
        final.timings = {
            **final.timings,  # the LLM's time to first token and token count, when one answered
            "retrieval_ms": round(t_retrieval, 1),
            "total_ms": round((time.perf_counter() - t0) * 1000, 1),
        }
        if left_out:
            final.notices = [*final.notices, phrase("paste_shortened", final.language, n=str(left_out))]
        yield final
