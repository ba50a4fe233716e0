"""A game is a folder on each side and a registry line: the toy game "high card"
(``tests/toy_game``: 2-4 seats, perfect information, a simultaneous choice) is registered only
here and goes through the whole site with no file changed outside its own folders: the engine's
conformance suite, the lobby, a table played over the WebSocket by two people and a bot, the end
of the game, the history's match page and replay, ratings and the API."""
import random
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.staticfiles import finders
from django.template.loader import get_template

from games import engine, presentation, services
from games.engine import testing
from games.models import Match
from games.routing import websocket_urlpatterns
from tests import toy_game
from tests.factories import page_json, page_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def toy():
    toy_game.register()
    yield toy_game.GAME_ID
    toy_game.unregister()


def test_the_toy_game_needed_only_files_in_its_own_folders():
    for name in toy_game.FILES:
        assert (ROOT / name).is_file(), name
        assert name.startswith("tests/toy_game/"), name
    here = {str(path.relative_to(ROOT)) for path in (ROOT / "tests" / "toy_game").rglob("*")
            if path.is_file() and "__pycache__" not in path.parts}
    assert here == set(toy_game.FILES)


def test_it_is_registered_only_while_a_test_asks_for_it(toy):
    assert toy in engine.games() and toy in presentation.sites()
    toy_game.unregister()
    assert toy not in engine.games() and toy not in presentation.sites()
    toy_game.register()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_game_passes_the_engines_conformance_suite(toy, players):
    testing.check_info(toy)
    for seed in range(5):
        testing.check_game({"game": toy, "players": players, "rounds": 1 + seed % 3}, seed)


def test_its_site_folder_is_complete_with_the_core_only(toy):
    site = presentation.get(toy)
    assert site.problems() == []
    assert site.capabilities == {}
    assert site.names("it") == ({}, {}) and site.card_name("seven", "it") == "seven"
    assert site.REPLAY_SCRIPT is None
    assert Path(get_template(site.BOARD_TEMPLATE).origin.name) == ROOT / "tests/toy_game/site/templates/board.html"
    assert Path(finders.find(site.BOARD_SCRIPT)) == ROOT / "tests/toy_game/site/static/board.js"


def test_a_site_folder_that_lacks_part_of_the_core_says_what(toy, monkeypatch):
    monkeypatch.delattr("tests.toy_game.site.tiebreak_label")
    presentation.register(toy, toy_game.SITE_MODULE)
    assert presentation.get(toy).problems() == ["core: tiebreak_label"]


def test_the_lobby_offers_the_toy_game_and_its_option(toy, client, make_user):
    client.force_login(make_user("ann"))
    page = client.get(page_url("lobby", lang="it"), {"game": toy})
    assert page.status_code == 200
    body = page.content.decode()
    assert f'value="{toy}"' in body and 'name="option_rounds"' in body
    assert page_json(page, "lobby-games")[toy]["options"]["rounds"]["label"] == "Rounds"


def app_as(user):
    inner = URLRouter(websocket_urlpatterns)

    async def app(scope, receive, send):
        return await inner(dict(scope, user=user), receive, send)

    return app


async def next_of(communicator, kind, timeout=5):
    while True:
        message = await communicator.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return message


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("db_thread_closed")
async def test_two_people_and_a_bot_play_it_over_the_websocket_to_the_end_and_the_history_and_api_follow(
        toy, make_user, client):
    ann, bob = await sync_to_async(make_user)("ann"), await sync_to_async(make_user)("bob")
    await sync_to_async(client.force_login)(ann)
    created = await sync_to_async(client.post)(page_url("lobby"), {
        "game": toy, "players": "3", "turn_seconds": "0", "option_rounds": "3", "seat_1": "", "seat_2": "medium"})
    assert created.status_code == 302, created.content.decode()[:2000]
    match = await sync_to_async(Match.objects.get)(game=toy)
    assert match.options == {"rounds": 3}
    await sync_to_async(services.do_join)(match.pk, bob)
    await sync_to_async(services.do_start)(match.pk, ann)
    await sync_to_async(match.refresh_from_db)()
    assert match.config == {"game": toy, "players": 3, "rounds": 3}

    sockets = {}
    for seat, user in ((0, ann), (1, bob)):
        communicator = WebsocketCommunicator(app_as(user), f"/ws/games/{match.pk}/")
        assert (await communicator.connect())[0]
        sockets[seat] = communicator
    snapshots = {seat: await next_of(sockets[seat], "snapshot") for seat in sockets}
    rng = random.Random(5)
    over = False
    moves = 0
    while not over:
        for seat, communicator in sockets.items():
            mine = snapshots[seat]
            if not mine["legal"]:
                continue
            action = rng.choice(mine["legal"])
            moves += 1
            await communicator.send_json_to({"type": "act", "client_id": f"m{moves}", "step": mine["step"],
                                             "action": action})
            await next_of(communicator, "ack")
        for seat, communicator in sockets.items():
            await communicator.send_json_to({"type": "resync"})
            snapshots[seat] = await next_of(communicator, "snapshot")
        over = snapshots[0]["view"]["over"]
    for communicator in sockets.values():
        await communicator.disconnect()
    assert moves == 6  # two people, three rounds; the bot chose on its own
    end = snapshots[1]["view"]
    assert [row["seat"] for row in end["scores"]] == [0, 1, 2] and all("total" in row for row in end["scores"])

    await sync_to_async(match.refresh_from_db)()
    assert match.status == Match.Status.FINISHED
    page = await sync_to_async(client.get)(page_url("match-detail", match.pk, lang="it"))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Unique card" in body and ">ann</td>" in body and ">bob</td>" in body
    assert "High card" in body  # the page names the game's mode
    assert "Meraviglia" not in body  # no wonder column for a game without wonders
    frames = page_json(page, "replay-data")["frames"]
    assert len(frames) == 4 and frames[-1]["players"][0]["card"] == end["players"][0]["card"]

    api = await sync_to_async(client.get)(f"/api/matches/{match.pk}/")
    assert api.status_code == 200, api.content
    rows = api.json()["score_sheet"]
    assert sorted(row["categories"]["card"] for row in rows) == sorted(p["card"] for p in end["players"])
    assert api.json()["hands"] is None
    replay = await sync_to_async(client.get)(f"/api/matches/{match.pk}/replay/")
    assert replay.status_code == 200, replay.content
    assert [p["total"] for p in replay.json()["frames"][-1]["players"]] == [row["total"] for row in end["scores"]]


@pytest.mark.django_db
def test_a_game_of_two_people_is_rated_in_the_toy_games_own_mode(toy, make_user, client):
    ann, bob = make_user("ann"), make_user("bob")
    match = services.do_create_match(ann, game=toy, players=2, bots=["", ""])
    services.do_join(match.pk, bob)
    services.do_start(match.pk, ann)
    match.refresh_from_db()
    users = {0: ann, 1: bob}
    while match.status != Match.Status.FINISHED:
        for seat in engine.to_act(match.state):
            services.do_submit(match.pk, users[seat], engine.legal_actions(match.state, seat)[0], seat=seat)
            match.refresh_from_db()
    board = client.get(page_url("leaderboard", lang="en"), {"mode": toy})
    assert board.status_code == 200 and board.context["mode"] == toy
    assert "High card" in board.content.decode()
    ratings = {name: client.get(f"/api/players/{name}/").json()["ratings"] for name in ("ann", "bob")}
    assert [rating["mode"] for rating in ratings["ann"]] == [toy] and ratings["ann"][0]["rated_games"] == 1
    ranks = {name: match.results.get(seat=seat).rank for seat, name in enumerate(("ann", "bob"))}
    mus = {name: ratings[name][0]["mu"] for name in ranks}
    assert (mus["ann"] > mus["bob"]) == (ranks["ann"] < ranks["bob"])
    assert (mus["ann"] == mus["bob"]) == (ranks["ann"] == ranks["bob"])
