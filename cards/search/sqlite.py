"""SQLite backend: FTS5 over text stemmed in Python (cards.search.text), bm25 ranking."""
from collections import Counter
from functools import partial

from django.db import connection

from cards.models import SearchDocument, SearchWord
from cards.search.documents import cached_until_the_index_changes, indexed_fields
from cards.search.text import Lexicon, Statistics, highlight, index_terms, parse_query

FTS_TABLE = "cards_search_fts"
# bm25 weights of the FTS columns: title, heading, body.
BM25 = "bm25(cards_search_fts, 3.0, 3.0, 1.0)"
_vocabulary_cache: dict = {}


def index(docs: list[SearchDocument]) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {FTS_TABLE}")
        cursor.executemany(
            f"INSERT INTO {FTS_TABLE} (rowid, title, heading, body) VALUES (%s, %s, %s, %s)",
            [(d.id, *(index_terms(value, d.language) for value in indexed_fields(d))) for d in docs],
        )


def parse(query: str, language: str):
    return parse_query(query, language)


def _quote(term: str) -> str:
    return '"' + term.replace('"', "") + '"'


def match_expression(terms) -> str:
    groups = []
    for term in terms:
        parts = [_quote(term.stem) + ("*" if term.prefix_ok else "")]
        parts += [_quote(v) for v in term.siblings + term.truncations]
        groups.append("(" + " OR ".join(parts) + ")")
    return " OR ".join(groups)


def candidates(terms, language: str, kinds: list[str], limit: int):
    """[(document id, kind, ref, rank: higher is better, Lexicon of the document)]."""
    placeholders = ", ".join(["%s"] * len(kinds))
    sql = (
        f"SELECT f.rowid, d.kind, d.ref, -{BM25}, f.title, f.heading, f.body, d.body_length FROM {FTS_TABLE} f "
        f"JOIN cards_searchdocument d ON d.id = f.rowid "
        f"WHERE {FTS_TABLE} MATCH %s AND d.language = %s AND d.kind IN ({placeholders}) "
        f"ORDER BY {BM25} LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [match_expression(terms), language, *kinds, limit])
        rows = cursor.fetchall()
    return [(row[0], row[1], row[2], row[3], Lexicon(row[4].split(), row[5].split(), row[6].split(), row[7]))
            for row in rows]


def statistics(language: str) -> Statistics:
    """Document frequencies of the stems in `language` (cached until the index changes)."""
    return cached_until_the_index_changes("statistics", language, partial(_statistics, language))


def _statistics(language: str, cursor) -> Statistics:
    cursor.execute(
        f"SELECT f.title, f.heading, f.body, d.body_length FROM {FTS_TABLE} f"
        " JOIN cards_searchdocument d ON d.id = f.rowid WHERE d.language = %s", [language],
    )
    frequencies: Counter = Counter()
    count = length = 0
    for title, heading, body, body_length in cursor.fetchall():
        frequencies.update(set(f"{title} {heading} {body}".split()))
        count += 1
        length += body_length
    return Statistics(count, dict(frequencies), length / max(count, 1))


def snippets(docs: list[SearchDocument], terms, language: str, words: int) -> dict:
    return {
        doc.id: (highlight(doc.title, terms, language), highlight(doc.body, terms, language, max_words=words))
        for doc in docs
    }


def vocabulary(language: str) -> list[tuple[str, int]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT MAX(id), MIN(id), COUNT(*) FROM cards_searchword WHERE language = %s", [language])
        stamp = cursor.fetchone()
    key = (connection.settings_dict["NAME"], language)
    cached = _vocabulary_cache.get(key)
    if cached is None or cached[0] != stamp:
        rows = list(SearchWord.objects.filter(language=language).values_list("word", "frequency"))
        _vocabulary_cache[key] = cached = (stamp, rows)
    return cached[1]


def similar_words(word: str, language: str) -> list[tuple[str, int]]:
    """Words of the index that could be `word` mistyped: [(word, frequency)] (checked by the caller)."""
    grams = _bigrams(word)
    found = []
    for candidate, frequency in vocabulary(language):
        if abs(len(candidate) - len(word)) > 2:
            continue
        if len(grams & _bigrams(candidate)) * 2 < len(grams):
            continue
        found.append((candidate, frequency))
    return found


def _bigrams(word: str) -> set[str]:
    padded = f" {word} "
    return {padded[i:i + 2] for i in range(len(padded) - 1)}
