"""cards.search.search(): stemming, accents, ranking, snippets, kinds and fallbacks, on the
configured database (SQLite here, PostgreSQL in make test-integration)."""
import pytest

from cards.search import search
from cards.search.text import highlight, parse_query, query_words
from tests.cards.relevance.fixtures import site  # noqa: F401 - fixture


def ids(results, kind=None):
    return [hit["id"] for hit in results if kind is None or hit["kind"] == kind]


def test_query_words_drop_stop_words_unless_nothing_else_is_left():
    assert query_words("posso comprare risorse dalle carte gialle", "it") == ["comprare", "risorse", "carte", "gialle"]
    assert query_words("can I buy the Forum's glass?", "en") == ["buy", "forum", "glass"]
    assert query_words("the", "en") == ["the"]


def test_a_word_also_matches_its_other_inflected_forms():
    (monete,) = parse_query("monete", "it")
    assert monete.stem == "mon" and "monet" in monete.siblings  # the stemmer splits moneta/monete
    (citta,) = parse_query("citta", "it")
    (città,) = parse_query("città", "it")
    assert citta.stem == città.stem == "citt"


def test_a_word_also_matches_its_synonyms_accents_aside():
    (term,) = parse_query("uguali", "it")
    assert {"ident", "identic"} & set(term.siblings)
    (term,) = parse_query("iguais", "pt-br")
    assert {"ident", "identic"} & set(term.siblings)


def test_highlight_escapes_the_text_and_marks_the_matches():
    html = highlight("<b>Moneta</b> & città", parse_query("monete citta", "it"), "it")
    assert html == "&lt;b&gt;<mark>Moneta</mark>&lt;/b&gt; &amp; <mark>città</mark>"


def test_italian_monete_finds_moneta(site, db):
    results = search("monete", "it")
    assert results
    assert any("<mark>moneta</mark>" in hit["snippet_html"].lower() for hit in results)


def test_search_is_accent_insensitive(site, db):
    without, with_accent = search("citta", "it"), search("città", "it")
    assert without and ids(without) == ids(with_accent)
    assert any("<mark>città</mark>" in hit["snippet_html"].lower() for hit in without)


def test_portuguese_comercio_finds_comerciais(site, db):
    results = search("comércio", "pt-br", limit=30)
    snippets = " ".join(hit["snippet_html"].lower() for hit in results)
    assert "trading" in ids(results, "rules")
    assert "<mark>comerciais</mark>" in snippets or "<mark>comercial</mark>" in snippets


def test_results_are_in_the_asked_language(site, db):
    for language, query in (("en", "coins"), ("it", "monete"), ("pt-br", "moedas")):
        results = search(query, language)
        assert results and all(hit["url"].startswith(f"/{language}/") for hit in results)
    english_only = search("coins", "en")
    assert "<mark>coins</mark>" in " ".join(hit["snippet_html"] for hit in english_only).lower()


def test_rules_sections_come_back_once_at_their_best_subsection(site, db):
    results = search("Halicarnassus discard pile", "en", kind="rules")
    assert len(ids(results)) == len(set(ids(results)))
    wonders = next(hit for hit in results if hit["id"] == "wonders")
    assert wonders["anchor"] == "halicarnassus"
    assert wonders["url"] == "/en/rules/wonders/#halicarnassus"
    assert wonders["source"] == "reference"


def test_hits_are_ranked_best_first(site, db):
    results = search("science points", "en")
    scores = [hit["score"] for hit in results]
    assert scores == sorted(scores, reverse=True)
    assert "scoring" in ids(results, "rules")[:2]


def test_kind_limits_the_results(site, db):
    assert {hit["kind"] for hit in search("forum", "en", kind="cards")} <= {"card", "wonder"}
    assert {hit["kind"] for hit in search("forum", "en", kind="rules")} <= {"rules", "imported"}
    assert "forum" in ids(search("forum", "en", kind="cards"))
    with pytest.raises(ValueError):
        search("forum", "en", kind="everything")


def test_wonders_are_found_by_their_city(site, db):
    assert "halicarnassus" in ids(search("Alicarnasso", "it", kind="cards"))


def test_snippets_mark_the_matches_and_never_echo_markup(site, db):
    results = search("<script>alert(1)</script> glass", "en")
    assert results
    for hit in results:
        assert "<script" not in hit["snippet_html"] and "<script" not in hit["title_html"]
    assert any("<mark>glass</mark>" in hit["snippet_html"].lower() for hit in results)


def test_a_mistyped_word_is_corrected_when_nothing_matches(site, db):
    results = search("halicarnasus", "en")
    assert results.fallback == "typo"
    assert results.suggestion == "halicarnassus"
    assert "wonders" in ids(results, "rules")


def test_a_word_being_typed_is_found_by_its_beginning(site, db):
    results = search("halicarn", "en")
    assert results.fallback == "prefix"
    assert "halicarnassus" in ids(results)


def test_a_query_matching_nothing_returns_no_hits(site, db):
    results = search("xqzzvw", "en")
    assert list(results) == [] and results.fallback is None


def test_empty_and_punctuation_only_queries_return_nothing(site, db):
    assert search("", "en") == []
    assert search("?!", "it") == []


def test_over_long_queries_are_cut_not_failed(site, db):
    assert isinstance(search("glass " * 100, "en"), list)
