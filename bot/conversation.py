"""Follow-up questions ("and with Paimon?", "et en SQL ?") made standalone using the history."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from faqbot.ingest.textproc import detect_language, tokenize

from .answer import Turn

if TYPE_CHECKING:
    from .llm import LLMBackend

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


def _is_name(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()


def is_follow_up(question: str) -> bool:
    words = re.findall(r"\w+", question)
    return bool(_REFERS_BACK.match(question)) or (len(words) <= SHORT and bool(_PRONOUNS.search(question)))


def rule_rewrite(question: str, previous: str) -> str:
    """Carry the previous question's topic terms into a short or referring follow-up."""
    if not previous or not is_follow_up(question):
        return question
    lang, _ = detect_language(previous)
    new_terms = set(tokenize(question, lang))
    # a follow-up that names a new product or connector replaces the previous one's
    # (a capitalised word such as Paimon or Hudi; acronyms like SQL are topics, not products)
    names_new = any(_is_name(w) for w in re.findall(r"\w+", question)[1:])
    # words of the previous question that the follow-up does not replace
    kept = [
        w
        for w in re.findall(r"[\w.:\-']+", previous)[1:]
        if len(w) > 2
        and tokenize(w, lang)
        and not set(tokenize(w, lang)) & new_terms
        and not (names_new and _is_name(w))
    ]
    return f"{question.strip()} ({' '.join(kept)})"


def asks_for_fix(question: str, history: list[Turn]) -> bool:
    """A short follow-up asking how to fix what the previous answer was about."""
    words = re.findall(r"\w+", question)
    return any(t.role == "user" for t in history) and len(words) <= FIX_WORDS and bool(_ASKS_FIX.search(question))


def focus(question: str, history: list[Turn]) -> str:
    """What part of the entry the answer should quote: "fix" for a how-do-I-fix-it follow-up, else ""."""
    return "fix" if asks_for_fix(question, history) else ""


def _resolved(users: list[str]) -> list[str]:
    """Each user turn as the standalone question it stood for, by the rules: a follow-up of a
    follow-up ("and for the sink?" after a question, then "how do I fix it?") keeps the topic of
    the question that opened it, not just the words of the turn before."""
    out: list[str] = []
    for q in users:
        prev = out[-1] if out else ""
        if prev and _ASKS_FIX.search(q) and len(re.findall(r"\w+", q)) <= FIX_WORDS:
            out.append(prev)
        else:
            out.append(rule_rewrite(q, prev))
    return out


def standalone_query(question: str, history: list[Turn], llm: LLMBackend | None = None) -> str:
    users = _resolved([t.content for t in history if t.role == "user"])
    if asks_for_fix(question, history):
        # the entry under discussion is the one the last question, made standalone, found
        return users[-1]
    previous = users[-1] if users else ""
    if not previous or not is_follow_up(question):
        return question
    if llm is not None:
        from .llm import rewrite_with_llm

        rewritten = rewrite_with_llm(llm, question, history)
        if rewritten:
            return rewritten
    return rule_rewrite(question, previous)
