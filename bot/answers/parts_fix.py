"""The fix of an entry as a "how do I fix it?" follow-up asks for it (bot/answers/parts.py chooses the parts of an
ordinary answer): every fix part, less those the user says were done (with a done fix's note on the case the question
states first: bot/answers/ruled_out.py), narrowed to the parts a value request names, or to the alternatives the
question is about."""

from __future__ import annotations

from faqbot.bot.answers.detail import naming_asked
from faqbot.bot.answers.done import done_query, undone
from faqbot.bot.answers.parts import FILL_SHARE, Selection, reading_order, render_part, select_parts
from faqbot.bot.answers.parts_join import join_parts
from faqbot.bot.answers.parts_score import (
    NO_TEXT,
    PartQuery,
    condition,
    done_fixes,
    local_query,
    question_names,
    relevance,
)
from faqbot.bot.answers.ruled_out import case_notes
from faqbot.ingest.records import Chunk
from faqbot.ingest.textproc import query_tokens


def fix_selection(chunk: Chunk, query: str, question: str, lang: str, weights: dict | None) -> Selection | None:
    """Every fix part of the entry, whole (a "how do I fix it?" follow-up); of alternatives (a checklist's
    sections, a list of causes each with its remedy), those the question is about; None when the entry
    has none."""
    parts = chunk.parts
    fixes = [i for i, p in enumerate(parts) if p.fix]
    if not fixes:
        return None
    done = done_query(question, lang, turn=True)  # a follow-up: "how do I fix it?", "I already checked X"
    notes: dict[int, str] = {}
    texts_ = [render_part(p) for p in parts]
    if any(done):
        # "I already set X" after an answer: the fixes but X's (all of them when X is every fix)
        gone = done_fixes(parts, texts_, PartQuery(set(), lang, weights or {}, set(), None, *done))
        fixes = [i for i in fixes if i not in gone]
        notes = case_notes(texts_, gone, question)
    # "which value should I put in scan.startup.mode?" of an entry whose fixes do not name it: the parts that do
    text_parts = [i for i, p in enumerate(parts) if p.kind not in NO_TEXT]
    fixes = naming_asked(texts_, fixes, text_parts, undone(question), lang) or fixes
    # after "I already set X" every other fix is asked for: the pick by relevance left out the index.state.ttl fix
    # of "ya puse index.global.enabled=true y usamos index.type=bucket" for the COW one, already shown, and then
    # said the entry had no more (a twenty-third trial)
    if chunk.fix in ("sections", "items") and not any(done):
        tokens = set(query_tokens(query, lang)) | set(weights or {})
        names = question_names(undone(question) + " " + query)
        qy = local_query(parts, texts_, PartQuery(tokens, lang, weights or {}, names, None, *done))
        # a section is as relevant as its best part
        rel = {
            i: max(
                relevance(q, texts_[j], qy)
                for j, q in enumerate(parts)
                if j == i or (q.section == parts[i].section >= 0 and q.kind not in ("label", "heading"))
            )
            for i in fixes
        }
        top = max(rel.values())
        if top > 0:
            fixes = [i for i in fixes if rel[i] >= FILL_SHARE * top]
    texts = {i: texts_[i] for i in fixes} | notes
    for i in fixes:
        s = parts[i].section
        if s >= 0 and s not in texts:
            texts[s] = texts_[s]
    # a done fix's note on the user's case first: it says why the problem goes on
    order = sorted(reading_order(parts), key=lambda i: i not in notes)
    text = join_parts(parts, texts, order, condition(question), lang)
    return Selection(text, len(texts) < len(parts), [i for i in order if i in texts], set(notes))


def adds_to(fix: Selection, shown: Selection) -> bool:
    """Whether the fix answer quotes something the ordinary answer to the same question did not."""
    return any(i not in shown.shown or i in shown.abridged for i in fix.shown)


def for_answer(
    chunk: Chunk, query: str, question: str, lang: str, weights: dict | None, focus: str = ""
) -> tuple[Selection, bool, str]:
    """(what to quote, whether it is the fix alone, the phrase key of a closing note or ""). A "how do I
    fix it?" follow-up gets every fix part whole, and says so when that adds nothing to the answer
    the same question had, or when the entry has no fix."""
    shown = select_parts(chunk, query, question, lang, weights)
    if focus != "fix":
        return shown, False, ""
    fix = fix_selection(chunk, query, question, lang, weights)
    if fix is None:
        return shown, False, "no_fix"
    return fix, True, "" if adds_to(fix, shown) else "fix_no_more"
