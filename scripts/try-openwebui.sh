#!/usr/bin/env bash
# Open WebUI with faqbot as its OpenAI connection, end to end, on this machine only (127.0.0.1):
#   1. installs open-webui==0.12.4 into its own venv (CPU torch first; it pins its own fastapi,
#      pydantic, openai and mcp, so never into faqbot's venv),
#   2. starts `faqbot serve` with an API key made by `faqbot api-key`,
#   3. starts Open WebUI offline (OFFLINE_MODE=true) with faqbot as its one OpenAI connection,
#   4. runs scripts/try_openwebui.py: signs up the admin, asks a question through Open WebUI's own
#      API (/api/chat/completions, streamed and not) and checks that the reply holds faqbot's answer
#      and its sources; asks for a title as Open WebUI does after an answer; and takes a screenshot
#      of Open WebUI's chat in Chromium (docs/screenshot-openwebui.png).
# The run is recorded in docs/integrations.md. Usage: bash scripts/try-openwebui.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OWUI_VENV=${OWUI_VENV:-/work/scratch/openwebui-venv}
PY=${PYTHON:-.venv/bin/python}
INDEX=${FAQBOT_INDEX:-/tmp/faqbot-owui-index}
WORK=$(mktemp -d /tmp/try-openwebui.XXXXXX)
free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

if [ ! -x "$OWUI_VENV/bin/open-webui" ]; then
  echo "== installing open-webui==0.12.4 into $OWUI_VENV (CPU torch first)"
  python3 -m venv "$OWUI_VENV"
  "$OWUI_VENV/bin/pip" install -q --upgrade pip
  "$OWUI_VENV/bin/pip" install -q -c constraints.txt torch==2.13.0
  "$OWUI_VENV/bin/pip" install -q -c constraints.txt open-webui==0.12.4
fi
"$OWUI_VENV/bin/pip" show open-webui | sed -n 's/^Version: /open-webui /p'

FAQBOT_PORT=$(free_port)
OWUI_PORT=$(free_port)
KEY=$("$PY" -m faqbot api-key --file "$WORK/api-keys" 2>/dev/null)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

echo "== faqbot serve on 127.0.0.1:$FAQBOT_PORT (index $INDEX)"
FAQBOT_FEEDBACK="$WORK/feedback.jsonl" "$PY" -m faqbot serve --index "$INDEX" --port "$FAQBOT_PORT" \
  --api-keys-file "$WORK/api-keys" >"$WORK/faqbot.log" 2>&1 &
pids+=($!)

echo "== open-webui serve on 127.0.0.1:$OWUI_PORT (data in $WORK/owui)"
mkdir -p "$WORK/owui"
(
  cd "$WORK/owui"
  export DATA_DIR="$WORK/owui" OFFLINE_MODE=true HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
    WEBUI_SECRET_KEY="$(head -c 24 /dev/urandom | base64)" ENABLE_OLLAMA_API=false ENABLE_OPENAI_API=true \
    OPENAI_API_BASE_URLS="http://127.0.0.1:$FAQBOT_PORT/v1" OPENAI_API_KEYS="$KEY" \
    RAG_EMBEDDING_MODEL_AUTO_UPDATE=false ENABLE_VERSION_UPDATE_CHECK=false ANONYMIZED_TELEMETRY=false \
    DO_NOT_TRACK=true SCARF_NO_ANALYTICS=true
  exec "$OWUI_VENV/bin/open-webui" serve --host 127.0.0.1 --port "$OWUI_PORT"
) >"$WORK/openwebui.log" 2>&1 &
pids+=($!)

wait_up() {  # URL SECONDS NAME LOG
  local t=0
  until curl -fsS "$1" >/dev/null 2>&1; do
    sleep 2; t=$((t + 2))
    if [ "$t" -ge "$2" ]; then echo "$3 did not start in $2 s; last lines of $4:"; tail -30 "$4"; exit 1; fi
  done
  echo "$3 up after ~$t s"
}
wait_up "http://127.0.0.1:$FAQBOT_PORT/api/health" 300 faqbot "$WORK/faqbot.log"
wait_up "http://127.0.0.1:$OWUI_PORT/health" 900 "Open WebUI" "$WORK/openwebui.log"

"$PY" scripts/try_openwebui.py --owui "http://127.0.0.1:$OWUI_PORT" --faqbot "http://127.0.0.1:$FAQBOT_PORT" \
  --screenshot docs/screenshot-openwebui.png
echo "== requests Open WebUI sent to faqbot's /v1 (from faqbot's feedback store: answers recorded)"
grep -c '"answer_id"' "$WORK/feedback.jsonl" || true
