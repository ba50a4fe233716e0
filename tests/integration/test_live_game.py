"""A whole game over the real stack: daphne, the Redis channel layer, a Celery worker playing the
bots, PostgreSQL. One player is a scripted WebSocket client logged in over HTTP (a real session
cookie, the site's Origin); a spectator watches; three bots play through Celery. The game is
played once for the module; the tests read what it left: the messages, the acks, the action log.
"""
import asyncio
import json
from types import SimpleNamespace

import pytest

from tests.integration.live_stack import LiveClient, assert_no_leak, check_match_log

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

PLAYERS = 4


@pytest.fixture(scope="module")
def game(live_stack_session):
    stack = live_stack_session
    stack.ensure_running()
    stack.signup("ana_live")
    http = stack.login("ana_live")
    match_id = stack.create_table(http, players=PLAYERS, bots=["medium", "easy", "medium"])

    async def run():
        player = LiveClient(stack, match_id, http.cookies["sessionid"], name="ana", seed=11)
        watcher = LiveClient(stack, match_id, None, name="watcher")
        await player.connect()
        await watcher.connect()
        before = SimpleNamespace(player_you=player.you, player_status=player.status, watcher_you=watcher.you)
        await asyncio.to_thread(stack.start_table, http, match_id)
        await asyncio.gather(player.play(timeout=240), watcher.play(timeout=240))
        await player.close()
        await watcher.close()
        return player, watcher, before

    player, watcher, before = asyncio.run(asyncio.wait_for(run(), 300))
    return SimpleNamespace(stack=stack, match_id=match_id, player=player, watcher=watcher, before=before,
                           checked=check_match_log(stack, match_id))


def test_the_logged_in_player_sits_at_seat_0_and_an_anonymous_connection_watches(game):
    assert game.before.player_status == "open"
    assert game.before.player_you == 0
    assert game.before.watcher_you is None


def test_a_player_and_three_celery_bots_play_a_whole_game_to_the_final_scores(game):
    row = game.checked["row"]
    assert row["status"] == "finished"
    assert game.player.finished and game.watcher.finished
    assert game.player.view["scores"] == row["score_sheet"]
    assert game.watcher.view["scores"] == row["score_sheet"]
    assert len(row["score_sheet"]) == PLAYERS
    assert game.player.errors == [] and game.watcher.errors == []
    bots = {r["seat"] for r in game.checked["log"] if r["by"] == "bot"}
    assert bots == {1, 2, 3}
    assert {r["by"] for r in game.checked["log"] if r["seat"] == 0} == {"player"}


def test_the_log_is_contiguous_replays_to_the_snapshot_and_has_one_move_per_seat_per_step(game):
    # check_match_log asserted it while reading the log back; here: 3 ages of 6 turns, all seats
    turns = [key for key in game.checked["steps"] if key[0] == "play"]
    assert len(turns) == 18
    assert all(sorted(game.checked["steps"][key]) == [(seat, None) for seat in range(PLAYERS)] for key in turns)


def test_every_acknowledged_move_of_the_player_is_in_the_log_once(game):
    logged = [r["client_id"] for r in game.checked["log"] if r["seat"] == 0]
    assert sorted(logged) == sorted(game.player.acks)
    assert len(set(logged)) == len(logged)
    sent = [m["client_id"] for m in game.player.sent]
    assert list(dict.fromkeys(sent)) == logged  # every move sent is logged once, in order
    # A move resent after a resync (the protocol allows it) is answered, never applied again.
    assert len(game.player.duplicates) <= len(sent) - len(set(sent))


def test_both_clients_end_at_the_match_s_last_version(game):
    # Updates of consecutive versions may cross (two processes commit, then send): a client that
    # sees a gap resyncs, as docs/protocol.md says; either way it ends at the last version.
    assert game.watcher.version == game.player.version == game.checked["row"]["version"]
    assert game.player.status == game.watcher.status == "finished"


def test_no_message_to_the_player_or_the_spectator_shows_a_hidden_card_the_decks_or_the_seed(game):
    states, seed = game.checked["states"], game.checked["row"]["seed"]
    checked = 0
    for seat, client in ((0, game.player), (None, game.watcher)):
        assert len(client.raw) == len(client.messages)
        for raw, message in zip(client.raw, client.messages):
            checked += assert_no_leak(raw, message, seat, states, seed)
    assert checked >= 2 * 18  # at least an update per turn to each socket (bots of a step share one)


def test_the_leak_check_would_catch_the_player_s_hand_sent_to_the_spectator(game):
    states, seed = game.checked["states"], game.checked["row"]["seed"]
    message = next(m for m in game.player.messages if m["type"] == "update" and m["view"]["hand"])
    with pytest.raises(AssertionError, match="to seat None shows"):
        assert_no_leak(json.dumps(message), message, None, states, seed)
