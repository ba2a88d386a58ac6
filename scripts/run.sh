#!/usr/bin/env bash
# Install into .venv, build the index from corpus/ and serve the chat UI + API on 127.0.0.1:7860 (with the MCP
# SDK, so /mcp is on too). Arguments go to `faqbot serve`: `bash scripts/run.sh --insights-public`.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
. .venv/bin/activate
python -m pip install -q --upgrade pip
python -m pip install -q -e '.[mcp]'
faqbot ingest
exec faqbot serve --host 127.0.0.1 --port "${PORT:-7860}" "$@"
