"""The parser on the real corpus: chunk counts, TOC mapping, bodies, titles, checksums."""

from __future__ import annotations

import hashlib

import pytest
from faqbot.ingest.corpus import read_corpus
from faqbot.ingest.parse import parse_document

from tests.support import CHUNKS_PER_DOC, CORPUS, TOC_ENTRIES

EXPECTED = CHUNKS_PER_DOC


@pytest.fixture(scope="module")
def parsed():
    docs, skipped = read_corpus(CORPUS)
    assert not skipped
    return {d.path.stem: (d, parse_document(d.text, d.path.name, d.language)) for d in docs}


def test_corpus_matches_sha256sums():
    for line in (CORPUS / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((CORPUS / name).read_bytes()).hexdigest() == digest, name


def test_languages_detected_from_text(parsed):
    assert {k: v[0].language for k, v in parsed.items()} == {
        "connectors-faq.en": "en",
        "connectors-faq.fr": "fr",
        "data-validity-faq.en": "en",
        "data-validity-faq.es": "es",
        "common-sql-errors.en": "en",
    }


def test_chunk_counts_and_shapes(parsed):
    got = {k: (len(p.chunks), len(p.empty_headings)) for k, (_, p) in parsed.items()}
    assert got == EXPECTED
    shapes = {k: p.shape for k, (_, p) in parsed.items()}
    assert shapes["connectors-faq.en"] == shapes["connectors-faq.fr"] == "toc"
    assert shapes["data-validity-faq.es"] == "questions"
    assert shapes["common-sql-errors.en"] == "problems"


@pytest.mark.parametrize("doc,entries,answered", [(d, n, CHUNKS_PER_DOC[d][0]) for d, n in TOC_ENTRIES.items()])
def test_every_toc_entry_maps_to_one_section(parsed, doc, entries, answered):
    _, p = parsed[doc]
    assert len(p.toc) == entries and not p.toc_unmatched
    with_answer = [t for t in p.toc if t["chunk"]]
    ids = [t["chunk"] for t in with_answer]
    assert len(ids) == len(set(ids)) == answered
    by_id = {c.id: c for c in p.chunks}
    for t in with_answer:
        c = by_id[t["chunk"]]
        assert c.group == t["group"]
        assert t["entry"] == c.title or t["entry"] in c.aliases


def test_known_toc_paraphrases(parsed):
    _, p = parsed["connectors-faq.en"]
    pairs = {t["entry"]: t["heading"] for t in p.toc}
    assert (
        pairs["Why can't Flink consume or write to Kafka with a working network connection?"]
        == "Flink cannot consume or write to Kafka"
    )
    assert pairs["Selecting a Tunnel"] == "Choose a data channel"  # no shared word: placed by order
    assert pairs["Conflict errors when writing to Paimon"].startswith("Paimon: File deletion conflicts")
    assert (
        pairs["Paimon data visibility and the checkpoint interval"]
        == "Data visibility depends on the checkpoint interval"
    )


def test_bodies_titles_and_subheadings(parsed):
    for _, p in parsed.values():
        for c in p.chunks:
            assert c.body.strip(), c.id
            assert c.title.lower() != "problem description"
            assert c.line_start < c.line_end, c.id  # the body lies below its heading
    en = {c.title: c for c in parsed["connectors-faq.en"][1].chunks}
    kafka = en["Flink cannot consume or write to Kafka"]
    assert "Check 1: Start offset strategy" in kafka.body and "Check 2: Data format mismatch" in kafka.body
    assert "Read from partitions" in en["Set the partition parameter"].body
    assert "Write to partitions" in en["Set the partition parameter"].body
    # code kept verbatim with its indentation
    assert "     # bin/zookeeper-shell.sh localhost:2181" in kafka.body
    fr = {c.title: c for c in parsed["connectors-faq.fr"][1].chunks}
    tz = next(t for t in fr if t.startswith("Décalage de fuseau horaire"))
    assert "Symptôme" in fr[tz].body and "env.java.opts.taskmanager: -Duser.timezone=UTC" in fr[tz].body
    es_titles = [c.title for c in parsed["data-validity-faq.es"][1].chunks]
    assert "Resultados vacíos al habilitar MiniBatch con consumo parcial de binlog en CDC" in es_titles
    dv = {c.title: c for c in parsed["data-validity-faq.en"][1].chunks}
    assert "Network connectivity" in dv["How do I troubleshoot Flink source reading issues?"].body


def test_problem_blocks_get_titles_from_content(parsed):
    titles = [c.title for c in parsed["common-sql-errors.en"][1].chunks]
    assert titles[0].startswith("ValidationException")
    assert "table.exec.mini-batch.size" in titles[1]
    assert "TIMESTAMP_LTZ" in titles[2]


def test_line_ranges_point_at_the_heading(parsed):
    checked = 0
    for src, p in parsed.values():
        lines = src.text.splitlines()
        for c in p.chunks:
            if p.shape != "problems":  # a "problems" entry's title is written from its error line
                assert c.title in " ".join(lines[c.line_start - 1].replace("**", "").split())
                checked += 1
    assert checked > 100


def test_a_sixth_document_of_a_known_shape(tmp_path):
    text = (
        "Realtime Compute for Apache Flink:Checkpoint FAQ\n\n"
        "Why does my checkpoint time out?\n\nThe state is too large. Increase the timeout.\n\n"
        "Large state\n\nUse incremental checkpoints:\n\n    execution.checkpointing.timeout: 30min\n\n"
        "How do I resume from a savepoint?\n\nStart the job with the savepoint path.\n"
    )
    p = parse_document(text, "checkpoint-faq.en.txt", "en")
    assert p.shape == "questions"
    assert [c.title for c in p.chunks] == ["Why does my checkpoint time out?", "How do I resume from a savepoint?"]
    assert "    execution.checkpointing.timeout: 30min" in p.chunks[0].body
    assert p.family == "checkpoint-faq"


def test_unreadable_corpus_files_are_skipped_with_reason(tmp_path):
    (tmp_path / "good.en.txt").write_text("Product:Doc\n\nWhat is it?\n\nIt is fine.\n\nWhy?\n\nBecause.\n")
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01\x02abc")
    (tmp_path / "latin1.txt").write_bytes("caf\xe9 cr\xe8me".encode("latin-1"))
    (tmp_path / "huge.md").write_text("Why?\n\n" + "x" * (6 * 1024 * 1024))
    docs, skipped = read_corpus(tmp_path)
    assert [d.path.name for d in docs] == ["good.en.txt"]
    reasons = {s.path.name: s.reason for s in skipped}
    assert reasons["empty.txt"] == "empty file"
    assert "binary" in reasons["binary.txt"]
    assert "not UTF-8" in reasons["latin1.txt"]
    assert "larger than 5 MB" in reasons["huge.md"]
