"""Paths, corpus facts and helpers shared by the test tiers (imported, unlike conftest)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from faqbot.bench.load import free_port, wait_until_up
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from tests.browser import CHROMIUM_ARGS, ask_in_chat, chromium

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"

# What the parser finds in the shipped corpus (docs/corpus.md explains them); one place for the counts.
CHUNKS_PER_DOC = {  # chunks with a body, headings without body
    "connectors-faq.en": (64, 10),
    "connectors-faq.fr": (65, 10),
    "data-validity-faq.en": (8, 0),
    "data-validity-faq.es": (9, 0),
    "common-sql-errors.en": (3, 0),
}
TOTAL_CHUNKS = sum(n for n, _ in CHUNKS_PER_DOC.values())
LINKED_GROUPS = 72  # translation groups holding more than one language
TOC_ENTRIES = {"connectors-faq.en": 74, "connectors-faq.fr": 75}

__all__ = [
    "CHUNKS_PER_DOC",
    "CORPUS",
    "LINKED_GROUPS",
    "ROOT",
    "TOC_ENTRIES",
    "TOTAL_CHUNKS",
    "CHROMIUM_ARGS",
    "answering",
    "Served",
    "ask_in_chat",
    "chromium",
    "free_port",
    "run_faqbot",
    "scripted_backend",
    "serve",
    "start_serve",
    "wait_until_up",
]


def run_faqbot(*args: str, timeout: float = 180, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess:
    """`faqbot ARGS` as a subprocess from the repository root, output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "faqbot", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=None if env is None else dict(env),
    )


@dataclass
class Served:
    """A `faqbot serve` subprocess on a free loopback port; its output goes to a file, not a pipe
    (a pipe nobody reads fills up and stalls the server)."""

    proc: subprocess.Popen
    url: str
    log: Path
    group: bool  # started in a session of its own: signals go to the whole process group

    def output(self) -> str:
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]
        except OSError:
            return ""

    def wait_up(self, timeout: float = 120.0, auth: tuple[str, str] | None = None) -> None:
        """Until /api/health answers 200; else stop it and fail the test with its output."""
        if not wait_until_up(self.url + "/api/health", self.proc, timeout, auth=auth):
            out = self.output()
            self.stop()
            pytest.fail("faqbot serve did not start: " + out)

    def _signal(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            if self.group:
                os.killpg(self.proc.pid, sig)
            else:
                self.proc.send_signal(sig)

    def stop(self, timeout: float = 20.0) -> bool:
        """SIGTERM, then SIGKILL after timeout; True when it ended on SIGTERM (or had already ended)."""
        if self.proc.poll() is None:
            self._signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
            clean = True
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGKILL)
            self.proc.wait()
            clean = False
        self.log.unlink(missing_ok=True)
        return clean


def start_serve(*args: str, env: Mapping[str, str] | None = None, new_session: bool = False) -> Served:
    """Start `faqbot serve ARGS --port <free>` without waiting (several can start at once)."""
    port = free_port()
    fd, log = tempfile.mkstemp(prefix="faqbot-serve-", suffix=".log")
    with os.fdopen(fd, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "faqbot", "serve", *args, "--port", str(port)],
            cwd=ROOT,
            env=dict(os.environ if env is None else env),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=new_session,
        )
    return Served(proc, f"http://127.0.0.1:{port}", Path(log), new_session)


@contextlib.contextmanager
def serve(
    *args: str,
    env: Mapping[str, str] | None = None,
    new_session: bool = False,
    timeout: float = 120.0,
    auth: tuple[str, str] | None = None,
) -> Iterator[Served]:
    """A running `faqbot serve ARGS` for the body of the with-block; stopped afterwards."""
    srv = start_serve(*args, env=env, new_session=new_session)
    try:
        srv.wait_up(timeout, auth=auth)
        yield srv
    finally:
        srv.stop()


def answering(bot):
    """The bot with a decision that answers every question it finds an entry for: for tests of what an
    answer holds (the extractive composer, an LLM's answer and its checks), whatever outcome the
    shipped model picks for their question (bot/retrieval/decision.py; tests/e2e/test_decision.py tests that)."""
    from faqbot.bot.retrieval.abstain import answering as answering_model

    bot.retriever.abstain_model = answering_model(bot.retriever.abstain_model)
    return bot


def answering_model_file(folder: Path) -> Path:
    """The shipped decision model with both thresholds at 0, for FAQBOT_ABSTAIN_MODEL: a served bot
    that answers every question it finds an entry for (what `answering` does in process)."""
    import json

    data = json.loads((ROOT / "bot" / "retrieval" / "abstain_model.json").read_text(encoding="utf-8"))
    data.update(threshold=0.0, answer_threshold=0.0)
    path = folder / "answering_model.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def scripted_backend(*replies: str, timeout: float = 5.0):
    """An LLM backend whose chat model answers with the given texts, streamed word by word."""
    from faqbot.bot.llm.backend import LLMBackend

    model = GenericFakeChatModel(messages=iter([AIMessage(content=r) for r in replies]))
    return LLMBackend("fake:scripted", model, timeout)


def milvus_lite_server(data_dir: Path, port: int):
    """A Milvus Lite gRPC server over data_dir on 127.0.0.1:port (what several processes share)."""
    import time

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "milvus_lite",
            "server",
            "--data-dir",
            str(data_dir),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    import socket

    deadline = time.time() + 60
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        if proc.poll() is not None:
            break
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"Milvus Lite server on port {port} did not start")


def chat(bot, *turns: str) -> list:
    """The bot's answers to a conversation, each turn asked with the ones before it as history."""
    from faqbot.bot.answers.answer import Turn

    history: list[Turn] = []
    answers = []
    for turn in turns:
        a = bot.ask(turn, history=history)
        history += [Turn("user", turn), Turn("assistant", a.text)]
        answers.append(a)
    return answers


def english_title(citation) -> str:
    """A citation's entry by its English title, whatever language it was cited in."""
    return next((v["title"] for v in citation.other_versions if v["language"] == "en"), citation.title)
