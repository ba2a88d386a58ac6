"""The parts of the entry under discussion a question asked of it in its words picks ("¿y cómo imprimo los resultados
intermedios?", "and if exactly-once is disabled?", "¿desde qué versión de VVR funciona eso?"): the parts holding most
of the question's own words, or every version branch for a question asking which version; the entry's ordinary
answer (fix first) otherwise."""

from __future__ import annotations

from faqbot.bot.answers.extract import BUDGET, SLACK
from faqbot.bot.answers.focus import with_labels
from faqbot.bot.answers.parts import Selection, reading_order, render_part, select_parts
from faqbot.bot.answers.parts_join import join_parts
from faqbot.bot.answers.parts_score import (
    NO_TEXT,
    VERSION,
    PartQuery,
    case_fit,
    condition,
    in_stated_state,
    local_query,
    names_version_noun,
)
from faqbot.ingest.records import Chunk, Part
from faqbot.ingest.textproc import query_tokens, tokenize


def asked_selection(chunk: Chunk, question: str, weights: dict) -> Selection:
    """The parts of the entry under discussion a question asked of it picks by its own words: the retrieval's
    weights of the words carried from the question before it (what the previous answer was chosen by) left out.
    The parts holding most of those words alone when some part holds most (`_asked_parts`), else the entry's
    answer to the question (fix first)."""
    own = set(query_tokens(question, chunk.language))
    mine = {t: w for t, w in weights.items() if t in own}
    return _asked_parts(chunk, question, own, mine) or select_parts(chunk, question, question, chunk.language, mine)


# a part holding at least this share of the weight of a question's own words answers it by itself ("¿y cómo imprimo
# los resultados intermedios?": the no-output checklist's closing sentence on printing them); the parts holding as much
# as ASKED_SHARE of the best are shown, in the entry's order, without the checklist's first step a longer answer
# starts from (a fourteenth trial got "1. Compruebe si hay failovers" after saying the failovers were checked)
ASKED_HOLDS = 0.6
ASKED_SHARE = 0.8


def _asked_parts(chunk: Chunk, question: str, own: set[str], weights: dict) -> Selection | None:
    parts = chunk.parts
    texts = [render_part(p) for p in parts]
    branches = [i for i, p in enumerate(parts) if p.case]
    cond = condition(question)
    if cond is None and names_version_noun(question):
        # "¿desde qué versión de VVR funciona eso?": every version branch, each under its version (a fifteenth
        # trial got the one before 6.0.2 alone); without branches, the parts naming a version ("et pour quelle
        # version du driver ?": the cause naming "MySQL driver 8.0.27", an eighteenth trial got the fix again)
        naming = [i for i, p in enumerate(parts) if p.kind not in NO_TEXT and VERSION.search(texts[i])]
        chosen = branches if len(branches) >= 2 else naming
        if chosen:
            return _selection(parts, texts, chosen, question, chunk.language)
    # a feature the question says is on or off, written for in both states: the parts in its state ("on a activé
    # l'exactly-once": the bullet for it enabled; "activé" is not the word of "activée", and both bullets hold
    # "exactly-once")
    answering = [t if p.kind not in NO_TEXT else "" for p, t in zip(parts, texts)]
    states = in_stated_state(answering, question, chunk.language)
    if states:
        return _selection(parts, texts, states, question, chunk.language)
    qy = local_query(parts, texts, PartQuery(own, chunk.language, weights, set(), cond))
    total = sum(qy.weights.get(t, 1.0) for t in own)
    if not total:
        return None
    held = {
        i: sum(qy.weights.get(t, 1.0) for t in own & set(tokenize(texts[i], chunk.language))) / total
        for i, p in enumerate(parts)
        if p.kind not in NO_TEXT
    }
    top = max(held.values(), default=0.0)
    if top < ASKED_HOLDS:
        return None
    # a branch for another version than the question's is not its answer ("and after 6.0.2?": that branch alone)
    chosen = [
        i
        for i in reading_order(parts)
        if held.get(i, 0.0) >= ASKED_SHARE * top and case_fit(parts[i].case, cond) >= 0
    ]
    return _selection(parts, texts, chosen, question, chunk.language)


def _selection(parts: list[Part], texts: list[str], chosen: list[int], question: str, lang: str) -> Selection | None:
    """The chosen parts with their sections' labels, in the entry's order; None when they exceed the budget (several
    long parts: the ordinary answer chooses within it)."""
    if sum(len(texts[i]) + 2 for i in chosen) > BUDGET + SLACK:
        return None
    shown = {i: texts[i] for i in chosen}
    with_labels(parts, texts, chosen, shown)
    order = reading_order(parts)
    text = join_parts(parts, shown, order, condition(question), lang)
    return Selection(text, len(shown) < len(parts), [i for i in order if i in shown])
