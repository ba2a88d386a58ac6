"""`faqbot report --html FILE`: the Insights view as one static HTML file, plots included.

For people without access to the server: no script, no remote resource (plots are inline SVG),
every stored text escaped.
"""

from __future__ import annotations

import html
from collections import OrderedDict

from .insights import InsightsData, stamp, summary_text
from .insights_text import column, t

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


def table(rows: list[dict], limit: int = 200, lang: str = "en") -> str:
    if not rows:
        return f'<p class="muted">{t("none", lang)}</p>'
    names = [html.escape(column(str(k), lang)) for k in rows[0]]
    head = "".join(f"<th>{n}</th>" for n in names)
    body = "".join(
        # each cell carries its column's name: at phone width a row is read as a card of "name: value" lines
        "<tr>"
        + "".join(f'<td data-label="{n}">{html.escape(str(v))}</td>' for n, v in zip(names, r.values(), strict=False))
        + "</tr>"
        for r in rows[:limit]
    )
    more = f'<p class="muted">{t("more_rows", lang, n=len(rows) - limit)}</p>' if len(rows) > limit else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}"


def render(data: InsightsData, retention_days: int, lang: str = "en") -> str:
    tables = data.tables()
    e = html.escape
    summary = summary_text(data, lang).replace("**", "")
    title = t("report_title", lang, days=data.period_days)
    return "".join(
        [
            f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
            f"<title>{e(title)}</title><style>{CSS}</style></head><body>",
            f"<h1>{e(title)}</h1>",
            f'<p>{e(summary)}</p><p class="muted">{e(t("written", lang, stamp=stamp()))} '
            f"{e(t('intro', lang, days=retention_days))}</p>",
            f"<h2>{e(t('questions', lang))}</h2>",
            stacked_bars(tables["questions_per_day_language"], "language", "questions", t("by_language", lang)),
            stacked_bars(tables["questions_per_day_decision"], "decision", "questions", t("by_decision", lang)),
            f"<h2>{e(t('votes_heading', lang))}</h2>",
            stacked_bars(tables["votes_per_day"], "vote", "votes", t("votes", lang)),
            f"<h2>{e(t('gaps', lang))}</h2>",
            f'<p class="muted">{e(t("gaps_intro", lang))}</p>',
            table(tables["coverage_gaps"], lang=lang),
            f"<h2>{e(t('cited', lang))}</h2>",
            table(tables["entries_cited"], 50, lang),
            f"<h2>{e(t('never', lang))}</h2>",
            table(tables["entries_never_cited"], lang=lang),
            "</body></html>",
        ]
    )
