"""Rules pages, /api/rules/, /api/search/, and the links between cards and sections."""
import re

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from cards.rules_links import sections_for_card, sections_for_wonder
from tests.cards.relevance.fixtures import site  # noqa: F401 - fixture

pytestmark = pytest.mark.usefixtures("site", "db")


@pytest.fixture
def api():
    return APIClient()


def test_load_catalogue_loads_the_rules_and_stays_idempotent():
    from io import StringIO

    from cards.models import RuleSection, RuleSectionCard, RuleSectionText, SearchDocument

    def counts():
        return (RuleSection.objects.count(), RuleSectionText.objects.count(), RuleSectionCard.objects.count(),
                SearchDocument.objects.count())

    before = counts()
    out = StringIO()
    call_command("load_catalogue", stdout=out)
    assert counts() == before
    assert before[1] == 3 * before[0] >= 3 * 15
    assert "rules sections" in out.getvalue()


def test_the_rules_index_lists_the_sections_in_the_page_language(client):
    page = client.get("/it/rules/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Commercio" in html and 'href="/it/rules/trading/"' in html
    assert "rules.css" in html


def test_a_section_page_has_its_body_table_of_contents_cards_and_neighbours(client):
    html = client.get("/pt-br/rules/trading/").content.decode()
    assert "<h1>Comércio</h1>" in html
    assert 'href="#discounts"' in html and 'id="discounts"' in html
    assert 'href="/pt-br/cards/marketplace/"' in html  # a card it mentions, drawn as a link
    assert 'rel="prev" href="/pt-br/rules/production/"' in html
    assert 'rel="next" href="/pt-br/rules/chains/"' in html


def test_card_links_in_a_section_read_the_card_name_in_the_page_language(client):
    from cards.models import RuleSectionText

    body = RuleSectionText.objects.get(section__slug="wonders", language="it").body_html
    assert '<a class="card-link card-link--yellow" href="/it/cards/haven/">Porto</a>' in body
    english = RuleSectionText.objects.get(section__slug="wonders", language="en").body_html
    assert 'href="/en/cards/haven/">Haven</a>' in english


def test_an_unknown_section_is_a_404(client, api):
    assert client.get("/en/rules/atlantis/").status_code == 404
    response = api.get("/api/rules/atlantis/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_rules_api_gives_titles_bodies_anchors_and_card_links(api):
    sections = api.get("/api/rules/", {"lang": "it"}).json()
    trading = next(s for s in sections if s["slug"] == "trading")
    assert trading["title"] == "Commercio" and trading["language"] == "it"
    assert {"id": "discounts", "title": "Sconti", "level": 2} in trading["anchors"]
    assert trading["body_html"].startswith("<") and "<" not in trading["body_text"]
    marketplace = next(c for c in trading["cards"] if c["id"] == "marketplace")
    assert marketplace["page_url"] == "/it/cards/marketplace/"
    assert marketplace["url"] == "/api/cards/marketplace/?lang=it"
    one = api.get("/api/rules/trading/", {"lang": "pt-br"}).json()
    assert one["title"] == "Comércio"


def test_the_rules_api_filters_by_game_and_rejects_bad_parameters(api):
    assert {s["game"] for s in api.get("/api/rules/", {"game": "base"}).json()} == {"base"}
    assert [s["slug"] for s in api.get("/api/rules/", {"game": "cities"}).json()] == ["cities"]
    for params, name in (({"game": "monopoly"}, "game"), ({"lang": "fr"}, "lang")):
        response = api.get("/api/rules/", params)
        assert response.status_code == 400
        assert response.json()["error"]["details"]["parameter"] == name


def test_the_search_api_answers_in_the_asked_language(api):
    body = api.get("/api/search/", {"q": "posso comprare risorse dalle carte gialle", "lang": "it"}).json()
    assert body["lang"] == "it" and body["kind"] == "all" and body["count"] == len(body["results"])
    hit = body["results"][0]
    assert set(hit) >= {"kind", "id", "title", "snippet_html", "url", "score", "source"}
    assert "<mark>" in " ".join(h["snippet_html"] for h in body["results"])
    rules_only = api.get("/api/search/", {"q": "forum", "kind": "rules"}).json()
    assert {h["kind"] for h in rules_only["results"]} <= {"rules", "imported"}


@pytest.mark.parametrize("params, code", [
    ({"q": ""}, "query_empty"),
    ({}, "query_empty"),
    ({"q": "x" * 201}, "query_too_long"),
    ({"q": "forum", "kind": "everything"}, "bad_parameter"),
    ({"q": "forum", "lang": "de"}, "bad_parameter"),
])
def test_the_search_api_rejects_bad_queries_with_a_code(api, params, code):
    response = api.get("/api/search/", params)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


def test_the_search_api_reports_a_typo_fallback(api):
    body = api.get("/api/search/", {"q": "halicarnasus"}).json()
    assert body["fallback"] == "typo" and body["suggestion"] == "halicarnassus" and body["count"] > 0


def test_the_search_page_groups_results_and_highlights_matches(client):
    html = client.get("/en/search/", {"q": "forum glass"}).content.decode()
    assert 'id="results-rules"' in html and 'id="results-catalogue"' in html
    assert "<mark>" in html


def test_the_search_page_escapes_the_query_and_explains_a_correction(client):
    html = client.get("/en/search/", {"q": "<script>halicarnasus</script>"}).content.decode()
    assert "<script>halicarnasus" not in html
    assert "&lt;script&gt;halicarnasus&lt;/script&gt;" in html
    page = client.get("/en/search/", {"q": "x" * 201})
    assert page.status_code == 400


def test_a_card_links_to_the_sections_that_govern_it_most_specific_first():
    forum = sections_for_card("forum", "it")
    assert forum[0]["slug"] == "production" and forum[0]["anchor"] == "not-for-sale"
    assert forum[0]["url"] == "/it/rules/production/#not-for-sale"
    assert "chains" in [s["slug"] for s in forum]  # the Forum has chains
    assert [s["slug"] for s in sections_for_card("lumber_yard", "en")][:2] == ["production", "trading"]
    assert sections_for_card("academy", "pt-br")[0]["url"] == "/pt-br/rules/scoring/#science"
    assert sections_for_card("barracks", "en")[0]["slug"] == "military"
    assert "wonders" in [s["slug"] for s in sections_for_card("builders_guild", "en")]
    assert sections_for_card("no_such_card", "en") == []


def test_a_wonder_links_to_its_subsection_first():
    first = sections_for_wonder("halicarnassus", "pt-br")[0]
    assert first["url"] == "/pt-br/rules/wonders/#halicarnassus"
    assert first["anchor_title"] == "O Mausoléu de Halicarnasso"


def test_the_turns_numbered_steps_are_a_list_inside_the_overview_page(client):
    html = client.get("/it/rules/overview/").content.decode()
    assert re.search(r"<li><strong>6 turni per Epoca</strong>[^<]*<ol>\s*<li>scelgono in segreto", html), html


def test_the_table_of_contents_is_not_numbered_again_and_nests_the_subsections(client):
    html = client.get("/en/rules/scoring/").content.decode()
    toc = re.search(r'<nav class="rules-toc".*?</nav>', html, re.S).group(0)
    assert "<ol" not in toc  # the headings number themselves ("1. Military conflicts")
    top = re.findall(r'^          <li class="rules-toc__item"><a href="#([\w-]+)"', toc, re.M)
    assert top[:3] == ["order", "military", "treasury"] and top[-3:] == ["commercial", "guilds", "ties"]
    assert "science-wildcards" not in top
    assert re.search(r'<ul class="rules-toc__list rules-toc__list--sub"><li class="rules-toc__item">'
                     r'<a href="#science-wildcards"', toc)
