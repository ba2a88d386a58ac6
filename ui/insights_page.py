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

from .gaps import STATUSES, Gap
from .insights import PERIODS, InsightsData, pending_note, to_csv
from .insights_html import DECISION_COLOURS, render
from .insights_source import InsightsSource

PATH = "/insights"
REFUSED = (
    "The Insights page shows what users asked, so it needs a sign-in: start faqbot serve with --auth-file "
    "(or FAQBOT_AUTH_FILE), or with --insights-public to show it to anyone who can reach the server."
)
DEFAULT_PERIOD = 30
# at phone width the gap table keeps a readable width and scrolls sideways (its ten columns were a letter wide each at
# 390 px: a twenty-fifth trial); the chosen group's card below it reads without scrolling
CSS = "@media (max-width: 640px) { #gap-scroll { overflow-x: auto; } #gap-table { min-width: 980px !important; } }"


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
        return HTMLResponse(render(data, retention_days), headers={"Cache-Control": "no-store"})

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


def frames(data: InsightsData) -> dict[str, Any]:
    import pandas as pd

    return {name: pd.DataFrame(rows) for name, rows in data.tables().items()}


def _summary(data: InsightsData) -> str:
    return (
        f"**{data.questions}** questions since {data.since}; **{data.answers_voted_down}** answers voted down "
        f"(**{data.share_voted_down:.1%}**); **{data.gap_questions}** questions the FAQ failed, in "
        f"**{len(data.gaps)}** groups"
        + (f" (the {data.grouped} most recent grouped)" if data.grouped < data.gap_questions else "")
        + ". "
        + pending_note(data)
    ).strip()




def _gap_label(g: Gap) -> str:
    first = g.examples[0] if g.examples else g.key
    new = f", {g.new_since_status} new" if g.new_since_status else ""
    return f"{first[:70]}{'…' if len(first) > 70 else ''} ({g.size}, {g.status}{new})"


def group_card(g: Gap | None) -> str:
    """The chosen group as a card (every stored text escaped): its questions and the users' comments read in full
    where the table cuts them, and at phone width where the table's ten columns do not fit (a twenty-fifth trial)."""
    if g is None:
        return ""
    e = html.escape
    items = "".join(f"<li>{e(q)}</li>" for q in g.examples)
    status = e(g.status) + (
        f" <b>({g.new_since_status} asked since the status was set)</b>" if g.new_since_status else ""
    )
    rows = [
        ("questions", str(g.size)),
        ("status", status),
        ("nearest entry", e(g.nearest_entry) or "none"),
        ("why", e(g.row()["why"])),
        ("languages", e(g.row()["languages"])),
        ("last seen", e(g.last_seen)),
    ]
    facts = "".join(f"<div><b>{k}</b>: {v}</div>" for k, v in rows)
    said = "".join(f"<li>{e(c)}</li>" for c in g.comments)
    comments = f"<p><b>What users said when voting down</b></p><ul>{said}</ul>" if said else ""
    return f'<div class="gap-card"><p><b>Asked</b></p><ul>{items}</ul>{facts}{comments}</div>'


def _links(days: int) -> str:
    names = ("questions_per_day_language", "questions_per_day_decision", "votes_per_day", "entries_cited",
             "entries_never_cited", "coverage_gaps")  # fmt: skip
    csv = " · ".join(f"[{n.replace('_', ' ')}]({PATH}/export/{n}.csv?days={days})" for n in names)
    return f"CSV: {csv} · [HTML report]({PATH}/report.html?days={days})"


def build_page(source: InsightsSource, retention_days: int):
    import gradio as gr

    def view(days: int, chosen: str | None = None):
        data = source.data(int(days))
        f = frames(data)
        gaps = f["coverage_gaps"]  # its columns in Gap.row()'s order: the questions first, the group's id last
        # each group by its first question, its size and status; the one just set stays chosen (a status set moved the
        # choice back to the first group, the status still on "dismissed": a second click dismissed another group)
        choices = [(_gap_label(g), g.key) for g in data.gaps]
        keys = [g.key for g in data.gaps]
        key = chosen if chosen in keys else keys[0] if keys else None
        chosen_gap = next((g for g in data.gaps if g.key == key), None)
        current = chosen_gap.status if chosen_gap is not None else None
        return (
            _summary(data),
            f["questions_per_day_language"],
            f["questions_per_day_decision"],
            f["votes_per_day"],
            gaps,
            f["entries_cited"],
            f["entries_never_cited"],
            _links(int(days)),
            gr.update(choices=choices, value=key),
            gr.update(value=current if current in STATUSES else None),
            group_card(chosen_gap),
        )

    def set_status(days: int, key: str | None, status: str | None):
        data = source.data(int(days))
        gap = next((g for g in data.gaps if g.key == key), None)
        if gap is not None and status in STATUSES:
            source.set_status(gap.members, status)
        return view(days, key)

    def group_status(days: int, key: str | None):
        # the status radio shows the chosen group's own status ("open" showed as "addressed" before any action)
        gap = next((g for g in source.data(int(days)).gaps if g.key == key), None)
        return gr.update(value=gap.status if gap is not None and gap.status in STATUSES else None), group_card(gap)

    with gr.Blocks(title="faqbot insights") as page:
        gr.Markdown(
            "# Insights\nWhat users asked, how the bot decided, what they voted, and where the FAQ falls short. "
            "Passwords, access keys and tokens in the common forms (options, URLs, headers, makers' prefixes, "
            "'password is ...') are removed from questions before they are stored (others may remain: check before "
            f"sharing); questions older "
            f"than {retention_days} days are deleted."
        )
        days = gr.Radio([str(p) for p in PERIODS], value=str(DEFAULT_PERIOD), label="Period (days)")
        summary = gr.Markdown()
        with gr.Row():
            by_lang = gr.BarPlot(
                x="day", y="questions", color="language", title="Questions per day, by language", x_label_angle=-45
            )
            by_dec = gr.BarPlot(
                x="day", y="questions", color="decision", title="Questions per day, by decision", x_label_angle=-45,
                color_map=DECISION_COLOURS,
            )  # fmt: skip
        votes = gr.BarPlot(
            x="day", y="votes", color="vote", title="Votes per day", x_label_angle=-45, color_map=DECISION_COLOURS
        )
        gr.Markdown("## Coverage gaps\nQuestions answered \"not covered\" or with the closest entries, or voted down, "
                    "grouped by meaning.")  # fmt: skip
        # Gap.row()'s columns' widths, the id last: the examples wrap, the nearest entry stays on the screen at 1280 px
        with gr.Column(elem_id="gap-scroll"):
            gaps = gr.Dataframe(
                label="Coverage gaps",
                elem_id="gap-table",
                wrap=True,
                interactive=False,
                column_widths=["25%", "4%", "7%", "5%", "17%", "9%", "15%", "6%", "7%", "5%"],
            )
        with gr.Row():
            group = gr.Dropdown(label="Group", choices=[], scale=2)
            status = gr.Radio(list(STATUSES), value=None, label="Status")
            apply = gr.Button("Set status", scale=0)
        card = gr.HTML()
        # the count on the screen at 1280 px beside long titles (a twenty-fifth trial had to scroll for it)
        cited = gr.Dataframe(
            label="Entries cited most", interactive=False, wrap=True, column_widths=["55%", "35%", "10%"]
        )
        never = gr.Dataframe(label="Entries never cited", interactive=False)
        links = gr.Markdown()
        outputs = [summary, by_lang, by_dec, votes, gaps, cited, never, links, group, status, card]
        page.load(view, days, outputs)
        days.change(view, days, outputs)
        apply.click(set_status, [days, group, status], outputs)
        group.input(group_status, [days, group], [status, card])
    return page
