"""Two daphne processes behind one Redis serve one match together (the production shape: N
daphne processes behind a proxy, docs/testing.md): a player on each sees the other's moves, and
so does a spectator on the second; every message passes the leak check."""
import asyncio
from types import SimpleNamespace

import pytest

from tests.integration.live_stack import LiveClient, assert_no_leak, check_match_log

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]


@pytest.fixture(scope="module")
def game(live_stack_session):
    stack = live_stack_session
    stack.ensure_running()
    second = stack.start_another_daphne()
    stack.signup("una_first")
    stack.signup("bea_second")
    host, guest = stack.login("una_first"), stack.login("bea_second")
    match_id = stack.create_table(host, players=3, bots=["", "medium"])
    stack.join_table(guest, match_id)

    async def run():
        first = LiveClient(stack, match_id, host.cookies["sessionid"], name="una", seed=3)
        other = LiveClient(second, match_id, guest.cookies["sessionid"], name="bea", seed=4)
        watcher = LiveClient(second, match_id, None, name="watcher")
        for client in (first, other, watcher):
            await client.connect()
        await asyncio.to_thread(stack.start_table, host, match_id)
        await asyncio.gather(first.play(timeout=240), other.play(timeout=240), watcher.play(timeout=240))
        for client in (first, other, watcher):
            await client.close()
        return first, other, watcher

    first, other, watcher = asyncio.run(asyncio.wait_for(run(), 300))
    return SimpleNamespace(stack=stack, second=second, first=first, other=other, watcher=watcher,
                           checked=check_match_log(stack, match_id))


def test_the_second_daphne_is_a_different_process_on_its_own_port(game):
    assert game.second.port != game.stack.port
    assert len([p for p in game.stack.processes() if p.name.startswith("daphne") and p.alive()]) >= 2


def test_players_on_two_processes_play_a_whole_game_together(game):
    row = game.checked["row"]
    assert row["status"] == "finished"
    assert game.first.you == 0 and game.other.you == 1 and game.watcher.you is None
    for client in (game.first, game.other, game.watcher):
        assert client.finished and client.errors == []
        assert client.view["scores"] == row["score_sheet"]
        assert client.version == row["version"]
    movers = {r["seat"]: r["by"] for r in game.checked["log"] if r["seat"] is not None}
    assert movers == {0: "player", 1: "player", 2: "bot"}


def test_each_player_heard_of_the_others_moves_through_the_other_process(game):
    # Every turn ends with both players' choices revealed: an update a player can only get from
    # the channel layer when the other one's move was accepted by the other daphne.
    for client in (game.first, game.other):
        updates = [m for m in client.messages if m["type"] == "update"]
        assert len(updates) >= 18
        assert any(e.get("type") == "chosen" and e.get("seat") == 1 - client.you
                   for m in updates for e in m.get("events", []))


def test_no_message_on_either_process_leaks_a_hidden_card(game):
    states, seed = game.checked["states"], game.checked["row"]["seed"]
    for seat, client in ((0, game.first), (1, game.other), (None, game.watcher)):
        for raw, message in zip(client.raw, client.messages):
            assert_no_leak(raw, message, seat, states, seed)
