"""Issue 23 (hardening, second round) against real `faqbot serve` processes and a real browser.

The server's index is the session index re-ingested from a corpus copy that also holds an entry
whose passage carries Markdown a second rendering pass would act on (a remote image, a heading, an
external link, a KaTeX block) between blank lines.
"""

from __future__ import annotations

import base64
import concurrent.futures as cf
import http.server
import json
import random
import shutil
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.support import CORPUS, chromium, serve

pytestmark = pytest.mark.slow

USER, PASSWORD = "ops", "correct horse battery"
CARD_ENTRY = """# Card rendering FAQ

## Why does the ocelot exporter stop after a restart?

The ocelot exporter keeps its offset in a state file and shows ![status pixel](https://evil.example/pixel.png) \
when it stops.

If the page says the session expired, [sign in again](https://evil.example/login) before you retry.

The exporter logs the offset as $$\\color{red}{\\rule{876px}{326px}}$$ in its state file.

Delete the state file and restart the ocelot exporter.
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "corpus"
    shutil.copytree(CORPUS, path)
    (path / "card-rendering.en.md").write_text(CARD_ENTRY, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def index(corpus, index_copy_factory) -> Path:
    from faqbot.ingest.pipeline import run_ingest

    index = index_copy_factory()
    run_ingest(corpus, index, progress=False)
    return index


@pytest.fixture(scope="module")
def server(index, corpus, tmp_path_factory):
    env_log = tmp_path_factory.mktemp("fb") / "f.jsonl"
    import os

    env = {**os.environ, "FAQBOT_FEEDBACK": str(env_log)}
    with serve("--index", str(index), "--corpus", str(corpus), "--max-wait", "3", env=env) as srv:
        yield srv.url


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def _ask(url: str, question: str, history: list | None = None) -> tuple[int, float]:
    t = time.perf_counter()
    r = httpx.post(url + "/api/ask", json={"question": question, "history": history or []}, timeout=60)
    return r.status_code, time.perf_counter() - t


# ---------------------------------------------------------------- High: idle and trickling connections
def test_a_thousand_idle_connections_do_not_stop_the_server(server):
    """1,030 connections that never sent a byte made every other client get uvicorn's plain 503."""
    from faqbot.ui.connections import PENDING_PER_ADDRESS

    port = _port(server)
    idle = []
    try:
        for _ in range(1030):
            s = socket.socket()
            s.settimeout(5)
            s.connect(("127.0.0.1", port))
            idle.append(s)
        time.sleep(0.5)
        assert httpx.get(server + "/api/health", timeout=10).status_code == 200
        status, secs = _ask(server, "Kafka SASL_SSL login fails")
        assert status == 200, status
        health = httpx.get(server + "/api/health", timeout=10).json()
        assert health["connections"]["pending"] <= PENDING_PER_ADDRESS  # the flood evicts itself, oldest first
    finally:
        for s in idle:
            s.close()


def test_a_connection_without_a_complete_head_is_closed(server):
    """A header sent one byte every second is closed within the head timeout (5 s), not held."""
    from faqbot.ui.connections import HEAD_TIMEOUT_S

    s = socket.create_connection(("127.0.0.1", _port(server)), timeout=1)
    started = time.monotonic()
    closed_after = None
    try:
        for ch in b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 30:
            try:
                s.send(bytes([ch]))
                if s.recv(1, socket.MSG_DONTWAIT) == b"":
                    closed_after = time.monotonic() - started
                    break
            except (BlockingIOError, TimeoutError):  # nothing to read yet: still open
                pass
            except OSError:
                closed_after = time.monotonic() - started
                break
            time.sleep(1)
    finally:
        s.close()
    assert closed_after is not None and closed_after < HEAD_TIMEOUT_S + 3, closed_after


def test_a_normal_client_keeps_its_connection_between_requests(server):
    with httpx.Client(base_url=server, timeout=30) as c:
        for _ in range(3):
            assert c.get("/api/health").status_code == 200
            time.sleep(1)


# ---------------------------------------------------------------- High: admission by cost
def _dense(n: int, seed: int) -> str:
    rnd = random.Random(seed)
    pool = [chr(c) for c in range(0x4E00, 0x9FA5)] + list("🙂🚀🔥💡✅❌«»¿¡§¶†‡") + list("!?;:()[]{}<>~^%&*")
    return "".join(rnd.choice(pool) for _ in range(n))


def test_token_dense_questions_do_not_refuse_normal_ones(server):
    """8 clients sending 599-character token-dense questions (about 605 tokens, 20 x a normal
    question's work) were admitted as normal questions: 33 of 33 probes got 503."""
    stop = time.monotonic() + 12

    def flood(i: int) -> None:
        n = 0
        while time.monotonic() < stop:
            _ask(server, _dense(599, i * 1000 + n))
            n += 1

    with cf.ThreadPoolExecutor(8) as ex:
        floods = [ex.submit(flood, i) for i in range(8)]
        time.sleep(1)
        probes = []
        while time.monotonic() < stop - 0.5:
            probes.append(_ask(server, "Kafka SASL_SSL login fails"))
            time.sleep(0.5)
        [f.result() for f in floods]
    assert probes and all(status == 200 for status, _ in probes), probes


# ---------------------------------------------------------------- Medium: the file proxy, Low: routes and headers
def test_file_route_does_not_fetch_urls(server):
    """/gradio_api/file=http://<public host>/ fetched the URL and streamed it from faqbot's origin."""
    hits = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"fetched")

        def log_message(self, *args):
            pass

    target = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=target.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{target.server_port}/x"
        for path in (f"/gradio_api/file={url}", f"/file={url}", "/gradio_api/file=" + url.replace(":", "%3A")):
            r = httpx.get(server + path, timeout=10)
            assert r.status_code == 404 and r.json() == {"error": "Not found."}, (path, r.status_code, r.text[:200])
        assert hits == []
    finally:
        target.shutdown()


def test_monitoring_dashboard_is_closed(server):
    for path in ("/monitoring", "/monitoring/summary", "/gradio_api/monitoring"):
        assert httpx.get(server + path, timeout=10).status_code == 404, path


def test_config_ignores_a_forwarded_host_and_is_not_cached(server):
    r = httpx.get(server + "/config", headers={"x-forwarded-host": "evil.example"}, timeout=10)
    assert r.status_code == 200 and "evil.example" not in r.text
    assert r.headers.get("cache-control") == "no-store"


def test_a_lone_surrogate_is_not_an_internal_error(server):
    """A vote comment holding "\\ud800" (valid JSON) gave 503 "internal error"."""
    a = httpx.post(server + "/api/ask", json={"question": "Kafka SASL_SSL login fails"}, timeout=60).json()
    body = '{"answer_id": "' + a["answer_id"] + '", "vote": "up", "comment": "ok \\ud800"}'
    r = httpx.post(server + "/api/feedback", content=body, headers={"content-type": "application/json"}, timeout=30)
    assert r.status_code == 200, r.text
    body = '{"question": "kafka sasl \\udc00 login"}'
    r = httpx.post(server + "/api/ask", content=body, headers={"content-type": "application/json"}, timeout=60)
    assert r.status_code == 200, r.text


def test_gradio_answer_api_checks_the_language(server):
    """A dict as the language gave an error event carrying a trace."""
    r = httpx.post(server + "/gradio_api/call/answer", json={"data": ["kafka sasl", {"x": 1}]}, timeout=30)
    assert r.status_code == 200, r.text
    events = httpx.get(server + f"/gradio_api/call/answer/{r.json()['event_id']}", timeout=60).text
    assert "event: complete" in events and "event: error" not in events, events[:300]
    assert "language" in events and "Traceback" not in events


# ---------------------------------------------------------------- Medium and Low: the page, in a browser
_INSIDE = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('#chat .message-content *')) {
    const t = el.tagName.toLowerCase();
    if (['img', 'h1', 'h2', 'svg', 'math'].includes(t) || el.classList.contains('katex')) bad.push(t);
    const href = el.getAttribute('href');
    if (href && !href.startsWith('/source/') && !href.startsWith('#src-')) bad.push('href=' + href);
  }
  return bad;
}"""


def test_source_cards_load_nothing_remote_and_render_no_markdown(server, tmp_path):
    """A Markdown image in an entry loaded a remote image for every user shown it, even with the
    card collapsed; external links, headings and a KaTeX block appeared in the card."""
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with sync_playwright() as p:
        browser = chromium(p)
        page = browser.new_page(viewport={"width": 1200, "height": 1400})
        page.on("request", lambda req: outside.append(req.url) if "127.0.0.1" not in req.url else None)
        page.goto(server + "/", wait_until="load")
        page.wait_for_selector("#question textarea", timeout=60_000)
        page.fill("#question textarea", "Why does the ocelot exporter stop after a restart?")
        page.click("#send")
        page.wait_for_selector("#chat .src-card", timeout=90_000, state="attached")
        page.wait_for_timeout(1500)
        for d in page.locator("#chat details").all():  # open every card: nothing may load either way
            d.evaluate("el => el.open = true")
        page.wait_for_timeout(1000)
        bad = page.evaluate(_INSIDE)
        text = page.locator("#chat").inner_text()
        page.screenshot(path=str(tmp_path / "cards.png"), full_page=True)
        browser.close()
    assert "ocelot" in text and "![status pixel]" in text  # the passage is shown as written
    assert bad == [], bad
    assert outside == [], outside


def test_a_huge_cited_range_does_not_hang_the_viewer(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = chromium(p)
        page = browser.new_page()
        page.set_default_timeout(15_000)
        page.goto(server + "/source/connectors-faq.en.txt#L1-L3000000000", wait_until="load")
        assert page.evaluate("document.querySelectorAll('.l.hl').length") > 10  # highlighted to the end
        browser.close()


# ---------------------------------------------------------------- Medium: sign-in lockout
@pytest.fixture(scope="module")
def auth_server(index, corpus, tmp_path_factory):
    import os

    secret = tmp_path_factory.mktemp("auth") / "auth"
    secret.write_text(f"{USER}:{PASSWORD}\n", encoding="utf-8")
    env = {**os.environ, "FAQBOT_AUTH_FILE": str(secret), "FAQBOT_FEEDBACK": str(secret.parent / "f.jsonl")}
    with serve("--index", str(index), "--corpus", str(corpus), env=env, auth=(USER, PASSWORD)) as srv:
        # signed in once before any test guesses: a client that did may sign in again from a
        # throttled address (the known-client cookie), whatever order the tests run in
        r = httpx.post(srv.url + "/login", data={"username": USER, "password": PASSWORD}, follow_redirects=False)
        yield srv.url, {"faqbot_known": r.cookies["faqbot_known"]}


def _basic(user: str, password: str) -> dict:
    return {"authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def test_lockout_does_not_block_valid_credentials(auth_server):
    """A valid token, Basic login or form login from a locked address got 429."""
    auth_server, _ = auth_server
    with httpx.Client(base_url=auth_server, timeout=30, follow_redirects=False) as known:
        r = known.post("/login", data={"username": USER, "password": PASSWORD}, headers={"accept": "application/json"})
        token = r.json()["token"]
        known.cookies.delete("faqbot_session")  # keep only the known-client cookie
        codes = [
            httpx.get(auth_server + "/api/health", headers=_basic(USER, f"guess{i}")).status_code for i in range(20)
        ]
        assert codes.count(429) >= 10, codes  # the guesser is slowed down
        assert httpx.get(auth_server + "/api/health", headers={"authorization": f"Bearer {token}"}).status_code == 200
        assert known.get("/api/health", headers=_basic(USER, PASSWORD)).status_code == 200
        r = known.post("/login", data={"username": USER, "password": PASSWORD, "next": "/"})
        assert r.status_code == 303, r.status_code
        known.cookies.delete("faqbot_session")
        assert known.get("/api/health", headers=_basic(USER, "wrong")).status_code == 401  # not a free pass


def test_login_next_with_control_characters_stays_on_the_server(auth_server):
    url, known = auth_server
    for nxt in ("/\t/evil.example", "/\r\nSet-Cookie: x=1"):
        r = httpx.post(
            url + "/login",
            data={"username": USER, "password": PASSWORD, "next": nxt},
            cookies=known,
            follow_redirects=False,
        )
        assert r.status_code == 303 and r.headers["location"] == "/", r.headers.get("location")


def test_config_json_is_valid(server):
    assert json.loads(httpx.get(server + "/config", timeout=10).text)["show_error"] is False
