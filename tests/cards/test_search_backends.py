"""The backend half of the search index: FTS5 on SQLite (make test), tsvector + GIN with the
italian/portuguese/english configurations on PostgreSQL (make test-integration)."""
import pytest
from django.db import connection

from cards.search import backend, search
from tests.cards.relevance.fixtures import site  # noqa: F401 - fixture


def on(vendor):
    return pytest.mark.skipif(connection.vendor != vendor, reason=f"needs {vendor}")


@on("sqlite")
def test_sqlite_indexes_python_stemmed_text_in_an_fts5_table(site, db):
    from cards.search import sqlite

    assert backend() is sqlite
    with connection.cursor() as cursor:
        cursor.execute("SELECT sql FROM sqlite_master WHERE name = 'cards_search_fts'")
        (sql,) = cursor.fetchone()
        assert "fts5" in sql and "remove_diacritics 2" in sql
        cursor.execute("SELECT COUNT(*) FROM cards_search_fts")
        from cards.models import SearchDocument

        assert cursor.fetchone()[0] == SearchDocument.objects.count()
        cursor.execute("SELECT COUNT(*) FROM cards_search_fts WHERE cards_search_fts MATCH 'citt'")
        assert cursor.fetchone()[0] > 0  # "città" is indexed as its stem without the accent


@pytest.mark.integration
def test_postgresql_uses_a_gin_indexed_tsvector_and_the_language_configurations(site, db):
    assert connection.vendor == "postgresql", "make test-integration runs on PostgreSQL (DATABASE_URL)"
    from cards.search import postgres

    assert backend() is postgres
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'cards_searchdocument_vector_gin'")
        assert "gin (vector)" in cursor.fetchone()[0].lower()
        cursor.execute("SELECT cfgname FROM pg_ts_config WHERE cfgname LIKE 'wonders_%' ORDER BY 1")
        assert [row[0] for row in cursor.fetchall()] == ["wonders_english", "wonders_italian", "wonders_portuguese"]
        cursor.execute("SELECT to_tsvector('wonders_italian', 'città monete')::text, "
                       "to_tsvector('wonders_portuguese', 'comércio')::text")
        italian, portuguese = cursor.fetchone()
        assert italian == "'citt':1 'mon':2" and portuguese == "'comerci':1"
        cursor.execute("SELECT COUNT(*) FROM cards_searchdocument WHERE vector IS NULL")
        assert cursor.fetchone()[0] == 0
        cursor.execute("EXPLAIN SELECT id FROM cards_searchdocument WHERE vector @@ to_tsquery('simple', 'citt')")
        assert cursor.fetchall()  # the query plans (the GIN index is used once the table is large enough)


@pytest.mark.integration
def test_postgresql_snippets_come_from_ts_headline_escaped(site, db):
    assert connection.vendor == "postgresql"
    results = search("<b>città</b>", "it")
    assert results and any("<mark>città</mark>" in hit["snippet_html"].lower() for hit in results)
    assert all("<b>" not in hit["snippet_html"] for hit in results)


@pytest.mark.integration
def test_postgresql_corrects_typos_with_trigram_similarity(site, db):
    assert connection.vendor == "postgresql"
    results = search("alicarnazzo", "it")
    assert results.fallback == "typo" and results.suggestion == "alicarnasso"
