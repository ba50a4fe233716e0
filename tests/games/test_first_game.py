"""A first game in three clicks (issue 31, item 8) and the history pages' defects of item 9: the
home page names every registered game and leads to Play; "Play now against bots" deals and starts
a table in one click; a new player is welcomed towards it; the invite link has a copy button; the
match page names its game and mode; a profile opened from a mode's leaderboard opens on that mode."""
import random
import re

import pytest
from django.utils import timezone

from games import engine, presentation
from games.history.models import PlayerRating
from games.history.simulate import play, store_finished
from games.models import Match
from games.views.lobby import DEFAULT_GAME, playable_games
from tests.factories import PASSWORD, page_url

pytestmark = pytest.mark.django_db


def post_play_now(client, lang="en", **fields):
    return client.post(page_url("lobby", lang=lang), {"play_now": "1", **fields})


def stored_match(config, seed=5):
    config = engine.normalize_config(config)
    players = config["players"]
    state = play(config, seed, ["medium"] * players, random.Random(seed))
    now = timezone.now()
    return store_finished(config, seed, state, [(None, "medium", False)] * players, now, now,
                          {n: "bot" for n in range(players)})


def selected(body, select_id):
    select = re.search(rf'<select[^>]*id="{select_id}"[^>]*>(.*?)</select>', body, re.S).group(1)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)


def test_the_home_page_names_every_registered_game_its_players_and_modes_with_a_play_link(client):
    body = client.get(page_url("home")).content.decode()
    assert "first edition" not in body
    assert f'href="{page_url("lobby")}"' in body
    for game in engine.games():
        site = presentation.get(game)
        assert str(site.game_name()) in body
        for mode in engine.info(game)["rating_modes"]:
            if len(engine.info(game)["rating_modes"]) > 1:
                assert str(site.MODE_NAMES[mode]) in body, mode
        if game in playable_games():
            assert f'href="{page_url("lobby")}?game={game}"' in body
    assert "2 to 8 players" in body and "2 to 7 players" in body  # the base game with Cities, Architects


def test_the_home_page_lists_the_games_in_italian_and_portuguese(client):
    italian = client.get(page_url("home", lang="it")).content.decode()
    assert "I giochi del sito" in italian and "da 2 a 8 giocatori" in italian
    assert "Gioca a 7 Wonders Architects" in italian
    portuguese = client.get(page_url("home", lang="pt-br")).content.decode()
    assert "Os jogos do site" in portuguese and "de 2 a 7 jogadores" in portuguese
    assert "família de jogos de tabuleiro 7 Wonders" in portuguese


def test_play_now_deals_a_table_of_the_host_and_bots_starts_it_and_lands_on_the_game(client, make_user):
    host = make_user("host")
    client.force_login(host)
    response = post_play_now(client, game="base", players="4", level="medium")
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == page_url("game", match.pk)
    assert match.status == Match.Status.RUNNING and (match.game, match.players) == ("base", 4)
    seats = list(match.seats.order_by("number"))
    assert seats[0].user == host and [s.bot_level for s in seats[1:]] == ["medium"] * 3


def test_play_now_with_no_fields_plays_the_default_game_against_three_medium_bots(client, make_user):
    client.force_login(make_user("host"))
    response = post_play_now(client)
    match = Match.objects.get()
    assert response["Location"] == page_url("game", match.pk)
    assert (match.game, match.players, match.status) == (DEFAULT_GAME, 4, Match.Status.RUNNING)
    assert [s.bot_level for s in match.seats.order_by("number")][1:] == ["medium"] * 3


def test_play_now_deals_architects_with_easy_bots_in_portuguese(client, make_user):
    client.force_login(make_user("host"))
    response = post_play_now(client, lang="pt-br", game="architects", players="2", level="easy")
    match = Match.objects.get()
    assert response["Location"] == page_url("game", match.pk, lang="pt-br")
    assert (match.game, match.players) == ("architects", 2)
    assert [s.bot_level for s in match.seats.order_by("number")] == ["", "easy"]


def test_play_now_refuses_a_player_count_the_game_takes_only_with_options(client, make_user):
    client.force_login(make_user("host"))
    response = post_play_now(client, game="base", players="8", level="medium")  # 8 need Cities
    assert response.status_code == 200 and not Match.objects.exists()
    panel = re.search(r'<section class="panel quick-play".*?</section>', response.content.decode(), re.S).group(0)
    assert 'class="errorlist' in panel


def test_the_lobby_offers_play_now_with_its_defaults_filled(client, make_user):
    client.force_login(make_user("host"))
    body = client.get(page_url("lobby")).content.decode()
    assert 'id="play-now"' in body and 'name="play_now"' in body
    assert selected(body, "quick-game") == DEFAULT_GAME
    assert selected(body, "quick-players") == "4"
    assert selected(body, "quick-level") == "medium"
    # its own ids: the lobby's other form has the same fields
    assert body.count('id="quick-players"') == 1 and body.count('id="id_players"') == 1


def test_the_lobby_asks_a_visitor_to_sign_up_for_play_now_in_italian(client):
    body = client.get(page_url("lobby", lang="it")).content.decode()
    assert "Gioca subito contro i bot" in body and 'id="play-now"' not in body
    assert f'href="{page_url("accounts:signup", lang="it")}"' in body


def signup(client, lang="en", **extra):
    return client.post(page_url("accounts:signup", lang=lang), {
        "username": "newcomer", "display_name": "New Comer", "email": "", "password1": PASSWORD,
        "password2": PASSWORD, "preferred_language": lang, **extra})


def test_after_sign_up_the_home_page_welcomes_the_player_once_with_a_one_click_first_game(client):
    response = signup(client)
    assert response.status_code == 302 and response.url == page_url("home")
    body = client.get(response.url).content.decode()
    assert "Welcome, New Comer!" in body
    form = re.search(r'<form method="post" action="([^"]+)" class="welcome__actions">(.*?)</form>', body, re.S)
    assert form.group(1) == page_url("lobby") and 'name="play_now"' in form.group(2)
    assert "Welcome, New Comer!" not in client.get(page_url("home")).content.decode()
    # its button is Play now with the defaults: a started game
    response = client.post(form.group(1), {"play_now": "1"})
    match = Match.objects.get()
    assert response["Location"] == page_url("game", match.pk) and match.status == Match.Status.RUNNING


def test_the_welcome_speaks_italian(client):
    response = signup(client, lang="it")
    body = client.get(response.url).content.decode()
    assert "Ti diamo il benvenuto, New Comer!" in body and "Gioca subito contro i bot" in body


def test_signing_up_on_the_way_to_a_page_goes_there_without_the_welcome(client):
    response = signup(client, next=page_url("card-list"))
    assert response.url == page_url("card-list")
    assert "Welcome, New Comer!" not in client.get(page_url("home")).content.decode()


def test_the_waiting_room_has_a_copy_button_for_the_invite_link_in_portuguese(client, make_user):
    from games import services

    host = make_user("host")
    match = services.do_create_match(host, players=3)
    client.force_login(host)
    body = client.get(page_url("table", match.pk, lang="pt-br")).content.decode()
    assert 'id="invite-copy"' in body and "Copiar o link" in body
    assert "Link copiado: cole-o em uma mensagem para os seus amigos." in body


@pytest.mark.parametrize("config, lang, expected", [
    ({"game": "base", "players": 4, "expansions": ["cities"], "teams": True}, "en",
     "7 Wonders with Cities, teams of two"),
    ({"game": "base", "players": 2}, "it", "7 Wonders, 2 giocatori (con la Città Franca)"),
    ({"game": "architects", "players": 3}, "pt-br", "7 Wonders Architects"),
])
def test_the_match_and_replay_page_names_the_game_and_mode(client, config, lang, expected):
    match = stored_match(config)
    body = client.get(page_url("match-detail", match.pk, lang=lang)).content.decode()
    header = re.search(r'<header class="page-head">(.*?)</header>', body, re.S).group(1)
    assert expected in header


def test_the_cities_team_sheet_scrolls_from_the_keyboard(client):
    match = stored_match({"game": "base", "players": 4, "expansions": ["cities"], "teams": True})
    body = client.get(page_url("match-detail", match.pk)).content.decode()
    assert '<div class="table-scroll" tabindex="0" role="group" aria-labelledby="teams-title">' in body


def test_a_profile_opened_from_a_modes_leaderboard_opens_on_that_mode(client, django_user_model):
    users = [django_user_model.objects.create_user(username=name) for name in ("ranked", "second", "third")]
    config = engine.normalize_config({"game": "base", "players": 3, "expansions": ["cities"]})
    state = play(config, 4, ["medium"] * 3, random.Random(4))
    now = timezone.now()
    store_finished(config, 4, state, [(user, "", False) for user in users], now, now,
                   {0: "player", 1: "player", 2: "player"})  # people only: a rated match
    PlayerRating.objects.filter(mode="cities").update(provisional=False)  # as after a few more matches
    body = client.get(page_url("leaderboard") + "?mode=cities").content.decode()
    link = re.search(r'<a href="([^"]*/players/ranked/[^"]*)"', body).group(1)
    assert link == page_url("player-profile", "ranked") + "?mode=cities"
    profile = client.get(link).content.decode()
    assert str(presentation.mode_name("cities")) in profile
