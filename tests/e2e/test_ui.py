"""The chat page in a real Chromium against a real `faqbot serve`: one test per defect of issue 12.

Each answer owns its sources, votes land on the answer voted on (after Clear, after an error),
errors carry no thumbs and speak the page's language, a new answer shows its first line, the
phone layout keeps the input and the examples above the fold, an off-topic question has no source
card; and the JSON vote endpoint, the source page.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import httpx
import pytest
from faqbot.bot.answers.phrases import PHRASES
from faqbot.ui import feedback
from faqbot.ui.app import UI

from tests.support import CORPUS, chromium, serve
from tests.support import ask_in_chat as ask

pytestmark = pytest.mark.slow

KAFKA = "How do I connect Flink to a Kafka cluster with SASL_SSL?"
SINK = "¿Por qué no obtengo resultados en la tabla sink?"
PAIMON = "Paimon job fails with No space left on device"


@pytest.fixture(scope="module")
def server(index_dir, tmp_path_factory):
    log = tmp_path_factory.mktemp("fb-ui") / "feedback.jsonl"
    env = {**os.environ, "FAQBOT_FEEDBACK": str(log)}
    with serve("--index", str(index_dir), "--corpus", str(CORPUS), env=env) as srv:
        yield srv.url, log


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = chromium(p)
        yield b
        b.close()


def open_chat(browser, url, width=1200, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    return page


def wait_for_vote(log: Path, question: str, vote: str) -> dict:
    deadline = time.time() + 20
    while time.time() < deadline:
        votes = [e for e in feedback.read(log) if e.get("kind") == "vote" and e.get("vote") == vote]
        if votes and votes[-1]["question"] == question:
            return votes[-1]
        time.sleep(0.3)
    pytest.fail(f"no {vote} vote on {question!r} in the log: {[e.get('question') for e in feedback.read(log)][-5:]}")


def test_older_answer_citation_opens_its_own_source(server, browser):
    url, _ = server
    page = open_chat(browser, url)
    ask(page, KAFKA)
    ask(page, SINK)
    bubbles = page.locator("#chat .bot-row")
    first_link = bubbles.nth(0).locator("a", has_text="1").first.get_attribute("href")
    second_link = bubbles.nth(1).locator("a", has_text="1").first.get_attribute("href")
    assert first_link.startswith("/source/connectors-faq.en.txt?lang=en#L"), first_link
    assert first_link != second_link and "data-validity-faq.es.txt" in second_link
    with page.expect_popup() as popup:
        bubbles.nth(0).locator("a", has_text="1").first.click()
    src = popup.value
    src.wait_for_selector(".l.hl", timeout=20_000)
    cited = src.locator(".l.hl").all_inner_texts()
    assert any("SASL" in t or "sasl" in t for t in cited)
    assert src.evaluate(
        "() => { const r = document.querySelector('.l.hl').getBoundingClientRect(); "
        "return r.top >= 0 && r.top < innerHeight; }"
    )
    assert src.locator("#back").get_attribute("href") == "/"
    page.close()


def test_a_source_opened_from_a_spanish_page_speaks_spanish_on_an_english_browser(server, browser):
    """The page set to Español on an en-US browser: the viewer's link back and its note on the cited lines were
    English (they followed the browser; a twenty-second trial)."""
    url, _ = server
    context, page = open_localized(browser, url, "en-US", "en")
    page.locator("#lang input").click()
    page.get_by_role("option", name="Español").click()
    page.wait_for_function(f"document.querySelector('#send')?.innerText.includes({UI['es']['send']!r})", timeout=20_000)
    ask(page, KAFKA)
    link = page.locator("#chat .bot-row").last.locator("a", has_text="1").first
    assert "?lang=es#L" in (link.get_attribute("href") or "")
    with page.expect_popup() as popup:
        link.click()
    src = popup.value
    src.wait_for_selector(".l.hl", timeout=20_000)
    assert src.locator("#back").inner_text().strip() == PHRASES["ui_back"]["es"]
    assert PHRASES["ui_cited_lines"]["es"].split("{")[0].strip() in src.locator("body").inner_text()
    context.close()


def test_votes_land_on_the_answer_voted_on_after_clear_and_error(server, browser):
    url, log = server
    page = open_chat(browser, url)
    ask(page, KAFKA)
    page.click("#clear")
    page.wait_for_function("document.querySelectorAll('#chat .bot-row').length === 0", timeout=20_000)
    assert page.locator("#detected").inner_text().strip() == ""
    ask(page, PAIMON)
    page.locator("#chat button[aria-label='Like']").last.click()
    up = wait_for_vote(log, PAIMON, "up")
    # an empty question: a notice by the input, no bubble, no thumbs, the answer above untouched
    page.fill("#question textarea", "   ")
    page.click("#send")
    page.wait_for_selector("#notice .err", timeout=20_000)
    assert page.locator("#chat .bot-row").count() == 1
    assert page.locator("#chat button[aria-label='Like']").count() == 1
    assert page.locator("#chat .src-card").count() >= 1  # the previous answer keeps its sources
    page.locator("#chat button[aria-label='Dislike']").last.click()
    down = wait_for_vote(log, PAIMON, "down")
    assert down["answer_id"] == up["answer_id"]
    standing = [v for v in feedback.current_votes(feedback.read(log)) if v["answer_id"] == up["answer_id"]]
    assert [v["vote"] for v in standing] == ["down"]  # the second vote replaced the first
    assert standing[0]["citations"] and standing[0]["answer"].startswith("From the FAQ entry")
    # the thumbs down opened a box for what was wrong; its comment goes with that vote (a twenty-sixth trial found no
    # way to say it in the chat while the maintainers' page had a column for it)
    box = page.locator("#vote-comment textarea")
    box.wait_for(state="visible", timeout=20_000)
    assert UI["en"]["comment"] in page.locator("#vote-comment").inner_text()
    said = "Wrong entry: my Paimon bucket is on OSS, not local disk"
    box.fill(said)
    page.click("#comment-send")
    deadline = time.time() + 20
    while time.time() < deadline:
        standing = [v for v in feedback.current_votes(feedback.read(log)) if v["answer_id"] == up["answer_id"]]
        if standing and standing[0].get("comment"):
            break
        time.sleep(0.3)
    assert [(v["vote"], v["comment"]) for v in standing] == [("down", said)]
    page.wait_for_selector("#vote-comment", state="hidden", timeout=20_000)
    page.close()


def test_errors_speak_the_page_language_and_carry_no_thumbs(server, browser):
    url, _ = server
    page = open_chat(browser, url)
    page.locator("#lang input").click()
    page.get_by_role("option", name="Français").click()
    page.wait_for_function("document.querySelector('#send')?.innerText.includes('Demander')", timeout=20_000)
    page.click("#send")
    page.wait_for_selector("#notice .err", timeout=20_000)
    assert "La question est vide" in page.locator("#notice").inner_text()
    assert page.locator("#chat .bot-row").count() == 0
    assert page.locator("#chat button[aria-label='Like']").count() == 0
    # the empty chat's examples follow the page language and are clickable
    page.get_by_text("Comment connecter Flink à un cluster Kafka avec SASL_SSL ?").click()
    page.wait_for_function("document.querySelectorAll('#chat .bot-row').length === 1", timeout=60_000)
    # the answer in French, as an answer or as the closest entries (the decision: tests/e2e/test_decision.py)
    page.wait_for_function(
        "['D’après', 'Je ne suis pas sûr'].some(s => document.querySelector('#chat .bot-row')?.innerText.includes(s))",
        timeout=60_000,
    )
    assert page.locator("#notice .err").count() == 0
    page.close()


def open_localized(browser, url, locale: str, lang: str):
    """A page whose browser speaks `locale`, once it has read that language (the send button's label)."""
    context = browser.new_context(locale=locale, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    page.wait_for_function(f"document.querySelector('#send')?.innerText.includes({UI[lang]['send']!r})", timeout=20_000)
    return context, page


def test_empty_chat_speaks_the_browser_language_before_any_answer(server, browser):
    url, _ = server
    # no question asked, the language choice left on "Auto": the page reads the browser's language
    context, page = open_localized(browser, url, "fr-FR", "fr")
    for i in (1, 2, 3):
        assert page.get_by_text(UI["fr"][f"example{i}"]).first.is_visible(), i
    assert page.get_by_text(UI["en"]["example1"]).count() == 0
    assert page.locator("#question textarea").get_attribute("placeholder") == UI["fr"]["placeholder"]
    # an explicit choice still wins over the browser
    page.locator("#lang input").click()
    page.get_by_role("option", name="Español").click()
    page.wait_for_function(f"document.querySelector('#send')?.innerText.includes({UI['es']['send']!r})", timeout=20_000)
    assert page.get_by_text(UI["es"]["example1"]).first.is_visible()
    context.close()


def test_an_error_pasted_alone_on_a_spanish_page_is_answered_in_spanish(server, browser):
    # a Spanish user's first message is the bare English error: the page switched to English with the
    # answer; the browser's language now answers it (the badge says what was detected and what answered)
    url, _ = server
    context, page = open_localized(browser, url, "es-ES", "es")
    ask(page, "Table sink 'vvp.default.t' doesn't support consuming update and delete changes which is produced")
    badge = f"EN · {UI['es']['answered_in']} ES"
    page.wait_for_function(f"document.querySelector('#detected')?.innerText.includes({badge!r})", timeout=20_000)
    assert page.locator("#chat .bot-row").last.get_by_text(re.compile("Según la entrada|No estoy seguro")).count()
    assert UI["es"]["send"] in page.locator("#send").inner_text()  # the page stays Spanish
    context.close()


def test_asking_for_the_answer_in_english_keeps_the_spanish_page(server, browser):
    """"¿y en inglés?" turned the whole page English (title, placeholder, buttons): a fourth trial."""
    url, _ = server
    context, page = open_localized(browser, url, "es-ES", "es")
    ask(page, "¿Cómo configuro SASL_SSL con SCRAM-SHA-256 en una tabla Kafka?")
    ask(page, "¿y en inglés?")
    page.wait_for_function(
        "[...document.querySelectorAll('#chat .bot-row')].pop()?.innerText.match(/From the FAQ entry|I am not sure/)",
        timeout=20_000,
    )
    page.wait_for_timeout(500)  # the labels' update, had it come, follows the answer
    assert UI["es"]["send"] in page.locator("#send").inner_text()  # the page stays Spanish
    assert page.locator("#question textarea").get_attribute("placeholder") == UI["es"]["placeholder"]
    context.close()


def test_page_language_leaves_out_an_answer_in_a_language_its_turn_asked_for():
    from faqbot.ui.app import ui_lang

    answers = [{"language": "es", "language_asked": ""}, {"language": "en", "language_asked": "en"}]
    assert ui_lang("auto", answers, "fr") == "es"
    assert ui_lang("auto", answers[1:], "fr") == "fr"  # none of the user's own: the browser's
    assert ui_lang("en", answers, "fr") == "en"  # the selector's choice first
    assert ui_lang("auto", [*answers, {"language": "fr", "language_asked": ""}], "es") == "fr"
    # a turn in a language the page does not speak, answered in English, leaves the page as it was
    zh = {"language": "en", "language_asked": "", "detected_language": "zh"}
    assert ui_lang("auto", [*answers, zh], "fr") == "es" and ui_lang("auto", [zh], "fr") == "fr"


def test_browser_language_reads_accept_language_weights():
    from faqbot.ui.app import browser_language

    assert browser_language("fr-FR,fr;q=0.9,en;q=0.8") == "fr"
    assert browser_language("de-DE,de;q=0.9,es;q=0.5,en;q=0.7") == "en"
    assert browser_language("it, es-MX;q=0.2") == "es"
    assert browser_language("zh-CN") == browser_language("") == browser_language("fr;q=abc") == "en"


def test_new_answer_shows_its_first_line(server, browser):
    url, _ = server
    page = open_chat(browser, url, height=800)
    ask(page, PAIMON)
    ask(page, KAFKA)  # a long answer: the chat must not jump to its end
    page.wait_for_timeout(500)
    chat_box = page.locator("#chat").bounding_box()
    last = page.locator("#chat .bot-row").last.bounding_box()
    assert chat_box["y"] - 2 <= last["y"] <= chat_box["y"] + chat_box["height"] / 2, (chat_box, last)
    # an answer's lead, or the warning over the closest entries (the outcome the shipped model picks)
    lead = re.compile(f"From the FAQ entry|{re.escape(PHRASES['closest']['en'])}")
    first_line = page.locator("#chat .bot-row").last.get_by_text(lead).first
    assert first_line.is_visible()
    box = first_line.bounding_box()
    assert chat_box["y"] <= box["y"] < chat_box["y"] + chat_box["height"]
    # each message is named by its text, not its markup (Gradio's label is the message's HTML source)
    labels = page.locator("#chat [aria-label*=\"'s message: \"]").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert len(labels) >= 4 and not [lab for lab in labels if "<" in lab or "&#" in lab], labels
    assert any("[1]" in lab and "Paimon" in lab for lab in labels), labels
    page.close()


def test_phone_width_keeps_input_and_examples_above_the_fold(server, browser):
    url, _ = server
    page = open_chat(browser, url, width=390, height=844)
    for sel in ["#question textarea", "#send"]:
        b = page.locator(sel).bounding_box()
        assert b and b["y"] + b["height"] <= 844, (sel, b)
    example = page.get_by_text("How do I connect Flink to a Kafka cluster").first
    b = example.bounding_box()
    assert b and b["y"] + b["height"] <= 844, b
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
    page.close()


def test_phone_chat_takes_most_of_the_screen_and_the_question_box_stays_on_it(server, browser):
    """At 390 x 844 the header and the language selector took 254 px (270 once the detected-language badge
    showed) and the chat 484 (a ninth new-user trial: after a long answer the question was off screen)."""
    url, _ = server
    page = open_chat(browser, url, width=390, height=844)
    chat = page.locator("#chat").bounding_box()
    assert chat["y"] <= 200 and chat["height"] >= 500, chat
    label = page.locator("#lang .container > span").first
    assert label.bounding_box()["height"] <= 1 and label.inner_text() == "Language"  # kept for screen readers
    ask(page, KAFKA)
    page.locator("#detected .lang-badge").wait_for(state="visible", timeout=20_000)
    chat, box = page.locator("#chat").bounding_box(), page.locator("#question textarea").bounding_box()
    assert chat["y"] <= 250 and box["y"] + box["height"] <= 844, (chat, box)
    page.close()


def test_phone_scroll_down_arrow_sits_in_the_corner_on_its_own_background(server, browser, tmp_path):
    """At 390 px Gradio's scroll-down arrow sat at mid-width over the answer's text, with no background of its
    own ("Reemplá↓a", a fourth new-user trial)."""
    url, _ = server
    page = open_chat(browser, url, width=390, height=844)
    ask(page, KAFKA)  # a long answer: the chat shows its first line, not its end, so the arrow shows
    button = page.locator("#chat .scroll-down-button-container button")
    button.wait_for(state="visible", timeout=20_000)
    b, chat = button.bounding_box(), page.locator("#chat").bounding_box()
    assert b["x"] + b["width"] >= chat["x"] + chat["width"] - 60, (b, chat)  # the right corner, not mid-width
    # a twelfth trial: at 34 px it still hid a line's last word ("MySQL"); smaller, the text shows through it
    assert b["width"] <= 28 and b["x"] + b["width"] >= chat["x"] + chat["width"] - 10, (b, chat)
    assert float(button.evaluate("e => getComputedStyle(e).opacity")) < 1
    background = button.evaluate("e => getComputedStyle(e).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), background
    page.screenshot(path=str(tmp_path / "phone-arrow.png"))
    page.close()


def test_phone_warning_reads_at_the_answer_s_size(server, browser):
    """At 390 px the closest entries' warning, a quote, was drawn at Gradio's quote size and bold: four lines of
    large type filled a phone's first screen (a ninth new-user trial)."""
    url, _ = server
    page = open_chat(browser, url, width=390, height=844)
    ask(page, "kafka source connection slots")  # a closest-entries answer: its warning is a quote
    quote = page.locator("#chat .bot-row blockquote p").last
    quote.wait_for(state="visible", timeout=20_000)
    style = "e => [parseFloat(getComputedStyle(e).fontSize), parseFloat(getComputedStyle(e).lineHeight)]"
    size, line = quote.evaluate(style)
    item_size, item_line = page.locator("#chat .bot-row li").last.evaluate(style)
    assert size <= item_size and line <= item_line, (size, line, item_size, item_line)
    page.close()


# the placeholder laid out as the question box lays it out (its width, font, padding, wrapping):
# its height against the box's (a textarea's placeholder wraps; what does not fit is cut off)
PLACEHOLDER_FITS = """() => {
  const t = document.querySelector('#question textarea'), s = getComputedStyle(t);
  const m = document.createElement('div');
  for (const p of ['font', 'lineHeight', 'letterSpacing', 'paddingLeft', 'paddingRight', 'paddingTop',
                   'paddingBottom', 'boxSizing', 'wordBreak', 'overflowWrap']) m.style[p] = s[p];
  Object.assign(m.style, {position: 'absolute', visibility: 'hidden', whiteSpace: 'pre-wrap',
                          width: t.clientWidth + 'px', boxSizing: 'border-box', border: '0'});
  m.textContent = t.placeholder;
  document.body.appendChild(m);
  const r = {text: m.scrollHeight, box: t.clientHeight, wide: t.scrollWidth <= t.clientWidth};
  m.remove();
  return r;
}"""


@pytest.mark.parametrize("locale,lang", [("en-US", "en"), ("fr-FR", "fr"), ("es-ES", "es")])
def test_phone_width_shows_the_whole_placeholder(server, browser, locale, lang):
    url, _ = server
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    page.wait_for_function(
        f"document.querySelector('#question textarea')?.placeholder === {UI[lang]['placeholder']!r}", timeout=20_000
    )
    fit = page.evaluate(PLACEHOLDER_FITS)
    assert fit["wide"] and fit["text"] <= fit["box"] + 1, (lang, fit)
    b = page.locator("#question textarea").bounding_box()
    assert b and b["y"] + b["height"] <= 844, b  # still above the fold
    context.close()


def test_no_footer_in_the_browser_language_under_a_page_in_another(server, browser):
    # Gradio's footer ("Use via API", …) follows the browser's language; the page follows its own choice
    url, _ = server
    context = browser.new_context(locale="de-DE", viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    page.wait_for_function("document.querySelector('#send')?.innerText.includes('Ask')", timeout=20_000)
    assert page.evaluate("() => [...document.querySelectorAll('footer')].map(f => f.innerText.trim()).join('')") == ""
    context.close()


def test_off_topic_question_shows_no_source_card(server, browser):
    url, _ = server
    page = open_chat(browser, url)
    ask(page, "What is the capital of Australia?")
    bubble = page.locator("#chat .bot-row").last
    said = PHRASES["not_covered"]["en"]
    # the warning is the answer's own first sentence, said once (a heading repeated it in other words)
    assert bubble.locator("blockquote").inner_text().strip() == f"⚠️ {said}"
    assert bubble.inner_text().count(said) == 1
    assert bubble.locator(".src-card").count() == 0
    page.close()


def test_api_feedback_votes_by_answer_id(server):
    url, log = server
    a = httpx.post(url + "/api/ask", json={"question": PAIMON}, timeout=60).json()
    aid = a["answer_id"]
    headers = {"x-faqbot-client": "api-test"}
    for vote in ("up", "down"):
        r = httpx.post(url + "/api/feedback", json={"answer_id": aid, "vote": vote, "comment": "ok"}, headers=headers)
        assert r.status_code == 200 and r.json() == {"ok": True, "answer_id": aid, "vote": vote}
    standing = [v for v in feedback.current_votes(feedback.read(log)) if v["answer_id"] == aid]
    assert [v["vote"] for v in standing] == ["down"] and standing[0]["question"] == PAIMON
    assert httpx.post(url + "/api/feedback", json={"answer_id": "nope", "vote": "up"}).status_code == 404
    assert httpx.post(url + "/api/feedback", json={"answer_id": aid, "vote": "meh"}).status_code == 422
    json_type = {"content-type": "application/json"}  # the API takes JSON only (415 otherwise)
    assert httpx.post(url + "/api/feedback", content=b"{", headers=json_type).status_code == 400
    assert oct(log.stat().st_mode & 0o777) == "0o600"


def test_a_too_long_question_is_told_where_the_user_looks(server, browser):
    url, _ = server
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    page.fill("#question textarea", "Kafka source lag " * 300)  # 5,100 characters: the box grows to its six lines
    page.click("#send")
    page.wait_for_selector("#notice .err", timeout=20_000)
    assert "limit is 4000" in page.locator("#notice").inner_text()
    box = page.locator("#notice .err").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 900, box  # on screen, not below it
    page.close()


def test_a_refused_paste_is_told_in_the_pages_language(server, browser):
    """Text read as binary data (mis-decoded bytes) on a French page: the refusal in French, the text kept in the
    box to be pasted again as text (the page said it in English)."""
    url, _ = server
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    garbled = "Ã©Ã¨Ã Ã§Ã´ ÃªÃ®Ã»Ã¢Ã« " * 12
    page.fill("#question textarea", garbled)
    page.click("#send")
    page.wait_for_selector("#notice .err", timeout=20_000)
    assert page.locator("#notice").inner_text().strip().endswith(PHRASES["ui_error_binary"]["fr"])
    assert page.input_value("#question textarea") == garbled
    context.close()


# ---- what a new user tripped over (issue 25): role queries, as a screen reader names things


@pytest.mark.parametrize("locale,lang", [("en-US", "en"), ("fr-FR", "fr"), ("es-ES", "es")])
def test_phone_width_shows_the_whole_button_label(server, browser, locale, lang):
    """At 390 px the French button read "Demande": its label was clipped by the button's width."""
    url, _ = server
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    page.wait_for_function(
        f"document.querySelector('#send')?.innerText.trim() === {UI[lang]['send']!r}", timeout=20_000
    )
    send = page.get_by_role("button", name=UI[lang]["send"], exact=True)
    widths = send.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert widths[0] <= widths[1], (lang, widths)
    b = send.bounding_box()
    assert b and b["x"] + b["width"] <= 390 and b["y"] + b["height"] <= 844, b
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
    context.close()


@pytest.mark.parametrize("locale,lang", [("en-US", "en"), ("fr-FR", "fr")])
def test_the_controls_have_accessible_names_in_the_page_language(server, browser, locale, lang):
    """The dark-mode toggle was named "◐" and the question box "Textbox"."""
    url, _ = server
    context = browser.new_context(locale=locale, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(url + "/", wait_until="load")
    page.wait_for_selector("#question textarea", timeout=60_000)
    page.wait_for_function(
        f"document.querySelector('#send')?.innerText.trim() === {UI[lang]['send']!r}", timeout=20_000
    )
    toggle = page.get_by_role("button", name=UI[lang]["dark"], exact=True)
    assert toggle.count() == 1 and toggle.is_visible()
    assert toggle.bounding_box()["width"] >= 24  # the ◐ still shows
    box = page.get_by_role("textbox", name=UI[lang]["question"], exact=True)
    assert box.count() == 1 and box.get_attribute("placeholder") == UI[lang]["placeholder"]
    assert page.get_by_role("textbox", name="Textbox").count() == 0
    # the toggle still toggles
    toggle.click()
    page.wait_for_function("document.body.classList.contains('dark')", timeout=10_000)
    context.close()


def test_tabbing_out_of_the_language_selector_closes_its_list(server, browser):
    url, _ = server
    page = open_chat(browser, url)
    combo = page.get_by_role("combobox", name=UI["en"]["language"])
    combo.focus()
    page.wait_for_function("document.querySelector('#lang input')?.getAttribute('aria-expanded') === 'true'")
    page.keyboard.press("Tab")
    page.wait_for_function(
        "document.querySelector('#lang input')?.getAttribute('aria-expanded') === 'false'", timeout=5_000
    )
    from playwright.sync_api import expect

    expect(page.get_by_role("listbox")).to_have_count(0, timeout=5_000)
    assert page.evaluate("() => !document.querySelector('#lang').contains(document.activeElement)")
    # choosing with the keyboard still works
    combo.focus()
    page.get_by_role("option", name="Español").click()
    page.wait_for_function(f"document.querySelector('#send')?.innerText.includes({UI['es']['send']!r})", timeout=20_000)
    page.close()


@pytest.mark.parametrize("text", ["", "   \n  "])
def test_empty_or_blank_input_says_so(server, browser, text):
    url, _ = server
    page = open_chat(browser, url)
    page.fill("#question textarea", text)
    page.locator("#question textarea").press("Enter")
    page.wait_for_selector("#notice .err", timeout=20_000)
    assert page.get_by_role("alert").inner_text().strip().endswith(UI["en"]["error_empty"])
    page.close()


def test_a_source_card_names_a_document_without_sections_once(server, browser):
    url, _ = server
    page = open_chat(browser, url)
    ask(page, SINK)  # the Data validity FAQ: one document, no sections
    meta = page.locator("#chat .bot-row").last.locator(".src-card .meta").first.text_content()
    assert meta.strip() == "Data validity FAQ", meta
    ask(page, KAFKA)  # a document with sections keeps both
    meta = page.locator("#chat .bot-row").last.locator(".src-card .meta").first.text_content()
    assert meta.strip() == "Connectors · Kafka", meta
    page.close()


def test_a_pasted_report_shows_as_typed_in_the_user_bubble(server, browser):
    """A thirteenth trial: read as Markdown, a pasted report's lines ran together and its "****" masks became
    italics. The bubble shows the message as typed, line by line; the next turn still reads it back."""
    url, _ = server
    page = open_chat(browser, url)
    outside: list[str] = []
    page.on("request", lambda req: outside.append(req.url) if "127.0.0.1" not in req.url else None)
    report = (
        "Kafka source reads nothing\npassword = '****'\nuser = '**admin**'\n_raw_ offsets: 1, 2\n"
        "![pwn](http://evil.example/x.png) <img src=x onerror=alert(1)>"
    )
    ask(page, report)
    bubble = page.locator("#chat .user-text").last
    assert bubble.inner_text() == report
    assert bubble.locator("em, strong, p, a, img").count() == 0
    assert outside == []
    ask(page, "how do I fix it?")  # the history read back from the bubble: the same Kafka entry, its fix
    assert "Kafka" in page.locator("#chat .bot-row").last.inner_text()
    page.close()


def test_bold_text_is_drawn_in_one_font(server, browser):
    """Gradio's default theme set the title and buttons in "Source Sans Pro" 600, whose bundled file holds a few
    glyphs: the "A" of "Apache", "FAQ" and "Ask" came out of it and the other letters out of the system's bold (a
    sixteenth trial's screenshots). Every glyph of the title and of the send button comes from one font, the page's
    own (ui/app.py THEME)."""
    url, _ = server
    page = open_chat(browser, url)
    page.wait_for_timeout(500)  # the fonts' files
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    for selector in ("#header h2", "#send"):
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        assert len(fonts) == 1 and fonts[0]["isCustomFont"], (selector, fonts)
    page.context.close()
