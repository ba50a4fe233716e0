"""Full-text search over the rules reference, the imported rulebooks, the cards and the wonders.

One entry point, `search(query, language, kind="all", limit=10)`, whatever the database:

- SQLite: an FTS5 table (tokenizer unicode61 remove_diacritics 2) holding the text stemmed in
  Python with Snowball for the document's language, accents stripped after stemming; bm25 rank.
- PostgreSQL: a tsvector column with a GIN index, built with copies of the italian, portuguese
  and english configurations that unaccent before stemming; ts_rank, ts_headline, pg_trgm.

On both, each query word becomes a term matched by its stem exactly, by the stems of its other
inflected forms (Italian "moneta"/"monete" stem to "monet"/"mon"), as a prefix and by a shorter
stem; a document scores by how many terms it matches and how well (exact first), then by the
backend's rank. Rules sections are indexed per subsection and come back once, at their best
subsection. When nothing matches, mistyped words are corrected from the index's vocabulary and the
search runs again ("did you mean"). Snippets are escaped text with the matches in <mark>.

The index is derived data: `rebuild_index()` after loading the catalogue or importing a rulebook.
"""
from django.db import connection, transaction

from cards.models import SearchDocument, SearchWord
from cards.search import text as text_analysis

KINDS = {"all": ["rules", "imported", "card", "wonder"], "rules": ["rules", "imported"], "cards": ["card", "wonder"]}
MAX_QUERY_LENGTH = 200
# Documents the database ranks first (any query word) before the full scoring here. With three
# games' rules and catalogues indexed, 60 left out the answer for questions made of common words
# ("Babylon seventh card": every Cities and Architects section says "card").
CANDIDATES = 250
SNIPPET_WORDS = 28
SECOND_BEST_WEIGHT = 0.5
SOURCES = {"rules": "reference", "imported": "imported", "card": "catalogue", "wonder": "catalogue"}


class SearchResults(list):
    """The hits, best first, plus what the search did to find them:
    fallback: None, "prefix" (only partial words matched) or "typo" (the query was corrected);
    suggestion: the corrected query ("did you mean"), when some word matched nothing."""

    def __init__(self, hits=(), query="", fallback=None, suggestion=None):
        super().__init__(hits)
        self.query = query
        self.fallback = fallback
        self.suggestion = suggestion


def backend():
    vendor = connection.vendor
    if vendor == "sqlite":
        from cards.search import sqlite as module
    elif vendor == "postgresql":
        from cards.search import postgres as module
    else:  # pragma: no cover - settings allow only these two
        raise NotImplementedError(f"search does not support the {vendor} database")
    return module


@transaction.atomic
def rebuild_index() -> int:
    """Rebuild the whole index from the database; returns the number of documents."""
    from cards.search.documents import build_documents, vocabulary

    SearchDocument.objects.all().delete()
    SearchWord.objects.all().delete()
    docs = SearchDocument.objects.bulk_create(build_documents(), batch_size=500)
    backend().index(docs)
    SearchWord.objects.bulk_create(
        [SearchWord(language=language, word=word, frequency=count)
         for language, counter in vocabulary(docs).items() for word, count in counter.items()],
        batch_size=1000,
    )
    return len(docs)


def search(query: str, language: str, kind: str = "all", limit: int = 10) -> SearchResults:
    """Hits for `query` in `language`: [{kind, id, title, title_html, heading, anchor, snippet_html,
    url, score, source, source_title}], best first. kind: all, rules (our sections and imported
    rulebooks) or cards (cards and wonders)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}")
    query = (query or "").strip()[:MAX_QUERY_LENGTH]
    engine = backend()
    terms = engine.parse(query, language)
    if not terms:
        return SearchResults(query=query)
    hits, unmatched, exact_found = _run(engine, terms, language, KINDS[kind], limit)
    if hits:
        suggestion = _correct(engine, query, unmatched, language, strict=True) if unmatched else None
        return SearchResults(hits, query, fallback=None if exact_found else "prefix", suggestion=suggestion)
    corrected = _correct(engine, query, terms, language)
    if corrected:
        terms = engine.parse(corrected, language)
        hits, _, _ = _run(engine, terms, language, KINDS[kind], limit)
        if hits:
            return SearchResults(hits, query, fallback="typo", suggestion=corrected)
    return SearchResults(query=query)


def _run(engine, terms, language, kinds, limit):
    """(hits, terms no candidate matched, whether some hit matched a term exactly)."""
    candidates = engine.candidates(terms, language, kinds, CANDIDATES)
    if not candidates:
        return [], terms, False
    statistics = engine.statistics(language)
    groups: dict[tuple[str, str], list[tuple[float, int]]] = {}
    matched_terms = set()
    exact_found = False
    for doc_id, doc_kind, ref, _rank, lexicon in candidates:
        value, qualities = text_analysis.score(lexicon, terms, statistics)
        for index, quality in enumerate(qualities):
            if quality:
                matched_terms.add(index)
            if quality >= text_analysis.SIBLING:
                exact_found = True
        coverage = sum(1 for q in qualities if q) / len(terms)
        value *= 0.5 + 0.5 * coverage
        groups.setdefault((doc_kind, ref), []).append((value, doc_id))
    # A rules section scores as its best subsection, plus a little for its second best: a section
    # answering the question in several places beats one that mentions it once.
    ranked = []
    for members in groups.values():
        members.sort(key=lambda item: (-item[0], item[1]))
        value = members[0][0] + (SECOND_BEST_WEIGHT * members[1][0] if len(members) > 1 else 0.0)
        ranked.append((value, members[0][1]))
    ranked = sorted(ranked, key=lambda item: (-item[0], item[1]))[:limit]
    documents = SearchDocument.objects.in_bulk([doc_id for _, doc_id in ranked])
    chosen = [(value, documents[doc_id]) for value, doc_id in ranked]
    snippets = engine.snippets([doc for _, doc in chosen], terms, language, SNIPPET_WORDS)
    hits = []
    for score, doc in chosen:
        title_html, snippet_html = snippets.get(doc.id, ("", ""))
        hits.append({
            "kind": doc.kind,
            "id": doc.ref,
            "title": doc.title,
            "title_html": title_html,
            "heading": doc.heading if doc.kind in ("rules", "imported") else "",
            "anchor": doc.anchor,
            "snippet_html": snippet_html,
            "url": doc.url,
            "score": round(score, 4),
            "source": SOURCES[doc.kind],
            "source_title": doc.source_title,
        })
    unmatched = [term for index, term in enumerate(terms) if index not in matched_terms]
    return hits, unmatched, exact_found


def _edit_distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count 1), or limit + 1 when above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2, previous = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if previous2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _correct(engine, query: str, terms, language: str, strict: bool = False) -> str | None:
    """The query with each of `terms` replaced by the closest word of the index, if any is close.
    strict (when the query found something anyway): only words of 5+ letters, keeping their first
    two letters, so that a rare word is not "corrected" into an unrelated one."""
    corrected = query
    changed = False
    for term in terms:
        word = text_analysis.strip_accents(term.word)
        if len(word) < (5 if strict else 3) or not word.isalpha():
            continue
        limit = 1 if len(word) <= 5 else 2
        best = None
        for candidate, frequency in engine.similar_words(word, language):
            if candidate == word or strict and candidate[:2] != word[:2]:
                continue
            distance = _edit_distance(word, candidate, limit)
            if distance <= limit:
                key = (distance, -frequency, candidate)
                if best is None or key < best[0]:
                    best = (key, candidate)
        if best:
            corrected = _replace_word(corrected, term.word, best[1])
            changed = True
    return corrected if changed else None


def _replace_word(text: str, word: str, replacement: str) -> str:
    import re

    return re.sub(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", replacement, text, count=1, flags=re.IGNORECASE)
