"""The parts of an entry that answer the question (the parts come from ingest/parts.py).

Each part is scored against the question (bot/answers/parts_score.py): the share of the question's words it
holds (rare words weigh more), the names, options and numbers of the question it holds, whether its
version branch is the one the question's version falls in, and whether it is the fix. The answer takes
the best fix part (a Solution section whole; of a numbered list too long for the budget, the step that
answers, the first step and the steps that fit), the part that answers the question when it is
another one (the second cause, the option named late, the watermark section of a checklist, the
branch for the user's version), then other parts by score while they fit the budget; it reads in
the entry's order except that the error text comes after the fix. The LLM's passage is the same
selection (bot/llm/prompt.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from faqbot.bot.answers.done import done_query, undone
from faqbot.bot.answers.excerpt import BACK_REFERENCE, abridge_code, fit, item_opening, key_sentences
from faqbot.bot.answers.extract import render
from faqbot.bot.answers.parts_fill import complete, take_alternatives
from faqbot.bot.answers.parts_join import join_parts
from faqbot.bot.answers.parts_score import (
    PartQuery,
    bonus,
    case_fit,
    condition,
    done_fixes,
    local_query,
    question_names,
    relevance,
    stated,
)
from faqbot.ingest.blocks import WRONG_SAMPLE
from faqbot.ingest.records import Chunk, Part
from faqbot.ingest.textproc import query_tokens

# The quoted part aims at this many characters (the lead line and "See also" come on top); the fix
# itself is never cut but for long code samples; an entry within SLACK of the budget is quoted whole.
BUDGET = 520
SLACK = 100
# A long cause or explanation beside the fix: its key sentences; the error text the question does not
# already hold: its lines the question shares. Both for BUDGET, in proportion for another budget (the
# LLM's passage). 300 each made the median dev answer 785 characters; 200 each, 696 (docs/eval.md).
CAUSE_CHARS = 200
PROBLEM_CHARS = 200
STEPS_CUT = True
FIT_MIN = 160  # room worth the start of another part
CAUSE_MIN = 60  # room worth the opening sentence explaining a cause
# other parts join the answer only when they hold at least this share of what the best part holds
FILL_SHARE = 0.5
BRIEF_SHARE = 0.8  # and a part too long for the room left is shortened only when it holds nearly as much


@dataclass
class Selection:
    text: str
    cut: bool  # something of the entry was left out
    shown: list[int] = field(default_factory=list)  # the parts quoted (indices), whole or shortened
    abridged: set[int] = field(default_factory=set)  # those of them shortened
    # a sentence listing options, one of which the user tried (bot/answers/focus.py other_options)
    options: bool = False


def render_part(p: Part) -> str:
    """A part as the answer shows it (markdown), cached."""
    return _rendered(p.text)


# An entry's parts are rendered and tokenized again for every question on it: kept (bounded) instead.
@lru_cache(maxsize=8192)
def _rendered(text: str) -> str:
    return render(text.splitlines())


def reading_order(parts: list[Part]) -> list[int]:
    """Entry order, except that the error text (a problem part) comes after the fix that follows it."""
    if not any(p.fix for p in parts):
        return list(range(len(parts)))
    lead = [i for i, p in enumerate(parts) if p.kind != "problem"]
    return lead + [i for i, p in enumerate(parts) if p.kind == "problem"]


def _group(parts: list[Part], i: int) -> list[int]:
    """The parts quoted together with part i: a numbered list whole, a Solution section whole."""
    p = parts[i]
    if p.kind == "step" or (p.fix and p.kind in ("solution", "check") and p.section >= 0):
        return [j for j, q in enumerate(parts) if q.section == p.section and q.fix == p.fix and q.kind == p.kind]
    return [i]


class _Picker:
    """The parts chosen so far, within the budget."""

    def __init__(self, parts: list[Part], texts: list[str], budget: int) -> None:
        self.parts, self.texts, self.room, self.budget = parts, texts, budget, budget
        self.chosen: dict[int, str] = {}
        self.cause = round(CAUSE_CHARS * budget / BUDGET)
        self.problem = round(PROBLEM_CHARS * budget / BUDGET)

    def take(self, i: int, text: str | None = None) -> bool:
        text = self.texts[i] if text is None else text
        if i in self.chosen or not text:
            return False
        self.chosen[i] = text
        self.room -= len(text) + 2
        return True

    def drop_dangling(self) -> None:
        """A lead-in ("… in two steps:") is not quoted without the part it introduces: the part goes, or
        its closing sentence when it says more before it."""
        for i in [i for i, t in self.chosen.items() if t.rstrip().endswith(":")]:
            if self.parts[i].kind in ("label", "heading"):
                continue
            j = i + 1  # what it introduces: the next part, and the list items or samples that follow it
            while j < len(self.parts) and j not in self.chosen and (j == i + 1 or _introduced(self.parts[j])):
                j += 1
            if j == len(self.parts) or j not in self.chosen or (j > i + 1 and not _introduced(self.parts[j])):
                # its closing sentence goes ("… in the following ways:"); what the part said before stays
                text = self.chosen[i].rstrip()
                ends = [m.start() for m in re.finditer(r"(?<=[.!?。])\s+", text)]
                if ends and "\n" not in text[ends[-1] :].strip():
                    self.chosen[i] = text[: ends[-1]]
                else:
                    del self.chosen[i]

    def opener(self, i: int) -> None:
        """The label or lead-in of part i's section, when short; not a lead-in that refers back to what
        the answer leaves out ("Based on these usage patterns, here are ..." after unquoted items)."""
        s = self.parts[i].section
        if s < 0 or s in self.chosen or len(self.texts[s]) > 200:
            return
        if BACK_REFERENCE.match(self.texts[s].lstrip("•- ")) and s - 1 >= 0 and s - 1 not in self.chosen:
            return
        self.take(s)


def select_parts(
    chunk: Chunk,
    query: str,
    question: str,
    lang: str,
    weights: dict | None,
    budget: int | None = None,
    complete_: bool = False,
) -> Selection:
    """The parts of the entry that answer the question, fix first, within budget (BUDGET by default);
    complete_ (the LLM's passage): the room left goes to what was left out (bot/answers/parts_fill.py)."""
    budget = BUDGET if budget is None else budget
    parts = chunk.parts
    texts = [render_part(p) for p in parts]
    order = reading_order(parts)
    cond = condition(question)
    branches = [i for i, p in enumerate(parts) if p.case]
    # the retrieval's own terms too: for a Chinese question, the English words of its terms (bot/retrieval/glossary.py)
    tokens = set(query_tokens(query, lang)) | set(weights or {})
    names = question_names(undone(question) + " " + query)
    qy = PartQuery(tokens, lang, weights or {}, names, cond, *done_query(question, lang), stated(question, lang))
    qy = local_query(parts, texts, qy)
    whole_fits = sum(len(t) + 2 for t in texts) <= budget + SLACK
    if whole_fits and not (cond and len(branches) >= 2) and not done_fixes(parts, texts, qy):
        return Selection(join_parts(parts, {i: texts[i] for i in order}, order, cond, lang), False, order)
    rel = [relevance(p, texts[i], qy) if p.kind not in ("label", "heading") else -9.0 for i, p in enumerate(parts)]
    scores = [r + bonus(p) for p, r in zip(parts, rel)]
    pick = _Picker(parts, texts, budget)
    _take_fix(pick, scores, rel, qy)
    causes_only = chunk.fix == "none" and _take_causes(pick, qy)
    best = max((i for i in range(len(parts)) if i not in pick.chosen), key=lambda i: rel[i], default=None)
    if best is not None and rel[best] > 0 and not causes_only:
        for j in _group(parts, best):
            _take_brief(pick, j, qy, pick.room if pick.room > FIT_MIN else pick.cause)
        pick.opener(best)
    _take_cause(pick, scores, qy, chunk.fix)
    _fill(pick, scores, rel, qy)
    take_alternatives(pick, chunk.fix, rel, qy, SLACK)
    if complete_:
        complete(pick, order, qy)
    pick.drop_dangling()
    shown = [i for i in order if i in pick.chosen]
    abridged = {i for i in shown if pick.chosen[i] != texts[i]}
    content = [i for i, p in enumerate(parts) if p.kind not in ("label", "heading")]
    cut = bool(abridged) or any(i not in pick.chosen for i in content)
    return Selection(join_parts(parts, pick.chosen, order, cond, lang), cut, shown, abridged)


def _fill(pick: _Picker, scores: list[float], rel: list[float], qy: PartQuery) -> None:
    """Other parts by score while they fit, those holding at least FILL_SHARE of what the best part holds."""
    parts, top = pick.parts, max(rel, default=0.0)
    for i in sorted(range(len(parts)), key=lambda i: -scores[i]):
        if rel[i] <= max(FILL_SHARE * top, 0.0) or i in pick.chosen or case_fit(parts[i].case, qy.cond) < 0:
            continue
        if len(pick.texts[i]) + 2 <= pick.room:
            pick.take(i)
            pick.opener(i)
        elif pick.room >= FIT_MIN and rel[i] >= BRIEF_SHARE * top:
            _take_brief(pick, i, qy, pick.room)


def _take_fix(pick: _Picker, scores: list[float], rel: list[float], qy: PartQuery) -> None:
    """The best fix part with its list or section: whole when it fits, else its parts the question
    names, best first; long code samples abridged when the fix fills the screen alone. Of a numbered
    list too long for the budget, the step that answers, the first step and the steps that fit."""
    parts = pick.parts
    fixes = [i for i, p in enumerate(parts) if p.fix and case_fit(p.case, qy.cond) >= 0]
    if not fixes:
        return
    main = max(fixes, key=lambda i: (scores[i], -i))
    group = _group(parts, main)
    room = pick.budget + SLACK
    long = sum(len(pick.texts[j]) + 2 for j in group) > room
    ordered, optional, prefix = _fix_order(parts, group, main, scores, rel) if long else (group, set(), set())
    named = {j for j in optional if rel[j] > 0}
    wrong = (_wrong_samples(parts, group) if long else set()) | done_fixes(parts, pick.texts, qy)
    for j in ordered:
        if j in wrong:
            continue
        text = pick.texts[j]
        if len(text) + 2 > room or long:
            text = abridge_code(text, *qy.q)[0]
        # the fix's own prose and code are never left out; of a long list, the items that fit
        if j in optional and len(text) + 2 > room and j in named and room >= FIT_MIN:
            # an item the question names is shortened to its opening, not left out for the items it
            # does not name (a deadlock's "avoid a unique key" after two shorter recommendations)
            text = item_opening(text, room - 2, *qy.q[1:])
        if j not in optional or len(text) + 2 <= room:
            pick.take(j, text)
            room -= len(text) + 2
        elif j in prefix:
            break  # a checklist is worked in order: it stops at the first step that does not fit
    pick.opener(main)


def _fix_order(
    parts: list[Part], group: list[int], main: int, scores: list[float], rel: list[float]
) -> tuple[list[int], set[int], set[int]]:
    """(the order a fix group too long for the budget is taken in, the parts left out when they do not
    fit, the steps taken in the list's order up to the first that does not fit). The part that answers first; of a
    numbered list (STEPS_CUT), its first step (where the work starts) and the steps the question names
    (FILL_SHARE of the best), then the others in order; of a bullet list, the items the question
    names, best first, then the others, each while it fits (samples abridged)."""
    if STEPS_CUT and parts[group[0]].kind == "step":
        first = group[0]
        named = [j for j in group if j not in (main, first) and rel[j] > 0 and rel[j] >= FILL_SHARE * rel[main]]
        named.sort(key=lambda j: -scores[j])
        rest = [j for j in group if j not in (main, first, *named)]
        head = [main] if first == main else [main, first]
        return [*head, *named, *rest], {*named, *rest}, set(rest)
    named = sorted((j for j in group if j != main and rel[j] > 0), key=lambda j: -scores[j])
    ordered = [main, *named, *(j for j in group if j != main and j not in named)]
    return ordered, {j for j in ordered[1:] if _listed(parts[j])}, set()


def _wrong_samples(parts: list[Part], group: list[int]) -> set[int]:
    """The samples of what not to write ("Incorrect configuration:" and its code) in a fix group that
    also shows the right one after them: a fix too long for the budget shows the right one alone."""
    coded = [j for j in group if "```" in render_part(parts[j])]
    return {j for j in coded if wrong_sample_lead(parts[j].text) and any(k > j for k in coded)}


def wrong_sample_lead(text: str) -> bool:
    """Whether a part opens on a lead-in to what not to do ("Incorrect configuration:", "Configuración
    incorrecta:")."""
    first = text.strip().split("\n", 1)[0].rstrip()
    return first.endswith(":") and WRONG_SAMPLE.search(first) is not None


def _introduced(p: Part) -> bool:
    """A list item, step or code sample: what a lead-in ending in ":" introduces."""
    text = p.text.lstrip()
    if p.kind in ("label", "heading"):
        return False
    return p.kind in ("step", "code") or text.startswith(("•", "-", "```")) or bool(re.match(r"\d+[.)]\s", text))


def _listed(p: Part) -> bool:
    """A bullet item: one of several, which a long list may leave out (a numbered list's steps: see
    _take_fix)."""
    return p.kind != "step" and p.text.lstrip().startswith(("•", "-")) and not re.match(r"\s*\d+[.)]\s", p.text)


def _take_cause(pick: _Picker, scores: list[float], qy: PartQuery, shape: str) -> None:
    """The cause in a sentence or two when none is quoted yet: the best Cause part, else the opening
    explanation of an entry whose fix is its closing paragraph (what the error means)."""
    parts = pick.parts
    causes = [i for i, p in enumerate(parts) if p.kind == "cause"] or _between(parts)
    if not causes and shape != "last":
        return
    if not causes:
        first = next((i for i, p in enumerate(parts) if p.kind not in ("label", "heading")), None)
        if first is None or parts[first].kind != "text" or parts[first].fix or parts[first].case:
            return
        causes = [first]
    best = max(causes, key=lambda i: (scores[i], -i))
    # a cause section is quoted from its opening, which names the cause; a lead-in with its list
    best = next(i for i in causes if parts[i].section == parts[best].section) if parts[best].section >= 0 else best
    if best in pick.chosen or (parts[best].section < 0 and any(i in pick.chosen for i in causes)):
        return
    items = []
    if pick.texts[best].rstrip().endswith(":"):
        for j in range(best + 1, len(parts)):
            if not _listed(parts[j]) or parts[j].section != parts[best].section:
                break
            items.append(j)
    if items and sum(len(pick.texts[j]) + 2 for j in [best, *items]) <= 2 * pick.cause:
        for j in [best, *items]:
            pick.take(j)
    else:
        short, _cut = key_sentences(pick.texts[best], pick.cause, *qy.q)
        pick.take(best, short)
    pick.opener(best)


def _take_causes(pick: _Picker, qy: PartQuery) -> bool:
    """An entry that gives no fix but names several causes answers with its causes: the user cannot tell which one
    applies, so each is quoted in brief (an equal share of the budget), with the opening of the paragraph explaining
    it when that fits (a held-out post on a watermark 8 hours behind got a sample's note and the second cause's
    label, not the first cause, its answer)."""
    parts = pick.parts
    causes = [i for i, p in enumerate(parts) if p.kind == "cause" and not p.case]
    if len(causes) < 2:
        return False
    share = pick.budget // len(causes)
    for i in causes:
        short = key_sentences(pick.texts[i], share, *qy.q)[0]
        pick.take(i, short)
        after, room = i + 1, share - len(short) - 2
        if after < len(parts) and parts[after].kind == "text" and not parts[after].case and room >= CAUSE_MIN:
            pick.take(after, key_sentences(pick.texts[after], room, *qy.q)[0])
    return True


def _between(parts: list[Part]) -> list[int]:
    """An unlabelled cause: what an entry says between its error text and its first fix part ("RDS/TDDL
    and Tablestore use different locking mechanisms" between a deadlock's Problem and its Solutions)."""
    problem = max((i for i, p in enumerate(parts) if p.kind == "problem"), default=None)
    first_fix = next((i for i, p in enumerate(parts) if p.fix), None)
    if problem is None or first_fix is None or first_fix < problem:
        return []
    between = range(problem + 1, first_fix)
    return [i for i in between if parts[i].kind in ("text", "item") and not parts[i].case]


def _take_brief(pick: _Picker, i: int, qy: PartQuery, room: int) -> None:
    """Part i whole when it fits, else its key sentences (a cause, an explanation) or the lines the
    question shares with it (the error text)."""
    p, text = pick.parts[i], pick.texts[i]
    if len(text) + 2 <= max(room, 0):
        pick.take(i)
    elif p.kind == "problem":
        pick.take(i, fit(text, min(max(room, 0), pick.problem), *qy.q))
    elif p.kind not in ("step", "code") and room > 60:
        short, _cut = key_sentences(text, min(room, pick.cause * 2), *qy.q)
        pick.take(i, short if len(short) < len(text) else "")


def answer_hit(hits: list) -> int:
    """The index of the hit to answer from: the first, unless its body is only a sample (ingest marks
    it "sample"), which is not an answer by itself: then the next entry that is one."""
    if hits and hits[0].chunk.fix == "sample":
        return next((n for n, h in enumerate(hits[1:3], 1) if h.chunk.fix != "sample"), 0)
    return 0
