"""The Cities expansion on the site: the lobby offers it (3 to 8 players, teams at 4/6/8), the base
board gets the words and names it draws Cities with, bots of every level play every decision
(the debt payment included), a late human pays what they can, and a finished Cities match has its
match page and replay in three languages."""
import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from games import engine, presentation, services
from games.models import Match
from games.views.lobby import CreateTableForm
from tests.factories import page_json, play_as_human, start_table
from tests.factories import page_url as url

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_lobby_form_offers_cities_teams_and_eight_players():
    form = CreateTableForm(game="base")
    assert max(value for value, _ in form.fields["players"].choices) == 8
    assert [value for value, _ in form.fields["option_expansions"].choices] == ["cities"]
    assert [value for value, _ in form.fields["option_teams"].choices] == ["False", "True"]


def test_the_lobby_creates_an_eight_player_team_table_with_cities(client, make_user):
    client.force_login(make_user("host"))
    form = {"game": "base", "players": "8", "turn_seconds": "0", "option_sides": "A",
            "option_expansions": ["cities"], "option_teams": "True",
            **{f"seat_{n}": "easy" for n in range(1, 8)}}
    response = client.post(url("lobby"), form)
    match = Match.objects.get(game="base")
    assert response.status_code == 302, response.content.decode()[:2000]
    assert match.players == 8 and match.options["expansions"] == ["cities"] and match.options["teams"] is True


def test_the_lobby_refuses_eight_players_without_cities(client, make_user):
    client.force_login(make_user("host"))
    form = {"game": "base", "players": "8", "turn_seconds": "0", "option_sides": "A", "option_teams": "False"}
    client.post(url("lobby"), form)
    assert not Match.objects.exists()


def test_the_lobby_refuses_teams_at_five_players(client, make_user):
    client.force_login(make_user("host"))
    form = {"game": "base", "players": "5", "turn_seconds": "0", "option_sides": "A",
            "option_expansions": ["cities"], "option_teams": "True"}
    client.post(url("lobby"), form)
    assert not Match.objects.exists()


def test_a_plain_table_from_the_lobby_has_no_expansion_and_no_teams(client, make_user):
    client.force_login(make_user("host"))
    client.post(url("lobby"), {"game": "base", "players": "3", "turn_seconds": "0", "option_sides": "A",
                               "option_teams": "False"})
    match = Match.objects.get()
    assert match.options.get("expansions", []) == [] and match.options.get("teams", False) is False


def test_the_services_accept_eight_players_only_with_cities(make_user):
    host = make_user("host")
    with pytest.raises(services.ServiceError):
        services.do_create_match(host, players=8)
    match = services.do_create_match(host, players=8, expansions=["cities"])
    assert match.players == 8


@pytest.mark.parametrize("lang", ["en", "it", "pt-br"])
def test_the_game_page_names_black_cards_and_cities_wonders_in_the_page_language(client, make_user, lang):
    match = start_table(make_user("host"), players=4, expansions=["cities"], teams=True)
    response = client.get(url("game", match.pk, lang=lang))
    catalogue = page_json(response, "game-catalogue")
    names = {"en": "Pigeon Loft", "it": "Piccionaia", "pt-br": "Pombal"}
    assert catalogue["cards"]["pigeon_loft"] == {**catalogue["cards"]["pigeon_loft"], "name": names[lang], "color": "black"}
    assert "Petra" in catalogue["wonders"]["petra"]["city"]
    ui = page_json(response, "play-ui")
    with translation.override(lang):
        assert ui["debt_title"] == str(translation.gettext("Pay or take debt"))
    assert 'id="game-debt"' in response.content.decode() and 'id="game-partner"' in response.content.decode()


def test_the_cities_board_words_are_translated_to_italian_and_portuguese():
    from games.presentation import base

    cities_keys = ["diplomacy", "debt", "team_n", "partner_of", "partner_hand", "partner_hand_help", "kind_debt",
                   "debt_title", "debt_owed", "pay_debt", "debt_waiting", "losses_waiting", "loss",
                   "loss_per_victory", "loss_per_stage", "ev_debt_due", "ev_debt_paid", "ev_skips_conflict",
                   "ev_fight", "team_total", "team_coins"]
    words = {key: base.BOARD_WORDS[key] for key in cities_keys}
    words.update({key: base.RULE_ERRORS[key] for key in ("bad_debt_payment", "bad_teams", "wonder_needs_expansion")})
    with translation.override("en"):
        english = {key: str(text) for key, text in words.items()}
    for lang in ("it", "pt-br"):
        with translation.override(lang):
            untranslated = [key for key, text in words.items() if str(text) == english[key]]
        assert not untranslated, f"{lang}: {untranslated}"


def test_a_city_with_black_cards_is_grouped_with_black_last():
    groups = presentation.get("base").city_groups(["pigeon_loft", "lumber_yard"], "it")
    assert [colour for colour, _ in groups] == ["brown", "black"] and groups[1][1] == ["Piccionaia"]


@pytest.mark.parametrize("players, teams, bots", [
    (3, False, ["easy", "medium"]),
    (8, True, ["medium", "easy", "medium", "easy", "medium", "easy", "medium"]),
])
def test_a_player_and_bots_play_a_cities_game_to_the_end_paying_debts(make_user, players, teams, bots):
    host = make_user("host")
    paid_by = set()
    for seed in range(1, 6):  # fixed seeds: the first games with a debt to pay
        match = services.do_create_match(host, players=players, bots=[""] + bots, expansions=["cities"], teams=teams)
        Match.objects.filter(pk=match.pk).update(seed=seed)
        services.do_start(match.pk, host)
        match = play_as_human(Match.objects.get(pk=match.pk), host, random.Random(players))
        assert match.score_sheet and len(match.score_sheet) == players
        assert engine.replay(match.config, engine.action_log(match.state)) == match.state
        paid_by = {seat for seat, action in match.actions.values_list("seat", "action") if action.get("type") == "pay_debt"}
        if paid_by:
            break
    assert paid_by, "nobody owed coins in five games"


def test_the_search_bot_plays_a_cities_game_including_its_debts(make_user, settings):
    settings.BOT_MOVE_SECONDS = 0.02
    host = make_user("host")
    for seed in range(1, 6):  # fixed seeds: the first game in which a bot owes coins
        match = services.do_create_match(host, players=4, bots=["", "hard", "hard", "hard"],
                                         expansions=["cities"], teams=True)
        Match.objects.filter(pk=match.pk).update(seed=seed)
        services.do_start(match.pk, host)
        match = play_as_human(Match.objects.get(pk=match.pk), host, random.Random(11))
        kinds = {action.get("type") for seat, action in match.actions.values_list("seat", "action") if seat != 0}
        if "pay_debt" in kinds:
            break
    assert "pay_debt" in kinds and "build" in kinds


def a_state_where_seat_0_owes(config):
    """Random legal play from a fixed seed until seat 0 must pay a coin loss."""
    for seed in range(200):
        rng, state = random.Random(seed), engine.new_game(config, seed)
        while not engine.is_over(state):
            if state["phase"] == "debt" and 0 in engine.to_act(state) and state["players"][0]["coins"]:
                return state
            seat = engine.to_act(state)[0]
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    raise AssertionError("no seed gives seat 0 a debt")


def test_a_human_who_lets_a_debt_deadline_pass_pays_what_they_can(make_user):
    host = make_user("host")
    match = start_table(host, players=3, bots=["", "easy", "easy"], expansions=["cities"], turn_seconds=30)
    match.state = a_state_where_seat_0_owes(match.config)
    match.save(update_fields=["state"])
    owed, held = match.state["owed"][0], match.state["players"][0]["coins"]
    services.do_expire_deadline(match.pk, now=timezone.now() + timedelta(seconds=31))
    timed_out = match.actions.filter(seat=0, by="timeout").last()
    assert timed_out.action == {"type": "pay_debt", "coins": min(owed, held)}


@pytest.fixture
def finished_team_match(make_user):
    host = make_user("host")
    match = start_table(host, players=6, bots=[""] + ["medium"] * 5, expansions=["cities"], teams=True)
    return play_as_human(match, host, random.Random(6))


@pytest.mark.parametrize("lang", ["en", "it", "pt-br"])
def test_a_finished_cities_match_has_its_match_page_and_replay_in_each_language(client, finished_team_match, lang):
    match = finished_team_match
    response = client.get(url("match-detail", match.pk, lang=lang))
    assert response.status_code == 200
    html = response.content.decode()
    black = [card for player in match.state["players"] for card in player["built"]
             if presentation.get("base").names(lang)[0][card]["color"] == "black"]
    for card in black:
        assert presentation.get("base").card_name(card, lang) in html
    replay = client.get(reverse("api-match-replay", args=[match.pk]))
    assert replay.status_code == 200


def test_the_game_page_of_a_cities_table_lists_the_black_cards_category_and_a_plain_table_does_not(client, make_user):
    cities = start_table(make_user("host"), players=3, expansions=["cities"])
    plain = start_table(make_user("other"), players=3)
    with translation.override("it"):
        keys = [c["key"] for c in page_json(client.get(url("game", cities.pk, lang="it")), "game-data")["categories"]]
        labels = [c["label"] for c in page_json(client.get(url("game", cities.pk, lang="it")), "game-data")["categories"]]
    assert keys[-1] == "black" and labels[-1] == "Carte nere"
    assert "black" not in [c["key"] for c in page_json(client.get(url("game", plain.pk)), "game-data")["categories"]]
