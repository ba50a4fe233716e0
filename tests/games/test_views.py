import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from cards.catalogue_data import read_cards
from games import engine, services
from games.models import Match
from games.views.lobby import BOT_WORDS, playable_games
from tests.factories import start_table

pytestmark = pytest.mark.django_db


def url(name, *args, lang="en"):
    with translation.override(lang):
        return reverse(name, args=args)


def page_json(response, element_id):
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', response.content.decode(), re.S)
    return json.loads(found.group(1))


def test_the_lobby_lists_open_and_running_tables_for_anybody(client, make_user):
    open_table = services.do_create_match(make_user("alice"), players=3)
    running = start_table(make_user("bob"), players=3)
    response = client.get(url("lobby"))
    assert response.status_code == 200
    body = response.content.decode()
    assert url("table", open_table.pk) in body and url("game", running.pk) in body
    assert "/ws/lobby/" in body and "Log in to create or join a table." in body


def test_creating_a_table_from_the_lobby_form_seats_the_host_and_the_bots(client, make_user):
    host = make_user("host")
    client.force_login(host)
    response = client.post(url("lobby"), {
        "game": "base", "players": "4", "option_sides": "random", "turn_seconds": "45",
        "option_wonders_0": "giza", "option_wonders_1": "", "option_wonders_2": "rhodes", "option_wonders_3": "",
        "seat_1": "medium", "seat_2": "", "seat_3": "easy",
    })
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == url("table", match.pk)
    assert (match.game, match.players, match.turn_seconds) == ("base", 4, 45)
    assert match.options == {"sides": "random", "wonders": ["giza", None, "rhodes", None]}
    assert [s.bot_level for s in match.seats.order_by("number")] == ["", "medium", "", "easy"]


def seat_select_values(body, name):
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', body, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"', select)


def test_it_offers_easy_medium_and_hard_for_every_game(client, make_user):
    games = playable_games()
    assert set(games) >= {"base", "architects"}
    host = make_user("host")
    client.force_login(host)
    for game in games:
        lobby = client.get(url("lobby") + f"?game={game}").content.decode()
        assert seat_select_values(lobby, "seat_1") == ["", "easy", "medium", "hard"], game
        match = services.do_create_match(host, game=game, players=engine.info(game)["min_players"] + 1,
                                         bots=["", "", "hard"])
        table = client.get(url("table", match.pk)).content.decode()
        assert seat_select_values(table, "bot") == ["", "easy", "medium", "hard"], game
        assert "hard bot (search)" in table
        client.post(url("table-leave", match.pk))


def test_the_lobby_form_and_the_table_page_accept_the_old_level_names(client, make_user):
    host = make_user("host")
    client.force_login(host)
    response = client.post(url("lobby"), {
        "game": "base", "players": "4", "option_sides": "A", "turn_seconds": "0",
        "seat_1": "random", "seat_2": "greedy", "seat_3": "",
    })
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == url("table", match.pk)
    assert [s.bot_level for s in match.seats.order_by("number")] == ["", "easy", "medium", ""]
    client.post(url("table-seat", match.pk, 3), {"bot": "search"})
    assert match.seats.get(number=3).bot_level == "hard"


def test_a_refused_table_shows_why_in_the_page_language(client, make_user):
    client.force_login(make_user("host"))
    response = client.post(url("lobby", lang="it"), {
        "game": "base", "players": "3", "option_sides": "A", "turn_seconds": "0",
        "option_wonders_0": "giza", "option_wonders_1": "giza", "option_wonders_2": "",
    })
    assert response.status_code == 200 and not Match.objects.exists()
    body = response.content.decode()
    assert 'role="alert"' in body and "Ogni meraviglia si può scegliere una sola volta." in body


def test_joining_leaving_and_starting_go_through_the_table_page(client, make_user):
    host, guest = make_user("host"), make_user("guest")
    match = services.do_create_match(host, players=3, bots=["", "", "medium"])
    client.force_login(guest)
    assert client.get(url("table", match.pk)).status_code == 200
    client.post(url("table-join", match.pk))
    assert match.seats.get(number=1).user == guest
    response = client.post(url("table-start", match.pk), follow=True)
    assert "Only the host can do that." in response.content.decode()
    client.force_login(host)
    response = client.post(url("table-start", match.pk))
    assert response["Location"] == url("table", match.pk)
    assert client.get(url("table", match.pk))["Location"] == url("game", match.pk)


def test_the_host_gives_a_seat_to_a_bot_from_the_table_page(client, make_user):
    host = make_user("host")
    match = services.do_create_match(host, players=3)
    client.force_login(host)
    client.post(url("table-seat", match.pk, 2), {"bot": "easy"})
    assert match.seats.get(number=2).bot_level == "easy"


def test_the_last_player_leaving_closes_the_table_and_goes_back_to_the_lobby(client, make_user):
    host = make_user("host")
    match = services.do_create_match(host, players=3)
    client.force_login(host)
    response = client.post(url("table-leave", match.pk))
    assert response["Location"] == url("lobby") and not Match.objects.filter(pk=match.pk).exists()


def test_an_invite_link_leads_to_the_table_after_logging_in(client, make_user):
    match = services.do_create_match(make_user("host"), players=3)
    response = client.get(url("invite", match.invite_code))
    assert response.status_code == 302 and "login" in response["Location"]
    assert url("table", match.pk) in response["Location"].replace("%2F", "/")
    client.force_login(make_user("friend"))
    assert client.get(url("invite", match.invite_code))["Location"] == url("table", match.pk)
    assert client.get(url("invite", "nope")).status_code == 404


def test_writing_to_a_table_needs_a_login_and_a_post(client, make_user):
    match = services.do_create_match(make_user("host"), players=3)
    assert client.post(url("table-join", match.pk)).status_code == 302
    client.force_login(make_user("guest"))
    assert client.get(url("table-join", match.pk)).status_code == 405


@pytest.mark.parametrize("lang", ["en", "it", "pt-br"])
def test_the_game_page_carries_names_and_words_in_the_page_language(client, make_user, lang):
    name = next(c for c in read_cards() if c["id"] == "lumber_yard")["names"][lang]
    match = start_table(make_user("host"), players=3)
    response = client.get(url("game", match.pk, lang=lang))
    assert response.status_code == 200
    catalogue = page_json(response, "game-catalogue")
    assert catalogue["cards"]["lumber_yard"]["name"] == name
    data = page_json(response, "game-data")
    assert {k: data[k] for k in ("match", "ws_path", "language")} == {
        "match": match.pk, "ws_path": f"/ws/games/{match.pk}/", "language": lang}
    ui = page_json(response, "play-ui")
    errors = page_json(response, "play-errors")
    assert "build_chain" in ui and "stale_step" in errors
    assert 'src="/static/games/base/board.js"' in response.content.decode()
    assert 'href="/static/games/base/board.css"' in response.content.decode()


def test_the_game_page_of_an_open_table_sends_to_the_waiting_room_and_an_unknown_one_is_404(client, make_user):
    match = services.do_create_match(make_user("host"), players=3)
    assert client.get(url("game", match.pk))["Location"] == url("table", match.pk)
    assert client.get(url("game", 999999)).status_code == 404
    assert client.get(url("table", 999999)).status_code == 404


def test_the_admin_shows_a_match_with_its_seats_and_log_without_editing_them(admin_client, make_user):
    match = start_table(make_user("host"), players=3)
    assert admin_client.get(reverse("admin:games_match_changelist")).status_code == 200
    page = admin_client.get(reverse("admin:games_match_change", args=[match.pk]))
    assert page.status_code == 200
    assert admin_client.get(reverse("admin:games_match_add")).status_code == 403


@pytest.mark.parametrize("lang, coins, stone, timed_out", [
    ("it", ("%(count)s moneta", "%(count)s monete"), ("%(count)s pietra", "%(count)s pietre"), "(%(count)s turno di fila)"),
    ("pt-br", ("%(count)s moeda", "%(count)s moedas"), ("%(count)s pedra", "%(count)s pedras"),
     "(%(count)s turno seguido)"),
])
def test_the_game_page_words_agree_with_their_number(client, make_user, lang, coins, stone, timed_out):
    match = start_table(make_user("host"), players=3)
    ui = page_json(client.get(url("game", match.pk, lang=lang)), "play-ui")
    assert (ui["res_coins"]["one"], ui["res_coins"]["other"]) == coins
    assert (ui["res_stone"]["one"], ui["res_stone"]["other"]) == stone
    assert timed_out in ui["ev_timed_out"]["one"]


def test_the_game_page_has_a_name_for_the_bot_of_every_level_a_seat_can_have(client, make_user):
    match = start_table(make_user("host"), players=3, bots=["", "easy", "medium"])
    ui = page_json(client.get(url("game", match.pk, lang="it")), "play-ui")
    with translation.override("it"):
        for game in playable_games():
            for level in engine.info(game)["bot_levels"]:
                assert ui[f"bot_{level}"] == str(BOT_WORDS[level]), level
    assert ui["bot_hard"] == "bot difficile (ricerca)"


def test_the_game_page_lists_the_score_categories_the_engine_declares_with_their_words(client, make_user, monkeypatch):
    from games import engine

    facts = dict(engine.info("base"), score_categories=["science", "military"])
    monkeypatch.setattr(engine, "info", lambda game: facts)
    match = start_table(make_user("host"), players=3)
    data = page_json(client.get(url("game", match.pk, lang="it")), "game-data")
    assert data["categories"] == [{"key": "science", "label": "Scienza", "note": None},
                                  {"key": "military", "label": "Militare", "note": None}]


def test_the_game_page_names_the_sheet_key_a_category_notes(client, make_user):
    match = start_table(make_user("host"), players=3)
    data = page_json(client.get(url("game", match.pk)), "game-data")
    notes = {c["key"]: c["note"] for c in data["categories"] if c["note"]}
    assert notes == {"guilds": "copied_guild"}


def test_the_lobby_form_shows_the_options_the_game_declares(client, make_user):
    client.force_login(make_user("host"))
    body = client.get(url("lobby")).content.decode()
    info = engine.info("base")
    assert 'name="game"' in body
    from games.views.lobby import hidden_options

    for option in info["options"]:
        assert (f'name="option_{option["name"]}' in body) == (option["name"] not in hidden_options("base"))
    most = services.player_range(info)[1]  # 8 with Cities
    seats = [f'name="seat_{n}"' in body for n in range(1, most + 1)]
    assert seats == [True] * (most - 1) + [False]


def test_a_form_posted_for_another_game_than_the_one_shown_is_refused(client, make_user):
    client.force_login(make_user("host"))
    response = client.post(url("lobby") + "?game=base", {"game": "chess", "players": "3", "turn_seconds": "0"})
    assert response.status_code == 200 and not Match.objects.exists()


def test_a_bad_player_count_names_the_games_range():
    from games.services import ServiceError
    from games.views.words import error_text

    text = error_text(ServiceError("bad_player_count", players=9, allowed=[3, 7]), "base")
    assert "3" in text and "7" in text and "%(" not in text


def test_the_lobby_offers_only_the_games_whose_table_the_site_can_draw(client, make_user, monkeypatch):
    from games import presentation

    client.force_login(make_user("host"))
    body = client.get(url("lobby")).content.decode()
    for game in engine.games():
        offered = f'<option value="{game}"' in body
        assert offered == presentation.get(game).HAS_BOARD, game
    monkeypatch.setattr(presentation.get("architects"), "HAS_BOARD", False)
    assert '<option value="architects"' not in client.get(url("lobby")).content.decode()
    response = client.post(url("lobby") + "?game=architects", {"game": "architects", "players": "3",
                                                               "turn_seconds": "0"})
    assert not Match.objects.filter(game="architects").exists() and response.status_code == 200


def test_a_two_player_table_is_created_and_started_with_the_free_city(client, make_user):
    host = make_user("host")
    client.force_login(host)
    response = client.post(url("lobby"), {"game": "base", "players": "2", "option_sides": "A", "turn_seconds": "0",
                                          "seat_1": "medium"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.players == 2
    services.do_start(match.pk, host)
    match.refresh_from_db()
    assert engine.rating_mode(match.config) == "base-2p"
    page = client.get(url("game", match.pk))
    assert page.status_code == 200 and "Free City" in page.content.decode()


@pytest.mark.parametrize("headers, language", [
    ({"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9"}, "pt-br"),
    ({"HTTP_ACCEPT_LANGUAGE": "it-IT"}, "it"),
    ({"HTTP_ACCEPT_LANGUAGE": "de-DE"}, "en"),
])
def test_the_invite_link_opens_in_the_visitors_language(client, make_user, headers, language):
    match = services.do_create_match(make_user("host"), players=3)

    response = client.get(f"/invite/{match.invite_code}/", **headers)

    assert response.status_code == 302
    assert response["Location"] == f"/{language}/play/invite/{match.invite_code}/"


def test_the_invite_link_follows_the_visitors_language_cookie_first(client, make_user, settings):
    match = services.do_create_match(make_user("host"), players=3)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"

    response = client.get(f"/invite/{match.invite_code}/", HTTP_ACCEPT_LANGUAGE="pt-BR")

    assert response["Location"] == f"/it/play/invite/{match.invite_code}/"


def test_the_table_shows_an_invite_link_without_a_language(client, make_user):
    host = make_user("host")
    match = services.do_create_match(host, players=3)
    client.force_login(host)

    html = client.get(f"/pt-br/play/{match.pk}/").content.decode()

    assert f'value="http://testserver/invite/{match.invite_code}/"' in html


def test_the_game_page_draws_every_card_as_the_catalogue_does_in_the_page_language(client, make_user):
    match = start_table(make_user("host"), players=3)
    html = client.get(url("game", match.pk, lang="it")).content.decode()
    faces_at = html.index('<template id="card-faces">')
    faces = html[faces_at:html.index("</template>")]
    lumber = faces[faces.index('data-face="lumber_yard"'):faces.index('data-face="stone_pit"')]
    assert 'class="card card--brown card--small"' in lumber and "Cantiere d&#x27;Abbattimento" in lumber
    assert 'href="#icon-wood"' in lumber and 'href="/it/cards/' not in lumber  # drawn, not a link
    # A card names the cards it makes free (its chain), and Cities' black cards are there too.
    baths = faces[faces.index('data-face="baths"'):]
    assert "Acquedotto" in baths[:baths.index("</article>")]
    assert 'data-face="capitol"' in faces and "card--black" in faces
    assert 'id="icon-wood"' in html[:faces_at] and "icons" not in page_json_from(html, "game-data")  # the sprites, in the page


def page_json_from(html, element_id):
    start = html.index(f'id="{element_id}"')
    body = html[html.index(">", start) + 1:html.index("</script>", start)]
    return json.loads(body)


@pytest.mark.parametrize("lang, title, turn", [
    ("en", "Hands you passed on", "Turn %(turn)s, to %(name)s"),
    ("it", "Mani che hai passato", "Turno %(turn)s, a %(name)s"),
    ("pt-br", "Mãos que você passou", "Turno %(turn)s, para %(name)s"),
])
def test_the_game_page_has_a_place_and_words_for_the_hands_the_player_passed_on(client, make_user, lang, title, turn):
    match = start_table(make_user("host"), players=3)
    response = client.get(url("game", match.pk, lang=lang))
    ui = page_json(response, "play-ui")
    assert (ui["passed_title"], ui["passed_turn"]) == (title, turn)
    assert ui["passed_help"] and 'id="game-passed"' in response.content.decode()
