"""What the code knows of one language: the `LanguagePack` record.

Every word list and pattern that depends on a language is built from these records (the
registry is in `__init__.py`); nothing else in faqbot lists words of a language. Fields a
language does not need stay empty: a language the corpus is not written in has no labels, one
that is only detected (Italian, Dutch) has only its function words.

Fields named `*_patterns` hold regular-expression fragments (one alternative each, matched with
re.IGNORECASE); the others hold plain words or phrases.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

ROLE_KINDS = ("source", "sink", "dimension")
LABEL_KINDS = ("problem", "cause", "solution")


def frozen(mapping: Mapping | None = None) -> Mapping:
    """A read-only mapping (a pack is shared by every module: nobody may change it)."""
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class LanguagePack:
    code: str  # ISO 639-1
    name: str  # in English
    # --- reading the language
    answers: bool = False  # the corpus is written in it: questions are answered in it, the UI speaks it
    lingua: str = ""  # lingua's Language name, for the statistical detector ("GERMAN"); "" when not used
    stemmer: str = ""  # PyStemmer's algorithm ("german"); "" for English's when the language has none
    bm25s_stopwords: str = ""  # the name of bm25s's stop-word list ("GERMAN" for STOPWORDS_GERMAN)
    # closed-class words: they decide the language of short technical questions (and are stop words)
    function_words: frozenset[str] = frozenset()
    # more words the detector counts as the language's, kept in the text BM25 reads: "sans" ("redémarrer sans
    # état"), "vers" ("de MySQL vers Hologres"), "chez", "ça" (French typed without accents: "ca")
    detection_words: frozenset[str] = frozenset()
    # the word that ends a list of options ("adjust the retention, specify a consumer ID, or optimize the job"): a
    # user who tried one of them is shown the sentence again for the others (bot/answers/focus.py other_options)
    or_words: frozenset[str] = frozenset()
    # words a person asks or reports with and pasted output never holds (pronouns, question words): a text
    # without them, nor a question mark, is a bare paste (ingest/langdetect.py bare_paste)
    asking_words: frozenset[str] = frozenset()
    # its function words English text writes too ("per", "non", "comment", "os"): among a pasted English
    # error they are no sign of this language (English's own function words never are)
    english_homographs: frozenset[str] = frozenset()
    # how a question clause in it opens ("que faire", "comment désactiver", "¿es normal"): after a pasted English
    # error, the few words a user asks with are too few for the function-word count (ingest/asking.py)
    question_patterns: tuple[str, ...] = ()
    markers: frozenset[str] = frozenset()  # letters its neighbours do not use ("ñ", "ß")
    script: str = ""  # a character class body (scripts.KANA) naming the language outright
    script_minimum: int = 1  # letters of that script that make a question this language
    spaced: bool = True  # words stand between spaces: \b works (not for Han, kana, Hangul)
    # every noun is written capitalised (German): a capitalised word is no sign of a product's name
    capitalised_nouns: bool = False
    # for a language the FAQ is not written in: "the FAQ is in English, French and Spanish; this answer is in
    # English", said in it (bot/answers/compose.py), before the answer language's own sentence: a thirty-third
    # trial's Chinese, Japanese and Korean turns had not one word of their language
    unanswered_note: str = ""
    # --- FAQ structure: section labels (whole labels, lower-case) and line-start prefixes
    labels: Mapping[str, tuple[str, ...]] = field(default_factory=frozen)  # problem, cause, solution
    label_prefixes: Mapping[str, tuple[str, ...]] = field(default_factory=frozen)  # problem, solution
    fix_prefixes: tuple[str, ...] = ()  # a label opening the fix proper, as opposed to checks
    error_label_patterns: tuple[str, ...] = ()  # "Error" of an entry titled "Error: ..."
    # what a title says of the message it quotes when it does not call it an error: "fails with" of "MaxCompute job
    # fails with 'Invalid partition spec'" (bot/retrieval/error_titles.py)
    failure_title_patterns: tuple[str, ...] = ()
    # --- the dialogue
    follow_up_patterns: tuple[str, ...] = ()  # openers that refer back ("and", "what about")
    pronoun_patterns: tuple[str, ...] = ()  # words that stand for the previous subject ("it")
    # what opens the thing a follow-up replaces ("instead of", "en vez de"): "y si la tabla es redis en vez de mysql?"
    # asks the previous question of Redis, and the MySQL it names is no part of that question
    instead_patterns: tuple[str, ...] = ()
    # articles, which may stand between such an opener and the word it replaces ("instead of the MySQL one")
    articles: frozenset[str] = frozenset()
    asks_about_patterns: tuple[str, ...] = ()  # a question closed by a particle that refers back (呢)
    fix_request_patterns: tuple[str, ...] = ()  # "how do I fix it?"
    # a setting's value or unit asked of the entry's fix (a fix request too: bot/answers/detail.py says when the fix
    # gives none): "which value should I set?", "what values do you recommend?" / "what unit is it in?"
    value_request_patterns: tuple[str, ...] = ()
    unit_request_patterns: tuple[str, ...] = ()
    # what else a short turn asks of the entry under discussion (bot/dialogue/conversation.py entry_request):
    cause_request_patterns: tuple[str, ...] = ()  # its cause: "why?", "what causes it?"
    code_request_patterns: tuple[str, ...] = ()  # its SQL or configuration: "give me the SQL"
    failed_fix_patterns: tuple[str, ...] = ()  # its fix was tried and did not help: "that did not work"
    # the word opening a question about a cause: a turn opening on it that says something does not work asks why
    # ("why doesn't the parameter work?", "pourquoi le paramètre ne marche pas ?"), not "that did not work"
    why_patterns: tuple[str, ...] = ()
    # a feature's state as a text states it ("exactly-once semantics enabled" / "disabled", "we turned on exactly
    # once"): a part about the state the question is in is the one that applies (bot/answers/parts_score.py)
    on_patterns: tuple[str, ...] = ()
    off_patterns: tuple[str, ...] = ()
    # a politeness word besides an answer language ("en español por favor"): the turn asks for nothing else
    please_patterns: tuple[str, ...] = ()
    # a turn that only thanks or greets ("merci !", "muchas gracias", "hello"): answered as such, no entry searched
    # (bot/dialogue/courtesy.py)
    thanks_patterns: tuple[str, ...] = ()
    greeting_patterns: tuple[str, ...] = ()
    # asking for what was said again ("can you say it again", "tu peux me le redire"): beside an answer language
    # ("... en anglais ?") the turn asks nothing more than that language
    repeat_patterns: tuple[str, ...] = ()
    # what a turn may open on before what it asks ("ok and is that normal?", "d'accord, et pourquoi ?", "vale, ¿y
    # por qué?"): an acknowledgement or a connective; the request after it is what the turn asks
    acknowledgement_patterns: tuple[str, ...] = ()
    # a turn reporting what happens now ("and now it says the table requires a PRIMARY KEY", "y ahora dice ..."): after
    # what the user did, a new symptom, a question of its own rather than one about the entry under discussion
    new_symptom_patterns: tuple[str, ...] = ()
    # a turn announcing another subject ("another thing: ...", "otra cosa: ...", "autre souci : ..."), at its start
    # after any acknowledgement: what follows asks of its own, whatever words of the last answer it repeats
    new_topic_patterns: tuple[str, ...] = ()
    # an opener going back to an earlier question than the last ("back to my window problem: ..."), anchored at
    # the turn's start; the words after it, up to a colon or comma, name that question (bot/dialogue/resume.py)
    resume_patterns: tuple[str, ...] = ()
    # nouns that name a subject without saying which ("my *problem*", "la *question*"): no sign of the turn meant
    topic_nouns: frozenset[str] = frozenset()
    # the first question of the conversation ("back to my *first* question")
    first_words: frozenset[str] = frozenset()
    roles: Mapping[str, tuple[str, ...]] = field(default_factory=frozen)  # source, sink, dimension words
    # --- reading a report and a model's answer
    symptom_patterns: tuple[str, ...] = ()  # what goes wrong ("no data", "fails")
    refusal_patterns: tuple[str, ...] = ()  # a model saying the FAQ does not cover it
    wrong_sample_patterns: tuple[str, ...] = ()  # the lead-in of a sample showing what not to do
    pointer_patterns: tuple[str, ...] = ()  # a sentence opening that only sends elsewhere ("For more information, see")
    # a step's opening that moves through the console ("In the left-side navigation pane, go to ...", "Click the
    # deployment name."): a step of a procedure before its last, no fix line by itself (bot/answers/fix_line.py)
    navigation_patterns: tuple[str, ...] = ()
    # a clause opening that tells the reader what to do: an imperative ("To resolve this issue, upgrade ...")
    instruction_patterns: tuple[str, ...] = ()
    # a sentence opening that points back to the sentence before it ("As a result, ..."): not quoted alone
    back_reference_patterns: tuple[str, ...] = ()
    # a word saying a sentence follows from the one before it, among its first words ("The job then fails")
    consequence_patterns: tuple[str, ...] = ()
    # a sentence announcing a sample or a list of parameters after it ("add the following code")
    announce_patterns: tuple[str, ...] = ()
    # a clause saying the user already did something ("I already set X", "I tried X")
    done_patterns: tuple[str, ...] = ()
    # a clause saying the user cannot or may not apply a fix ("we can't change the broker config", "skipping the
    # record is not acceptable"): ruled out as one done is; the clauses saying why ("it's managed by another team")
    # are no question of their own (bot/answers/done.py)
    cannot_patterns: tuple[str, ...] = ()
    # a clause of a turn after an answer saying the user did something, without "already" ("I set X to 5 s, still
    # nothing", "j'ai mis X", "puse X"): after a fix was given it says what was done; in a question of its own it
    # describes the setup, perhaps the mistake ("we set transaction.timeout.ms in the producer properties")
    turn_done_patterns: tuple[str, ...] = ()
    # a clause saying something the user checked is fine ("telnet to the broker works", "the network is OK");
    # "{negation}" stands for every pack's `negation_words` (a French clause may quote "telnet not ok")
    checked_patterns: tuple[str, ...] = ()
    # a clause saying the user does not use something ("we do not use lookup", "no usamos tablas de dimensión"; not
    # "we don't have access": a symptom): what follows it is not their case (bot/answers/done.py)
    unused_patterns: tuple[str, ...] = ()
    # a fix that drops a table or a job's state ("stop the job, delete the downstream table", "restart it without
    # state"): a closest entry's line quoting one says so before it, since that entry is only a guess at the user's
    # case (a twenty-ninth trial's slow snapshot got the schema-change entry's "delete the downstream table")
    destructive_patterns: tuple[str, ...] = ()
    # words that say a check failed ("not", "pas", "nunca"): elisions in pieces ("doesn", "n")
    negation_words: frozenset[str] = frozenset()
    # words that open the clause after it ("... but it still fails"): what was done ends there
    contrast_words: frozenset[str] = frozenset()
    # the words besides function words of a turn saying only its version ("we are *using version* 8.0.9")
    version_words: frozenset[str] = frozenset()
    # "already": a turn saying it already runs a version ("we are on VVR 8.0.10 already") has done the upgrades to it
    already_words: frozenset[str] = frozenset()
    # a reply to a yes/no question ("Yes.", "Non."): opening an entry whose title asks nothing ("Data visibility
    # depends on the checkpoint interval"), it answered a question the title no longer asks (ingest/parts.py)
    reply_words: frozenset[str] = frozenset()
    # --- names and glossary
    language_names: Mapping[str, str] = field(default_factory=frozen)  # answer languages' names in it
    # a language the corpus lacks: what users call it in English, French, Spanish and itself ("German", "allemand",
    # "alemán", "Deutsch"): a turn asking for answers in it is told there are none (bot/dialogue/conversation.py)
    names: tuple[str, ...] = ()
    and_word: str = ""  # joins a list of names ("English and French")
    glossary: Mapping[str, str] = field(default_factory=frozen)  # term -> English words (for BM25)
    # how a question in the language asks a topic the FAQ has no entry on, by key of bot/retrieval/topics.py
    # ABSENT_TOPICS ("how do I install Flink on Kubernetes?", "how much does it cost?"): wordings that ask, not words
    # a report holds in passing ("deploy mode: kubernetes-application", a column named price)
    absent_topic_patterns: Mapping[str, tuple[str, ...]] = field(default_factory=frozen)
    # endings a glossary term's last word may take and still be the term (bot/retrieval/xling.py): the plural
    # "s" in every language; Spanish verbs written in the third person ("aparece", "tarda") take "n" (they
    # appear) and "r" (to appear) too
    glossary_endings: tuple[str, ...] = ("s",)
    # sentences the patterns above must match (checked by tests/unit/test_languages.py)
    examples: Mapping[str, tuple[str, ...]] = field(default_factory=frozen)
