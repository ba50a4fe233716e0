"""A whole 7 Wonders Architects game over the real stack: daphne, the Redis channel layer, Celery
bots, PostgreSQL. A scripted player at seat 0 (Halicarnassus, so its look at five cards happens) and
an anonymous spectator; three bots through Celery. Every message either receives is checked against
the engine's hidden ids at its version: no central card, no deck below its top, no other seat's peek
or Halicarnassus pick."""
import asyncio
import json
from types import SimpleNamespace

import pytest

from tests.integration.live_stack import LiveClient, assert_no_leak, check_match_log

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

PLAYERS = 4


def prefer_secrets(client):
    """The player's move: the cat's peek or Halicarnassus' look when offered (the moments a secret
    reaches one seat), otherwise a random legal move."""
    return next((a for a in client.legal if a["type"] in ("peek", "look")), None) or client.rng.choice(client.legal)


# A deal where seat 0 never holds the cat nor builds Halicarnassus' second stage has no secret
# moment (one CI run in many): another table is played then, up to this many in all.
TABLES_FOR_A_SECRET = 3


@pytest.fixture(scope="module")
def game(live_stack_session):
    stack = live_stack_session
    stack.ensure_running()
    stack.signup("ada_architect")
    http = stack.login("ada_architect")
    for _ in range(TABLES_FOR_A_SECRET):
        played = play_a_table(stack, http)
        if {"peek", "look"} & {r["action"]["type"] for r in played.checked["log"] if r["seat"] == 0}:
            break
    return played


def play_a_table(stack, http):
    match_id = stack.create_table(http, players=PLAYERS, bots=["medium", "easy", "medium"], sides=None,
                                  game="architects", fields={"option_wonders_0": "halicarnassus"})

    async def run():
        player = LiveClient(stack, match_id, http.cookies["sessionid"], name="ada", seed=12)
        watcher = LiveClient(stack, match_id, None, name="watcher")
        await player.connect()
        await watcher.connect()
        await asyncio.to_thread(stack.start_table, http, match_id)
        await asyncio.gather(player.play(timeout=300, choose=prefer_secrets), watcher.play(timeout=300))
        await player.close()
        await watcher.close()
        return player, watcher

    player, watcher = asyncio.run(asyncio.wait_for(run(), 360))
    return SimpleNamespace(stack=stack, match_id=match_id, player=player, watcher=watcher,
                           checked=check_match_log(stack, match_id))


def test_a_player_and_three_celery_bots_play_a_whole_architects_game(game):
    row = game.checked["row"]
    assert row["status"] == "finished" and row["config"]["game"] == "architects"
    assert game.player.finished and game.watcher.finished
    assert game.player.view["scores"] == row["score_sheet"] == game.watcher.view["scores"]
    assert game.player.errors == [] and game.watcher.errors == []
    assert {r["seat"] for r in game.checked["log"] if r["by"] == "bot"} == {1, 2, 3}
    assert {r["by"] for r in game.checked["log"] if r["seat"] == 0} == {"player"}


def test_no_message_shows_a_central_card_a_deck_below_its_top_or_another_seat_s_secret(game):
    states, seed = game.checked["states"], game.checked["row"]["seed"]
    checked = 0
    for seat, client in ((0, game.player), (None, game.watcher)):
        for raw, message in zip(client.raw, client.messages):
            checked += assert_no_leak(raw, message, seat, states, seed)
    versions = {r["version"] for r in game.checked["log"]}  # the quick bots' moves share the player's versions
    assert checked > 2 * len(versions) * 0.9


def test_the_player_peeked_and_the_spectator_never_saw_the_peeked_card(game):
    kinds = [r["action"]["type"] for r in game.checked["log"] if r["seat"] == 0]
    assert "peek" in kinds or "look" in kinds
    shown_to_player = [m["view"] for m in game.player.messages if m.get("view") and m["view"].get("central_top")]
    assert not any(m.get("view") and ("central_top" in m["view"] or "looking" in m["view"])
                   for m in game.watcher.messages)
    if "peek" in kinds:
        assert shown_to_player


def test_the_leak_check_would_catch_the_central_top_sent_to_the_spectator(game):
    states, seed = game.checked["states"], game.checked["row"]["seed"]
    message = next(m for m in game.watcher.messages if m["type"] == "update" and m["view"]["central_size"])
    version = max(v for v in states if v <= message["version"])
    leaked = {**message, "view": {**message["view"], "central_top": states[version]["central"][0]}}
    with pytest.raises(AssertionError, match="to seat None shows"):
        assert_no_leak(json.dumps(leaked), leaked, None, states, seed)
