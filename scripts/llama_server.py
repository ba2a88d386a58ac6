"""`python -m llama_cpp.server` with a prompt-prefix cache whose size is what it says.

llama-cpp-python's RAM cache counts only the model's state against its capacity, but each entry
also keeps the logits of every prompt token: 0.6 MB per token for Qwen2.5's 152k-word vocabulary,
about 250 MB per cached prompt (measured: a 23 GB server killed by the kernel after 94 warmed FAQ
entries under a "4 GiB" cache). Only the last row is ever read back (generation resumes from the
last cached token), so this keeps that row alone; an entry then costs its state, about 12 MB for
the 1.5B model. Everything else is the stock server: same flags, same API.

Run it with `--logits_all false` (local-llm.sh does): the stock default computes and copies the
logits of every prompt token, which nothing but logprob requests reads, and each cache hit then
clears a logits table of n_ctx rows (2.5 GB for a 4096 context): about a second per answer here.

Run by scripts/local-llm.sh; needs only llama-cpp-python[server].
"""

from __future__ import annotations

import runpy
import sys

import llama_cpp


class LeanRAMCache(llama_cpp.LlamaRAMCache):
    def __setitem__(self, key, value) -> None:
        # load_state broadcasts the one row over the cached prefix, whose logits nothing reads
        value.scores = value.scores[-1:].copy()
        super().__setitem__(key, value)


if __name__ == "__main__":
    llama_cpp.LlamaRAMCache = LeanRAMCache  # the server builds its cache from this name
    sys.argv[0] = "llama_cpp.server"
    runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
