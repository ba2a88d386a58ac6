"""Checks a running Open WebUI wired to a running faqbot (started by scripts/try-openwebui.sh):
a question through Open WebUI's own API comes back with faqbot's answer and sources, and a
screenshot of Open WebUI's chat page in Chromium. Prints what it checked; exits 1 on a failure."""

from __future__ import annotations

import argparse
import json
import sys
import time

import httpx

QUESTION = "Paimon job fails with No space left on device"
ADMIN = {"name": "Admin", "email": "admin@example.org", "password": "try-openwebui-Pa55"}


def check(ok: bool, what: str) -> None:
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        sys.exit(1)


def sign_up(owui: str) -> str:
    r = httpx.post(owui + "/api/v1/auths/signup", json=ADMIN, timeout=60)
    if r.status_code != 200:  # already signed up (a second run on the same data folder)
        r = httpx.post(owui + "/api/v1/auths/signin", json=ADMIN, timeout=60)
    check(r.status_code == 200, f"admin signed up on Open WebUI ({r.status_code})")
    return r.json()["token"]


def ask(owui: str, headers: dict, faqbot: str) -> str:
    t = time.perf_counter()
    body = {"model": "faqbot", "messages": [{"role": "user", "content": QUESTION}], "stream": False}
    r = httpx.post(owui + "/api/chat/completions", json=body, headers=headers, timeout=300)
    secs = time.perf_counter() - t
    check(r.status_code == 200, f"POST /api/chat/completions through Open WebUI: {r.status_code} in {secs:.1f} s")
    data = r.json()
    text = data["choices"][0]["message"]["content"]
    print("---- reply as Open WebUI returned it ----\n" + text + "\n----")
    check("[1]" in text and "Paimon" in text, "the reply is faqbot's answer, [1] marker kept")
    check("**Sources**" in text and f"({faqbot}/source/" in text, "the reply ends with the Sources list of links")
    ext = data.get("faqbot") or {}
    check(bool(ext.get("citations")) and bool(ext.get("answer_id")), "the faqbot extension object came through")
    return text


def ask_streamed(owui: str, headers: dict) -> None:
    body = {"model": "faqbot", "messages": [{"role": "user", "content": QUESTION}], "stream": True}
    text, events = "", 0
    with httpx.stream("POST", owui + "/api/chat/completions", json=body, headers=headers, timeout=300) as r:
        check(r.status_code == 200, f"streamed through Open WebUI: {r.status_code}")
        for line in r.iter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            chunk = json.loads(line[6:])
            events += "event" in chunk
            for choice in chunk.get("choices") or []:
                text += (choice.get("delta") or {}).get("content") or ""
    check("[1]" in text and "**Sources**" in text, f"streamed reply holds the answer and Sources ({len(text)} chars)")
    print(f"      source events passed through to the client: {events}")


def title(owui: str, headers: dict, answer: str) -> None:
    body = {
        "model": "faqbot",
        "messages": [{"role": "user", "content": QUESTION}, {"role": "assistant", "content": answer}],
    }
    t = time.perf_counter()
    r = httpx.post(owui + "/api/v1/tasks/title/completions", json=body, headers=headers, timeout=120)
    secs = time.perf_counter() - t
    content = r.json()["choices"][0]["message"]["content"] if r.status_code == 200 else r.text
    check(r.status_code == 200 and '"title"' in content, f"Open WebUI's title task: {content!r} in {secs:.2f} s")


def screenshot(owui: str, token: str, path: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(owui + "/auth", wait_until="load")
        page.evaluate("t => localStorage.setItem('token', t)", token)
        page.goto(owui + "/?models=faqbot", wait_until="load")
        box = page.locator("#chat-input")
        box.wait_for(timeout=120_000)
        page.wait_for_timeout(2000)
        for _ in range(3):  # the "what's new" dialog of a fresh install covers the page
            dialog = page.locator("div[role=dialog]")
            if not dialog.count():
                break
            ok = dialog.locator("button", has_text="Okay")
            ok.first.click() if ok.count() else page.keyboard.press("Escape")
            page.wait_for_timeout(1000)
        box.click()
        page.keyboard.type(QUESTION)
        page.keyboard.press("Enter")
        page.get_by_text("Sources").last.wait_for(timeout=180_000)
        page.wait_for_timeout(3000)  # the source chips and the title arrive after the text
        page.screenshot(path=path)
        browser.close()
    print(f"ok   screenshot of Open WebUI's chat: {path}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--owui", required=True)
    ap.add_argument("--faqbot", required=True)
    ap.add_argument("--screenshot", default=None)
    args = ap.parse_args()
    headers = {"Authorization": "Bearer " + sign_up(args.owui)}
    models = httpx.get(args.owui + "/api/models", headers=headers, timeout=120).json()
    ids = [m["id"] for m in models.get("data", [])]
    check("faqbot" in ids, f"Open WebUI lists faqbot's models: {ids}")
    answer = ask(args.owui, headers, args.faqbot)
    ask_streamed(args.owui, headers)
    title(args.owui, headers, answer)
    if args.screenshot:
        screenshot(args.owui, headers["Authorization"][7:], args.screenshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
