"""The relevance set (tests/cards/relevance/questions.yaml): every question finds its section among
the first three rules results. Runs on the configured database: SQLite in `make test`,
PostgreSQL in `make test-integration`."""
import pytest
from django.db import connection

from cards.search import search
from tests.cards.relevance.fixtures import questions, site  # noqa: F401 - fixture

LANGUAGES = ["en", "it", "pt-br"]


def test_the_relevance_set_has_at_least_thirty_questions_per_language():
    data = questions()
    assert sorted(data) == sorted(LANGUAGES)
    for language in LANGUAGES:
        assert len(data[language]) >= 30, language
        assert len({item["q"] for item in data[language]}) == len(data[language]), f"duplicates in {language}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_question_finds_its_section_in_the_top_three(site, db, language):
    from cards.models import RuleSection

    slugs = set(RuleSection.objects.values_list("slug", flat=True))
    misses = []
    for item in questions()[language]:
        assert item["section"] in slugs, f"unknown section {item['section']!r} in the question set"
        hits = [hit["id"] for hit in search(item["q"], language, kind="rules", limit=10) if hit["kind"] == "rules"]
        if item["section"] not in hits[:3]:
            misses.append(f"{item['q']!r}: wanted {item['section']}, got {hits[:3]}")
    assert not misses, f"{connection.vendor}, {language}: " + "; ".join(misses)


def test_the_issue_examples_hold_in_the_search_box_too(site, db):
    """With kind=all (the search box), the examples of the issue still put their section first
    among the rules results, and the Forum card itself comes up for the Forum question."""
    forum = search("can I buy the Forum's glass?", "en")
    assert {"card", "rules"} <= {hit["kind"] for hit in forum}
    assert "forum" in [hit["id"] for hit in forum[:3]]
    it = [h["id"] for h in search("posso comprare risorse dalle carte gialle", "it") if h["kind"] == "rules"]
    assert "production" in it[:3]
    pt = [h["id"] for h in search("quando Halicarnasso constrói do descarte", "pt-br") if h["kind"] == "rules"]
    assert "wonders" in pt[:3]


def test_a_players_word_finds_the_rules_word_first(site, db):
    """The rules say "strutture identiche"; a player asks for "carte uguali"."""
    hits = [h["id"] for h in search("posso costruire due carte uguali", "it", kind="rules")]
    assert hits[0] == "building"
