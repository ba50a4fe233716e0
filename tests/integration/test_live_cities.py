"""A whole 8-player team game with the Cities expansion over the real stack: daphne, the Redis
channel layer, Celery bots, PostgreSQL. A scripted player at seat 0 (partner of seat 1) and an
anonymous spectator; seven bots through Celery. Every message either receives is checked against
the engine's hidden ids at its version (tests/leak_check.py), and the partner's hand is the only
other hand the player ever sees: its partner's, as it is at that version."""
import asyncio
from types import SimpleNamespace

import pytest

from tests.integration.live_stack import LiveClient, assert_no_leak, check_match_log

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

PLAYERS = 8
PARTNER = 1  # seats 0 and 1 are team 1


@pytest.fixture(scope="module")
def game(live_stack_session):
    stack = live_stack_session
    stack.ensure_running()
    stack.signup("ada_cities")
    http = stack.login("ada_cities")
    match_id = stack.create_table(http, players=PLAYERS, bots=["medium", "easy"] * 3 + ["medium"],
                                  fields={"option_expansions": "cities", "option_teams": "True"})

    async def run():
        player = LiveClient(stack, match_id, http.cookies["sessionid"], name="ada", seed=21)
        watcher = LiveClient(stack, match_id, None, name="watcher")
        await player.connect()
        await watcher.connect()
        await asyncio.to_thread(stack.start_table, http, match_id)
        await asyncio.gather(player.play(timeout=400), watcher.play(timeout=400))
        await player.close()
        await watcher.close()
        return player, watcher

    player, watcher = asyncio.run(asyncio.wait_for(run(), 480))
    return SimpleNamespace(stack=stack, match_id=match_id, player=player, watcher=watcher,
                           checked=check_match_log(stack, match_id))


def test_a_player_and_seven_celery_bots_play_a_whole_team_cities_game(game):
    row = game.checked["row"]
    assert row["status"] == "finished" and row["config"]["expansions"] == ["cities"] and row["config"]["teams"]
    assert game.player.finished and game.watcher.finished
    assert game.player.view["scores"] == row["score_sheet"] == game.watcher.view["scores"]
    assert game.player.errors == [] and game.watcher.errors == []
    assert {r["seat"] for r in game.checked["log"] if r["by"] == "bot"} == set(range(1, PLAYERS))
    assert {r["by"] for r in game.checked["log"] if r["seat"] == 0} == {"player"}
    assert all(sheet["team_total"] is not None for sheet in row["score_sheet"])


def test_no_message_shows_a_hidden_card(game):
    states, seed = game.checked["states"], game.checked["row"]["seed"]
    checked = 0
    for seat, client in ((0, game.player), (None, game.watcher)):
        for raw, message in zip(client.raw, client.messages):
            checked += assert_no_leak(raw, message, seat, states, seed)
    assert checked >= 2 * len({r["version"] for r in game.checked["log"]}) * 0.9  # an update per version to each socket


def test_the_player_sees_its_partner_s_hand_as_it_is_and_the_spectator_sees_no_hand(game):
    states = game.checked["states"]
    seen = 0
    for message in game.player.messages:
        view = message.get("view")
        if not view or "version" not in message or view.get("over"):
            continue
        state = states[max(v for v in states if v <= message["version"])]
        assert view["partner_hand"] == state["players"][PARTNER]["hand"]
        seen += bool(view["partner_hand"])
    assert seen
    assert not any(m.get("view") and ("partner_hand" in m["view"] or "hand" in m["view"]) for m in game.watcher.messages)
