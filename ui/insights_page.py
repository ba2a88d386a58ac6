"""The Insights page for the FAQ's maintainers (`/insights` on `faqbot serve`), its CSV exports and
its static HTML report, all behind the server's sign-in.

Without a sign-in configured the page is refused (users' questions are not for everyone who can
reach the chat) unless `--insights-public` says otherwise.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from gradio import Request as PageRequest  # at module level: Gradio reads the handlers' annotations by name

from .gaps import STATUSES, Gap
from .insights import PERIODS, InsightsData, summary_text, to_csv
from .insights_html import DECISION_COLOURS, render
from .insights_source import InsightsSource
from .insights_text import column, page_lang, status_name, t

PATH = "/insights"
REFUSED = (
    "The Insights page shows what users asked, so it needs a sign-in: start faqbot serve with --auth-file "
    "(or FAQBOT_AUTH_FILE), or with --insights-public to show it to anyone who can reach the server."
)
DEFAULT_PERIOD = 30
# at phone width the gap table keeps a readable width and scrolls sideways (its ten columns were a letter wide each at
# 390 px: a twenty-fifth trial); the chosen group's card below it reads without scrolling
CSS = (
    "@media (max-width: 640px) { .wide-scroll { overflow-x: auto; } #gap-table { min-width: 980px !important; } "
    "#cited-table { min-width: 560px !important; } }"
)
# the columns the page's gap table shows (the CSV and the JSON have them all): the group's id and the count of new
# questions go to the group's label and card, so that words are not broken mid-word at 1280 px (a twenty-sixth trial
# read "siz e" and "neare st entry")
PAGE_GAP_COLUMNS = ("examples", "size", "status", "nearest entry", "why", "comments", "languages", "last seen")


def _period(raw: str | None) -> int | None:
    """The period asked for (DEFAULT_PERIOD when none), None for one the view has not: a script asking for 14 days
    got 30 and never knew (a twenty-fifth trial)."""
    if raw is None or raw == "":
        return DEFAULT_PERIOD
    try:
        days = int(raw)
    except ValueError:
        return None
    return days if days in PERIODS else None


def _bad_period() -> Response:
    return JSONResponse({"error": f"days must be one of {', '.join(map(str, PERIODS))}"}, status_code=400)


def register_routes(app: FastAPI, source: InsightsSource, enabled: bool, retention_days: int) -> None:
    """CSV exports and the HTML report; with the page refused, every insights route answers 403."""

    @app.get(PATH + "/export/{table}.csv", include_in_schema=False)
    async def export_csv(table: str, request: Request) -> Response:
        if not enabled:
            return JSONResponse({"error": REFUSED}, status_code=403)
        days = _period(request.query_params.get("days"))
        if days is None:
            return _bad_period()
        data = await asyncio.to_thread(source.data, days)
        tables = data.tables()
        if table not in tables:
            return JSONResponse({"error": f"no table {table}; one of: {', '.join(tables)}"}, status_code=404)
        name = f"faqbot-{table}-{data.period_days}d.csv"
        return Response(
            # with a byte order mark: a spreadsheet opening the file on Windows reads it as UTF-8 (Chinese, French and
            # Spanish questions were mojibake otherwise)
            "\ufeff" + to_csv(tables[table]),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
        )

    @app.get(PATH + "/report.html", include_in_schema=False)
    async def report_html(request: Request) -> Response:
        if not enabled:
            return JSONResponse({"error": REFUSED}, status_code=403)
        days = _period(request.query_params.get("days"))
        if days is None:
            return _bad_period()
        data = await asyncio.to_thread(source.data, days)
        lang = page_lang(request.query_params.get("lang"), request.headers.get("accept-language", ""))
        return HTMLResponse(render(data, retention_days, lang), headers={"Cache-Control": "no-store"})

    if not enabled:

        @app.get(PATH, include_in_schema=False)
        @app.get(PATH + "/", include_in_schema=False)
        async def refused() -> Response:
            return HTMLResponse(f"<!doctype html><title>Insights</title><p>{REFUSED}</p>", status_code=403)

        return

    @app.get(PATH, include_in_schema=False)
    async def to_page(request: Request) -> Response:
        # the page is mounted at /insights/: without the slash the chat's mount at / answered {"detail": "Not
        # Found"} (a nineteenth trial typed the documented /insights)
        query = request.url.query
        return RedirectResponse(PATH + "/" + (f"?{query}" if query else ""), status_code=307)


def frame(rows: list[dict], lang: str, columns: tuple[str, ...] | None = None) -> Any:
    """A table as a data frame, its columns named in the page's language (the data keys stay English)."""
    import pandas as pd

    table = pd.DataFrame(rows, columns=list(columns) if columns else None)
    return table.rename(columns={c: column(str(c), lang) for c in table.columns})


def frames(data: InsightsData, lang: str = "en") -> dict[str, Any]:
    """Every table of the view as a data frame (what the page shows; `faqbot bench --insights` times it)."""
    return {name: frame(rows, lang) for name, rows in data.tables().items()}


def _status_cell(g: Gap, lang: str) -> str:
    return status_name(g.status, lang) + (f" (+{g.new_since_status})" if g.new_since_status else "")


def _gap_label(g: Gap, lang: str = "en") -> str:
    first = g.examples[0] if g.examples else g.key
    new = f", +{g.new_since_status}" if g.new_since_status else ""
    return f"{first[:70]}{'…' if len(first) > 70 else ''} ({g.size}, {status_name(g.status, lang)}{new})"


def group_card(g: Gap | None, lang: str = "en") -> str:
    """The chosen group as a card (every stored text escaped): its questions and the users' comments read in full
    where the table cuts them, and at phone width where the table's columns do not fit (a twenty-fifth trial)."""
    if g is None:
        return ""
    e = html.escape
    items = "".join(f"<li>{e(q)}</li>" for q in g.examples)
    status = e(status_name(g.status, lang))
    if g.new_since_status:
        status += f" <b>({e(t('new_since', lang, n=g.new_since_status))})</b>"
    row = g.row()
    rows = [
        ("size", str(g.size)),
        ("status", status),
        ("nearest entry", e(g.nearest_entry) or t("none", lang)),
        ("why", e(row["why"])),
        ("languages", e(row["languages"])),
        ("last seen", e(g.last_seen)),
    ]
    facts = "".join(f"<div><b>{e(column(k, lang))}</b>: {v}</div>" for k, v in rows)
    said = "".join(f"<li>{e(c)}</li>" for c in g.comments)
    comments = f"<p><b>{e(t('comments', lang))}</b></p><ul>{said}</ul>" if said else ""
    asked = f"<p><b>{e(t('asked', lang))}</b></p><ul>{items}</ul>"
    return f'<div class="gap-card" lang="{lang}">{asked}{facts}{comments}</div>'


def _links(days: int, lang: str = "en") -> str:
    names = ("questions_per_day_language", "questions_per_day_decision", "votes_per_day", "entries_cited",
             "entries_never_cited", "coverage_gaps")  # fmt: skip
    csv = " · ".join(f"[{n.replace('_', ' ')}]({PATH}/export/{n}.csv?days={days})" for n in names)
    return f"CSV: {csv} · [{t('report', lang)}]({PATH}/report.html?days={days}&lang={lang})"


def _lang(request: Any) -> str:
    """The page's language: ?lang= on the page's address, else the browser's."""
    if request is None:
        return "en"
    params = getattr(request, "query_params", None) or {}
    headers = dict(getattr(request, "headers", None) or {})
    return page_lang(params.get("lang"), str(headers.get("accept-language", "")))


def build_page(source: InsightsSource, retention_days: int):
    import gradio as gr

    def statuses(lang: str) -> list[tuple[str, str]]:
        return [(status_name(s, lang), s) for s in STATUSES]

    def view(days: int, chosen: str | None = None, lang: str = "en"):
        data = source.data(int(days))
        tables = data.tables()
        f = {name: frame(rows, lang) for name, rows in tables.items() if name != "coverage_gaps"}
        # Gap.row()'s columns in its order, the questions first; a status with questions asked since it was set says so
        shown = zip(data.gaps, tables["coverage_gaps"], strict=True)
        rows = [{**row, "status": _status_cell(g, lang)} for g, row in shown]
        gaps = frame(rows, lang, PAGE_GAP_COLUMNS)
        # each group by its first question, its size and status; the one just set stays chosen (a status set moved the
        # choice back to the first group, the status still on "dismissed": a second click dismissed another group)
        choices = [(_gap_label(g, lang), g.key) for g in data.gaps]
        keys = [g.key for g in data.gaps]
        key = chosen if chosen in keys else keys[0] if keys else None
        chosen_gap = next((g for g in data.gaps if g.key == key), None)
        current = chosen_gap.status if chosen_gap is not None else None
        return (
            f"# {t('title', lang)}\n{t('intro', lang, days=retention_days)}",
            gr.update(label=t("period", lang)),
            summary_text(data, lang),
            gr.update(value=f["questions_per_day_language"], title=t("by_language", lang)),
            gr.update(value=f["questions_per_day_decision"], title=t("by_decision", lang)),
            gr.update(value=f["votes_per_day"], title=t("votes", lang)),
            f"## {t('gaps', lang)}\n{t('gaps_intro', lang)}",
            gr.update(value=gaps, label=t("gaps", lang)),
            gr.update(value=f["entries_cited"], label=t("cited", lang)),
            gr.update(value=f["entries_never_cited"], label=t("never", lang)),
            _links(int(days), lang),
            gr.update(choices=choices, value=key, label=t("group", lang)),
            gr.update(choices=statuses(lang), value=current if current in STATUSES else None, label=t("status", lang)),
            gr.update(value=t("set_status", lang)),
            group_card(chosen_gap, lang),
        )

    def show(days: int, request: PageRequest):
        return view(days, None, _lang(request))

    def set_status(days: int, key: str | None, status: str | None, request: PageRequest):
        data = source.data(int(days))
        gap = next((g for g in data.gaps if g.key == key), None)
        if gap is not None and status in STATUSES:
            source.set_status(gap.members, status)
        return view(days, key, _lang(request))

    def group_status(days: int, key: str | None, request: PageRequest):
        # the status radio shows the chosen group's own status ("open" showed as "addressed" before any action)
        gap = next((g for g in source.data(int(days)).gaps if g.key == key), None)
        current = gap.status if gap is not None and gap.status in STATUSES else None
        return gr.update(value=current), group_card(gap, _lang(request))

    with gr.Blocks(title="faqbot insights") as page:
        head = gr.Markdown(f"# {t('title', 'en')}")
        days = gr.Radio([str(p) for p in PERIODS], value=str(DEFAULT_PERIOD), label=t("period", "en"))
        summary = gr.Markdown()
        with gr.Row():
            by_lang = gr.BarPlot(x="day", y="questions", color="language", x_label_angle=-45)
            by_dec = gr.BarPlot(x="day", y="questions", color="decision", x_label_angle=-45, color_map=DECISION_COLOURS)
        votes = gr.BarPlot(x="day", y="votes", color="vote", x_label_angle=-45, color_map=DECISION_COLOURS)
        gaps_head = gr.Markdown()
        # Gap.row()'s columns' widths, the id last: the examples wrap, the nearest entry stays on the screen at 1280 px
        with gr.Column(elem_classes=["wide-scroll"]):
            gaps = gr.Dataframe(
                elem_id="gap-table",
                wrap=True,
                interactive=False,
                column_widths=["27%", "5%", "8%", "19%", "10%", "14%", "9%", "8%"],
            )
        with gr.Row():
            group = gr.Dropdown(choices=[], scale=2)
            status = gr.Radio(list(STATUSES), value=None)
            apply = gr.Button(scale=0)
        card = gr.HTML()
        # the count on the screen at 1280 px beside long titles (a twenty-fifth trial had to scroll for it)
        with gr.Column(elem_classes=["wide-scroll"]):
            cited = gr.Dataframe(
                elem_id="cited-table", interactive=False, wrap=True, column_widths=["55%", "33%", "12%"]
            )
        never = gr.Dataframe(interactive=False)
        links = gr.Markdown()
        outputs = [head, days, summary, by_lang, by_dec, votes, gaps_head, gaps, cited, never, links, group, status,
                   apply, card]  # fmt: skip
        page.load(show, days, outputs)
        days.change(show, days, outputs)
        apply.click(set_status, [days, group, status], outputs)
        group.input(group_status, [days, group], [status, card])
    return page
