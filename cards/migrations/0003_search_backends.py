"""The backend-specific half of the search index (see cards/search/).

SQLite: an FTS5 table holding the Python-stemmed text of each SearchDocument (rowid = its id).
PostgreSQL: unaccent and pg_trgm, text search configurations that unaccent then stem with the
built-in italian, portuguese and english Snowball dictionaries, a tsvector column with a GIN
index, and a trigram index on the words used for "did you mean".
Each step runs only on its own vendor; on the other it does nothing.
"""
from django.db import migrations

SQLITE_FORWARD = [
    "CREATE VIRTUAL TABLE IF NOT EXISTS cards_search_fts USING fts5("
    " title, heading, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')",
]
SQLITE_BACKWARD = ["DROP TABLE IF EXISTS cards_search_fts"]

# (configuration, built-in configuration it copies, its Snowball dictionary)
PG_CONFIGURATIONS = [
    ("wonders_english", "english", "english_stem"),
    ("wonders_italian", "italian", "italian_stem"),
    ("wonders_portuguese", "portuguese", "portuguese_stem"),
]


def _pg_forward_sql() -> list[str]:
    sql = ["CREATE EXTENSION IF NOT EXISTS unaccent", "CREATE EXTENSION IF NOT EXISTS pg_trgm"]
    for name, base, stemmer in PG_CONFIGURATIONS:
        sql += [
            f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}",
            f"CREATE TEXT SEARCH CONFIGURATION {name} (COPY = pg_catalog.{base})",
            f"ALTER TEXT SEARCH CONFIGURATION {name} ALTER MAPPING FOR hword, hword_part, word "
            f"WITH unaccent, {stemmer}",
        ]
    sql += [
        "ALTER TABLE cards_searchdocument ADD COLUMN vector tsvector",
        "CREATE INDEX cards_searchdocument_vector_gin ON cards_searchdocument USING GIN (vector)",
        "CREATE INDEX cards_searchword_word_trgm ON cards_searchword USING GIN (word gin_trgm_ops)",
    ]
    return sql


PG_BACKWARD = [
    "DROP INDEX IF EXISTS cards_searchword_word_trgm",
    "DROP INDEX IF EXISTS cards_searchdocument_vector_gin",
    "ALTER TABLE cards_searchdocument DROP COLUMN IF EXISTS vector",
    *[f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}" for name, _, _ in PG_CONFIGURATIONS],
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):

    dependencies = [
        ("cards", "0002_rules_and_search"),
    ]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_FORWARD, "postgresql": _pg_forward_sql()}),
            _run({"sqlite": SQLITE_BACKWARD, "postgresql": PG_BACKWARD}),
        ),
    ]
