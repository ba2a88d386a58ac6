"""Build eval/real-posts.jsonl from the collectors' posts and labels and the second reader's blind labels.

    python scripts/real_posts.py DIR --index INDEX [--out eval/real-posts.jsonl] [--report eval/real-posts.md]

DIR holds posts-*.jsonl ({id, source, lang, question, cut}), labels-*.jsonl (the collector's
{id, covered, needles, gold_title, answer_langs, topic, labelled_by, why}) and second-*.jsonl (the
second reader's {id, covered, gold_title, needles, labelled_by, why, fidelity}, made without seeing the first
label; `fidelity` is "verbatim" or what differs from the thread's stored text). A post is kept when its text is
the thread's and both readers agree: both uncovered, or both covered by the same FAQ entry (the entry the second
reader named holds the collector's needles). Every other post is listed in the report with why. Threads listed in
eval/reserved.sha256 are never kept.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

EVAL = Path(__file__).resolve().parents[1] / "eval"
# one project under two names: a thread of either is the same repository for grouping and reservation
REPO_ALIASES = {
    "ververica/flink-cdc-connectors": "apache/flink-cdc",
    "apache/incubator-paimon": "apache/paimon",
    "apache/incubator-seatunnel": "apache/seatunnel",
    "apache/incubator-streampark": "apache/streampark",
    "streamxhub/streampark": "apache/streampark",
    "datalinkdc/dlink": "datalinkdc/dinky",
}
_GITHUB_RE = re.compile(r"^https?://github\.com/([\w.\-]+/[\w.\-]+)/(?:issues|pull|discussions)/(\d+)", re.I)
_THREAD_RE = re.compile(r"^([\w.\-]+/[\w.\-]+)#(\d+)$")


def thread_of(source: str) -> tuple[str, str] | None:
    """(owner/repo lower-cased, number) of a GitHub thread given as owner/repo#N or its URL."""
    m = _THREAD_RE.match(source.strip()) or _GITHUB_RE.match(source.strip())
    return (m.group(1).lower(), m.group(2)) if m else None


def thread_hashes(source: str) -> set[str]:
    """SHA-256 of every name the thread is listed under in reserved.sha256 (owner/repo#N, lower case)."""
    t = thread_of(source)
    if t is None:
        return set()
    repo, n = t
    names = {repo} | {old for old, new in REPO_ALIASES.items() if new == repo} | {REPO_ALIASES.get(repo, repo)}
    return {hashlib.sha256(f"{name}#{n}".encode()).hexdigest() for name in names}


def read_reserved(path: Path = EVAL / "reserved.sha256") -> set[str]:
    return {ln.strip().lower() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")}


def repo_of(source: str) -> str:
    """The unit of grouping: owner/repo for a GitHub thread (one name per project), else the site
    (and a mailing list's name: lists.apache.org/user-zh)."""
    t = thread_of(source)
    if t:
        return REPO_ALIASES.get(t[0], t[0])
    m = re.match(r"^https?://([^/]+)(/[^?#]*)?", source.strip())
    if not m:
        return source.strip().lower()
    host = m.group(1).lower().removeprefix("www.")
    if "lists.apache.org" in host or "mail-archive" in host:
        name = re.search(r"(user-zh|user|dev)[@.\-]", source)
        return f"{host}/{name.group(1)}" if name else host
    return host


@dataclass
class Entry:
    """A FAQ entry: its titles and text in every language version."""

    titles: list[str]
    text: str  # lower-cased, all versions


def _norm(title: str) -> str:
    return " ".join(re.sub(r"[\"'“”‘’«»`?？:：.,()\[\]]", " ", title.lower()).split())


_STOP = frozenset(
    "a an and the to of in on for from with using when how do does i my is are what why can error erreur".split()
)


def _words(title: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"\w+", _norm(title)) if len(w) > 1 and w not in _STOP}


def _title_match(said: str, titles: list[str]) -> float:
    """How well a reader's title names an entry: 1 when one is the other's beginning (a table of
    contents line often differs from the section's heading: "Error: No suitable driver found for"),
    else the share of the reader's words the entry's title holds."""
    a, words = _norm(said), _words(said)
    best = 0.0
    for t in titles:
        b = _norm(t)
        if min(len(a), len(b)) >= 12 and (a.startswith(b) or b.startswith(a)):
            return 1.0
        if words:
            best = max(best, len(words & _words(t)) / len(words))
    return best


def entries_named(label: dict, entries: list[Entry]) -> tuple[list[int], str]:
    """The entries a reader names (one may name two that answer alike): the entry each title given
    names best (at least 0.6 of its words, and better than any other), and the entry holding each
    needle given."""
    titles = label.get("gold_title") or []
    titles = [titles] if isinstance(titles, str) else titles
    found: list[int] = []
    for t in titles:
        scores = [_title_match(t, e.titles) for e in entries]
        top = max(scores, default=0.0)
        if top >= 0.6 and scores.count(top) == 1:
            found.append(scores.index(top))
    for n in label.get("needles") or []:
        holding = [i for i, e in enumerate(entries) if n.strip() and n.lower() in e.text]
        if len(holding) == 1:
            found.append(holding[0])
    found = list(dict.fromkeys(found))
    return found, "" if found else f"no entry titled {titles!r} or holding its needles"


def judge(first: dict, second: dict | None, entries: list[Entry]) -> tuple[bool, str, list[str]]:
    """(agree, note, needles kept): both uncovered, or the second reader's entry holds the collector's
    needles (those it holds are kept: the entry both readers name is the gold one)."""
    if second is None:
        return False, "no second reading", []
    if bool(first["covered"]) != bool(second["covered"]):
        who = "collector" if first["covered"] else "second reader"
        why = f"collector: {first.get('why', '')[:140]} / second: {second.get('why', '')[:140]}"
        return False, f"covered/uncovered: only the {who} says covered ({why})", []
    if not first["covered"]:
        return True, "agree", []
    named, how = entries_named(second, entries)
    if not named:
        return False, f"entry: {how}", []
    kept = [n for n in first["needles"] if any(n.lower() in entries[gi].text for gi in named)]
    if not kept:
        said = " / ".join(entries[gi].titles[0] for gi in named)
        return False, f"entry: the second reader named {said!r}, which holds no collector needle", []
    return True, "agree", kept


def _read(paths: list[Path]) -> list[dict]:
    out = []
    for p in paths:
        out += [json.loads(ln) for ln in p.read_text(encoding="utf-8").splitlines() if ln.strip()]
    return out


def _verbatim(second: dict | None) -> bool:
    """Whether the second reader found the post's text as the thread has it (readings without a `fidelity` field,
    rounds a to d, predate the check)."""
    return second is None or str(second.get("fidelity", "verbatim")).startswith("verbatim")


def build(
    posts: list[dict], labels: list[dict], seconds: list[dict], entries: list[Entry], reserved: set[str]
) -> tuple[list[dict], list[dict]]:
    """(set rows, one record per post read: id, source, kept, note)."""
    first = {d["id"]: d for d in labels}
    second = {d["id"]: d for d in seconds}
    rows, records, seen = [], [], set()
    for p in posts:
        lab = first.get(p["id"])
        note, keep, needles = "", False, []
        t = thread_of(p["source"])
        key = (REPO_ALIASES.get(t[0], t[0]), t[1]) if t else p["source"].strip().lower()
        if thread_hashes(p["source"]) & reserved:
            note = "reserved thread"
        elif key in seen:
            note = "thread already in the set"
        elif lab is None:
            note = "no collector label"
        elif not _verbatim(second.get(p["id"])):
            # the second reader compared the text with the thread's stored copy: a post is the reporter's words
            note = f"text: {second[p['id']]['fidelity'][:160]}"
        else:
            keep, note, needles = judge(lab, second.get(p["id"]), entries)
        covered = (lab or {}).get("covered")
        records.append({"id": p["id"], "source": p["source"], "kept": keep, "note": note, "covered": covered})
        if not keep or lab is None:
            continue
        seen.add(key)
        rows.append(
            {
                "id": p["id"],
                "source": p["source"],
                "repo": repo_of(p["source"]),
                "lang": p["lang"],
                "question": p["question"],
                "needles": needles,
                "answer_langs": lab["answer_langs"] if needles else [],
                "kind": "post" if needles else "out-of-scope",
                "topic": lab.get("topic", ""),
                "labelled_by": lab.get("labelled_by", ""),
                "second_reader": "agree",
                "cut": p.get("cut", ""),
            }
        )
    return rows, records


def report(rows: list[dict], records: list[dict]) -> str:
    """The Markdown account of the build: counts, how disagreements were settled, and every post
    left out with why."""
    from collections import Counter

    kept_in = sum(1 for r in rows if r["kind"] == "post")
    notes = Counter(r["note"].split(":")[0] for r in records if not r["kept"])
    lines = [
        f"Posts read: {len(records)}; kept: {len(rows)} ({kept_in} covered, {len(rows) - kept_in} uncovered) "
        f"from {len({r['repo'] for r in rows})} repositories or sites.",
        "",
        "| left out because | posts |",
        "|---|---|",
        *(f"| {k} | {v} |" for k, v in sorted(notes.items())),
        "",
        "A disagreement is settled by leaving the post out: a label two readers do not agree on is not",
        "a label to fit or score on. `covered/uncovered`: one reader says an entry answers, the other",
        "none; `entry`: both say covered but the entry the second reader names holds none of the",
        "collector's needles; `text`: the second reader did not find the post's text as the thread has it.",
        "",
        "| lang | covered | uncovered |",
        "|---|---|---|",
    ]
    for lang in sorted({r["lang"] for r in rows}):
        n_in = sum(1 for r in rows if r["lang"] == lang and r["kind"] == "post")
        n_out = sum(1 for r in rows if r["lang"] == lang and r["kind"] != "post")
        lines.append(f"| {lang} | {n_in} | {n_out} |")
    lines += ["", "| repository or site | covered | uncovered |", "|---|---|---|"]
    for repo, n in Counter(r["repo"] for r in rows).most_common():
        n_in = sum(1 for r in rows if r["repo"] == repo and r["kind"] == "post")
        lines.append(f"| {repo} | {n_in} | {n - n_in} |")
    lines += ["", "| post | source | collector says | left out because |", "|---|---|---|---|"]
    for r in records:
        if not r["kept"]:
            said = {True: "covered", False: "uncovered", None: "-"}[r["covered"]]
            lines.append(f"| {r['id']} | {r['source']} | {said} | {r['note'].replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def entries_from_index(index: Path) -> list[Entry]:
    from faqbot.ingest.store import open_store

    groups: dict[str, list] = {}
    for c in open_store(index).chunks:
        groups.setdefault(c.translation_group or c.id, []).append(c)
    return [
        Entry([c.title for c in cs], "\n".join(c.title + "\n" + c.body for c in cs).lower()) for cs in groups.values()
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=EVAL / "real-posts.jsonl")
    ap.add_argument("--report", type=Path, default=None, help="write the left-out table here (Markdown)")
    a = ap.parse_args(argv)
    rows, records = build(
        _read(sorted(a.dir.glob("posts-*.jsonl"))),
        _read(sorted(a.dir.glob("labels-*.jsonl"))),
        _read(sorted(a.dir.glob("second-*.jsonl"))),
        entries_from_index(a.index),
        read_reserved(),
    )
    a.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    text = report(rows, records)
    if a.report:
        a.report.write_text(text, encoding="utf-8")
    print(text, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
