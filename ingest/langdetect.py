"""A question's language: scripts, the packs' function words, the user's own words around a pasted English
error, then the statistical detector (lingua) on what is left; and a corpus document's language.

Split from `ingest/textproc.py` (tokenizing stays there: the lexical index stores its tokens); both ingest and
the bot read languages here.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from faqbot.ingest.asking import asking_language
from faqbot.ingest.textproc import SUPPORTED, WORD_RE, fold
from faqbot.languages import ANSWERED, PACKS, SCRIPTS

# Small closed-class word lists: they decide the language of short technical questions where
# statistical detectors are unreliable (keywords, pasted errors); Italian, German, Portuguese and
# Dutch ones keep a question in those from reading as French or Spanish through one shared word.
# (with their forms typed without accents: _unaccented, below)
# Characters that occur in one of these languages and not the others.
_MARKERS = {code: p.markers for code, p in PACKS.items() if p.function_words}

_WRITTEN = {code: p.function_words | p.detection_words for code, p in PACKS.items() if p.function_words}


def _unaccented(code: str) -> frozenset[str]:
    """A language's function words also as typed without accents ("apres", "ca", "despues"), unless another
    language writes that form ("é" -> "e", "à" -> "a"): most French and Spanish users type on keyboards
    without them (a sixteenth trial's "CTAS mysql vers holo plante apres un changement" read German)."""
    others = {w for other, words in _WRITTEN.items() if other != code for v in words for w in (v, fold(v))}
    return frozenset(f for f in map(fold, _WRITTEN[code]) if f not in _WRITTEN[code] and f not in others)


_FUNCTION_WORDS = {code: words | _unaccented(code) for code, words in _WRITTEN.items()}


# Scripts that name their language outright (a few letters are enough, even in a short question).
_SCRIPTS = tuple((code, re.compile(f"[{chars}]"), minimum) for code, chars, minimum in SCRIPTS)
# A code-like word (a symbol or a camelCase join anywhere in it) is dropped whole, an ALLCAPS word
# on its own. Read word by word: the one pattern \S*[symbols]\S*|\b[A-Z0-9_]{3,}\b|\S*[a-z][A-Z]\S*
# retried every position of a long word against the rest of it (1 s for 4,000 characters).
_CODEY_CHAR_RE = re.compile(r"[._:/$=(){}\[\]<>@\\]|[a-z][A-Z]")
_CAPS_RE = re.compile(r"\b[A-Z0-9_]{3,}\b")


def _strip_codey_word(m: re.Match) -> str:
    word = m.group(0)
    return " " if _CODEY_CHAR_RE.search(word) else _CAPS_RE.sub(" ", word)


def strip_code(text: str) -> str:
    """Drop identifiers, stack-trace lines and ALLCAPS tokens before language detection."""
    kept = [ln for ln in text.splitlines() if not re.match(r"\s*(at |Caused by|\tat |org\.|java\.)", ln)]
    return re.sub(r"\S+", _strip_codey_word, "\n".join(kept))


_ENGLISH_ENDINGS = frozenset({"s", "t", "re", "ve", "ll", "d", "m"})  # job's, don't, we're, I've, it'll, I'd, I'm


def _pieces(word: str) -> list[str]:
    pieces = [p for p in re.split(r"['’]", word) if p]
    return pieces[:-1] if len(pieces) > 1 and pieces[-1] in _ENGLISH_ENDINGS else pieces


def function_word_scores(text: str) -> dict[str, float]:
    # elisions count as two words: j'ai -> j, ai; an English ending after the apostrophe is none ("job's": its "s"
    # counted as French s', and "a second job's sink table stays empty" was answered in French: a 23rd trial)
    words = [p for w in WORD_RE.findall(text) for p in _pieces(w.lower())]
    scores = {lang: 0.0 for lang in _FUNCTION_WORDS}
    for w in words:
        for lang, fw in _FUNCTION_WORDS.items():
            if w in fw:
                scores[lang] += 1.0
    low = text.lower()
    for lang, chars in _MARKERS.items():
        scores[lang] += 1.5 * sum(low.count(c) for c in chars)
    return scores


@lru_cache(maxsize=1)
def _lingua():
    from lingua import Language, LanguageDetectorBuilder

    langs = [getattr(Language, p.lingua) for p in PACKS.values() if p.lingua]
    # trigrams only: 15 MB resident instead of 200 (seven languages' 1- to 5-gram models), one question of
    # 772 read wrong more; a few keywords it guesses wildly ("mysql cdc binlog": German) are settled
    # against the English corpus's words (bot/retrieval/keyword_language.py). docs/eval.md, twelfth session.
    return LanguageDetectorBuilder.from_languages(*langs).with_low_accuracy_mode().build()


_ISO = {p.lingua: code for code, p in PACKS.items() if p.lingua}


def warm_up() -> None:
    """Load the statistical detector now rather than on the first question that needs it."""
    _lingua().compute_language_confidence_values("warm up the language models")


_INVERTED = re.compile(r"[¿¡]")


# What an English post quotes in another script is its data, not its language: a quoted string or
# value, a markdown image's caption, an SQL comment, a log line ("Insert content "都没有啊"", "COMMENT
# '问题内容'", "-- 主键", "INFO ... 【RocketMq 生产者】成功").
_QUOTED_RE = re.compile(
    r"\"[^\"\n]*\"|“[^”\n]*”|'[^'\s]*'|!\[[^\]\n]*\]|--[^\n]*"
    # a log line: a time, then its level within a few fields ("16:29:24.738 [Thread-0] INFO ...")
    r"|^\s*[\d:.,/ T-]{8,}\S*\s+(?:\S+\s+){0,2}(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE)\b.*$",
    re.MULTILINE,
)


def _script_language(text: str) -> str | None:
    """A non-Latin script decides the language when the prose (not a pasted name or quoted data) is in it."""
    prose = _QUOTED_RE.sub(" ", text)
    if not re.search(r"[A-Za-z]", prose):
        prose = text  # no Latin word outside the quotes: the quotes hold the question itself
    for code, pattern, minimum in _SCRIPTS:
        if len(pattern.findall(prose)) >= minimum:
            return code
    return None


# Words of another language that English never writes (its function words but English's and the
# homographs; one letter is an elision's piece): among a pasted English error message, two of them are
# the user's own words ("... superuser connections al escribir en Hologres").
_OWN_WORDS = {
    code: _FUNCTION_WORDS[code] - p.english_homographs - PACKS["en"].function_words
    for code, p in PACKS.items()
    if p.function_words and code != "en"
}
_OWN_LANGUAGES = Counter(w for vocab in _OWN_WORDS.values() for w in vocab)  # how many languages write each
# the English homographs of one language no other language's list holds ("me", "sale": Spanish)
_OWN_HOMOGRAPHS = {
    code: PACKS[code].english_homographs
    - {w for other, p in PACKS.items() if other != code for w in p.english_homographs}
    for code in _OWN_WORDS
}
OWN_HOMOGRAPHS_MINIMUM = 2
_FRAME_RE = re.compile(r"\s*(at |\tat )")
# a clause ends at a sentence's or a label's punctuation before a space (not the dots of "8.0.1") or
# at a dash ("... changes — comment je corrige ?")
_CLAUSE_END_RE = re.compile(r"[.:;?!]+(?=\s|$)|[¿¡—–\n]+")
OWN_WORDS_MINIMUM = 2.0  # words (accented letters 1.5 each) of one language in the user's clauses
ENGLISH_READING = 0.5  # the statistical detector's confidence that those clauses are English after all
SURE_ENGLISH = 0.9  # a statistical English reading that words English writes too do not overturn
SURE_OWN = 0.8  # a statistical reading of the user's few own words sure enough to name their language


def own_clauses(text: str, *, to_last_own: bool = False, whole: bool = False) -> str:
    """Each clause from its first word English never writes (with `whole`, from its start) to its end (or to its
    last such word): the user's words around a pasted error ("En VVR 8.0.1 me sale", "al escribir en Hologres").
    Frames and code-like words go first."""
    kept = "\n".join(ln for ln in text.splitlines() if not _FRAME_RE.match(ln))
    tails = []
    for clause in _CLAUSE_END_RE.split(kept):
        words = WORD_RE.findall(re.sub(r"\S+", _strip_codey_word, clause))
        own = [k for k, w in enumerate(words) if _is_own(w.lower())]
        if own:
            start = 0 if whole else _homographs_before(words, own[0]) if to_last_own else own[0]
            tails.append(" ".join(words[start : own[-1] + 1 if to_last_own else None]))
    return ". ".join(tails)


# the words another language writes that English writes too ("me", "sale", "per"): read as the user's just before
# their first own word
_HOMOGRAPHS = frozenset(w for p in PACKS.values() for w in p.english_homographs)


def _homographs_before(words: list[str], first: int) -> int:
    """Where a clause cut at its last own word starts: its first own word, or the homographs just before it ("me sale
    el error doesn't support ...": a nineteenth trial's clause was "el" alone, too little to read as Spanish)."""
    while first > 0 and words[first - 1].lower() in _HOMOGRAPHS:
        first -= 1
    return first


def _any_own_word(text: str) -> bool:
    return any(_is_own(w.lower()) for w in WORD_RE.findall(text))


def _is_own(word: str) -> bool:
    return any(p in own for own in _OWN_WORDS.values() for p in re.split(r"['’]", word) if len(p) > 1) or any(
        c in chars for chars in _MARKERS.values() for c in word
    )


def _own_words_language(text: str) -> str | None:
    """The language of the words a user wrote around a pasted English error, when English won on counts,
    read on each clause to its end, then, when that reads English, on each clause to its last own word (an
    error pasted inside the user's sentence, "el sink a RDS MySQL falla con Deadlock found when trying to get
    lock", outvotes the words before it; reading only to the last own word first loses "Al desplegar me
    sale", whose last words count too)."""
    return _clauses_language(own_clauses(text)) or _clauses_language(
        own_clauses(text, to_last_own=True), first_only=True
    )


def _clauses_language(own: str, *, first_only: bool = False) -> str | None:
    """The language of the user's clauses (`_own_clauses`). With `first_only` (clauses cut at their last own
    word, so half their words need not be own ones) one language's own words alone decide, and otherwise the
    statistical reading's first language or none: a clause cut short reads less surely ("le sink plante
    avec" read Dutch, then Spanish).

    Only stack frames and code-like words are dropped (not "Caused by:" lines: "Caused by: ... con la
    tabla de dimensión" ends in the user's words). The languages within a word of the best share are
    candidates ("una" and "con" are Italian and Spanish; "el" and "qué" only Spanish); the statistical
    detector, reading those clauses alone, picks among them, and rejects them all when it reads English.
    """
    if not own:
        return None
    # distinct words: one word said twice is no more the user's language than once
    words = {p for w in WORD_RE.findall(own.lower()) for p in re.split(r"['’]", w) if len(p) > 1}
    low = own.lower()
    marks = {code: 1.5 * sum(low.count(c) for c in _MARKERS[code]) for code in _OWN_WORDS}
    # a word English writes too counts for a language in clauses holding a word only that language writes ("mi sink
    # es kafka normal" after a pasted error: "es" is Elasticsearch's short name, "mi" only Spanish; a fifteenth trial
    # was answered in English). Not one it shares: "que" (French, Spanish, Portuguese) made Portuguese's "da" count
    # beside Spanish's "el", "hago" ("el sink a rds mysql da Deadlock found ..., que hago": English; 17th trial)
    # Nor one a shared word stands beside, unless two of its homographs no other language has do too ("me sale este
    # error: Column 'id' is NOT NULL ...": "este" is Portuguese too; a thirty-second trial was answered in English)
    for code, vocab in _OWN_WORDS.items():
        held = words & vocab
        if any(_OWN_LANGUAGES[w] == 1 for w in held):
            marks[code] += len(words & PACKS[code].english_homographs)
        elif held and len(only := words & _OWN_HOMOGRAPHS[code]) >= OWN_HOMOGRAPHS_MINIMUM:
            marks[code] += len(only)
    if max(sum(w in vocab for w in words) + marks[code] for code, vocab in _OWN_WORDS.items()) < OWN_WORDS_MINIMUM:
        return _sure_reading(own, words)
    # a word several languages write counts a share to each ("en": French, Spanish, Dutch), so that words
    # only one writes ("el", "qué") leave the others out; the statistical reading chooses among the rest
    weighted = {
        code: sum(1.0 / _OWN_LANGUAGES[w] for w in words if w in vocab) + marks[code]
        for code, vocab in _OWN_WORDS.items()
    }
    best = max(weighted.values())
    # strictly within a word of the best: "le" (a third to French, Spanish, Italian) beside French-only "plante"
    # leaves French alone, where lingua's weak readings of "Le job plante" (German, then Spanish) chose Spanish
    candidates = {code for code, score in weighted.items() if score > 0 and score > best - 1}
    if len(candidates) == 1 and (first_only or 2 * best >= len(words)):
        # the user's clause is half function words of one language ("sur mon sink Hologres"): a few words
        # are too few for the statistical reading, which took two names for English
        return next(iter(candidates))
    readings = _lingua().compute_language_confidence_values(own)
    for value in readings[:1] if first_only else readings:
        code = _ISO.get(value.language.name, "en")
        if code == "en" and value.value >= ENGLISH_READING:
            return None
        if code in candidates:
            return code
    return None


def _sure_reading(own: str, words: set[str]) -> str | None:
    """The language the statistical detector is sure the user's clauses are in, when one of their words is that
    language's own: "Al desplegar me sale" (Spanish 0.82; "me" is English too), "au démarrage" (French 0.95) before
    a pasted English error (a twelfth trial was answered in English). Too few words for the counts alone."""
    top = _lingua().compute_language_confidence_values(own)[0]
    code = _ISO.get(top.language.name, "en")
    if code != "en" and top.value >= SURE_OWN and words & _OWN_WORDS.get(code, frozenset()):
        return code
    return None


def bare_paste(text: str) -> bool:
    """Whether a text is pasted output alone: no question mark and no word a person asks or reports with in
    English (`asking_words`: "I", "my", "how", ...). Its English is the output's, not the user's: a turn
    answers it in the language the conversation was in (bot/dialogue/query.py)."""
    if "?" in text or "？" in text:
        return False
    return not {w.lower() for w in WORD_RE.findall(strip_code(text))} & PACKS["en"].asking_words


def detect_language(text: str) -> tuple[str, float]:
    """Best guess of (language, confidence) for a question.

    Returns an ISO code that may be outside SUPPORTED ('de', 'zh', ...); callers
    answer those in English with a note. Short or code-heavy text with no signal
    is English, the language of the product's identifiers.
    """
    script = _script_language(text)
    if script:
        return script, 0.9
    if _INVERTED.search(text):
        # only Spanish opens a question or an exclamation with ¿ or ¡: decisive even when a pasted
        # error (English words, dropped or not) makes up most of the text
        return "es", 0.9
    code, confidence = _word_language(text)
    if code == "en":
        # English words are what a pasted error brings; the user's own words may be in another language, or
        # the two words they ask with ("que faire ?": ingest/asking.py)
        own = _own_words_language(text) or asking_language(text)
        if own:
            return own, 0.6
    return code, confidence


def _word_language(text: str) -> tuple[str, float]:
    """The language function words, then the statistical detector, name (scripts set aside)."""
    prose = strip_code(text)
    scores = function_word_scores(prose)
    total = sum(scores.values())
    ranked = sorted(scores, key=lambda k: scores[k], reverse=True)
    best, first, second = ranked[0], scores[ranked[0]], scores[ranked[1]]
    if total >= 2 and first >= 2 * second and first >= 2:
        return best, min(0.99, 0.6 + 0.1 * (first - second))
    if len(WORD_RE.findall(prose)) >= 3:
        values = _lingua().compute_language_confidence_values(prose)
        top = values[0]
        code = _ISO.get(top.language.name, "en")
        # the statistical guess counts when the function words do not contradict it (its language's count at least
        # half the best one's: "usamos ... para escribir en ... y tras un failover tenemos datos", Spanish 4, was
        # Portuguese by one shared "para"); a sure English reading
        # is not contradicted by words English writes too ("column comment": French "comment")
        if top.value >= 0.5 and (2 * scores.get(code, 0) >= first > 0 or total == 0):
            return code, float(top.value)
        if code == "en" and top.value >= SURE_ENGLISH and not _any_own_word(prose):
            return code, float(top.value)
        if total > 0 and first > second:
            return best, 0.5
        if top.value >= 0.5 and code not in SUPPORTED:
            return code, float(top.value)
    if total > 0 and first > second:
        return best, 0.5
    return "en", 0.3


def detect_document_language(text: str) -> str:
    """Language of a whole document, restricted to the supported ones."""
    from lingua import Language, LanguageDetectorBuilder

    detector = LanguageDetectorBuilder.from_languages(*(getattr(Language, PACKS[c].lingua) for c in ANSWERED)).build()
    sample = strip_code(text)[:20000]
    lang = detector.detect_language_of(sample)
    return _ISO.get(lang.name, "en") if lang else "en"
