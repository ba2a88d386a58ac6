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


def standalone_query(question: str, history: list[Turn], llm: LLMBackend | None = None) -> str:
    previous = next((t.content for t in reversed(history) if t.role == "user"), "")
    if not previous or not is_follow_up(question):
        return question
    if llm is not None:
        from .llm import rewrite_with_llm

        rewritten = rewrite_with_llm(llm, question, history)
        if rewritten:
            return rewritten
    return rule_rewrite(question, previous)
