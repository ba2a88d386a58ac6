"""`faqbot report --html FILE`: the Insights view as one static HTML file, plots included.

For people without access to the server: no script, no remote resource (plots are inline SVG),
every stored text escaped.
"""

from __future__ import annotations

import html
from collections import OrderedDict

from .insights import InsightsData, pending_note, stamp

PALETTE = ("#2563eb", "#16a34a", "#dc2626", "#9333ea", "#ea580c", "#0891b2", "#4b5563", "#ca8a04")
DECISION_COLOURS = {
    "answer": "#16a34a",
    "closest": "#ca8a04",
    "not_covered": "#dc2626",
    "up": "#16a34a",
    "down": "#dc2626",
}
CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#111;max-width:1100px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse;width:100%;margin:8px 0}
td,th{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f3f4f6}.muted{color:#555}.legend span{margin-right:12px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
svg{max-width:100%;height:auto}
@media (max-width:640px){body{margin:12px}thead{display:none}tr{display:block;border:1px solid #ddd;margin:0 0 10px}
td{display:block;border:0;padding:2px 6px}td::before{content:attr(data-label) ": ";font-weight:600}}
"""


def stacked_bars(rows: list[dict], key: str, value: str, title: str) -> str:
    """An inline SVG of stacked daily bars: rows are {day, key, value}."""
    days: OrderedDict[str, dict[str, int]] = OrderedDict()
    keys: list[str] = []
    for r in rows:
        days.setdefault(str(r["day"]), {})[str(r[key])] = int(r[value])
        if str(r[key]) not in keys:
            keys.append(str(r[key]))
    colours = {k: DECISION_COLOURS.get(k, PALETTE[i % len(PALETTE)]) for i, k in enumerate(keys)}
    width, height, pad = 900, 200, 30
    top = max([sum(v.values()) for v in days.values()] + [1])
    bar = (width - pad) / max(1, len(days))
    parts = [
        f'<svg role="img" aria-label="{html.escape(title)}" width="{width}" height="{height + 40}" '
        f'viewBox="0 0 {width} {height + 40}">',
        f'<text x="0" y="12" font-size="11">{top}</text>',
        f'<line x1="{pad}" y1="{height}" x2="{width}" y2="{height}" stroke="#999"/>',
    ]
    for i, (day, counts) in enumerate(days.items()):
        x, y = pad + i * bar, float(height)
        for k in keys:
            h = counts.get(k, 0) / top * (height - 20)
            if h > 0:
                y -= h
                parts.append(
                    f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(1.0, bar - 2):.1f}" height="{h:.1f}" '
                    f'fill="{colours[k]}">'
                    f"<title>{html.escape(day)} {html.escape(k)}: {counts[k]}</title></rect>"
                )
        if len(days) <= 31 or i % max(1, len(days) // 15) == 0:
            parts.append(f'<text x="{x:.1f}" y="{height + 14}" font-size="9">{html.escape(day[5:])}</text>')
    parts.append("</svg>")
    legend = "".join(f'<span><i style="background:{c}"></i>{html.escape(k)}</span>' for k, c in colours.items())
    return f'<h3>{html.escape(title)}</h3><div class="legend">{legend}</div>' + "".join(parts)


def table(rows: list[dict], limit: int = 200) -> str:
    if not rows:
        return '<p class="muted">none</p>'
    head = "".join(f"<th>{html.escape(str(k))}</th>" for k in rows[0])
    body = "".join(
        # each cell carries its column's name: at phone width a row is read as a card of "name: value" lines
        "<tr>"
        + "".join(f'<td data-label="{html.escape(str(k))}">{html.escape(str(v))}</td>' for k, v in r.items())
        + "</tr>"
        for r in rows[:limit]
    )
    more = f'<p class="muted">{len(rows) - limit} more rows in the CSV export</p>' if len(rows) > limit else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}"


def render(data: InsightsData, retention_days: int) -> str:
    t = data.tables()
    summary = (
        f"{data.questions} questions since {data.since} ({data.period_days} days); "
        f"{data.answers_voted_down} answers voted down ({data.share_voted_down:.1%}); "
        f"{data.gap_questions} questions the FAQ failed, {len(data.gaps)} groups. {pending_note(data)}"
    ).strip()
    return "".join(
        [
            '<!doctype html><html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
            f"<title>faqbot insights, last {data.period_days} days</title><style>{CSS}</style></head><body>",
            f"<h1>faqbot insights: last {data.period_days} days</h1>",
            f'<p>{html.escape(summary)}</p><p class="muted">Written {html.escape(stamp())}. Passwords, access keys and '
            "tokens in the common forms (options, URLs, headers, makers' prefixes, 'password is ...') are removed "
            "from questions before they are stored (others may remain: check before sharing); questions older than "
            f"{retention_days} days are deleted.</p>",
            "<h2>Questions</h2>",
            stacked_bars(t["questions_per_day_language"], "language", "questions", "Questions per day, by language"),
            stacked_bars(t["questions_per_day_decision"], "decision", "questions", "Questions per day, by decision"),
            "<h2>Votes</h2>",
            stacked_bars(t["votes_per_day"], "vote", "votes", "Votes per day"),
            "<h2>Coverage gaps</h2>",
            '<p class="muted">Questions answered "not covered" or with the closest entries, or voted down, grouped by '
            "meaning.</p>",
            table(t["coverage_gaps"]),
            "<h2>Entries cited most</h2>",
            table(t["entries_cited"], 50),
            "<h2>Entries never cited</h2>",
            table(t["entries_never_cited"]),
            "</body></html>",
        ]
    )
