"""The catalogue pages: home, card list and card page, wonders, 404, languages."""
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.utils.html import escape

from cards.models import Card, CardText, Wonder, WonderText

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "it", "pt-br"]
LOCALE = Path(settings.BASE_DIR) / "locale"


def card_name(card_id, language):
    """The card's name in a language, as the HTML of a page shows it."""
    return escape(CardText.objects.get(card_id=card_id, language=language).name)


def shown_ids(response):
    return [card.id for group in response.context["groups"] for card in group["cards"]]


def url(name, language, *args):
    with translation.override(language):
        return reverse(name, args=args)


def optional_url(name, language):
    """The URL of a page another part of the site adds, or None before it exists."""
    try:
        return url(name, language)
    except NoReverseMatch:
        return None


# ---------------------------------------------------------------- every page, every language

@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_answers_in_each_language_with_the_names_of_that_language(client, catalogue, language):
    home = client.get(f"/{language}/")
    assert home.status_code == 200

    cards = client.get(f"/{language}/cards/")
    assert cards.status_code == 200
    assert card_name("lumber_yard", language) in cards.content.decode()

    temple = client.get(f"/{language}/cards/temple/")
    assert temple.status_code == 200
    body = temple.content.decode()
    assert f"<h1 class=\"card-page__title\">{card_name('temple', language)}</h1>" in body

    wonders = client.get(f"/{language}/wonders/")
    assert wonders.status_code == 200
    # Without a filter the wonder list shows the base game's (Cities' are under ?expansion=cities).
    for text in WonderText.objects.filter(language=language, wonder__expansion="base"):
        assert escape(text.name) in wonders.content.decode()

    rhodes = client.get(f"/{language}/wonders/rhodes/")
    assert rhodes.status_code == 200
    assert escape(WonderText.objects.get(wonder_id="rhodes", language=language).name) in rhodes.content.decode()


def test_the_interface_is_translated_not_only_the_names(client, catalogue):
    assert "Carte" in client.get("/it/cards/").content.decode()
    assert "Cartas" in client.get("/pt-br/cards/").content.decode()
    assert "Cópias no baralho" in client.get("/pt-br/cards/temple/").content.decode()
    assert "Risorsa iniziale" in client.get("/it/wonders/").content.decode()


@pytest.mark.parametrize(("language", "lang"), [("en", "en"), ("it", "it"), ("pt-br", "pt-BR")])
def test_the_page_declares_its_language(client, catalogue, language, lang):
    assert f'<html lang="{lang}">' in client.get(f"/{language}/cards/").content.decode()


# ---------------------------------------------------------------- languages

@pytest.mark.parametrize(("accept", "prefix"), [("it", "/it/"), ("it-IT,it;q=0.9", "/it/"), ("pt-BR,pt;q=0.9", "/pt-br/"),
                                                ("en-US", "/en/"), ("de", "/en/")])
def test_the_root_redirects_to_the_language_the_browser_asks_for(client, accept, prefix):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == prefix


def language_links(body):
    nav = re.search(r'<nav class="languages".*?</nav>', body, re.S).group(0)
    return dict(re.findall(r'<a href="([^"]+)" lang="([^"]+)"', nav)[i][::-1] for i in range(3))


def test_the_switcher_links_point_to_the_same_page_in_the_other_languages(client, catalogue):
    links = language_links(client.get("/it/cards/temple/").content.decode())
    assert links == {"en": "/en/cards/temple/", "it": "/it/cards/temple/", "pt-BR": "/pt-br/cards/temple/"}
    links = language_links(client.get("/pt-br/wonders/").content.decode())
    assert links == {"en": "/en/wonders/", "it": "/it/wonders/", "pt-BR": "/pt-br/wonders/"}


def test_the_switcher_keeps_the_filters_of_the_card_list(client, catalogue):
    links = language_links(client.get("/en/cards/?age=2&color=red").content.decode())
    assert links["it"] == "/it/cards/?age=2&amp;color=red"


def test_the_switcher_marks_the_current_language(client, catalogue):
    body = client.get("/it/").content.decode()
    assert re.search(r'<a href="/it/" lang="it" hreflang="it" aria-current="true">', body)


# ---------------------------------------------------------------- card list

def test_the_card_list_shows_every_card_grouped_by_age_then_colour(client, catalogue):
    response = client.get("/en/cards/")
    assert response.context["count"] == Card.objects.filter(expansion="base").count() == 78
    groups = response.context["groups"]
    assert [group["age"] for group in groups] == [1, 2, 3]
    colours = ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
    for group in groups:
        order = [colours.index(card.color) for card in group["cards"]]
        assert order == sorted(order)
    assert "78 cards" in response.content.decode()


def test_the_card_list_links_every_card_to_its_page(client, catalogue):
    body = client.get("/it/cards/?age=1").content.decode()
    for card in Card.objects.filter(age=1, expansion="base"):
        assert f'href="/it/cards/{card.id}/"' in body


def test_the_card_list_filters_by_age_and_colour(client, catalogue):
    response = client.get("/en/cards/", {"age": 2, "color": "red"})
    assert set(shown_ids(response)) == {"walls", "training_ground", "stables", "archery_range"}
    assert "4 cards" in response.content.decode()


def test_the_card_list_filters_by_player_count_and_counts_the_copies(client, catalogue):
    response = client.get("/en/cards/", {"age": 1, "players": 3})
    assert "tavern" not in shown_ids(response)
    assert response.context["copies"] == 21
    assert "21 copies in the deck at 3 players" in response.content.decode()


def test_at_eight_players_the_card_list_shows_the_seven_player_deck(client, catalogue):
    # Cities: "8 players = 7-player setup", guilds are still the 7-player count plus two.
    eight = client.get("/en/cards/", {"players": 8})
    seven = client.get("/en/cards/", {"players": 7})
    assert eight.context["is_valid"]
    assert shown_ids(eight) == shown_ids(seven)
    # The 7-player deck: 7 hands of 7 in each age, Age III's guilds apart (7 + 2 of them).
    assert eight.context["copies"] == seven.context["copies"] == 49 + 49 + (49 - 9)
    body = eight.content.decode()
    assert "138 copies in the deck at 8 players, plus 9 guilds drawn at random" in body
    assert "at 8 players (with Cities) the deck is the 7-player one" in body
    assert "the deck is the" not in seven.content.decode()
    italian = client.get("/it/cards/", {"players": 8}).content.decode()
    assert "con 8 giocatori (con Cities) il mazzo è quello da 7 giocatori" in italian


def test_the_card_list_offers_eight_players_but_not_nine(client, catalogue):
    response = client.get("/en/cards/", {"players": 9})
    assert "“9” is not a player count of this game." in response.content.decode()
    assert "players" not in response.context["filters"]
    body = client.get("/en/cards/").content.decode()
    assert '<option value="8">8</option>' in body
    assert '<option value="9">' not in body


def test_the_card_list_filters_by_the_name_in_the_page_language(client, catalogue):
    assert shown_ids(client.get("/it/cards/", {"q": "palaz"})) == ["palace"]
    assert shown_ids(client.get("/it/cards/", {"q": "palace"})) == []
    assert shown_ids(client.get("/en/cards/", {"q": "PALACE"})) == ["palace"]


def test_the_name_filter_ignores_accents(client, catalogue):
    accented = card_name("lumber_yard", "pt-br")
    assert "ó" in accented  # Depósito de Madeira
    assert "lumber_yard" in shown_ids(client.get("/pt-br/cards/", {"q": "deposito"}))


def test_no_match_says_so(client, catalogue):
    response = client.get("/en/cards/", {"q": "zzzz"})
    assert response.status_code == 200
    assert "No card matches these filters." in response.content.decode()


@pytest.mark.parametrize("query", [
    {"age": "9"}, {"age": "two"}, {"color": "pink"}, {"players": "x"}, {"players": "2"}, {"players": "9"},
    {"q": "x" * 500}, {"age": "1", "players": "99"}, {"color": ["red", "<script>"]},
])
def test_bad_filter_values_show_a_message_and_do_not_crash(client, catalogue, query):
    response = client.get("/en/cards/", query)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Some filters were not understood" in body
    assert "<script>" not in body
    assert response.context["count"] > 0


def test_a_bad_filter_is_left_out_and_the_good_ones_kept(client, catalogue):
    response = client.get("/en/cards/", {"age": "1", "players": "99"})
    assert {card.age for card in Card.objects.filter(id__in=shown_ids(response))} == {1}
    assert "is not a player count" in response.content.decode()


def test_filter_messages_are_translated(client, catalogue):
    assert "non è un numero di giocatori" in client.get("/it/cards/", {"players": "x"}).content.decode()


def test_the_card_list_makes_a_bounded_number_of_queries(client, catalogue, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        response = client.get("/it/cards/")
    assert response.context["count"] == 78
    with django_assert_max_num_queries(4):
        client.get("/pt-br/cards/", {"players": 5, "q": "a"})


def test_the_wonder_list_makes_a_bounded_number_of_queries(client, catalogue, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        client.get("/en/wonders/")


# ---------------------------------------------------------------- card page

def test_the_card_page_links_its_chains_both_ways(client, catalogue):
    body = client.get("/en/cards/temple/").content.decode()
    made_free_by = body.index("Free if you have built")
    makes_free = body.index("Makes free</dt>")
    assert made_free_by < body.index('href="/en/cards/altar/"') < makes_free
    assert body.index('href="/en/cards/pantheon/"') > makes_free


def test_the_chain_links_use_the_names_of_the_page_language(client, catalogue):
    body = client.get("/it/cards/temple/").content.decode()
    assert card_name("altar", "it") in body
    assert card_name("pantheon", "it") in body
    assert 'href="/it/cards/altar/"' in body


def test_a_card_without_chains_has_no_chain_block(client, catalogue):
    body = client.get("/en/cards/lumber_yard/").content.decode()
    assert "Free if you have built" not in body
    assert "Makes free</dt>" not in body


def test_the_card_page_draws_the_cost_and_says_it(client, catalogue):
    body = client.get("/en/cards/temple/").content.decode()
    assert 'aria-label="Cost: 1 wood, 1 clay, 1 glass"' in body
    assert body.count('href="#icon-') > 5
    assert 'aria-label="Costo: 1 legno, 1 argilla, 1 vetro"' in client.get("/it/cards/temple/").content.decode()


def test_a_free_card_says_it_is_free(client, catalogue):
    assert '<span class="cost cost--free">Free</span>' in client.get("/en/cards/lumber_yard/").content.decode()


def test_the_card_page_counts_the_copies_for_each_player_count(client, catalogue):
    response = client.get("/en/cards/temple/")
    assert Card.objects.get(id="temple").copies == [3, 6]
    assert [(row["players"], row["copies"]) for row in response.context["copies"]] == [
        (3, 1), (4, 1), (5, 1), (6, 2), (7, 2)]
    assert "<th scope=\"col\">7</th>" in response.content.decode()


def test_a_guild_page_explains_how_guilds_are_drawn(client, catalogue):
    body = client.get("/en/cards/spies_guild/").content.decode()
    assert "There is one copy of each guild" in body
    assert '<table class="copies">' not in body


def test_the_card_page_gives_the_name_in_the_other_two_languages(client, catalogue):
    body = client.get("/en/cards/temple/").content.decode()
    assert f'<dd lang="it">{card_name("temple", "it")}</dd>' in body
    assert f'<dd lang="pt-BR">{card_name("temple", "pt-br")}</dd>' in body
    assert f'<dd lang="en">' not in body


def test_the_card_page_shows_the_effect_text_of_its_language(client, catalogue):
    text = CardText.objects.get(card_id="vineyard", language="pt-br").effect_text
    assert escape(text) in client.get("/pt-br/cards/vineyard/").content.decode()


def test_the_rules_block_appears_only_when_there_are_sections(client, catalogue, monkeypatch):
    from cards import rules_links

    monkeypatch.setattr(rules_links, "sections_for_card", lambda card_id, language: [])
    assert "Rules that apply" not in client.get("/en/cards/temple/").content.decode()

    calls = []

    def sections(card_id, language):
        calls.append((card_id, language))
        return [{"slug": "chains", "title": "Chains", "anchor": "free", "url": "/it/rules/chains/#free"}]

    monkeypatch.setattr(rules_links, "sections_for_card", sections)
    body = client.get("/it/cards/temple/").content.decode()
    assert "Regole che la riguardano" in body
    assert '<a href="/it/rules/chains/#free">Chains</a>' in body
    assert calls == [("temple", "it")]


def test_an_unknown_card_is_a_404_page_in_the_page_language(client, catalogue):
    response = client.get("/it/cards/no_such_card/")
    assert response.status_code == 404
    assert "Questa pagina non è nel catalogo" in response.content.decode()
    assert response["Content-Type"].startswith("text/html")


def test_an_unknown_wonder_is_a_404(client, catalogue):
    assert client.get("/en/wonders/atlantis/").status_code == 404


def test_the_404_page_offers_the_other_languages(client, catalogue):
    links = language_links(client.get("/it/nowhere/").content.decode())
    assert links["en"] == "/en/nowhere/"


# ---------------------------------------------------------------- wonders

def test_the_wonder_page_shows_both_sides_and_every_stage(client, catalogue):
    response = client.get("/en/wonders/giza/")
    wonder = response.context["wonder"]
    assert [side["side"] for side in wonder.sides] == ["A", "B"]
    stages = sum(len(side["stages"]) for side in wonder.sides)
    assert stages == Wonder.objects.get(id="giza").stages.count()
    body = response.content.decode()
    assert "Side A" in body and "Side B" in body
    for side in wonder.sides:
        for stage in side["stages"]:
            assert escape(stage.text.effect_text) in body


def test_the_wonder_pages_show_the_starting_resource(client, catalogue):
    body = client.get("/it/wonders/rhodes/").content.decode()
    assert "Risorsa iniziale:" in body
    assert '#icon-ore"' in body
    assert "minerale" in body


def test_the_wonder_list_links_every_wonder(client, catalogue):
    body = client.get("/pt-br/wonders/").content.decode()
    for wonder in Wonder.objects.filter(expansion="base"):
        assert f'href="/pt-br/wonders/{wonder.id}/"' in body


# ---------------------------------------------------------------- home and layout

def test_the_home_page_leads_to_each_part_of_the_site(client, catalogue):
    body = client.get("/en/").content.decode()
    assert 'href="/en/cards/"' in body
    assert 'href="/en/wonders/"' in body
    assert 'href="/api/docs/"' in body
    for url_name in ("rules-index", "lobby"):
        if optional_url(url_name, "en"):
            assert f'href="{optional_url(url_name, "en")}"' in body


def test_every_page_has_landmarks_and_a_skip_link(client, catalogue):
    for path in ("/en/", "/en/cards/", "/en/cards/temple/", "/en/wonders/", "/en/wonders/rhodes/"):
        body = client.get(path).content.decode()
        assert '<a class="skip-link" href="#main">' in body
        assert '<main id="main"' in body
        assert "<header" in body and "<footer" in body and 'role="search"' in body
        assert body.count("<h1") == 1, path


def test_the_search_box_submits_to_the_search_page_or_the_card_list(client, catalogue):
    body = client.get("/it/wonders/").content.decode()
    form = re.search(r'<form class="site-search"[^>]*action="([^"]+)"', body).group(1)
    assert form == (optional_url("search", "it") or url("card-list", "it"))
    assert 'name="q"' in body


# ---------------------------------------------------------------- translations

def po_entries(path):
    """(flags, msgid, [msgstr...]) of each entry of a .po file."""
    entries = []
    for block in path.read_text(encoding="utf-8").strip().split("\n\n"):
        flags, strings, current = [], {}, None
        for line in block.splitlines():
            if line.startswith("#,"):
                flags += [flag.strip() for flag in line[2:].split(",")]
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                strings[current] += line[1:-1]
            else:
                current, _, value = line.partition(" ")
                strings[current] = value[1:-1]
        msgstrs = [value for key, value in strings.items() if key.startswith("msgstr")]
        entries.append((flags, strings.get("msgid"), msgstrs))
    return entries


@pytest.mark.parametrize("locale", ["it", "pt_BR"])
def test_the_translation_files_have_no_empty_or_fuzzy_entries(locale):
    po = LOCALE / locale / "LC_MESSAGES" / "django.po"
    entries = po_entries(po)
    assert len(entries) > 100
    fuzzy = [msgid for flags, msgid, _ in entries if "fuzzy" in flags]
    empty = [msgid for _, msgid, msgstrs in entries[1:] if not all(msgstrs)]
    assert fuzzy == []
    assert empty == []


@pytest.mark.parametrize(("language", "cards", "wonders"), [("it", "Carte", "Meraviglie"), ("pt-br", "Cartas", "Maravilhas")])
def test_the_compiled_translations_are_used(language, cards, wonders):
    with translation.override(language):
        assert translation.gettext("Cards") == cards
        assert translation.pgettext("the seven wonders", "Wonders") == wonders


@pytest.mark.django_db
def test_every_page_leads_to_play_the_leaderboard_and_the_score_calculator(client):
    html = client.get("/it/").content.decode()
    for url in ("/it/play/", "/it/leaderboard/", "/it/score-sheet/", "/api/docs/"):
        assert f'href="{url}"' in html
