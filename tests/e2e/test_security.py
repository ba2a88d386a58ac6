"""Issue 11, case by case, against real `faqbot serve` processes (one per module fixture).

The server's index is the session index re-ingested from a corpus copy that also holds a
payload document, a symbolic link to /etc/passwd and a named pipe (ingest must skip both).
"""

from __future__ import annotations

import base64
import concurrent.futures as cf
import json
import os
import shutil
import socket
import time
from pathlib import Path

import httpx
import pytest

from tests.payloads import ALLOWED_ATTRIBUTES, ALLOWED_LINK_PREFIXES, ALLOWED_TAGS, PAYLOADS
from tests.support import CORPUS, ROOT, chromium, run_faqbot, serve

pytestmark = pytest.mark.slow

USER, PASSWORD = "jürgen", "pässwört✓"  # non-ASCII on purpose: both used to give 500
ANIMALS = ["zebrafish", "quokka", "axolotl", "pangolin"]


def _payload_document() -> str:
    """One FAQ entry per animal, each holding a share of the payloads (the first: the fence bypass)."""
    parts = ["# Rendering FAQ\n"]
    share = -(-len(PAYLOADS) // len(ANIMALS))
    for i, animal in enumerate(ANIMALS):
        parts.append(f"\n## Why does the {animal} renderer show raw markup?\n")
        parts.append(f"The {animal} renderer shows these strings verbatim:\n")
        parts.extend(f"\n{p}\n" for p in PAYLOADS[i * share : (i + 1) * share])
    return "".join(parts)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "corpus"
    shutil.copytree(CORPUS, path)
    (path / "rendering-faq.en.md").write_text(_payload_document(), encoding="utf-8")
    (path / "passwd-leak.en.txt").symlink_to("/etc/passwd")
    os.mkfifo(path / "pipe.en.txt")  # reading it would block ingest forever
    return path


@pytest.fixture(scope="module")
def ingested(corpus, index_copy_factory):
    from faqbot.ingest.pipeline import run_ingest

    index = index_copy_factory()
    report = run_ingest(corpus, index, progress=False)  # embeddings of the shared corpus come from the cache
    return index, report


def _serve(index: Path, corpus: Path, log: Path, *extra: str, env: dict | None = None, auth=None):
    env = {**os.environ, "FAQBOT_FEEDBACK": str(log), **(env or {})}
    return serve("--index", str(index), "--corpus", str(corpus), *extra, env=env, auth=auth)


@pytest.fixture(scope="module")
def server(ingested, corpus, tmp_path_factory):
    index, _ = ingested
    with _serve(index, corpus, tmp_path_factory.mktemp("fb") / "f.jsonl", "--max-wait", "3") as srv:
        yield srv.url


def _ask(url: str, question: str, history: list | None = None, timeout: float = 120) -> tuple[int, float, dict]:
    t = time.perf_counter()
    r = httpx.post(url + "/api/ask", json={"question": question, "history": history or []}, timeout=timeout)
    return r.status_code, time.perf_counter() - t, {**r.json(), "_headers": dict(r.headers)}


# ---------------------------------------------------------------- 1. bounded work per request
def test_long_history_turn_is_bounded(server):
    """A 64 KB history turn took 84 s: the rewrite copied every word of it into the query."""
    turn = ("kafka watermark idle partition source connector checkpoint barrier " * 1200)[: 64 * 1024]
    history = [{"role": "user", "content": turn}, {"role": "assistant", "content": "See [1]."}]
    status, secs, a = _ask(server, "and what about it?", history)
    assert status == 200 and secs < 20, (status, secs)
    assert len(a["standalone_query"]) < 1200  # question + at most 1,000 characters of the turn


def test_long_question_is_bounded(server):
    status, secs, a = _ask(server, ("Caused by java.lang.RuntimeException: kafka sasl login failed " * 70)[:4000])
    assert status == 200 and secs < 15 and a["citations"], (status, secs)


def test_gradio_routes_have_the_body_limit(server):
    """Gradio's chat route took 2 MB (RSS to 964 MB); every route now has the API's limit."""
    for size in (300 * 1024, 2 * 1024 * 1024):
        body = json.dumps({"data": ["x" * size, [], "auto", []], "fn_index": 0, "session_hash": "abc"})
        r = httpx.post(
            server + "/gradio_api/queue/join", content=body, headers={"content-type": "application/json"}, timeout=60
        )
        assert r.status_code == 413 and "KB" in r.json()["error"]


def test_chunked_body_over_the_limit_is_refused(server):
    def chunks():
        for _ in range(40):
            yield b"x" * 16384

    r = httpx.post(server + "/api/ask", content=chunks(), headers={"content-type": "application/json"}, timeout=60)
    assert r.status_code == 413


# ---------------------------------------------------------------- 2. busy: 503 at once, normal load served
def test_flood_of_long_questions_gets_503_with_retry_after(server):
    """24 long questions gave no 503 and a normal one waited 74.8 s."""
    long_q = "Caused by java.lang.RuntimeException: kafka sasl login failed in job N " * 60
    with cf.ThreadPoolExecutor(40) as ex:
        flood = [ex.submit(_ask, server, long_q.replace("N", str(i))[:4000]) for i in range(40)]
        time.sleep(0.5)
        normal = _ask(server, "Kafka SASL_SSL login fails")
        results = [f.result() for f in flood]
    busy = [r for r in results if r[0] == 503]
    assert busy and all(r[0] in (200, 503) for r in results)
    assert all(int(r[2]["_headers"]["retry-after"]) >= 1 for r in busy)
    assert max(r[1] for r in busy) < 3 + 3  # told to retry within --max-wait (3 s), plus scheduling slack
    assert normal[0] == 200 and normal[1] < 10, normal[:2]  # long questions may hold only half the slots


def _chat(url: str, question: str) -> str:
    """The chat handler as the page calls it: the notice shown under the input."""
    from gradio_client import Client

    return str(Client(url + "/", verbose=False).predict(question, [], "auto", api_name="/ask_chat")[3])


def test_chat_says_busy_in_words_when_the_queue_is_full(server):
    long_q = "Caused by java.lang.RuntimeException: kafka sasl login failed in job N " * 60
    with cf.ThreadPoolExecutor(40) as ex:
        flood = [ex.submit(_ask, server, long_q.replace("N", f"f{i}")[:4000]) for i in range(30)]
        time.sleep(0.5)
        chats = [ex.submit(_chat, server, long_q.replace("N", f"c{i}")[:3900]) for i in range(6)]
        notices = [f.result() for f in chats]
        [f.result() for f in flood]
    busy = [n for n in notices if "The server is busy; try again in" in n]
    assert busy, notices
    assert all("Traceback" not in n and "error" not in n.lower().replace('class="err"', "") for n in busy)


def test_twenty_normal_clients_are_all_answered(server):
    from faqbot.bench.load import run_load
    from faqbot.bot.evaluation.evaluate import read_questions

    questions = [q.question for q in read_questions(ROOT / "eval" / "dev.jsonl")]
    res = run_load(server, questions, clients=20, per_client=3, time_limit=240)
    assert res.requests == 60 and res.errors == 0, res.error_samples


# ---------------------------------------------------------------- 3. files: links, swaps, CURRENT
def test_ingest_skips_links_and_special_files(ingested):
    _, report = ingested
    warned = "\n".join(report.warnings)
    assert "passwd-leak.en.txt" in warned and "symbolic link" in warned
    assert "pipe.en.txt" in warned and "rendering-faq.en" in report.documents


def test_source_never_serves_a_link_target(server, corpus):
    assert httpx.get(server + "/source/passwd-leak.en.txt").status_code == 404
    # swap a served document for a link after ingest: the copy hashed at ingest is what is served
    doc = corpus / "common-sql-errors.en.txt"
    doc.unlink()
    doc.symlink_to("/etc/passwd")
    r = httpx.get(server + "/source/common-sql-errors.en.txt")
    assert r.status_code == 200 and "root:" not in r.text and "SQL" in r.text


def test_corpus_reader_refuses_a_link_swapped_in(tmp_path):
    """The race: a file checked as regular, then swapped for a link before it is read."""
    from faqbot.ingest.corpus import _read_regular

    (tmp_path / "a.en.txt").symlink_to("/etc/passwd")
    os.mkfifo(tmp_path / "b.en.txt")
    assert _read_regular(tmp_path / "a.en.txt") is None and _read_regular(tmp_path / "b.en.txt") is None


def test_current_outside_the_index_is_refused(index_copy_factory, tmp_path):
    index = index_copy_factory()
    (tmp_path / "build-evil").mkdir()
    (index / "build-link").symlink_to(tmp_path / "build-evil")  # a link inside the folder to a build outside
    for name in ("../build-evil", str(tmp_path / "build-evil"), "build-../../x", "build-link"):
        (index / "CURRENT").write_text(name + "\n")
        r = run_faqbot("ask", "kafka", "--index", str(index))
        assert r.returncode == 1 and "faqbot ingest" in r.stderr and "Traceback" not in r.stderr


# ---------------------------------------------------------------- 5. HTML in a real browser
_AUDIT = """([tags, attrs, prefixes]) => {
  const bad = [];
  const roots = [...document.querySelectorAll('#chat .message-content, #sources .src-card')];
  for (const root of roots) for (const el of root.querySelectorAll('*')) {
    if (el.closest('button.copy_code_button')) continue;  // Gradio's own copy button on code blocks
    const t = el.tagName.toLowerCase();
    if (!tags.includes(t)) bad.push('<' + t + '>');
    for (const a of el.attributes) {
      if (!attrs.includes(a.name)) bad.push(t + '[' + a.name + ']');
      if (a.name === 'href' && !prefixes.some(p => a.value.startsWith(p))) bad.push('href=' + a.value);
    }
  }
  return bad;
}"""


def _send(page, text: str, expect_cards: int) -> None:
    page.fill("#question textarea", text)
    page.click("#send")
    page.wait_for_function(
        f"document.querySelectorAll('#chat .message-content').length >= {expect_cards}", timeout=90_000
    )
    page.wait_for_timeout(1500)  # the extractive answer arrives whole; let the last update land


def test_payloads_render_inert_in_the_browser(server, tmp_path):
    """Answers, user bubbles and source cards hold only allowed elements; nothing loads from outside."""
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with sync_playwright() as p:
        browser = chromium(p)
        page = browser.new_page(viewport={"width": 1200, "height": 1400})
        page.on("request", lambda req: outside.append(req.url) if "127.0.0.1" not in req.url else None)
        page.on("dialog", lambda d: (outside.append("dialog:" + d.message), d.dismiss()))
        page.goto(server + "/", wait_until="load")
        page.wait_for_selector("#question textarea", timeout=60_000)
        n = 0
        for animal in ANIMALS:  # the corpus entries holding the payloads
            n += 2
            _send(page, f"Why does the {animal} renderer show raw markup?", n)
            assert "Rendering FAQ" in page.locator("#chat").text_content()
        for payload in PAYLOADS[:3]:  # the user's own message
            n += 2
            _send(page, payload + " kafka", n)
        page.wait_for_timeout(1000)
        bad = page.evaluate(_AUDIT, [sorted(ALLOWED_TAGS), sorted(ALLOWED_ATTRIBUTES), list(ALLOWED_LINK_PREFIXES)])
        page.screenshot(path=str(tmp_path / "payloads.png"), full_page=True)
        chat = page.locator("#chat").inner_text()
        browser.close()
    assert bad == [], sorted(set(bad))
    assert outside == []
    assert "<img src=x onerror=alert(1)>" in chat  # shown as text, not dropped


# ---------------------------------------------------------------- 6. smaller defects
def test_deeply_nested_json_is_a_clear_400(server):
    for route, key in (("/api/ask", "question"), ("/api/feedback", "answer_id")):  # feedback's was a 503
        body = '{"' + key + '": ' + "[" * 5000 + "]" * 5000 + "}"
        r = httpx.post(server + route, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "nested" in r.json()["error"], (route, r.status_code, r.text)


def test_unknown_host_is_refused(server):
    for host in ("attacker.example", "attacker.example:80", "127.0.0.1.attacker.example"):
        r = httpx.get(server + "/api/health", headers={"host": host})
        assert r.status_code == 400 and "--allowed-hosts" in r.json()["error"]
    assert httpx.get(server + "/api/health", headers={"host": "localhost"}).status_code == 200


def test_no_cross_origin_grant(server):
    origin = {"origin": "http://localhost:9999"}
    for r in (
        httpx.get(server + "/", headers=origin),
        httpx.get(server + "/api/health", headers=origin),
        httpx.options(server + "/api/ask", headers={**origin, "access-control-request-method": "POST"}),
        httpx.get(server + "/gradio_api/info", headers=origin),
    ):
        assert "access-control-allow-origin" not in r.headers and "access-control-allow-credentials" not in r.headers


def test_api_takes_json_only(server):
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        r = httpx.post(server + "/api/ask", content='{"question": "kafka"}', headers={"content-type": ctype})
        assert r.status_code == 415 and "JSON" in r.json()["error"]


def test_a_wrong_method_or_route_under_api_is_a_json_error(server):
    r = httpx.get(server + "/api/ask")
    assert r.status_code == 405 and r.headers["allow"] == "POST" and "Use POST /api/ask" in r.json()["error"]
    r = httpx.request("DELETE", server + "/api/health", json={})
    assert r.status_code == 405 and r.headers["allow"] == "GET" and "error" in r.json()
    r = httpx.get(server + "/api/nothing/here")
    assert r.status_code == 404 and "/api/openapi.json" in r.json()["error"]
    assert httpx.get(server + "/api/health").status_code == 200  # the real routes still answer


def test_pages_cannot_be_framed(server):
    for path in ("/", "/source/connectors-faq.en.txt", "/api/health"):
        r = httpx.get(server + path)
        assert r.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


def test_no_error_details_and_no_paths(server, ingested):
    index, _ = ingested
    assert httpx.get(server + "/config").json()["show_error"] is False
    health = httpx.get(server + "/api/health").text
    assert str(index) not in health and str(index.parent) not in health


def test_votes_cannot_be_stuffed_by_rotating_the_client_label(server):
    """x-faqbot-client is the caller's own label: 100 votes with 100 labels all counted (and a label
    could overwrite another address's vote). The rate limit now counts the address."""
    from faqbot.ui.feedback import RATE_VOTES

    a = httpx.post(server + "/api/ask", json={"question": "Kafka SASL_SSL login fails"}, timeout=60).json()
    aid = a["answer_id"]
    codes = [
        httpx.post(
            server + "/api/feedback", json={"answer_id": aid, "vote": "down"}, headers={"x-faqbot-client": f"sock{i}"}
        ).status_code
        for i in range(RATE_VOTES + 10)
    ]
    assert codes.count(200) <= RATE_VOTES and codes[-1] == 429, codes


def test_upload_route_is_closed(server):
    r = httpx.post(server + "/gradio_api/upload", files={"files": ("x.bin", b"\0" * 1024)})
    assert r.status_code == 404


def test_no_5xx_but_503_from_the_openapi_fuzz(server):
    """schemathesis generates requests from the API's own OpenAPI description (bounded run)."""
    import schemathesis
    from hypothesis import HealthCheck, given, settings
    from hypothesis.errors import Unsatisfiable

    schema = schemathesis.openapi.from_url(server + "/api/openapi.json")
    seen: list[int] = []
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):

            @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
            @given(case=operation.as_strategy(generation_mode=mode))
            def check(case) -> None:
                response = case.call(base_url=server, timeout=60)
                seen.append(response.status_code)
                assert response.status_code < 500 or response.status_code == 503, (case, response.text[:300])
                assert "Traceback" not in response.text

            try:
                check()
            except Unsatisfiable:  # an operation without parameters has no invalid request to make
                assert mode == schemathesis.GenerationMode.NEGATIVE
    assert len(seen) >= 60


def test_serve_bad_port_is_one_line(index_dir):
    r = run_faqbot("serve", "--index", str(index_dir), "--port", "99999")
    assert r.returncode == 1 and "serving on" not in r.stdout and "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0 and "--port" in r.stderr


def test_serve_busy_port_is_one_line(index_dir):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        r = run_faqbot("serve", "--index", str(index_dir), "--port", str(port))
    assert r.returncode == 1 and "serving on" not in r.stdout and "already in use" in r.stderr
    assert "Traceback" not in r.stderr


def test_cli_index_that_is_missing_or_a_file(tmp_path):
    r = run_faqbot("ask", "kafka", "--index", str(tmp_path / "nonexistent"))
    assert r.returncode == 1 and "faqbot ingest --index" in r.stderr and not (tmp_path / "nonexistent").exists()
    (tmp_path / "afile").write_text("x")
    r = run_faqbot("ask", "kafka", "--index", str(tmp_path / "afile"))
    assert r.returncode == 1 and "is a file" in r.stderr and "unexpected" not in r.stderr


# ---------------------------------------------------------------- 4. auth (its own server)
@pytest.fixture(scope="module")
def auth_server(ingested, corpus, tmp_path_factory):
    index, _ = ingested
    secret = tmp_path_factory.mktemp("auth") / "auth"
    secret.write_text(f"{USER}:{PASSWORD}\n", encoding="utf-8")
    env = {"FAQBOT_AUTH_FILE": str(secret)}
    with _serve(index, corpus, secret.parent / "f.jsonl", env=env, auth=(USER, PASSWORD)) as srv:
        yield srv.url


def _basic(user: str, password: str) -> dict:
    return {"authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def test_non_ascii_credentials_work_or_get_401(auth_server):
    ok = _basic(USER, PASSWORD)
    assert httpx.get(auth_server + "/api/health", headers=ok).status_code == 200
    assert httpx.get(auth_server + "/source/connectors-faq.en.txt", headers=ok).status_code == 200
    r = httpx.post(auth_server + "/api/ask", json={"question": "kafka sasl"}, headers=ok)
    assert r.status_code == 200
    for bad in (_basic(USER, "pässwort"), _basic("jurgen", PASSWORD), {"authorization": "Basic %%%"}):
        r = httpx.get(auth_server + "/api/health", headers=bad)
        assert r.status_code == 401 and "error" in r.json()
    # no credentials at all: a load balancer's probe, told the server is alive and nothing more (a twenty-fourth
    # trial's probe needed the team password)
    probe = httpx.get(auth_server + "/api/health")
    assert probe.status_code == 200 and probe.json() == {"status": "ok"}
    assert httpx.post(auth_server + "/api/ask", json={"question": "kafka sasl"}).status_code == 401


def test_one_login_covers_ui_api_and_sources(auth_server):
    with httpx.Client(base_url=auth_server, follow_redirects=False) as c:
        r = c.get("/", headers={"accept": "text/html"})
        assert r.status_code == 303 and r.headers["location"].startswith("/login")
        r = c.post("/login", data={"username": USER, "password": PASSWORD, "next": "/"})
        assert r.status_code == 303 and "HttpOnly" in r.headers["set-cookie"]
        assert c.get("/").status_code == 200
        assert c.get("/source/connectors-faq.en.txt").status_code == 200
        assert c.post("/api/ask", json={"question": "kafka sasl"}).status_code == 200
    r = httpx.post(
        auth_server + "/login", data={"username": USER, "password": PASSWORD}, headers={"accept": "application/json"}
    )
    token = r.json()["token"]
    r = httpx.get(auth_server + "/api/health", headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200


def test_a_token_from_one_replica_works_on_another(auth_server, ingested, corpus, tmp_path_factory):
    """A twenty-fourth trial: a bearer token from /login on one replica was a 401 on the other (every other call behind
    a round-robin proxy). Tokens are signed with a key both replicas derive from the same credentials; one signed
    out is refused where it was signed out; credentials that differ share nothing."""
    index, _ = ingested
    folder = tmp_path_factory.mktemp("auth2")
    (folder / "auth").write_text(f"{USER}:{PASSWORD}\n", encoding="utf-8")
    (folder / "other").write_text(f"{USER}:another-password\n", encoding="utf-8")
    login = httpx.post(
        auth_server + "/login", data={"username": USER, "password": PASSWORD}, headers={"accept": "application/json"}
    )
    bearer = {"authorization": f"Bearer {login.json()['token']}"}
    env = {"FAQBOT_AUTH_FILE": str(folder / "auth")}
    with _serve(index, corpus, folder / "f.jsonl", env=env, auth=(USER, PASSWORD)) as replica:
        r = httpx.post(replica.url + "/api/ask", json={"question": "kafka sasl"}, headers=bearer, timeout=120)
        assert r.status_code == 200, r.text
        forged = {"authorization": bearer["authorization"][:-4] + "AAAA"}
        assert httpx.get(replica.url + "/api/health", headers=forged).status_code == 401
        with httpx.Client(base_url=replica.url, cookies={"faqbot_session": login.json()["token"]}) as c:
            c.get("/logout")  # signed out on this replica: refused here from now on
        assert httpx.get(replica.url + "/api/health", headers=bearer).status_code == 401
    env = {"FAQBOT_AUTH_FILE": str(folder / "other")}
    with _serve(index, corpus, folder / "g.jsonl", env=env, auth=(USER, "another-password")) as other:
        assert httpx.get(other.url + "/api/health", headers=bearer).status_code == 401


@pytest.mark.parametrize(
    "accept, lang, submit",
    [("fr-CH, fr;q=0.9, en;q=0.8", "fr", "Se connecter"), ("de-DE, es;q=0.7", "es", "Entrar"), ("", "en", "Sign in")],
)
def test_the_sign_in_page_speaks_the_browsers_language(auth_server, accept, lang, submit):
    r = httpx.get(auth_server + "/login", headers={"accept-language": accept} if accept else {})
    assert r.status_code == 200 and f'<html lang="{lang}">' in r.text and f">{submit}</button>" in r.text


def test_browser_login_then_source_link(auth_server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = chromium(p)
        page = browser.new_page()
        page.goto(auth_server + "/", wait_until="load")
        page.fill("input[name=username]", USER)
        page.fill("input[name=password]", PASSWORD)
        page.click("#login")
        page.wait_for_selector("#question textarea", timeout=60_000)
        _send(page, "Kafka SASL_SSL login fails", 2)
        page.wait_for_selector("#chat .src-card a", timeout=60_000, state="attached")
        href = page.locator("#chat .src-card a").first.get_attribute("href")
        r = page.request.get(auth_server + href)  # the page's own session, no second login
        assert r.status == 200 and 'id="back"' in r.text()
        browser.close()


def test_failed_logins_slow_down(auth_server):
    """100 wrong attempts took 1.7 s; now each failure past the third doubles the wait (429). The
    client is the TCP peer: a made-up X-Forwarded-For per attempt gave 100 x 401 (uvicorn believed it)."""
    codes = []
    t = time.perf_counter()
    for i in range(30):
        spoof = {"x-forwarded-for": f"10.0.0.{i + 1}"}
        codes.append(httpx.get(auth_server + "/api/health", headers={**_basic(USER, f"guess{i}"), **spoof}).status_code)
    assert codes[:4] == [401] * 4 and codes.count(429) >= 20, codes
    assert time.perf_counter() - t < 30  # refused at once, not by holding connections open
    # the wait doubles with each failure past it (0.5 s, 1 s, 2 s): the right password inside the last
    # one is refused too (the first wait alone could end while the loop above ran: a timing race)
    for _ in range(2):  # two more failures, each once the wait before it is over: the last wait is >= 2 s
        again = [httpx.get(auth_server + "/api/health", headers=_basic(USER, "guess-again")).status_code]
        while again[-1] == 429 and len(again) < 40:
            time.sleep(0.25)
            again.append(httpx.get(auth_server + "/api/health", headers=_basic(USER, "guess-again")).status_code)
        assert again[-1] == 401, again
    r = httpx.get(auth_server + "/api/health", headers=_basic(USER, PASSWORD))
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
