"""Settings: where they come from (flags, then environment, then defaults). The one module that reads
the environment: the edges (the CLI, the server's start) build one frozen `Settings` here and pass
its values down; library modules take parameters. `docs/settings.md` is generated from `SETTINGS`
(`python -m faqbot.bot.settings`), and a test keeps the two the same."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from faqbot.ingest.store import StoreSpec

DEFAULT_INDEX = Path("index")
DEFAULT_CORPUS = Path("corpus")
DEFAULT_LLM_TIMEOUT = 30.0
# the prompt asks for 2 to 4 sentences; the cap stops a rambling model early (on 2 cores a small
# model writes about 8 tokens a second)
DEFAULT_LLM_MAX_TOKENS = 300
# Enough for the cause and the fix in most entries (the fix's code is attached verbatim after the
# answer in any case, llm.attach.attach_code). Longer is not better for a small model: at 2,000
# characters the gold fact was in the passage for 0.92 of dev questions (0.74 at 800), yet the 1.5B
# model's answers held it for 0.71 (0.82 to 0.84 at 800), lost among more text (docs/eval-llm.md).
# A larger model can use more.
DEFAULT_LLM_PASSAGE_CHARS = 800


def env_path(name: str, default: Path) -> Path:
    value = os.environ.get(name)
    return Path(value) if value else default


def debug() -> bool:
    """FAQBOT_DEBUG: the CLI shows an unexpected error's traceback (read alone: the CLI is failing)."""
    return bool(os.environ.get("FAQBOT_DEBUG"))


def default_index() -> Path:
    return env_path("FAQBOT_INDEX", DEFAULT_INDEX)


def default_corpus() -> Path:
    return env_path("FAQBOT_CORPUS", DEFAULT_CORPUS)


def resolve_store(store: str | None, index: Path | None) -> StoreSpec:
    """--store, else FAQBOT_STORE, else the index folder (`faiss`); FAQBOT_MILVUS_COLLECTION names
    the Milvus alias (default faqbot)."""
    return Settings.from_env({"store": store, "index": index}).store_spec()


def masked(value: object, secret: str) -> str:
    """A secret as logs and reprs may show it: "***" when set ("url": a database URL keeps all but its password)."""
    if value in (None, ""):
        return repr(value)
    if secret == "url" and isinstance(value, str) and "://" in value:
        parts = urlsplit(value)
        if parts.password:
            host = parts.netloc.rsplit("@", 1)[-1]
            return repr(urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}")))
        return repr(value)
    return "'***'"


def _shown(value: object, secret: str) -> str:
    return masked(value, secret) if secret else repr(value)


def _masked_repr(obj: object) -> str:
    shown = ", ".join(
        f"{f.name}={_shown(getattr(obj, f.name), f.metadata.get('secret', ''))}"
        for f in fields(obj)  # type: ignore[arg-type]
    )
    return f"{type(obj).__name__}({shown})"


@dataclass(frozen=True, repr=False)
class LLMSettings:
    spec: str | None = None  # LangChain provider:model
    base_url: str | None = None  # any OpenAI-compatible server
    timeout: float = DEFAULT_LLM_TIMEOUT
    max_tokens: int = DEFAULT_LLM_MAX_TOKENS  # FAQBOT_LLM_MAX_TOKENS
    passage_chars: int = DEFAULT_LLM_PASSAGE_CHARS  # FAQBOT_LLM_PASSAGE_CHARS
    check_entries: bool = True  # FAQBOT_LLM_CHECK_ENTRIES=0: off
    api_key: str = field(default="", metadata={"secret": "yes"})  # FAQBOT_LLM_API_KEY or OPENAI_API_KEY

    __repr__ = _masked_repr

    @classmethod
    def resolve(cls, spec: str | None, base_url: str | None, timeout: float | None) -> LLMSettings:
        return Settings.from_env({"llm": spec, "llm_base_url": base_url, "llm_timeout": timeout}).llm_settings

    @property
    def enabled(self) -> bool:
        return bool(self.spec or self.base_url)


def _setting(env: str, flag: str, default: Any, doc: str, secret: str = "", shown: str = "") -> Any:
    """A field of `Settings` with its row of docs/settings.md: variable, flag, default as shown, meaning."""
    shown = shown or ("" if default is None else str(default))
    return field(default=default, metadata={"env": env, "flag": flag, "doc": doc, "secret": secret, "shown": shown})


@dataclass(frozen=True, repr=False)
class Settings:
    """Every setting, read once at the edge (`from_env`). A secret never shows in its repr (nor in logs)."""

    index: Path | None = _setting(
        "FAQBOT_INDEX", "--index", None, "index folder (./index is built when missing; one named here must exist)",
        shown="./index",
    )
    corpus: Path | None = _setting("FAQBOT_CORPUS", "--corpus", None, "corpus folder", shown="./corpus")
    store: str = _setting("FAQBOT_STORE", "--store", "faiss", "`faiss` (the index folder) or `milvus:<uri>`")
    milvus_collection: str | None = _setting(
        "FAQBOT_MILVUS_COLLECTION", "", None, "Milvus alias naming the served build", shown="faqbot"
    )
    milvus_token: str = _setting(
        "FAQBOT_MILVUS_TOKEN", "", "", "Milvus server token (user:password or API key)", secret="yes"
    )
    llm: str | None = _setting("FAQBOT_LLM", "--llm", None, "LangChain `provider:model`; none: extractive answers")
    llm_base_url: str | None = _setting("FAQBOT_LLM_BASE_URL", "--llm-base-url", None, "OpenAI-compatible server URL")
    llm_timeout: float = _setting(
        "FAQBOT_LLM_TIMEOUT",
        "--llm-timeout",
        DEFAULT_LLM_TIMEOUT,
        "seconds the model may stay silent before the extractive answer stands in",
    )
    llm_max_tokens: int = _setting(
        "FAQBOT_LLM_MAX_TOKENS", "", DEFAULT_LLM_MAX_TOKENS, "cap on the tokens of an LLM answer"
    )
    llm_passage_chars: int = _setting(
        "FAQBOT_LLM_PASSAGE_CHARS", "", DEFAULT_LLM_PASSAGE_CHARS, "characters of the entry the LLM reads (>= 100)"
    )
    llm_check_entries: bool = _setting(
        "FAQBOT_LLM_CHECK_ENTRIES", "", True, "the LLM's check of an uncertain long post's entries (0: off)", shown="1"
    )
    llm_api_key: str = _setting(
        "FAQBOT_LLM_API_KEY", "", "", "API key of the OpenAI-compatible server (else OPENAI_API_KEY)", secret="yes"
    )
    abstain_model: Path | None = _setting(
        "FAQBOT_ABSTAIN_MODEL",
        "",
        None,
        "decision model `faqbot calibrate` wrote",
        shown="bot/retrieval/abstain_model.json",
    )
    reload_interval: float = _setting(
        "FAQBOT_RELOAD_INTERVAL", "", 2.0, "seconds between checks for a newly published build in `serve` (0: never)"
    )
    feedback_log: Path | None = _setting(
        "FAQBOT_FEEDBACK", "--feedback-log", None, "JSONL feedback log (instead of the database)"
    )
    feedback_db: str | None = _setting(
        "FAQBOT_FEEDBACK_DB", "--feedback-db", None, "SQLite file or postgresql:// URL", "url", "feedback.db"
    )
    auth: str | None = _setting("FAQBOT_AUTH", "--auth", None, "USER:PASS for the chat and the API", secret="yes")
    auth_file: Path | None = _setting("FAQBOT_AUTH_FILE", "--auth-file", None, "file holding USER:PASS")
    maintainer_auth_file: Path | None = _setting(
        "FAQBOT_MAINTAINER_AUTH_FILE", "--maintainer-auth-file", None,
        "file holding the maintainers' USER:PASS: only it opens /insights (it opens the chat too)",
    )  # fmt: skip
    retention_days: int | None = _setting(
        "FAQBOT_RETENTION_DAYS", "--retention-days", None, "days stored questions are kept", shown="180"
    )
    allowed_hosts: str = _setting(
        "FAQBOT_ALLOWED_HOSTS", "--allowed-hosts", "", "extra Host names the server answers, comma-separated"
    )
    max_wait: float | None = _setting(
        "FAQBOT_MAX_WAIT", "--max-wait", None, "seconds a request waits for a worker", shown="3"
    )
    api_keys_file: Path | None = _setting(
        "FAQBOT_API_KEYS_FILE", "--api-keys-file", None, "API keys of /v1 and /mcp (`faqbot api-key`)"
    )
    public_url: str | None = _setting(
        "FAQBOT_PUBLIC_URL", "--public-url", None, "address in the source links of /v1 and MCP answers"
    )
    trust_forwarding: bool = _setting(
        "FORWARDED_ALLOW_IPS", "", False, "uvicorn's own: set, X-Forwarded-For is believed", shown="unset"
    )
    debug: bool = _setting("FAQBOT_DEBUG", "", False, "show the traceback of an unexpected CLI error", shown="unset")
    bench_scale_budget: float = _setting(
        "FAQBOT_BENCH_SCALE_BUDGET_S", "", 3600.0, "seconds the Milvus scale benchmark may run"
    )

    __repr__ = _masked_repr

    @classmethod
    def from_env(cls, flags: Mapping[str, object] | None = None, environ: Mapping[str, str] | None = None) -> Settings:
        """Flags (by field name; None: not given) win over the environment, which wins over the defaults.
        A wrong value stops with a message naming the variable."""
        env = os.environ if environ is None else environ
        given = {k: v for k, v in (flags or {}).items() if v is not None and v != ""}
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = given.get(f.name)
            if raw is None:
                raw = env.get(f.metadata["env"]) or (env.get("OPENAI_API_KEY") if f.name == "llm_api_key" else None)
            if raw is not None and raw != "":
                values[f.name] = _parse(f.name, f.metadata["env"], raw)
        return cls(**values)

    @property
    def llm_settings(self) -> LLMSettings:
        return LLMSettings(
            self.llm, self.llm_base_url, self.llm_timeout, self.llm_max_tokens, self.llm_passage_chars,
            self.llm_check_entries, self.llm_api_key,
        )  # fmt: skip

    def store_spec(self) -> StoreSpec:
        return StoreSpec.parse(self.store, self.index or DEFAULT_INDEX, self.milvus_collection, self.milvus_token)


_PATHS = {"index", "corpus", "abstain_model", "feedback_log", "auth_file", "maintainer_auth_file", "api_keys_file"}
_WHOLE = {"llm_max_tokens": 1, "llm_passage_chars": 100, "retention_days": 1}


def _parse(name: str, env: str, raw: object) -> object:
    if not isinstance(raw, str):
        return raw  # a flag argparse has already typed
    if name in _PATHS:
        return Path(raw)
    if name in _WHOLE:
        return _whole(env, raw, _WHOLE[name])  # a flag's value is checked under its variable's name
    if name in ("llm_check_entries",):
        return raw != "0"
    if name in ("trust_forwarding", "debug"):
        return bool(raw)
    if name in ("llm_timeout", "reload_interval", "max_wait", "bench_scale_budget"):
        try:
            return float(raw)
        except ValueError as exc:
            raise ValueError(f"{env} must be a number of seconds, got {raw!r}") from exc
    return raw


def _whole(env: str, raw: str, least: int) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        value = least - 1
    if value < least:
        raise ValueError(f"{env} must be a whole number of at least {least}, not {raw!r}; unset it for the default")
    return value


def settings_table() -> str:
    """docs/settings.md's table, from the definition above."""
    rows = ["| Setting | Environment variable | Flag | Default | What it sets |", "|---|---|---|---|---|"]
    for f in fields(Settings):
        m = f.metadata
        secret = {"yes": " (secret: never shown)", "url": " (its password is never shown)"}.get(m["secret"], "")
        flag = f"`{m['flag']}`" if m["flag"] else "—"
        rows.append(f"| `{f.name}` | `{m['env']}` | {flag} | {m['shown'] or '—'} | {m['doc']}{secret} |")
    return "\n".join(rows) + "\n"


DOC_HEAD = """# Settings

Every setting of faqbot, generated from `Settings` in `bot/settings.py`
(`python -m faqbot.bot.settings > docs/settings.md`; tests/unit/test_settings.py checks that this
file matches). A flag wins over its environment variable, which wins over the default. Settings
are read once, at the edge (the command line, the server's start); library code takes them as
parameters. A secret never appears in a repr or a log: `repr(settings)` shows `'***'` in its place.

"""


def settings_doc() -> str:
    return DOC_HEAD + settings_table()


if __name__ == "__main__":
    print(settings_doc(), end="")
