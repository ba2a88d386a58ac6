"""A question read once per turn: the `Query` every later step takes instead of the raw text.

Before it, following one question through `Bot.stream` read the post (`read_report`) in four
places and detected its language twice, and the conversation module was entered four times. The
`Query` is built at the start of the request (`build_query`) and passed down: the follow-up rules
(bot/dialogue/conversation.py), retrieval (`HybridRetriever.retrieve_query`), the LLM's entry check and the
answer builders read its fields. A Query holds the reading (bot/retrieval/reading.py) of the question it
stands for (a follow-up's standalone text), and, when a follow-up needs them, that of the previous
question and the earlier turn it repeats ("and in French?").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from faqbot.bot.answers.answer import Turn
from faqbot.bot.answers.excerpt import TYPED_SENTENCE_BREAK
from faqbot.bot.dialogue.conversation import EntryOf, FollowUp, resolve
from faqbot.bot.dialogue.courtesy import Courtesy, courtesy
from faqbot.bot.dialogue.instructions import asks_instructions
from faqbot.bot.dialogue.requests import asked_focus, focus
from faqbot.bot.dialogue.turns import is_bare_reference, previous_user_turn
from faqbot.bot.dialogue.words import CJK_RUN
from faqbot.bot.retrieval.decision import INSTRUCTIONS
from faqbot.bot.retrieval.reading import Detect, Languages, Reading, read_text
from faqbot.ingest.langdetect import bare_paste
from faqbot.ingest.textproc import SUPPORTED

if TYPE_CHECKING:
    from faqbot.bot.llm.backend import LLMBackend


TYPED_SIGN = 0.5  # the detector's confidence from one function word or marker ("pourquoi", "¿"), not its fallback
# a turn of at most this many words read in a language answers are not given in keeps the conversation's
KEPT_LANGUAGE_WORDS = 8


@dataclass(frozen=True)
class Query:
    """One user turn, read once: what the request's every step reads instead of the raw text."""

    question: str  # the user's text, cleaned (bot/service.py clean_question)
    history: tuple[Turn, ...]  # the chat so far, bounded
    turn: FollowUp  # the follow-up resolution: the standalone text, the language asked, new aspect
    reading: Reading  # of turn.query, in the language asked
    focus: str  # "fix" for a how-do-I-fix-it follow-up (bot/answers/compose.py)
    bare: bool  # "how do I fix it?" with nothing before it: nothing to refer to
    # "and in French?": the turn it follows, read as it was, retrieved again and cited in that language
    earlier: Query | None = None
    # the previous question made standalone, read in this turn's language: a follow-up naming a new
    # aspect must not find the entry it found (bot/dialogue/aspect.py decline_repeat)
    previous: Reading | None = field(default=None)
    # the language this turn is typed in, for a turn standing for the previous question ("pourquoi ?"): what
    # the answer says was detected, rather than the previous question's language
    typed: str = ""
    # a turn that only thanks or greets, or only asks about the bot's instructions: its kind (bot/dialogue/courtesy.py,
    # bot/dialogue/instructions.py), answered as such with no entry
    courtesy: str = ""
    # the turn's language detector, each text detected once: a turn read alone later (bot/service.py) reuses it
    languages: Languages | None = field(default=None, compare=False, repr=False)


def build_query(
    question: str,
    history: list[Turn],
    language: str | None,
    *,
    known: frozenset[str] = frozenset(),
    english_words: frozenset[str] = frozenset(),
    llm: LLMBackend | None = None,
    detect: Detect | None = None,
    prior: str | None = None,
    entry_of: EntryOf | None = None,
) -> Query:
    """The turn read once. `known`: the corpus's product names (bot/retrieval/corpus_words.py corpus_names);
    `llm`: rewrites a referring follow-up (the rules are the fallback; `Bot` passes none); `prior`: the language an
    error pasted alone is answered in when no earlier turn of the user's says one (the chat page's browser language);
    `entry_of`: the text of the entry an answer showed first (a short question in its words asks of it)."""
    languages = detect if isinstance(detect, Languages) else Languages(detect, english_words)
    polite = courtesy(question)
    if polite is None and asks_instructions(question):
        polite = Courtesy(INSTRUCTIONS, None)  # answered with what the bot does, in the conversation's language
    if polite is not None:
        # "gracias" after a French answer is Spanish; "ok thanks" and "Hallo" (several languages' words) keep the
        # conversation's
        said = polite.language if polite.language in SUPPORTED else None
        if polite.language and said is None:
            said = "en"  # "dank je wel" (Dutch, answered in English) is not French for its "je" (a twentieth trial)
        asked = language or said or conversation_language(history, languages) or prior
        turn = resolve(question, [], None, known, languages, None)  # read alone: it refers to nothing
        reading = read_text(question, asked, english_words, languages)
        # what the page says was detected: the language of its words, not the detector's fallback ("salut": English)
        typed = polite.language or reading.language
        return Query(
            question, tuple(history), turn, reading, "", False, typed=typed, courtesy=polite.kind, languages=languages
        )
    turn = resolve(question, history, llm, known, languages, entry_of)
    typed = ""
    before = previous_user_turn(history)
    earlier = None
    if turn.same_entry and (turn.language or turn.unanswered_language) and before is not None:
        earlier = build_query(
            history[before].content,
            history[:before],
            language,
            known=known,
            english_words=english_words,
            llm=llm,
            detect=languages,
            # read as it was: a short turn in its entry's words asked of that entry then, and does again (a
            # twenty-second trial's "en espagnol s'il vous plaît" after "quelle valeur je mets ?" lost the Hudi entry)
            prior=prior,
            entry_of=entry_of,
        )
    if earlier is not None:
        reading = earlier.reading  # the same text, retrieved as it was (bot/service.py cites it in turn.language)
    else:
        asked = turn.language or language or _conversation_keeps(question, turn.query, history, languages)
        # "pourquoi ?" after an English question: the user now writes French, and is answered in it (a turn with no
        # sign of any language, "sigue igual", is read as English at 0.3: it says nothing)
        asked = asked or _typed_follow_up(question, turn.query, languages)
        if turn.about_entry:
            # what the page says was detected for a turn standing for the previous question
            typed, sure = languages(question)
            typed = typed if sure >= TYPED_SIGN else ""
        reading = read_text(turn.query, asked, english_words, languages)
        if asked is None and reading.detected == "en" and (bare_paste(question) or bare_paste(turn.query)):
            # an English error pasted alone in a Spanish conversation, or "et comment je corrige ?" after
            # one (its standalone text is the paste): the language the user writes in
            spoken = conversation_language([*history, Turn("user", question)], languages) or prior
            if spoken and spoken in SUPPORTED and spoken != "en":
                reading = read_text(turn.query, spoken, english_words, languages)
    previous = None
    if turn.new_aspect and turn.previous:
        same = turn.previous == reading.text
        previous = reading if same else read_text(turn.previous, reading.language, english_words, languages)
    return Query(
        question,
        tuple(history),
        turn,
        reading,
        _focus(question, history, turn),
        before is None and is_bare_reference(question),
        earlier,
        previous,
        typed,
        languages=languages,
    )


def _focus(question: str, history: list[Turn], turn: FollowUp) -> str:
    """What the answer quotes of its entry: "back to my window problem: why?" asks "why?"; a short question asked of
    the entry under discussion in its words, that entry's part it asks for."""
    asked = focus(turn.own or question, history)
    if turn.asks_entry and not asked:
        # a restatement, then a request of the entry in the turn's last sentence ("... show me the corrected WITH
        # clause": its code)
        asked = focus(TYPED_SENTENCE_BREAK.split(question.strip())[-1], history)
    return asked_focus(question) if turn.asks_entry and not asked else asked


def _conversation_keeps(question: str, read: str, history: list[Turn], languages: Languages) -> str | None:
    """The conversation's language for a short turn read as one answers are not given in: a tenth trial's
    "volvamos a mi primera pregunta", after three Spanish turns, was read as Portuguese and answered in English
    (its detection is a guess on a few words; the user has shown which language they read). Only for a turn read
    as typed (`read`, its standalone text, is the question): a follow-up's standalone text carries the words of
    the question before it, whose language it reads. None otherwise."""
    if read != question or not history or len(question.split()) > KEPT_LANGUAGE_WORDS or CJK_RUN.search(question):
        return None  # a Chinese (Japanese, Korean) turn is read as such: its glossary, its second model
    code, _ = languages(question)
    if code in SUPPORTED:
        return None
    return conversation_language(history, languages)


def _typed_follow_up(question: str, read: str, languages: Languages) -> str | None:
    """The language a follow-up is typed in, when its words say it surely and answers are given in it: its standalone
    text carries the previous question's words, which outnumber its own ("and for Elasticsearch?" after a French
    question was read as French and answered in it: a thirtieth trial). None otherwise (a turn read as typed, or one
    whose few words tell no language: the standalone text's language stands)."""
    if read == question or CJK_RUN.search(question):
        return None
    code, sure = languages(question)
    return code if code in SUPPORTED and sure >= TYPED_SIGN else None


def conversation_language(history: list[Turn], languages: Languages) -> str | None:
    """The language the user has been writing in: their last turn that is not an English bare paste, when it
    is one answers are given in (None: the text's own language stands). A French statement has no question
    mark nor English asking word either ("j'ai un souci avec ma source binlog"): it is the user's language."""
    for t in reversed(history):
        if t.role != "user":
            continue
        code, _ = languages(t.content)
        if code == "en" and bare_paste(t.content):
            continue
        return code if code in SUPPORTED else None
    return None
