"""The maintainers' Insights page on a real `faqbot serve` with a sign-in and a SQLite feedback
store seeded through the real API, in a real Chromium; CSV and HTML exports read back; refused
without a sign-in unless --insights-public."""

from __future__ import annotations

import csv
import html
import io
import os
import re

import httpx
import pytest

from tests.support import CORPUS, chromium, serve

pytestmark = pytest.mark.slow

USER, PASSWORD = "maintainer", "correct horse battery"
COMMENT = "It cites the Kafka entry but my broker is Confluent Cloud <b>bold</b>"
QUESTIONS = [
    ("Kafka SASL_SSL login fails", "en"),
    ("How do I install Flink on Windows 95?", "en"),
    ("Installing Apache Flink under Windows 95", "en"),
    ("Comment installer Flink sous Windows 95 ?", "fr"),
    ("¿Por qué hay datos duplicados en Hudi? 'password' = 'hunter2xyz'", "es"),
]


@pytest.fixture(scope="module")
def server(index_dir, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("insights")
    auth = tmp / "auth"
    auth.write_text(f"{USER}:{PASSWORD}\n")
    db = tmp / "feedback.db"
    args = ("--index", str(index_dir), "--corpus", str(CORPUS), "--auth-file", str(auth), "--feedback-db", str(db))
    with serve(*args, env=dict(os.environ), auth=(USER, PASSWORD)) as srv:
        with httpx.Client(base_url=srv.url, auth=(USER, PASSWORD), timeout=60) as c:
            given = [c.post("/api/ask", json={"question": q, "language": lang}).json() for q, lang in QUESTIONS]
            vote = {"answer_id": given[0]["answer_id"], "vote": "down", "comment": COMMENT}
            assert c.post("/api/feedback", json=vote).status_code == 200
            for a in given:  # whatever the bot made of the Windows 95 questions, an answer got a thumbs down
                if "Windows 95" in a["question"] and not a["abstained"]:
                    c.post("/api/feedback", json={"answer_id": a["answer_id"], "vote": "down"})
        yield srv.url


def test_insights_page_in_the_browser(server, tmp_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = chromium(p)
        page = b.new_page(viewport={"width": 1280, "height": 1800})
        page.goto(server + "/login?next=/insights/", wait_until="load")
        page.fill("input[name=username]", USER)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit], input[type=submit]")
        page.wait_for_url("**/insights/**", timeout=30_000)
        page.wait_for_function("document.body.innerText.includes('questions since')", timeout=90_000)
        page.wait_for_function("document.body.innerText.includes('Windows 95')", timeout=60_000)
        text = page.inner_text("body")
        assert "5 questions since" in text and "answers voted down" in text and "no confident answer" in text
        assert "hunter2xyz" not in text  # redacted before it was stored
        # the three plots drew (Vega renders an svg or a canvas in each)
        page.wait_for_function("document.querySelectorAll('.vega-embed').length >= 3", timeout=60_000)
        page.screenshot(path=str(tmp_path / "insights.png"), full_page=True)
        # the first group is chosen by its first question, its status shown as it is (open, not "addressed": a
        # nineteenth trial); a maintainer marks it addressed: the table says so and the choice stays on that group
        group = page.get_by_label("Group")
        chosen = group.input_value()
        assert chosen.endswith(", open)") and not re.fullmatch(r"[0-9a-f]{32}", chosen), chosen
        assert page.get_by_role("radio", name="open").is_checked()
        page.get_by_role("radio", name="addressed").check()
        page.get_by_role("button", name="Set status").click()
        question = chosen.rsplit(" (", 1)[0].rstrip("…")
        page.wait_for_function(
            "() => [...document.querySelectorAll('input')].some(i => i.value.endsWith(', addressed)'))", timeout=60_000
        )
        assert group.input_value().startswith(question) and page.get_by_role("radio", name="addressed").is_checked()
        # the table's first columns are the questions and their status, the group's id last
        header = page.inner_text("body").split("Coverage gaps")[-1]
        assert header.index("examples") < header.index("status") < header.index("last seen")
        # the group's id is in the CSV, not on the page (its columns broke words mid-word at 1280 px)
        assert not re.search(r"\b[0-9a-f]{32}\b", header)
        # the chosen group's card: its questions in full; another group chosen shows the user's comment (escaped)
        card = page.locator(".gap-card")
        assert "Windows 95" in card.inner_text() and "status: addressed" in card.inner_text()
        group.click()
        page.get_by_role("option", name=re.compile("Kafka SASL_SSL")).click()
        shown = "document.querySelector('.gap-card').innerText.includes('Confluent Cloud')"
        page.wait_for_function(shown, timeout=30_000)
        assert COMMENT in card.inner_text() and card.locator("b", has_text="bold").count() == 0
        assert page.get_by_role("radio", name="open").is_checked()
        # at phone width the card fits the screen (the table's ten columns do not)
        page.set_viewport_size({"width": 390, "height": 1800})
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        # the gap table keeps readable columns and scrolls within its own frame, not the page
        widths = page.evaluate(
            "[document.querySelector('#gap-table').getBoundingClientRect().width, document.documentElement.scrollWidth]"
        )
        assert widths[0] >= 900 and widths[1] <= 390, widths
        page.screenshot(path=str(tmp_path / "insights-phone.png"), full_page=True)
        # a maintainer of the French FAQ reads the page in French (?lang=, else the browser's language)
        page.set_viewport_size({"width": 1280, "height": 1800})
        page.goto(server + "/insights/?lang=fr", wait_until="load")
        page.wait_for_function("document.body.innerText.includes('Lacunes de la FAQ')", timeout=90_000)
        text = page.inner_text("body")
        assert "Statistiques" in text and "questions depuis le" in text and "Coverage gaps" not in text
        assert page.get_by_role("radio", name="traité").count() == 1 and "exemples" in text
        assert "Ce que les utilisateurs" in text or "Questions posées" in text  # the chosen group's card, in French
        page.screenshot(path=str(tmp_path / "insights-fr.png"), full_page=True)
        b.close()


def test_csv_and_html_exports(server):
    with httpx.Client(base_url=server, auth=(USER, PASSWORD), timeout=60) as c:
        r = c.get("/insights/export/coverage_gaps.csv", params={"days": 7})
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        # a byte order mark first, for spreadsheets on Windows; the questions first, the group's id last
        assert r.content.startswith("\ufeff".encode())
        rows = list(csv.DictReader(io.StringIO(r.content.decode("utf-8-sig"))))
        assert list(rows[0])[0] == "examples" and list(rows[0])[-1] == "group"
        windows = [row for row in rows if "Windows 95" in row["examples"]]
        assert len(windows) == 1 and windows[0]["size"] == "3", rows
        kafka = [row for row in rows if "Kafka SASL_SSL" in row["examples"]]
        assert len(kafka) == 1 and kafka[0]["comments"] == COMMENT and kafka[0]["new since status"] == "0", rows
        r = c.get("/insights/export/questions_per_day_language.csv", params={"days": 7})
        per = list(csv.DictReader(io.StringIO(r.content.decode("utf-8-sig"))))
        assert sum(int(x["questions"]) for x in per) == len(QUESTIONS) and len({x["day"] for x in per}) == 7
        r = c.get("/insights/report.html")
        assert r.status_code == 200 and "<svg" in r.text and "Coverage gaps" in r.text
        r = c.get("/insights/report.html", params={"lang": "es"})
        assert '<html lang="es">' in r.text and "Huecos de la FAQ" in r.text and COMMENT not in r.text
        assert html.escape(COMMENT) in r.text  # the comment, escaped
        r = c.get("/insights/report.html", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
        assert "Lacunes de la FAQ" in r.text
        assert "<script" not in r.text
        assert c.get("/insights/export/nope.csv").status_code == 404
        # a period the view has not is refused, not served as 30 days (a twenty-fifth trial's script asked for 14)
        for days in ("14", "abc", "-5", "0"):
            r = c.get("/insights/export/coverage_gaps.csv", params={"days": days})
            assert r.status_code == 400 and "days must be one of 7, 30, 90" in r.json()["error"], (days, r.text)
        assert c.get("/insights/report.html", params={"days": "14"}).status_code == 400
        # the documented address without its slash (a nineteenth trial got {"detail": "Not Found"})
        r = c.get("/insights", params={"days": 7}, follow_redirects=False)
        assert r.status_code == 307 and r.headers["location"] == "/insights/?days=7"
        assert c.get("/insights", follow_redirects=True).status_code == 200
    # without the sign-in: the login page, never the data
    r = httpx.get(server + "/insights/export/coverage_gaps.csv", follow_redirects=False)
    assert r.status_code in (303, 401) and "Windows" not in r.text


def test_insights_refused_without_a_sign_in_unless_public(index_dir, tmp_path):
    env = {**os.environ, "FAQBOT_FEEDBACK_DB": str(tmp_path / "f.db")}
    with serve("--index", str(index_dir), "--corpus", str(CORPUS), env=env) as srv:
        r = httpx.get(srv.url + "/insights/", timeout=30)
        assert r.status_code == 403 and "--auth-file" in r.text and "--insights-public" in r.text
        assert httpx.get(srv.url + "/insights/report.html", timeout=30).status_code == 403
    with serve("--index", str(index_dir), "--corpus", str(CORPUS), "--insights-public", env=env) as srv:
        assert httpx.get(srv.url + "/insights/", timeout=30).status_code == 200
        assert httpx.get(srv.url + "/insights/report.html", timeout=30).status_code == 200


def test_insights_only_for_the_maintainers_account(index_dir, tmp_path):
    """With a maintainers' account, the users' sign-in (Basic, token, cookie) opens the chat and the API, never
    what every user asked; the maintainers' sign-in opens both. A browser signed in as a user is told why and
    signs in again as a maintainer, in Chromium."""
    from playwright.sync_api import sync_playwright

    users, maintainers = tmp_path / "auth", tmp_path / "maintainers"
    users.write_text(f"{USER}:{PASSWORD}\n")
    keeper = ("faq-keeper", "another long pass phrase")
    maintainers.write_text(":".join(keeper) + "\n")
    args = ("--index", str(index_dir), "--corpus", str(CORPUS), "--auth-file", str(users),
            "--maintainer-auth-file", str(maintainers), "--feedback-db", str(tmp_path / "f.db"))  # fmt: skip
    with serve(*args, env=dict(os.environ), auth=(USER, PASSWORD)) as srv:
        with httpx.Client(base_url=srv.url, auth=(USER, PASSWORD), timeout=60) as c:
            assert c.post("/api/ask", json={"question": "How do I install Flink on Windows 95?"}).status_code == 200
            for path in ("/insights/", "/insights/report.html", "/insights/export/coverage_gaps.csv",
                         "/insights/gradio_api/info"):  # fmt: skip
                r = c.get(path)
                assert r.status_code == 403 and "maintainers' account" in r.json()["error"], (path, r.text)
            token = c.post("/login", data={"username": USER, "password": PASSWORD},
                           headers={"accept": "application/json"}).json()["token"]  # fmt: skip
        r = httpx.get(srv.url + "/insights/report.html", headers={"authorization": f"Bearer {token}"}, timeout=30)
        assert r.status_code == 403 and "Windows" not in r.text
        with httpx.Client(base_url=srv.url, auth=keeper, timeout=60) as c:
            assert c.post("/api/ask", json={"question": "Kafka SASL_SSL login fails"}).status_code == 200
            r = c.get("/insights/report.html")
            assert r.status_code == 200 and "Windows 95" in r.text
        # a script signs in with JSON, reads, and signs its bearer token out: refused after (a twenty-fifth trial's
        # token went on opening everyone's questions); wrong credentials in JSON are told so in JSON
        with httpx.Client(base_url=srv.url, timeout=60, headers={"accept": "application/json"}) as c:
            r = c.post("/login", json={"username": keeper[0], "password": keeper[1]})
            assert r.status_code == 200, r.text
            bearer = {"authorization": f"Bearer {r.json()['token']}"}
            assert c.get("/insights/export/coverage_gaps.csv", headers=bearer).status_code == 200
            c.post("/logout", headers=bearer)
            assert c.get("/insights/export/coverage_gaps.csv", headers=bearer).status_code == 401
            r = c.post("/login", json={"username": keeper[0], "password": "nope"})
            assert r.status_code == 401 and "Wrong user or password" in r.json()["error"]
        # the sign-in page on the way to the maintainers' page says which account it takes
        r = httpx.get(srv.url + "/login", params={"next": "/insights/"}, timeout=30)
        assert "sign in with the maintainers' account" in html.unescape(r.text)
        assert "maintainers" not in httpx.get(srv.url + "/login", timeout=30).text
        with sync_playwright() as p:
            b = chromium(p)
            page = b.new_page()
            page.goto(srv.url + "/login?next=/insights/", wait_until="load")
            page.fill("input[name=username]", USER)
            page.fill("input[name=password]", PASSWORD)
            page.click("button[type=submit]")
            page.wait_for_selector("text=for the FAQ's maintainers", timeout=30_000)
            assert "Windows" not in page.inner_text("body")
            page.screenshot(path=str(tmp_path / "not-maintainer.png"))
            page.click("a[href^='/login']")
            page.wait_for_selector("input[name=username]", timeout=30_000)
            page.fill("input[name=username]", keeper[0])
            page.fill("input[name=password]", keeper[1])
            page.click("button[type=submit]")
            page.wait_for_url("**/insights/**", timeout=30_000)
            page.wait_for_function("document.body.innerText.includes('Windows 95')", timeout=90_000)
            b.close()
