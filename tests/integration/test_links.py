"""Translation links between language versions of the same question."""

from __future__ import annotations

from tests.support import LINKED_GROUPS


def _group_of(chunks, doc, title_start):
    return next(c.translation_group for c in chunks if c.doc == doc and c.title.startswith(title_start))


def test_linked_group_count(loaded):
    assert loaded.manifest["counts"]["translation_groups_linked"] == LINKED_GROUPS
    multi = {}
    for c in loaded.chunks:
        multi.setdefault(c.translation_group, set()).add(c.language)
    assert sum(len(v) > 1 for v in multi.values()) == LINKED_GROUPS


def test_known_pairs(loaded):
    ch = loaded.chunks
    pairs = [
        (
            ("connectors-faq.en", "No data output from Kafka event time windows"),
            ("connectors-faq.fr", "Absence de sortie de données des fenêtres temporelles"),
        ),
        (
            ("connectors-faq.en", "Paimon: File deletion conflicts"),
            ("connectors-faq.fr", "Paimon : Erreur File deletion"),
        ),
        (
            ("connectors-faq.en", "Data visibility depends on the checkpoint"),
            ("connectors-faq.fr", "La visibilité des données dépend"),
        ),
        (
            ("data-validity-faq.en", "Why do I get inaccurate results when using ROW_NUMBER"),
            ("data-validity-faq.es", "¿Por qué obtengo resultados inexactos al usar ROW_NUMBER"),
        ),
        (
            ("data-validity-faq.en", "How do I troubleshoot data losses?"),
            ("data-validity-faq.es", "¿Cómo soluciono la pérdida de datos?"),
        ),
    ]
    for a, b in pairs:
        assert _group_of(ch, *a) == _group_of(ch, *b), (a, b)


def test_headings_without_body_are_recorded_not_chunked(loaded):
    # "Choose a data channel" is a heading with no answer in both languages: no chunk to link, but recorded
    empty = {(e["doc"], e["title"]) for e in loaded.manifest["empty_headings"]}
    assert ("connectors-faq.en", "Choose a data channel") in empty
    assert ("connectors-faq.fr", "Choix d'un canal de données") in empty
    assert not any("data channel" in c.title or "canal de données" in c.title for c in loaded.chunks)


def test_one_language_sections_stay_unlinked(loaded):
    ch = loaded.chunks
    for doc, start in [
        ("connectors-faq.fr", "Décalage de fuseau horaire"),
        ("data-validity-faq.es", "Resultados vacíos al habilitar MiniBatch"),
    ]:
        gid = _group_of(ch, doc, start)
        assert [c.doc for c in ch if c.translation_group == gid] == [doc]
    sql = [c for c in ch if c.doc == "common-sql-errors.en"]
    for c in sql:
        assert sum(x.translation_group == c.translation_group for x in ch) == 1
