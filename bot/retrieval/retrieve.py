"""Hybrid retrieval over FAQ entries (translation groups), with abstention."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
from faqbot.bot.retrieval.abstain import AbstainModel, load_default_model
from faqbot.bot.retrieval.cjk_dense import CjkDense
from faqbot.bot.retrieval.connectors import PIPELINE_SOURCES, absent_connectors, entry_connectors, named_connectors
from faqbot.bot.retrieval.decision import NOT_COVERED, Decision, decide, knows_a_word
from faqbot.bot.retrieval.error_titles import error_title_index
from faqbot.bot.retrieval.keyword_language import english_vocabulary
from faqbot.bot.retrieval.reading import Reading, read_text
from faqbot.bot.retrieval.report import ERROR_CLASS, Report, exception_classes, title_names
from faqbot.bot.retrieval.signals import (
    CITED_VERSION,
    Evidence,
    contributions,
    default_weights,
    explain,
    total,
)
from faqbot.bot.retrieval.topics import asked_topics
from faqbot.bot.retrieval.unanswered import asked_heading, unanswered_headings
from faqbot.bot.retrieval.xling import Gloss
from faqbot.ingest.embedders import get_embedder
from faqbot.ingest.hubs import Hubs
from faqbot.ingest.language_shift import LanguageShift
from faqbot.ingest.records import Chunk
from faqbot.ingest.store import Store, StoreError, open_store
from faqbot.ingest.textproc import SUPPORTED, names, query_tokens, raw_words, tokenize
from faqbot.languages import CJK

_CJK_TEXT = re.compile(f"[{CJK}]")

DENSE_K = 512  # vector rows read per query; entries beyond them get no dense score
# The weights of the ranking's signals are in bot/retrieval/signals.py (SIGNALS), with what each measures.
DENSE_CROSSED_CHARS = 600
# a question read in English on the strength of one term is mostly its own words: the second dense
# reading needs two ("¿Y para el sink? (… lectura …)" pulled connector entries above the sink entry)
XLING_MIN_TERMS = 2
Dense = tuple[np.ndarray, np.ndarray]  # per entry: without the language offsets (ranking), as searched (decision)


@dataclass
class Hit:
    group: str
    chunk: Chunk  # the version cited (user's language when the entry has it)
    versions: list[Chunk]
    score: float
    dense: float
    lexical: float
    other_language: bool
    # each ranking signal's contribution to `score` (bot/retrieval/signals.py): they add up to it
    explain: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict:
        """The entry, its score and how the score was made (six digits)."""
        return {
            "group": self.group,
            "title": self.chunk.title,
            "score": round(self.score, 6),
            "explain": {k: round(v, 6) for k, v in self.explain.items()},
        }


@dataclass
class Retrieval:
    query: str
    language: str  # language of the answer (en/fr/es)
    detected: str  # what the detector saw, possibly unsupported ('de', 'zh')
    hits: list[Hit]
    # answer, closest entries or not covered, with the model's probability and why (bot/retrieval/decision.py)
    decision: Decision
    features: dict = field(default_factory=dict)
    latency_ms: float = 0.0
    # inverse document frequency of each query term, so answer building can tell a
    # distinctive word ("app_name", "publication") from a common one ("job", "Flink")
    term_weights: dict[str, float] = field(default_factory=dict)
    # what the LLM's reading of the entries decided, when it read them (bot/llm/judge.py)
    entry_check: dict = field(default_factory=dict)
    # a heading the FAQ lists with no text under it that the question asks (bot/retrieval/unanswered.py), or ""
    unanswered: str = ""
    # the connectors the question names that the FAQ never mentions, by name (bot/retrieval/connectors.py)
    absent: tuple[str, ...] = ()
    # the topics the FAQ has no entry on that the question asks (bot/retrieval/topics.py), when it names none of
    # the FAQ's connectors and pastes no error
    topics: tuple[str, ...] = ()

    @property
    def abstained(self) -> bool:
        """Whether the user is told "not covered" and shown no entry."""
        return self.decision.outcome == NOT_COVERED

    @property
    def confidence(self) -> float:
        """The model's probability that the FAQ answers the question."""
        return self.decision.probability




class HybridRetriever:
    """Dense (FAISS) + lexical (bm25s) retrieval, fused per translation group."""

    def __init__(
        self,
        store: Store | Path,
        fusion: str = "linear",
        abstain: AbstainModel | None = None,
        weights: Mapping[str, float] | None = None,
    ) -> None:
        """weights: of the ranking's signals by name (bot/retrieval/signals.py; default: the table's), e.g. with
        some switched off to measure them (`faqbot eval --ablate`)."""
        self.store: Store = open_store(store) if isinstance(store, Path) else store
        self.chunks = self.store.chunks
        if not self.chunks:
            raise StoreError(f"The index {self.store.location} has no chunks. Add documents and run `faqbot ingest`.")
        self.embedder = get_embedder(self.store.manifest["embedder"]["id"])
        self.fusion = fusion
        self.weights = default_weights() | dict(weights or {})
        self.abstain_model = abstain if abstain is not None else load_default_model()
        groups: dict[str, list[int]] = {}
        for i, c in enumerate(self.chunks):
            groups.setdefault(c.translation_group or c.id, []).append(i)
        self.group_ids = list(groups)
        self.group_members = [groups[g] for g in self.group_ids]
        # per language, which entries have a version in it (read on every query: built once)
        self.group_has_lang = {
            lang: np.array([any(self.chunks[m].language == lang for m in mem) for mem in self.group_members])
            for lang in SUPPORTED
        }
        self.language_shift = LanguageShift(
            self.store.manifest, [c.language for c in self.chunks], self.weights["language_shift"]
        )
        self.hubs = Hubs(self.store.manifest, [c.id for c in self.chunks], self.weights["hub"])
        self.cjk_dense = CjkDense(self.chunks)
        self.chunk_group = np.zeros(len(self.chunks), dtype=np.int64)
        for gi, members in enumerate(self.group_members):
            self.chunk_group[members] = gi
        self._chunk_tokens = self.store.chunk_terms()
        self._df = self._document_frequencies()
        self._raw_vocab: set[str] = set()
        for c in self.chunks:
            self._raw_vocab |= raw_words(c.title + " " + c.body)
        # every language version of the corpus, lower-cased: what a name must occur in to be known
        self._corpus_text = "\n".join(c.title + "\n" + c.body for c in self.chunks).lower()
        self.english_words = english_vocabulary(c.title + "\n" + c.body for c in self.chunks if c.language == "en")
        self._group_tokens = [frozenset().union(*(self._chunk_tokens[m] for m in mem)) for mem in self.group_members]
        self._title_classes = [
            frozenset(c for m in mem for c in exception_classes(self.chunks[m].title, generic=True))
            for mem in self.group_members
        ]
        self._samples = np.array([all(self.chunks[m].fix == "sample" for m in mem) for mem in self.group_members])
        self._connectors = entry_connectors(self.chunks, self.group_members)
        # the FAQ sections' connectors a question may be about beside one the FAQ never mentions
        self._faq_connectors: frozenset[str] = frozenset().union(*self._connectors)
        self._beside_absent = self._faq_connectors - PIPELINE_SOURCES
        self._unanswered = unanswered_headings(self.store.manifest, self.chunks)
        self._error_titles = error_title_index(
            [[self.chunks[m].title for m in mem] for mem in self.group_members],
            ["\n".join(self.chunks[m].title + "\n" + self.chunks[m].body for m in mem) for mem in self.group_members],
        )

    def _document_frequencies(self) -> dict[str, int]:
        df: dict[str, int] = {}
        for toks in self._chunk_tokens:
            for t in toks:
                df[t] = df.get(t, 0) + 1
        return df

    # ------------------------------------------------------------------ scoring
    def _dense(self, query: str, shifted: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Per chunk, the cosines without e5's language offsets (what ranks) and as searched (what the
        decision's features read: the "not covered" model was fitted on those). A question in a
        language the corpus lacks (Chinese, German) meets every version as foreign: not shifted (a
        Chinese question lost its sink entry, whose Spanish version it read best)."""
        vector = self.embedder.embed_queries([query])[0]
        raw = self.store.dense(vector, DENSE_K)
        return (self.language_shift.remove(raw, vector) if shifted else raw), raw

    def _lexical(self, tokens: list[str], query: str, lang: str) -> np.ndarray:
        return self.store.lexical(tokens, query, lang)

    def _group_max(self, per_chunk: np.ndarray) -> np.ndarray:
        out = np.full(len(self.group_ids), -np.inf, dtype=np.float32)
        np.maximum.at(out, self.chunk_group, per_chunk)
        return out

    def _coverage(self, tokens: list[str], members: list[int]) -> tuple[float, int]:
        """Share of the query's rare terms (document frequency <= 3) that the entry holds."""
        rare = [t for t in set(tokens) if 0 < self._df.get(t, 0) <= 3]
        unknown = [t for t in set(tokens) if t not in self._df and len(t) > 3]
        if not rare:
            return 1.0, len(unknown)
        have: set[str] = set()
        for m in members:
            have |= self._chunk_tokens[m]
        return sum(t in have for t in rare) / len(rare), len(unknown)

    def _unknown_names(self, text: str) -> float:
        return float(sum(n.lower() not in self._raw_vocab for n in names(text)))

    def _weighted_coverage(self, tokens: list[str], group: int) -> float:
        """Share of the tokens' weight (inverse document frequency) that an entry holds."""
        n = len(self.chunks)
        weights = {t: math.log(1 + n / self._df.get(t, 1)) for t in set(tokens)}
        total = sum(weights.values())
        have = self._group_tokens[group]
        return sum(w for t, w in weights.items() if t in have) / total if total else 1.0

    def _asked(self, report: Report, tokens: list[str], top: int, lang: str) -> dict[str, float]:
        """What is asked, against the entry ranked first. A post about another system's bug can name
        Kafka or Hudi and sit as close to an entry as an answered one; its title and its specific
        exceptions tell it apart: the corpus never names them, or the entry does not hold the title's words."""
        title = report.title if report.is_long else report.text
        title_tokens = query_tokens(title, lang) if report.is_long else tokens
        if lang != "en":
            # a French or Spanish word read by English's stemmer too ("obtengo", "tabla") and unknown to the corpus is
            # the word its own reading has ("obteng", "tabl"), not one the entry lacks: weighed as the rarest, it made
            # "¿Por qué no obtengo resultados en la tabla sink?", the entry's own Spanish title, cover 0.4 of itself
            own = set(tokenize(title if report.is_long else report.lexical_text(), lang))
            title_tokens = [t for t in title_tokens if t in own or t in self._df]
        return {
            "title_cov": self._weighted_coverage(title_tokens, top),
            "title_unknown": float(min(3, sum(n not in self._corpus_text for n in title_names(title)))),
            "exc_unknown": float(
                min(3, sum(c.lower() not in self._corpus_text for c in exception_classes(report.text)))
            ),
        }

    def _features(
        self,
        report: Report,
        tokens: list[str],
        dense_g: np.ndarray,
        lex_g: np.ndarray,
        top: int,
        lang: str,
        scores: np.ndarray | None = None,
    ) -> dict[str, float]:
        """The signals the "not covered" model reads (bot/retrieval/abstain.py FEATURES).

        For a long post they are read from its identifying lines only (title, errors, symptom
        sentences): its other words would make any post look covered by BM25 and full of
        unknown names, so a post is judged like the one-line question it amounts to."""
        key_text = report.key_text()
        if report.is_long:
            tokens = query_tokens(key_text, lang)
            lex_g = self._group_max(self._lexical(tokens, key_text, lang))
        cov, unknown = self._coverage(tokens, self.group_members[top])
        n_tokens = len(set(tokens))
        best2 = np.partition(dense_g, len(dense_g) - 2)[-2:] if len(dense_g) > 1 else np.zeros(2)
        fused = scores if scores is not None and len(scores) > 1 else np.zeros(2)
        fused2 = np.partition(fused, len(fused) - 2)[-2:]
        return {
            "dense_top": float(dense_g.max()),
            "dense_of_top": float(dense_g[top]),
            "lex_top": float(lex_g.max()),
            "lex_of_top": float(lex_g[top]),
            "coverage": cov,
            "unknown_terms": float(unknown),
            "n_tokens": float(n_tokens),
            # words the corpus never uses ("RocksDB", "Pulsar") in proportion to the question
            "unknown_share": unknown / max(1, n_tokens),
            # a named system the corpus never mentions: the question is about something else
            "unknown_names": self._unknown_names(key_text),
            "long_post": float(report.is_long),
            # how far the best entry stands out: an unanswered question sits as close to several
            "dense_gap": float(best2[1] - best2[0]),
            # the ranking's own score of the first entry (dense, lexical, error-title rules) and its lead
            "fused_top": float(fused2[1]),
            "fused_gap": float(fused2[1] - fused2[0]),
            **self._asked(report, tokens, top, lang),
        }

    def _crossed_dense(self, dense: Dense, crossed: Gloss, lang: str) -> Dense:
        """An entry without a version in the question's language scored by the closer of the question
        and its English reading (bot/retrieval/xling.py); the others as before."""
        has_lang = self.group_has_lang.get(lang)
        if has_lang is None or has_lang.all() or not self.weights["xling_dense"] or crossed.terms < XLING_MIN_TERMS:
            return dense
        x = [self._group_max(d) for d in self._dense(crossed.text[:DENSE_CROSSED_CHARS])]
        return np.where(has_lang, dense[0], np.maximum(dense[0], x[0])), np.where(
            has_lang, dense[1], np.maximum(dense[1], x[1])
        )

    def _plain_lexical(self, report: Report, glossary: str, lang: str) -> np.ndarray:
        """The lexical scores without the English words of a French or Spanish question's terms: what
        the signal xling_lexical adds is the difference (one more BM25 pass, for those questions only)."""
        text = "\n".join(filter(None, [report.lexical_text(), glossary]))
        return self._group_max(self._lexical(query_tokens(text, lang), text, lang))

    def _evidence(
        self, dense: tuple[np.ndarray, np.ndarray, np.ndarray], lex: tuple[np.ndarray, np.ndarray], text: str, lang: str
    ) -> Evidence:
        """dense: as searched, shifted, crossed; lex: with and without the cross-lingual words."""
        (searched, shifted, crossed), (lexical, plain) = dense, lex
        return Evidence(
            searched,
            shifted,
            crossed,
            lexical,
            plain,
            self.group_has_lang.get(lang),
            text,
            self._error_titles,
            self._title_classes,
            samples=self._samples,
            connectors=self._connectors,
        )

    # ------------------------------------------------------------------ public
    def retrieve(self, query: str, language: str | None = None, k: int = 5, fusion: str | None = None) -> Retrieval:
        """The entries for a text: read (bot/retrieval/reading.py), then retrieved. A turn of the bot is read once
        by its Query (bot/dialogue/query.py) and retrieved with `retrieve_query`."""
        return self.retrieve_query(read_text(query, language, self.english_words), k, fusion)

    def entry(self, group: str, lang: str, score: float = 0.0) -> Hit | None:
        """The entry `group` as a hit, its version in `lang` cited (else the English original), scored `score`:
        the entry a conversation is about when a search does not find it (bot/dialogue/shown.py)."""
        if group not in self.group_ids:
            return None
        members = self.group_members[self.group_ids.index(group)]
        versions = sorted((self.chunks[m] for m in members), key=lambda c: c.language)
        cited = next((c for c in versions if c.language == lang), None)
        chunk = cited or next((c for c in versions if c.language == "en"), versions[0])
        return Hit(group, chunk, versions, score, 0.0, 0.0, cited is None)

    def retrieve_query(self, q: Reading, k: int = 5, fusion: str | None = None) -> Retrieval:
        t0 = time.perf_counter()
        query, report, lang, detected = q.text, q.report, q.language, q.detected
        # English words for a Chinese question's terms: the corpus has no Chinese BM25 could match;
        # for a French or Spanish one, those of its terms (entries missing its language: bot/retrieval/xling.py)
        xling = self.weights["xling_dense"] or self.weights["xling_lexical"]
        crossed = q.crossed if xling else Gloss("", "")
        extra = [q.glossary, crossed.words if self.weights["xling_lexical"] else ""]
        lexical_text = "\n".join(filter(None, [report.lexical_text(), *extra]))
        tokens = query_tokens(lexical_text, lang)
        dense_c, raw_c = self._dense(report.dense_query(), detected in SUPPORTED)
        lex_c = self._lexical(tokens, lexical_text, lang)
        lex_g = self._group_max(lex_c)
        shifted_g, searched_g = self._group_max(dense_c), self._group_max(raw_c)
        unhubbed_g = use_g = None
        cjk = bool(_CJK_TEXT.search(report.language_text()))
        if (report.is_long or exception_classes(report.text, generic=True)) and self.hubs.weight:
            # a long post, or a question quoting an exception: the entries close to any text (error-titled
            # ones near any error) lose that closeness (ingest/hubs.py)
            unhubbed_g, shifted_g = shifted_g, self._group_max(self.hubs.remove(dense_c))
        if cjk and self.weights["cjk_use"]:
            # a second model that places Chinese near the English entries (bot/retrieval/cjk_dense.py)
            use_g = self._group_max(self.cjk_dense.cosines(report.dense_query()))
        dense_g, raw_g = self._crossed_dense((shifted_g, searched_g), crossed, lang)
        plain_g = self._plain_lexical(report, extra[0], lang) if extra[1] else lex_g
        ev = self._evidence((searched_g, shifted_g, dense_g), (lex_g, plain_g), lexical_text, lang)
        ev = replace(ev, unhubbed=unhubbed_g, use=use_g)
        parts = contributions(ev, self.weights, fusion or self.fusion)
        scores = total(parts)
        order = np.argsort(-scores)[: max(k, 2)]
        hits: list[Hit] = []
        for gi in order:
            members = self.group_members[gi]
            same = [m for m in members if self.chunks[m].language == lang]
            # without the user's language, cite the English original: the other versions are
            # translations of it, and English is the language a Flink engineer reads second
            pool = same or [m for m in members if self.chunks[m].language == "en"] or members
            best = max(pool, key=lambda m: raw_c[m] + self.weights[CITED_VERSION.name] * lex_c[m])
            versions = sorted((self.chunks[m] for m in members), key=lambda c: c.language)
            hits.append(
                Hit(
                    self.group_ids[gi],
                    self.chunks[best],
                    versions,
                    float(scores[gi]),
                    float(dense_g[gi]),
                    float(lex_g[gi]),
                    not same,
                    explain(parts, gi),
                )
            )
        # the cosines as searched and e5 alone: what the decision's features read in every language
        raw_ev = replace(ev, shifted=searched_g, crossed=raw_g, unhubbed=None, use=None)
        raw_scores = total(contributions(raw_ev, self.weights, fusion or self.fusion))
        feats = self._features(report, tokens, raw_g, lex_g, int(order[0]), lang, raw_scores)
        p_in = self.abstain_model.probability(feats)
        known = knows_a_word(report.language_text(), tokens, self._df)
        absent = absent_connectors(report.text, self._df)
        # one the FAQ has a section for named too ("sync to clickhouse or Doris", "from MongoDB to Hudi"): the
        # question may be about that one, so its entries are shown, with the absent one said (a twenty-third trial)
        alone = bool(absent) and not named_connectors(report.text, self._beside_absent)
        topics = self._absent_topics(report)
        model = self.abstain_model
        decision = decide(p_in, model.threshold, model.answer_at, bool(hits), known, alone, bool(topics))
        n = len(self.chunks)
        weights = {t: math.log(1 + n / self._df[t]) for t in tokens if t in self._df}
        ms = (time.perf_counter() - t0) * 1000
        asked = "" if report.is_long else asked_heading(self._unanswered, report.text, lang, self._df, n)
        return Retrieval(
            query, lang, detected, hits[:k], decision, feats, ms, weights, unanswered=asked, absent=absent,
            topics=topics,
        )

    def _absent_topics(self, report: Report) -> tuple[str, ...]:
        """The absent topics the question asks (bot/retrieval/topics.py), none when it names one of the FAQ's
        connectors or pastes an error: "the Kafka source times out on a job deployed with Helm" is the Kafka
        source's."""
        topics = asked_topics(report.text)
        if not topics or report.errors or ERROR_CLASS.search(report.text):
            return ()
        return () if named_connectors(report.text, self._faq_connectors) else topics
