"""A whole 2-player game (the Free City) over the real stack: a scripted player against a Celery
bot, a spectator watching; the Free City's two decisions of each turn are the controller's, and no
message shows a hidden card, the Free City's face-down pile included."""
import asyncio
from types import SimpleNamespace

import pytest

from tests.integration.live_stack import LiveClient, assert_no_leak, check_match_log

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]


@pytest.fixture(scope="module")
def game(live_stack_session):
    stack = live_stack_session
    stack.ensure_running()
    stack.signup("duo_live")
    http = stack.login("duo_live")
    match_id = stack.create_table(http, players=2, bots=["medium"])

    async def run():
        player = LiveClient(stack, match_id, http.cookies["sessionid"], name="duo", seed=21)
        watcher = LiveClient(stack, match_id, None, name="watcher")
        await player.connect()
        await watcher.connect()
        await asyncio.to_thread(stack.start_table, http, match_id)
        await asyncio.gather(player.play(timeout=240), watcher.play(timeout=240))
        await player.close()
        await watcher.close()
        return player, watcher

    player, watcher = asyncio.run(asyncio.wait_for(run(), 300))
    return SimpleNamespace(stack=stack, player=player, watcher=watcher, checked=check_match_log(stack, match_id))


def test_a_player_and_a_celery_bot_finish_a_two_player_game_with_the_free_city(game):
    row = game.checked["row"]
    assert row["status"] == "finished" and row["config"]["players"] == 2
    assert game.player.finished and game.watcher.finished
    assert game.player.view["scores"] == game.watcher.view["scores"] == row["score_sheet"]
    assert game.player.errors == [] and game.watcher.errors == []
    free_city = [r for r in game.checked["log"] if isinstance(r["action"], dict) and r["action"].get("city")]
    assert {r["seat"] for r in free_city} == {0, 1}, "both players decided for the Free City in turn"


def test_no_message_shows_a_hidden_card_or_the_free_city_s_pile(game):
    states, seed = game.checked["states"], game.checked["row"]["seed"]
    checked = 0
    for seat, client in ((0, game.player), (None, game.watcher)):
        for raw, message in zip(client.raw, client.messages):
            checked += assert_no_leak(raw, message, seat, states, seed)
    assert checked > 2 * 18
