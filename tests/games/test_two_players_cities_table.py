"""2 players with Cities on the site (issue 30 item 1): the lobby creates and starts the table, a
person and a bot play it to the end (the Free City's debts decided by the turn's controller, as
seed 001's «Regole per 2 Giocatori» says), a late controller's Free City debt is paid by the
timeout bot, and the finished match has its match page (Cities' black column, the Free City
unranked), its replay and its own rating mode, cities-2p."""
import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import engine, services
from games.history.models import SeatResult
from games.models import Match
from tests.factories import page_json, play_as_human, start_table
from tests.factories import page_url as url

pytestmark = pytest.mark.django_db(transaction=True)

CITIES = ["cities"]


def test_the_lobby_creates_and_starts_a_two_player_table_with_cities(client, make_user):
    host = make_user("host")
    client.force_login(host)
    response = client.post(url("lobby"), {"game": "base", "players": "2", "turn_seconds": "0", "option_sides": "A",
                                          "option_expansions": CITIES, "option_teams": "False",
                                          "seat_1": "medium"})
    match = Match.objects.get()
    assert response.status_code == 302, response.content.decode()[:2000]
    assert match.players == 2 and match.options["expansions"] == CITIES
    started = client.post(url("table-start", match.pk))
    assert started.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    assert engine.rating_mode(match.config) == "cities-2p"
    assert len(match.state["players"]) == 3 and match.state["players"][2]["debt"] == 0
    page = client.get(url("game", match.pk))
    keys = [c["key"] for c in page_json(page, "game-data")["categories"]]
    assert page.status_code == 200 and keys[-1] == "black"


def test_a_person_and_a_bot_play_two_player_cities_to_the_end_with_the_free_city_s_debts(make_user):
    host = make_user("host")
    paid_for_free_city = set()  # the seats (the person's 0, the bot's 1) that paid the Free City's debt
    for seed in range(1, 9):  # fixed seeds: until both have decided a Free City debt
        match = services.do_create_match(host, players=2, bots=["", "medium"], expansions=CITIES)
        Match.objects.filter(pk=match.pk).update(seed=seed)
        services.do_start(match.pk, host)
        match = play_as_human(Match.objects.get(pk=match.pk), host, random.Random(seed))
        assert match.status == Match.Status.FINISHED and len(match.score_sheet) == 2
        assert engine.replay(match.config, engine.action_log(match.state)) == match.state
        results = SeatResult.objects.filter(match=match)
        assert {r.mode for r in results} == {"cities-2p"} and results.count() == 2
        paid_for_free_city |= {seat for seat, action in match.actions.values_list("seat", "action")
                               if action.get("type") == "pay_debt" and action.get("city") == "free_city"}
        if paid_for_free_city == {0, 1}:
            break
    assert paid_for_free_city == {0, 1}


def _controller_owes_for_the_free_city(config):
    """Random legal play until seat 0 controls a debt phase in which the Free City owes."""
    for seed in range(300):
        rng, state = random.Random(seed), engine.new_game(config, seed)
        while not engine.is_over(state):
            if (state["phase"] == "debt" and engine.view(state, 0)["free_city"]["controller"] == 0
                    and state["owed"][2] and not state["owed"][0] and state["players"][2]["coins"]):
                return state
            seat = engine.to_act(state)[0]
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    raise AssertionError("no seed gives seat 0 the Free City's debt")


def test_a_controller_who_lets_the_deadline_pass_pays_what_the_free_city_can(make_user):
    host = make_user("host")
    match = start_table(host, players=2, bots=["", "easy"], expansions=CITIES, turn_seconds=30)
    match.state = _controller_owes_for_the_free_city(match.config)
    match.save(update_fields=["state"])
    owed, held = match.state["owed"][2], match.state["players"][2]["coins"]
    services.do_expire_deadline(match.pk, now=timezone.now() + timedelta(seconds=31))
    timed_out = match.actions.filter(seat=0, by="timeout").last()
    assert timed_out.action == {"type": "pay_debt", "coins": min(owed, held), "city": "free_city"}


@pytest.fixture
def finished_match(make_user):
    host = make_user("host")
    match = start_table(host, players=2, bots=["", "medium"], expansions=CITIES)
    return play_as_human(match, host, random.Random(4))


@pytest.mark.parametrize("lang, black, free_city", [("en", "Black cards", "Free City"),
                                                    ("it", "Carte nere", "Città Franca"),
                                                    ("pt-br", "Cartas pretas", "Cidade Livre")])
def test_a_finished_two_player_cities_match_has_its_match_page_and_replay(client, finished_match, lang, black,
                                                                           free_city):
    match = finished_match
    html = client.get(url("match-detail", match.pk, lang=lang)).content.decode()
    assert black in html and free_city in html and 'class="sheet__unranked"' in html
    replay = client.get(reverse("api-match-replay", args=[match.pk]))
    assert replay.status_code == 200
    frames = replay.json()["frames"]
    assert frames[-1]["free_city"]["debt"] == match.state["players"][2]["debt"]
