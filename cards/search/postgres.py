"""PostgreSQL backend: tsvector (GIN index) built with the wonders_italian, wonders_portuguese and
wonders_english configurations (the built-in Snowball configurations, unaccented first),
ts_rank, ts_headline, and pg_trgm similarity for "did you mean"."""
import re
from functools import partial

from django.db import connection

from cards.models import SearchDocument
from cards.search.documents import cached_until_the_index_changes
from cards.search.text import MARK_END, MARK_START, Lexicon, Statistics, marked_to_html, parse_query

CONFIGURATIONS = {"en": "wonders_english", "it": "wonders_italian", "pt-br": "wonders_portuguese"}
# ts_rank weights for D, C, B, A: body, -, heading, title.
RANK_WEIGHTS = "{0.1, 0.2, 0.35, 1.0}"
LEXEME_RE = re.compile(r"'((?:[^']|'')*)'(?::([0-9A-D,]+))?")


def configuration(language: str) -> str:
    return CONFIGURATIONS.get(language, "wonders_english")


def index(docs: list[SearchDocument]) -> None:
    with connection.cursor() as cursor:
        for language in CONFIGURATIONS:
            cursor.execute(
                "UPDATE cards_searchdocument SET vector ="
                " setweight(to_tsvector(%s::regconfig, title || ' ' || context), 'A')"
                " || setweight(to_tsvector(%s::regconfig,"
                "    CASE WHEN kind IN ('rules', 'wonder') THEN heading ELSE '' END), 'B')"
                " || setweight(to_tsvector(%s::regconfig, body || ' ' || keywords), 'D')"
                " WHERE language = %s",
                [configuration(language)] * 3 + [language],
            )


def _lexemes(tsvector_text: str) -> list[str]:
    return [m[0].replace("''", "'") for m in LEXEME_RE.findall(tsvector_text or "")]


def _lexicon(matched, body_length: int) -> Lexicon:
    """A document's lexemes matching the query, per field, from [(lexeme, weights)] (weights of the
    tsvector: A title, B heading, D body)."""
    title, heading, body = [], [], {}
    for lexeme, weights in matched or []:
        for weight in weights:
            if weight == "A":
                title.append(lexeme)
            elif weight == "B":
                heading.append(lexeme)
            else:
                body[lexeme] = body.get(lexeme, 0) + 1
    return Lexicon(title, heading, body, body_length)


def statistics(language: str) -> Statistics:
    """Document frequencies of the lexemes in `language` (cached until the index changes)."""
    return cached_until_the_index_changes("statistics", language, partial(_statistics, language))


def _statistics(language: str, cursor) -> Statistics:
    cursor.execute(
        "SELECT COUNT(*), COALESCE(SUM(body_length), 0) FROM cards_searchdocument WHERE language = %s",
        [language],
    )
    count, length = cursor.fetchone()
    cursor.execute(
        "SELECT word, ndoc FROM ts_stat(format('SELECT vector FROM cards_searchdocument WHERE language = %%L',"
        " %s::text))",
        [language],
    )
    return Statistics(count, dict(cursor.fetchall()), length / max(count, 1))


def parse(query: str, language: str):
    """Query terms, stemmed by PostgreSQL with the language's configuration."""
    def stem_words(ws):
        if not ws:
            return []
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT to_tsvector(%s::regconfig, w)::text FROM unnest(%s::text[]) WITH ORDINALITY AS t(w, i)"
                " ORDER BY i",
                [configuration(language), list(ws)],
            )
            return [(_lexemes(row[0]) or [""])[0] for row in cursor.fetchall()]

    return parse_query(query, language, stem_words)


def _quote(lexeme: str) -> str:
    return "'" + lexeme.replace("'", "''").replace("\\", "") + "'"


def tsquery(terms) -> str:
    groups = []
    for term in terms:
        parts = [_quote(term.stem) + (":*" if term.prefix_ok else "")]
        parts += [_quote(v) for v in term.siblings + term.truncations]
        groups.append(" | ".join(parts))
    return " | ".join(f"({g})" for g in groups)


def candidates(terms, language: str, kinds: list[str], limit: int):
    """[(document id, kind, ref, ts_rank, Lexicon of the lexemes matching the query)]: only the
    matching lexemes leave the database, with the weights of their positions."""
    exact = sorted({variant for term in terms for variant in term.variants()})
    prefixes = sorted({term.stem + "%" for term in terms if term.prefix_ok})
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT d.id, d.kind, d.ref, ts_rank(%s::float4[], d.vector, q, 1), d.body_length,"
            " ARRAY(SELECT ARRAY[u.lexeme, array_to_string(u.weights, '')] FROM unnest(d.vector) u"
            "       WHERE u.lexeme = ANY(%s) OR u.lexeme LIKE ANY(%s))"
            " FROM cards_searchdocument d, to_tsquery('simple', %s) q"
            " WHERE d.language = %s AND d.kind = ANY(%s) AND d.vector @@ q"
            " ORDER BY 4 DESC, d.id LIMIT %s",
            [RANK_WEIGHTS, exact, prefixes, tsquery(terms), language, list(kinds), limit],
        )
        rows = cursor.fetchall()
    return [(row[0], row[1], row[2], float(row[3]), _lexicon(row[5], row[4])) for row in rows]


def snippets(docs: list[SearchDocument], terms, language: str, words: int) -> dict:
    if not docs:
        return {}
    selectors = f'StartSel="{MARK_START}", StopSel="{MARK_END}"'
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT d.id, ts_headline(%s::regconfig, d.title, q, %s),"
            " ts_headline(%s::regconfig, d.body, q, %s)"
            " FROM cards_searchdocument d, to_tsquery('simple', %s) q WHERE d.id = ANY(%s)",
            [
                configuration(language), f"HighlightAll=true, {selectors}",
                configuration(language),
                f"MaxWords={words}, MinWords={max(words // 2, 5)}, ShortWord=2, MaxFragments=2, "
                f'FragmentDelimiter=" … ", {selectors}',
                tsquery(terms), [d.id for d in docs],
            ],
        )
        rows = cursor.fetchall()
    return {row[0]: (marked_to_html(row[1]), marked_to_html(" ".join(row[2].split()))) for row in rows}


def similar_words(word: str, language: str) -> list[tuple[str, int]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT word, frequency FROM cards_searchword WHERE language = %s AND word %% %s"
            " ORDER BY similarity(word, %s) DESC, frequency DESC LIMIT 20",
            [language, word, word],
        )
        return list(cursor.fetchall())
