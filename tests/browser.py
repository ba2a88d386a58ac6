"""Driving the machine's chromium with Playwright: shared by the e2e tests and scripts/screenshots.py,
which runs in the run.sh venv (no pytest, no test extras), so this module imports neither."""

from __future__ import annotations

# Debian chromium under Playwright (never `playwright install` here): headless, no sandbox, no network chatter.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium(p):
    """Launch the machine's chromium from a `sync_playwright()` handle."""
    return p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)


def ask_in_chat(page, question: str, timeout_ms: int = 60_000) -> None:
    """Send a question on the chat page; return once its answer is shown and the box is empty again."""
    n = page.locator("#chat .bot-row").count()
    page.fill("#question textarea", question)
    page.click("#send")
    page.wait_for_function(f"document.querySelectorAll('#chat .bot-row').length > {n}", timeout=timeout_ms)
    # `?.`: a predicate that throws (an element Gradio has not rendered yet) fails the wait at once instead of
    # being retried; the tests' waits on single elements are all written so
    page.wait_for_function("document.querySelector('#question textarea')?.value === ''", timeout=timeout_ms)
