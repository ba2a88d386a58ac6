"""Milvus as the store: the same `Store` / `StoreWriter` protocols as the index folder, in Milvus.

`milvus:./index/faq.db` is Milvus Lite in this process (one process per file);
`milvus:http://host:19530` is a Milvus server or cluster (or `python -m milvus_lite server`),
with the token from FAQBOT_MILVUS_TOKEN. One build is three collections:

    <name>_b<time>_<tag>_<rand>      one row per chunk: the chunk (JSON), language, document and
                                     translation group as fields, its lexical tokens, and a text
                                     field that a BM25 function turns into a sparse vector
    <name>_b<time>_<tag>_<rand>_v    one row per vector (answer, title, alias): chunk, field, hash, vector
    <name>_b<time>_<tag>_<rand>_m    the manifest and the corpus files as hashed at ingest

The alias <name> names the chunk collection being served; a build is written in full, loaded,
then the alias is switched (atomic for readers), so a killed ingest leaves the old build served.
The build before the current one is kept, so that another replica still reading it finishes
its requests, and so is any build written in the last KEEP_RECENT_S (two ingests in a row); older
ones and orphans of killed ingests are dropped by the next ingest.
This is the only module that imports pymilvus.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import re
import time
import uuid
from collections.abc import Iterator

import numpy as np

from . import lexical
from .records import Chunk
from .store_protocol import FIX, BuildContent, Manifest, StoreError, StoreSpec, checked_manifest

FORMAT_VERSION = 6  # 4: the manifest holds the language shift (ingest/language_shift.py); 5: the hubs (ingest/hubs.py);
# 6: the hubs measured against the entries' answers, for every long post (ingest/hubs.py)
BATCH = 1000
PART_CHARS = 60_000  # base64 characters per source-file row (VARCHAR max is 65,535)
MAX_TOPK = 16_384  # Milvus' limit on results per search
_VARCHAR = 65_535
SEARCH_TIMEOUT_S = 5.0  # a search the server does not answer in this time fails (a StoreError, a 503 naming the fix)
# a build written this recently is never dropped: a replica may still be swapping to it or reading it
KEEP_RECENT_S = 600


_CLIENTS: dict[tuple[str, str], object] = {}


def _client(spec: StoreSpec):
    """One client per URI and token in a process (a Lite file can be opened by one process only)."""
    import logging

    from pymilvus import MilvusClient

    # pymilvus logs a traceback of every failed call, and the index watcher calls every 2 s: a server down wrote
    # 137 KB in 20 s a replica (a twenty-fourth trial). Its failures reach faqbot as exceptions, said once there
    logging.getLogger("pymilvus").setLevel(logging.CRITICAL)

    token = spec.token  # FAQBOT_MILVUS_TOKEN, read by bot/settings.py
    key = (spec.uri, token)
    if key in _CLIENTS:
        return _CLIENTS[key]
    try:
        # pymilvus pings every 10 s; Milvus Lite answers pings during a long call (an index build of
        # minutes) with GOAWAY, and pymilvus then retries a create_index that had succeeded
        # (bench/milvus_scale.py measured it): one ping in 10 minutes keeps long calls alone
        opts = {"grpc_options": {"grpc.keepalive_time_ms": 600_000}}
        _CLIENTS[key] = MilvusClient(spec.uri, token=token, **opts) if token else MilvusClient(spec.uri, **opts)
        return _CLIENTS[key]
    except Exception as exc:  # a locked Lite file, an unreachable server, a bad token
        hint = (
            "A Milvus Lite file serves one process at a time: stop the other faqbot using it, "
            "or run `python -m milvus_lite server --data-dir DIR` and use milvus:http://…"
            if spec.uri.endswith(".db")
            else "Check the address, that Milvus is running, and FAQBOT_MILVUS_TOKEN."
        )
        raise StoreError(f"Cannot open Milvus at {spec.location} ({exc}). {hint}") from exc


# Milvus analyzes the text it indexes. faqbot hands it the tokens of `textproc` (Snowball
# stemming by the chunk's language, accents folded, identifiers kept whole, stop words out), so
# BM25 ranks as in the embedded index and the abstention model's lexical features keep the scale
# they were calibrated on. Milvus Lite 3.2.2's analyzer is `\w+` + lowercase + stop words: it
# ignores a stemmer filter (measured: "consommer" does not find "consomment"), so stemming
# inside Milvus would have changed the answers. Inside a token, non-word characters become "_",
# so that the standard tokenizer keeps `table.exec.source.idle-timeout` one token.
ANALYZER = {"tokenizer": "standard", "filter": ["lowercase"]}
BM25_PARAMS = {"bm25_k1": lexical.K1, "bm25_b": lexical.B}
_NON_WORD = re.compile(r"\W")


def milvus_text(tokens: list[str]) -> str:
    """The text Milvus indexes (or is asked) for a list of `textproc` tokens."""
    return " ".join(_NON_WORD.sub("_", t) for t in tokens)[:_VARCHAR]


def _chunk_schema(client):
    from pymilvus import DataType, Function, FunctionType

    s = client.create_schema(auto_id=False)
    s.add_field("pk", DataType.INT64, is_primary=True)
    s.add_field("chunk", DataType.JSON)
    s.add_field("language", DataType.VARCHAR, max_length=16)
    s.add_field("doc", DataType.VARCHAR, max_length=512)
    s.add_field("translation_group", DataType.VARCHAR, max_length=512)
    s.add_field("terms", DataType.VARCHAR, max_length=_VARCHAR)  # textproc tokens (coverage features)
    s.add_field("text", DataType.VARCHAR, max_length=_VARCHAR, enable_analyzer=True, analyzer_params=ANALYZER)
    s.add_field("sparse", DataType.SPARSE_FLOAT_VECTOR)
    s.add_function(
        Function(
            name="bm25", function_type=FunctionType.BM25, input_field_names=["text"], output_field_names=["sparse"]
        )
    )
    ip = client.prepare_index_params()
    # nested under "params": pymilvus otherwise flattens them into keys that Milvus Lite 3.2.2
    # ignores (it then scores with k1 = 1.5); a Milvus server reads both forms
    ip.add_index("sparse", index_type="SPARSE_INVERTED_INDEX", metric_type="BM25", params={"params": BM25_PARAMS})
    return s, ip


def _vector_schema(client, dim: int, index_type: str):
    from pymilvus import DataType

    s = client.create_schema(auto_id=False)
    s.add_field("pk", DataType.INT64, is_primary=True)
    s.add_field("chunk", DataType.INT64)
    s.add_field("field", DataType.VARCHAR, max_length=16)
    s.add_field("hash", DataType.VARCHAR, max_length=64)
    s.add_field("vec", DataType.FLOAT_VECTOR, dim=dim)
    ip = client.prepare_index_params()
    ip.add_index("vec", index_type=index_type, metric_type="IP")
    return s, ip


def _meta_schema(client):
    from pymilvus import DataType

    s = client.create_schema(auto_id=False)
    s.add_field("pk", DataType.INT64, is_primary=True)
    s.add_field("name", DataType.VARCHAR, max_length=512)  # "" for the manifest, else a corpus file
    s.add_field("data", DataType.VARCHAR, max_length=_VARCHAR)
    s.add_field("vec", DataType.FLOAT_VECTOR, dim=2)  # Milvus wants a vector field in every collection
    ip = client.prepare_index_params()
    ip.add_index("vec", index_type="FLAT", metric_type="L2")
    return s, ip


def dense_index_type(n_vectors: int) -> str:
    """FLAT (exact) up to the size where `faqbot bench --scale --store milvus` showed it too slow."""
    return "FLAT" if n_vectors <= 200_000 else "HNSW"


def _query_all(client, collection: str, fields: list[str], n: int) -> list[dict]:
    out: list[dict] = []
    for start in range(0, n, BATCH):
        out.extend(client.query(collection, filter=f"pk >= {start} and pk < {start + BATCH}", output_fields=fields))
    return sorted(out, key=lambda r: r["pk"])


def _serving(client, alias: str) -> str | None:
    """The chunk collection the alias names, None when there is none yet."""
    # list first: describe_alias on a missing alias makes pymilvus log a traceback
    if alias not in client.list_aliases().get("aliases", []):
        return None
    return client.describe_alias(alias).get("collection_name") or None


def _load(client, coll: str) -> None:
    """Load a build's collections (idempotent; a restarted Lite process starts them released)."""
    for name in (f"{coll}_m", coll, f"{coll}_v"):
        client.load_collection(name)


def _read_meta(client, coll: str) -> tuple[Manifest, dict[str, str]]:
    rows = client.query(f"{coll}_m", filter="pk >= 0", output_fields=["name", "data"], limit=MAX_TOPK)
    rows.sort(key=lambda r: r["pk"])
    manifest = checked_manifest(json.loads("".join(r["data"] for r in rows if r["name"] == "")), coll)
    parts: dict[str, str] = {}
    for r in rows:
        if r["name"]:
            parts[r["name"]] = parts.get(r["name"], "") + r["data"]
    return manifest, parts


def current_version(spec: StoreSpec) -> str:
    """What the alias names now (the hot-swap watcher compares it between requests)."""
    client = _client(spec)
    return _serving(client, spec.collection) or ""


class MilvusStore:
    """The build the alias names, read through one client; chunks held in memory like the folder store."""

    def __init__(self, spec: StoreSpec, verify: bool = True) -> None:
        self.client = _client(spec)
        coll = _serving(self.client, spec.collection)
        if coll is None:
            raise StoreError(f"No faqbot index in Milvus at {spec.location} (alias {spec.collection}). {FIX}")
        self.collection = coll
        self.location = f"{spec.location}/{coll}"
        try:
            _load(self.client, coll)
            self.manifest, self._parts = _read_meta(self.client, coll)
            if self.manifest.get("milvus_format") != FORMAT_VERSION:
                raise StoreError(
                    f"The Milvus index {coll} has format {self.manifest.get('milvus_format')}, "
                    f"this faqbot reads {FORMAT_VERSION}. {FIX}"
                )
            counts = self.manifest["counts"]
            rows = _query_all(self.client, coll, ["chunk", "terms"], counts["chunks"])
            self.chunks = [Chunk.from_json(r["chunk"]) for r in rows]
            self._terms = [frozenset(r["terms"].split()) for r in rows]
        except StoreError:
            raise
        except Exception as exc:
            raise StoreError(f"The Milvus index {coll} cannot be read ({exc}). {FIX}") from exc
        if verify and (len(self.chunks) != counts["chunks"]):
            raise StoreError(f"The Milvus index {coll} holds {len(self.chunks)} of {counts['chunks']} chunks. {FIX}")
        self.n_vectors = int(counts["vectors"])

    def _search(self, collection: str, **kwargs) -> list:
        """A search bounded by SEARCH_TIMEOUT_S (a hung server answered after 75-100 s in a twenty-fourth trial, every
        worker slot held meanwhile); a build a restarted server left released is loaded again, once (the trial's
        replicas failed until restarted). Any other failure is a StoreError naming the fix."""
        try:
            try:
                return self.client.search(collection, timeout=SEARCH_TIMEOUT_S, **kwargs)
            except Exception as exc:
                if "released" not in str(exc) and "not loaded" not in str(exc):
                    raise
                _load(self.client, self.collection)
                return self.client.search(collection, timeout=SEARCH_TIMEOUT_S, **kwargs)
        except Exception as exc:
            raise StoreError(
                f"The Milvus server at {self.location.rsplit('/', 1)[0]} did not answer the search "
                f"({type(exc).__name__}). Check that it is running and reachable; answers resume when it is."
            ) from exc

    def dense(self, query: np.ndarray, k: int) -> np.ndarray:
        res = self._search(
            f"{self.collection}_v",
            data=[np.asarray(query, dtype=np.float32).tolist()],
            anns_field="vec",
            limit=max(1, min(k, self.n_vectors, MAX_TOPK)),
            output_fields=["chunk"],
            search_params={"metric_type": "IP"},
        )
        per_chunk = np.full(len(self.chunks), -1.0, dtype=np.float32)
        for hit in res[0]:
            c = int(hit["entity"]["chunk"])
            per_chunk[c] = max(per_chunk[c], float(hit["distance"]))
        return per_chunk

    def lexical(self, tokens: list[str], text: str, language: str) -> np.ndarray:
        out = np.zeros(len(self.chunks), dtype=np.float32)
        query = milvus_text(tokens)
        if not query:
            return out
        res = self._search(
            self.collection,
            data=[query],
            anns_field="sparse",
            limit=max(1, min(len(self.chunks), MAX_TOPK)),
            output_fields=[],
            search_params={"metric_type": "BM25"},
        )
        for hit in res[0]:
            # Milvus Lite reports BM25 as a distance (the negated score); a server as the score.
            # Milvus keeps the classic (k1 + 1) factor that Lucene's BM25 (bm25s) drops.
            out[int(hit["pk"])] = abs(float(hit["distance"])) / (lexical.K1 + 1)
        return out

    def chunk_terms(self) -> list[frozenset[str]]:
        return self._terms

    def source(self, name: str) -> bytes | None:
        raw = self._parts.get(name)
        if raw is None:
            return None
        data = base64.b64decode(raw)
        if hashlib.sha256(data).hexdigest() != self.manifest.get("sources", {}).get(name):
            return None
        return data


class MilvusWriter:
    """Writes a build as new collections, then switches the alias."""

    def __init__(self, spec: StoreSpec) -> None:
        self.spec = spec
        self.client = _client(spec)
        self.alias = spec.collection

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        # a Lite file is locked by its process; against a server, run one ingest at a time
        # (two would each publish a complete build; the last alias switch wins)
        yield

    def embedding_cache(self, embedder_id: str) -> dict[str, np.ndarray]:
        coll = _serving(self.client, self.alias)
        if coll is None:
            return {}
        try:
            _load(self.client, coll)
            manifest, _ = _read_meta(self.client, coll)
            if manifest.get("embedder", {}).get("id") != embedder_id:
                return {}
            rows = _query_all(self.client, f"{coll}_v", ["hash", "vec"], int(manifest["counts"]["vectors"]))
        except Exception:
            return {}
        return {r["hash"]: np.asarray(r["vec"], dtype=np.float32) for r in rows}

    def publish(self, content: BuildContent) -> str:
        tag = content_tag(content)
        current = _serving(self.client, self.alias)
        if current is not None:
            manifest = self._manifest(current)
            if manifest.get("content_tag") == tag:  # nothing changed: nothing written
                self._drop_old(keep={current, str(manifest.get("previous_build", ""))})
                return f"{self.spec.location}/{current}"
        coll = f"{self.alias}_b{time.strftime('%Y%m%dT%H%M%S')}_{tag[:8]}_{uuid.uuid4().hex[:6]}"
        self._write(coll, content, tag, current or "")
        if current is None:
            self.client.create_alias(coll, self.alias)
        else:
            self.client.alter_alias(coll, self.alias)
        self._drop_old(keep={coll, current or ""})
        return f"{self.spec.location}/{coll}"

    def _manifest(self, coll: str) -> dict:
        try:
            _load(self.client, coll)
            return dict(_read_meta(self.client, coll)[0])
        except Exception:
            return {}

    def _write(self, coll: str, content: BuildContent, tag: str, previous: str) -> None:
        c = self.client
        s, ip = _vector_schema(c, content.vectors.shape[1], dense_index_type(len(content.rows)))
        c.create_collection(f"{coll}_v", schema=s, index_params=ip)
        rows = [
            {"pk": i, "chunk": r["chunk"], "field": r["field"], "hash": r["hash"], "vec": content.vectors[i].tolist()}
            for i, r in enumerate(content.rows)
        ]
        _insert(c, f"{coll}_v", rows)
        s, ip = _chunk_schema(c)
        c.create_collection(coll, schema=s, index_params=ip)
        chunk_rows = []
        for i, ch in enumerate(content.chunks):
            toks = content.lexical_docs[i]
            row = {"pk": i, "chunk": ch.to_json(), "terms": " ".join(toks)[:_VARCHAR], "text": milvus_text(toks)}
            row |= {"language": ch.language, "doc": ch.doc, "translation_group": ch.translation_group}
            chunk_rows.append(row)
        _insert(c, coll, chunk_rows)
        manifest = {
            "milvus_format": FORMAT_VERSION,
            **content.manifest,
            "content_tag": tag,
            "previous_build": previous,  # kept at the next ingest: replicas may still be reading it
            "milvus": {"dense_index": dense_index_type(len(content.rows))},
            "sources": {name: hashlib.sha256(data).hexdigest() for name, data in content.sources.items()},
        }
        s, ip = _meta_schema(c)
        c.create_collection(f"{coll}_m", schema=s, index_params=ip)
        meta = _parts("", json.dumps(manifest, ensure_ascii=False))
        for name, data in content.sources.items():
            meta += _parts(name, base64.b64encode(data).decode("ascii"))
        _insert(c, f"{coll}_m", [{"pk": i, **m, "vec": [0.0, 0.0]} for i, m in enumerate(meta)])
        _load(c, coll)

    def _drop_old(self, keep: set[str]) -> None:
        """Drop this alias' builds except `keep` and those written less than KEEP_RECENT_S ago: older ones and
        orphans of killed ingests. (Two ingests 10 s apart dropped the build replicas were still serving, their
        swap to the next one taking 10-17 s: 135 of 639 requests failed in a twenty-fourth trial.)"""
        ours = re.compile(rf"^{re.escape(self.alias)}_b(\d{{8}}T\d{{6}})_[0-9a-f]{{8}}_[0-9a-f]{{6}}$")
        names = set(self.client.list_collections())
        bases = {n[:-2] if n.endswith(("_v", "_m")) else n for n in names}
        for base in bases:
            m = ours.match(base)
            # (a build without its manifest collection, written last, is an orphan of a killed ingest: dropped now)
            if m and base not in keep and not (_recent(m.group(1)) and f"{base}_m" in names):
                for name in (f"{base}_v", base, f"{base}_m"):
                    with contextlib.suppress(Exception):
                        self.client.drop_collection(name)


def _recent(stamp: str) -> bool:
    """Whether a build's name stamp (local time, "%Y%m%dT%H%M%S") is less than KEEP_RECENT_S old."""
    try:
        return time.time() - time.mktime(time.strptime(stamp, "%Y%m%dT%H%M%S")) < KEEP_RECENT_S
    except ValueError:
        return False


def content_tag(content: BuildContent) -> str:
    h = hashlib.sha256(json.dumps([FORMAT_VERSION, ANALYZER, BM25_PARAMS]).encode())
    for r in content.rows:
        h.update(r["hash"].encode())
    for ch in content.chunks:
        h.update(json.dumps(ch.to_json(), sort_keys=True, ensure_ascii=False).encode())
    h.update(json.dumps(content.manifest.get("corpus", {}), sort_keys=True).encode())
    return h.hexdigest()


def _parts(name: str, text: str) -> list[dict]:
    return [{"name": name, "data": text[i : i + PART_CHARS]} for i in range(0, max(1, len(text)), PART_CHARS)]


def _insert(client, coll: str, rows: list[dict]) -> None:
    for s in range(0, len(rows), BATCH):
        client.insert(coll, rows[s : s + BATCH])
    with contextlib.suppress(Exception):  # Lite writes synchronously; a server seals segments on flush
        client.flush(coll)
