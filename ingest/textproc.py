"""Text processing shared by ingest and the bot: folding, tokenizing, language detection.

Public module: the lexical index stores tokens produced here, so the bot must
tokenize queries with exactly the same rules.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import Stemmer

SUPPORTED = ("en", "fr", "es")
_STEMMER_NAMES = {"en": "english", "fr": "french", "es": "spanish"}

# Small closed-class word lists: they decide the language of short technical
# questions where statistical detectors are unreliable (keywords, pasted errors).
_FUNCTION_WORDS = {
    "en": set(
        "the a an is are was were be been to of in on for with and or not no my our your "
        "how why what when where which does do did can could should would i we you it "
        "this that these those there from by after before into at as if but get gets "
        "never only any has have had will just still".split()
    ),
    "fr": set(
        "le la les un une des du de d l est sont être pour avec et ou pas ne n mon ma mes "
        "notre nos votre vos comment pourquoi quoi quel quelle quels quelles quand où "
        "dans sur par je nous vous il elle ils on ce cet cette ces qui que qu au aux "
        "se s c j y en rien jamais mais après avant depuis ai a été fait faut lorsque "
        "puis-je peut-on dois-je".split()
    ),
    "es": set(
        "el la los las un una unos unas es son ser para con y o no mi mis nuestro su sus "
        "cómo como por qué que cuál cuáles cuándo dónde en sobre yo nosotros usted ustedes "
        "él ella ellos este esta estos estas ese esa hay del al se lo le nada nunca pero "
        "después antes desde he ha sido hace puedo debo cuando donde porque muy tengo".split()
    ),
}
# Characters that occur in one of the three languages and not the others.
_MARKERS = {"es": set("ñ¿¡áíóú"), "fr": set("àâçèêëîïôùûœ"), "en": set()}

WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
# An identifier: a run of word characters joined by . _ - : / $ (kept whole as a token).
# Linear: a match may only start where a run starts (the lookbehinds) and never backtracks into
# a run (possessive quantifiers). The plain pattern, [A-Za-z0-9][A-Za-z0-9_]*(?:[.\-:/$][A-Za-z0-9_]+)+
# | [A-Za-z]+_[A-Za-z0-9_]+, tried every position of a long separator-less word against the whole
# rest of it: 0.7 s for 4,000 letters, holding the GIL. Same matches (tests/unit/test_textproc_linear.py).
_IDENT_RE = re.compile(
    r"(?<![A-Za-z0-9_])_*+(?P<a>[A-Za-z0-9][A-Za-z0-9_]*+(?:[.\-:/$][A-Za-z0-9_]++)+)"
    r"|(?<![A-Za-z])(?P<b>[A-Za-z]++_[A-Za-z0-9_]++)"
)
_CAMEL_RE = re.compile(r"\b[A-Z]?[a-z]+[A-Z][A-Za-z0-9]*|\b[A-Z]{2,}[a-z]+[A-Za-z0-9]*")
_CAMEL_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def fold(text: str) -> str:
    """Lowercase and strip accents, so 'Réseau' and 'reseau' meet in the lexical index."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=8)
def _stemmer(lang: str) -> Stemmer.Stemmer:
    return Stemmer.Stemmer(_STEMMER_NAMES.get(lang, "english"))


@lru_cache(maxsize=8)
def _stopwords(lang: str) -> frozenset[str]:
    from .lexical import stopwords

    words = set(stopwords(lang)) | _FUNCTION_WORDS.get(lang, set())
    return frozenset(fold(w) for w in words)


def identifiers(text: str) -> list[str]:
    """Identifier-like tokens kept whole: key.fields-prefix, dhs:ListShard, ClassNames."""
    found = [(m.group("a") or m.group("b")).strip(".:-/") for m in _IDENT_RE.finditer(text)]
    found += [m.group(0) for m in _CAMEL_RE.finditer(text)]
    return [f.lower() for f in found if len(f) > 2]


def tokenize(text: str, lang: str) -> list[str]:
    """Tokens for BM25: stemmed folded words plus whole identifiers and their camel parts."""
    stop = _stopwords(lang)
    stem = _stemmer(lang)
    words = [fold(w).replace("’", "'") for w in WORD_RE.findall(text)]
    out: list[str] = []
    for w in words:
        # French/Spanish elisions: l'offset -> offset
        if "'" in w:
            w = w.split("'", 1)[1]
        if not w or w in stop or (len(w) == 1 and not w.isdigit()):
            continue
        out.append(stem.stemWord(w))
    for ident in identifiers(text):
        out.append("§" + ident)  # prefix keeps whole identifiers apart from word stems
    for m in _CAMEL_RE.finditer(text):
        for part in _CAMEL_SPLIT.split(m.group(0)):
            p = fold(part)
            if len(p) > 2 and p not in stop:
                out.append(stem.stemWord(p))
    return out


def query_tokens(text: str, lang: str) -> list[str]:
    """A question's tokens in its language plus, for French and Spanish, the English ones:
    technical words in a French or Spanish question are often English."""
    toks = tokenize(text, lang)
    if lang != "en":
        toks += [t for t in tokenize(text, "en") if t not in toks]
    return toks


# ---------------------------------------------------------------- language
# possessive, the first branch with a lookahead: [A-Z][a-z0-9]*[A-Z0-9][A-Za-z0-9]* backtracked
# quadratically on one long word ("A111...1_": 0.6 s); same matches
_NAME_RE = re.compile(r"(?<![\w-])([A-Z](?=[a-z]*[A-Z0-9])[A-Za-z0-9]*+|[A-Z][a-z]{2,}+|[A-Z]{2,}+[a-z0-9]*+)(?![\w-])")


def raw_words(text: str) -> set[str]:
    """Lower-cased ASCII words as written (no stemming): the vocabulary names are checked against."""
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", text)}


def names(text: str) -> list[str]:
    """Capitalised words inside a sentence (product and system names such as "RocksDB", "Pulsar").

    A sentence's first word is skipped: it is capitalised whatever it is.
    """
    out = []
    for m in _NAME_RE.finditer(text):
        j = m.start() - 1  # the last character before the name that is not a space (no copy of the text)
        while j >= 0 and text[j].isspace():
            j -= 1
        if j >= 0 and text[j] not in ".?!¿¡:":
            out.append(m.group(1))
    return out


_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# Scripts that name their language outright (a few letters are enough, even in a short question).
_SCRIPTS = (
    ("ja", re.compile(r"[\u3040-\u30ff]"), 1),  # kana: Japanese even among kanji
    ("ko", re.compile(r"[\uac00-\ud7af]"), 1),
    ("zh", re.compile(r"[\u3400-\u9fff]"), 1),
    ("ar", re.compile(r"[\u0600-\u06ff]"), 2),
    ("he", re.compile(r"[\u0590-\u05ff]"), 2),
    ("el", re.compile(r"[\u0370-\u03ff]"), 3),
    ("hi", re.compile(r"[\u0900-\u097f]"), 2),
    ("th", re.compile(r"[\u0e00-\u0e7f]"), 2),
    ("ru", re.compile(r"[\u0400-\u04ff]"), 4),
)
# A code-like word (a symbol or a camelCase join anywhere in it) is dropped whole, an ALLCAPS word
# on its own. Read word by word: the one pattern \S*[symbols]\S*|\b[A-Z0-9_]{3,}\b|\S*[a-z][A-Z]\S*
# retried every position of a long word against the rest of it (1 s for 4,000 characters).
_CODEY_CHAR_RE = re.compile(r"[._:/$=(){}\[\]<>@\\]|[a-z][A-Z]")
_CAPS_RE = re.compile(r"\b[A-Z0-9_]{3,}\b")


def _strip_codey_word(m: re.Match) -> str:
    word = m.group(0)
    return " " if _CODEY_CHAR_RE.search(word) else _CAPS_RE.sub(" ", word)


# Function words of Latin-script languages the bot does not answer in: without them, one shared
# word ("il", "la", "que") made an Italian or Portuguese question French or Spanish.
_FOREIGN_FUNCTION_WORDS = {
    "it": set(
        "il lo gli della dello delle degli del di da che non per perché perche come quando dove sono è "
        "questo questa mio mia miei nel nella nei negli al alla ai ma anche ho ha hanno viene si una uno "
        "posso può puo devo cosa quale quali sul sulla dal dalla tra fra".split()
    ),
    "de": set(
        "der die das ist sind nicht und ein eine einen einem ich wir mein meine warum wie wird werden mit "
        "auf für fur von zu den dem des kein keine keinen bei im sich auch oder wenn dass was wo kann "
        "können konnen muss nach aus beim zum zur".split()
    ),
    "pt": set(
        "não nao é o os as um uma do da dos das em no na nos nas para com por que como meu minha "
        "porque está esta são sao isso este esta ao à pelo pela já ja tenho posso".split()
    ),
    "nl": set(
        "de het een is zijn niet en ik wij mijn waarom hoe wordt worden met op voor van te bij ook "
        "dat wat geen kan".split()
    ),
}
_FOREIGN_MARKERS = {"de": set("äöüß"), "pt": set("ãõ"), "it": set(), "nl": set()}


def strip_code(text: str) -> str:
    """Drop identifiers, stack-trace lines and ALLCAPS tokens before language detection."""
    kept = [ln for ln in text.splitlines() if not re.match(r"\s*(at |Caused by|\tat |org\.|java\.)", ln)]
    return re.sub(r"\S+", _strip_codey_word, "\n".join(kept))


def function_word_scores(text: str) -> dict[str, float]:
    # elisions count as two words: j'ai -> j, ai
    words = [p for w in WORD_RE.findall(text) for p in re.split(r"['’]", w.lower()) if p]
    lists = {**_FUNCTION_WORDS, **_FOREIGN_FUNCTION_WORDS}
    scores = {lang: 0.0 for lang in lists}
    for w in words:
        for lang, fw in lists.items():
            if w in fw:
                scores[lang] += 1.0
    low = text.lower()
    for lang, chars in {**_MARKERS, **_FOREIGN_MARKERS}.items():
        scores[lang] += 1.5 * sum(low.count(c) for c in chars)
    return scores


@lru_cache(maxsize=1)
def _lingua():
    from lingua import Language, LanguageDetectorBuilder

    langs = [
        Language.ENGLISH,
        Language.FRENCH,
        Language.SPANISH,
        Language.GERMAN,
        Language.ITALIAN,
        Language.PORTUGUESE,
        Language.DUTCH,
    ]
    return LanguageDetectorBuilder.from_languages(*langs).build()


_ISO = {
    "ENGLISH": "en",
    "FRENCH": "fr",
    "SPANISH": "es",
    "GERMAN": "de",
    "ITALIAN": "it",
    "PORTUGUESE": "pt",
    "DUTCH": "nl",
}


def warm_up() -> None:
    """Load the statistical detector now rather than on the first question that needs it."""
    _lingua().compute_language_confidence_values("warm up the language models")


_INVERTED = re.compile(r"[¿¡]")


def _script_language(text: str) -> str | None:
    """A non-Latin script decides the language when the prose (not just a pasted name) is in it."""
    for code, pattern, minimum in _SCRIPTS:
        if len(pattern.findall(text)) >= minimum:
            return code
    return None


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
        # the statistical guess counts when the function words do not contradict it
        if top.value >= 0.5 and (scores.get(code, 0) > 0 or total == 0):
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

    detector = LanguageDetectorBuilder.from_languages(Language.ENGLISH, Language.FRENCH, Language.SPANISH).build()
    sample = strip_code(text)[:20000]
    lang = detector.detect_language_of(sample)
    return _ISO.get(lang.name, "en") if lang else "en"
