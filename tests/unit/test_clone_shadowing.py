"""A script run next to a clone folder named faqbot/ imports that folder, not the installed package:
Python cannot be made to prefer the install there, so the README says so and how to avoid it."""

from __future__ import annotations

import subprocess
import sys

from tests.support import ROOT


def test_a_clone_folder_named_faqbot_shadows_the_install_and_the_readme_says_so(tmp_path):
    (tmp_path / "faqbot").mkdir()  # a clone's folder: no __init__.py at its root
    script = tmp_path / "ask.py"
    script.write_text("from faqbot import Bot\n", encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and "cannot import name 'Bot' from 'faqbot' (unknown location)" in run.stderr
    # the same script elsewhere imports the installed package
    (tmp_path / "elsewhere").mkdir()
    moved = tmp_path / "elsewhere" / "ask.py"
    moved.write_text("from faqbot import Bot\n", encoding="utf-8")
    ok = subprocess.run(
        [sys.executable, str(moved)], cwd=tmp_path / "elsewhere", capture_output=True, text=True, timeout=60
    )
    assert ok.returncode == 0, ok.stderr
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "cannot import name 'Bot' from 'faqbot' (unknown location)" in readme
    assert "Clone under another name" in readme
