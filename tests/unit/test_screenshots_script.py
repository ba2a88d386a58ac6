"""scripts/screenshots.py runs in the run.sh venv: no pytest there (it failed with `No module named
'pytest'`), and without Playwright it says what it needs instead of a traceback."""

from __future__ import annotations

import subprocess
import sys

from tests.support import ROOT

SCRIPT = ROOT / "scripts" / "screenshots.py"


def _run_without(modules: list[str], *args: str) -> subprocess.CompletedProcess:
    # a module set to None in sys.modules cannot be imported: the run.sh venv, simulated
    blocked = "".join(f"sys.modules[{m!r}] = None; " for m in modules)
    argv = [str(SCRIPT), *args]
    code = f"import runpy, sys; {blocked}sys.argv = {argv!r}; runpy.run_path({str(SCRIPT)!r}, run_name='__main__')"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_the_script_starts_without_pytest():
    run = _run_without(["pytest", "_pytest"], "--help")
    assert run.returncode == 0, run.stderr
    assert "--index" in run.stdout


def test_without_playwright_it_says_what_it_needs():
    run = _run_without(["pytest", "_pytest", "playwright", "playwright.sync_api"], "--out", "/nonexistent")
    assert run.returncode == 2
    assert "pip install playwright" in run.stderr and "/usr/bin/chromium" in run.stderr
    assert "Traceback" not in run.stderr


def test_the_readme_alt_text_describes_the_desktop_picture():
    """The alt text promised a French answer the picture does not show (it scrolled out of view):
    the README carries the script's description of what it takes."""
    import runpy

    alt = runpy.run_path(str(SCRIPT))["DESKTOP_ALT"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"![{alt}](docs/screenshot.png)" in readme
    assert "Spanish" in alt and "French question" not in alt
