"""The WebSocket handshake of the real server (daphne, the Redis channel layer): the origin check,
the session cookie deciding the role, a missing match."""
import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.integration.live_stack import LiveClient

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]


def test_a_handshake_from_another_origin_is_refused_with_403(live_stack):
    async def attempt():
        with pytest.raises(InvalidStatus) as refused:
            await connect(live_stack.ws_url("/ws/lobby/"), origin="http://evil.example", open_timeout=10)
        return refused.value.response.status_code

    assert asyncio.run(attempt()) == 403


def test_the_session_cookie_of_a_login_seats_the_player_and_no_cookie_means_a_spectator(live_stack):
    live_stack.signup("dora_live")
    http = live_stack.login("dora_live")
    match_id = live_stack.create_table(http, players=3, bots=["medium", "medium"])

    async def run():
        player = LiveClient(live_stack, match_id, http.cookies["sessionid"], name="dora")
        stranger = LiveClient(live_stack, match_id, None, name="stranger")
        forged = LiveClient(live_stack, match_id, "not-a-session", name="forged")
        roles = [(await c.connect())["you"] for c in (player, stranger, forged)]
        await asyncio.to_thread(live_stack.start_table, http, match_id)
        await stranger.play(until=lambda c: c.status == "running", timeout=30)
        await stranger.send({"type": "act", "client_id": "x1", "step": stranger.step,
                             "action": {"type": "discard", "card": "loom"}})
        error = await stranger.play(until=lambda c: c.errors, timeout=30)
        for client in (player, stranger, forged):
            await client.close()
        return roles, error.errors

    roles, errors = asyncio.run(asyncio.wait_for(run(), 90))
    assert roles == [0, None, None]
    assert [(e["code"], e.get("client_id")) for e in errors] == [("not_seated", "x1")]


def test_a_connection_to_a_match_that_does_not_exist_is_closed_with_4404(live_stack):
    async def run():
        ws = await connect(live_stack.ws_url("/ws/games/999999/"), origin=live_stack.origin, open_timeout=10)
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        return first, ws.close_code

    first, code = asyncio.run(run())
    assert first["type"] == "error" and first["code"] == "no_such_match"
    assert code == 4404


def test_an_idle_socket_stays_open_for_a_minute_over_the_redis_channel_layer(live_stack):
    async def run():
        ws = await connect(live_stack.ws_url("/ws/lobby/"), origin=live_stack.origin, open_timeout=10)
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        with pytest.raises(asyncio.TimeoutError):  # nothing to say for 60 s; the socket must not close
            await asyncio.wait_for(ws.recv(), 60)
        await ws.send(json.dumps({"type": "ping"}))
        answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
        await ws.close()
        return first, answer

    first, answer = asyncio.run(run())
    assert first["type"] == "tables" and answer == {"type": "pong"}
