"""Refresh docs/screenshot.png (desktop) and docs/screenshot-phone.png from a real `faqbot serve`.

    python scripts/screenshots.py [--index index] [--corpus corpus]

Needs, beyond the run.sh venv: `pip install playwright` (the Python package only) and Debian's
chromium at /usr/bin/chromium; not pytest nor the other test extras.

Starts the server on a free local port (with a throw-away feedback log), asks the questions a
new user would in Debian's Chromium, writes the two PNGs and stops the server. A separate
command: no test writes into docs/.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the browser helpers the e2e tests use (tests/browser.py: no pytest)

from tests.browser import ask_in_chat, chromium  # noqa: E402

NEEDS = (
    "scripts/screenshots.py needs the Playwright Python package and Debian's chromium "
    "(/usr/bin/chromium; never `playwright install`): `pip install playwright` in this venv, "
    "`apt-get install chromium`."
)

DESKTOP_QUESTIONS = [
    "Ma fenêtre event time sur une source Kafka ne produit aucune sortie, pourquoi ?",
    "¿Cómo soluciono el error 'doesn't support consuming update and delete changes'?",
]
PHONE_QUESTION = "Paimon job fails with No space left on device"
# what the desktop picture shows (the first answer has scrolled out of view): README.md's alt text
DESKTOP_ALT = (
    "faqbot answering a Spanish question on the \"doesn't support consuming update and delete changes\" "
    "error from the FAQ's Spanish entry, its fix first, page labels in Spanish"
)


def ask(page, question: str) -> None:
    ask_in_chat(page, question, timeout_ms=120_000)
    page.wait_for_timeout(600)  # let the page settle before the picture


def shoot(url: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = chromium(p)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url + "/", wait_until="load")
        page.wait_for_selector("#question textarea", timeout=120_000)
        for q in DESKTOP_QUESTIONS:
            ask(page, q)
        page.locator("#chat details.srcs").last.evaluate("d => d.open = true")
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / "screenshot.png"))
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        phone.goto(url + "/", wait_until="load")
        phone.wait_for_selector("#question textarea", timeout=120_000)
        phone.screenshot(path=str(out / "screenshot-phone-empty.png"))
        ask(phone, PHONE_QUESTION)
        phone.screenshot(path=str(out / "screenshot-phone.png"))
        browser.close()
    (out / "screenshot-phone-empty.png").unlink()  # looked at while developing; the docs show the answer


def main() -> int:
    from faqbot.bench.load import free_port, wait_until_up

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--index", default="index")
    ap.add_argument("--corpus", default="corpus")
    ap.add_argument("--out", type=Path, default=ROOT / "docs")
    args = ap.parse_args()
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        print(NEEDS, file=sys.stderr)
        return 2
    if not Path("/usr/bin/chromium").exists():
        print(NEEDS, file=sys.stderr)
        return 2
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FAQBOT_FEEDBACK": str(Path(tmp) / "feedback.jsonl")}
        cmd = [sys.executable, "-m", "faqbot", "serve", "--index", args.index, "--corpus", args.corpus]
        proc = subprocess.Popen([*cmd, "--port", str(port)], cwd=ROOT, env=env)
        try:
            url = f"http://127.0.0.1:{port}"
            if not wait_until_up(url + "/api/health", proc):
                print("the server did not start", file=sys.stderr)
                return 1
            shoot(url, args.out)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print(f"wrote {args.out / 'screenshot.png'} and {args.out / 'screenshot-phone.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
