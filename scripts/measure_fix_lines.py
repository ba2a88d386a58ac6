"""The closest entries' lines, before (the body's sentence the question hits most, `compose.gist`) and after
(`bot/answers/fix_line.py`), on the three entries each question of each set is shown (docs/eval.md, issue 22,
seventh session).

    python scripts/measure_fix_lines.py INDEX [SETS] [--show N]

Per set: lines that are empty, that end on a lead-in (":"), that open on a word pointing back to a sentence
the line does not show (this, these, it, however, ...: the packs' `back_reference_patterns`), that
hold the right entry's needle (the right entry among the three, in the version shown), mean length.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from faqbot.bot.answers.compose import gist
from faqbot.bot.answers.fix_line import FIX_CHARS, fix_line
from faqbot.bot.answers.parts_score import SIGNALS
from faqbot.bot.evaluation.evaluate import contains_needle, read_questions
from faqbot.bot.retrieval.retrieve import HybridRetriever
from faqbot.languages import words

# the packs' back_reference_patterns (bot/answers/excerpt.py): a line opening on one points back
_POINTS_BACK = re.compile("|".join(f"(?:{p})" for p in words("back_reference_patterns")), re.I)


def _old(h, question: str, weights: dict) -> str:
    return gist(h.chunk.body, question, h.chunk.language, weights, FIX_CHARS, solution_bonus=SIGNALS["gist_fix"])


def main(index: str, sets: str, show: int) -> None:
    ret = HybridRetriever(Path(index))
    head = ("set", "rule", "lines", "empty", "lead-in", "points back", "needle", "chars")
    print("{:12} {:6} {:>5} {:>5} {:>7} {:>11} {:>9} {:>5}".format(*head))
    for name in sets.split(","):
        rows = {"before": [], "after": []}
        shown = 0
        for q in read_questions(Path(f"eval/{name}.jsonl"), None):
            r = ret.retrieve(q.question, k=3)
            for h in r.hits[:3]:
                right = q.in_scope and contains_needle(h.chunk.title + "\n" + h.chunk.body, q.needles)
                old = _old(h, q.question, r.term_weights)
                new = fix_line(h.chunk, q.question, h.chunk.language, r.term_weights)
                for rule, line in (("before", old), ("after", new)):
                    rows[rule].append((line, right, right and contains_needle(line, q.needles)))
                if show and old != new and shown < show:
                    shown += 1
                    print(f"  {q.id} [{h.chunk.title[:50]}]\n    before: {old}\n    after:  {new}")
        for rule, got in rows.items():
            n = len(got)
            empty = sum(not line for line, _, _ in got)
            lead = sum(line.rstrip(" …").endswith(":") for line, _, _ in got)
            back = sum(bool(_POINTS_BACK.match(line)) for line, _, _ in got)
            rights = [hit for _, right, hit in got if right]
            needle = f"{sum(rights)}/{len(rights)}"
            chars = sum(len(line) for line, _, _ in got) / max(1, n)
            print(f"{name:12} {rule:6} {n:5} {empty:5} {lead:7} {back:11} {needle:>9} {chars:5.0f}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(sys.argv[sys.argv.index("--show") + 1]) if "--show" in sys.argv else 0
    if n:
        args = [a for a in args if a != str(n)]
    main(args[0], args[1] if len(args) > 1 else "real-posts,dev,calibration,posts,zh-short,other-langs", n)
