"""The WebSocket handshake of the real server (daphne, the Redis channel layer): the origin check,
the session cookie deciding the role, a missing match; over each channel layer (CHANNEL_LAYER
lists and pubsub): an idle socket stays open, and hears its own Redis database only."""
import asyncio
import json
import subprocess

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.integration.live_stack import PYTHON, ROOT, LiveClient
from tests.integration.stack_database import with_db

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


def test_an_idle_socket_stays_open_for_a_minute_over_each_redis_channel_layer(live_stacks_of_every_layer):
    async def idle(stack):
        ws = await connect(stack.ws_url("/ws/lobby/"), origin=stack.origin, open_timeout=10)
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        with pytest.raises(asyncio.TimeoutError):  # nothing to say for 60 s; the socket must not close
            await asyncio.wait_for(ws.recv(), 60)
        await ws.send(json.dumps({"type": "ping"}))
        answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
        await ws.close()
        return first["type"], answer

    async def run():  # the layers' minutes side by side
        return await asyncio.gather(*(idle(stack) for stack in live_stacks_of_every_layer.values()))

    answers = asyncio.run(run())
    assert answers == [("tables", {"type": "pong"})] * len(live_stacks_of_every_layer)


def _send_to_the_match(stack, redis_db, match_id, sender):
    """What the site's processes do after a chat line (games.services.chat), from a process whose
    REDIS_URL names `redis_db` of the stack's Redis server."""
    script = ("from games.services import broadcast; broadcast.send(broadcast.match_group(%d), "
              "{'type': 'game.chat', 'payload': {'type': 'chat', 'sender': %r}})" % (match_id, sender))
    env = {**stack.env(), "REDIS_URL": with_db(stack.redis_url, str(redis_db))}
    subprocess.run([PYTHON, "manage.py", "shell", "-c", script], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=60)


def test_a_socket_hears_its_own_redis_database_s_groups_and_not_another_s_on_the_same_server(live_stack_per_layer):
    stack = live_stack_per_layer
    another_db = 15  # no live stack's (5 + the xdist worker's number, that plus 8 for a second layer)
    assert stack.redis_db != another_db
    host = f"hears_own_db_{stack.redis_db}"
    stack.signup(host)
    match_id = stack.create_table(stack.login(host), players=3, bots=["medium", "medium"])

    async def run():
        ws = await connect(stack.ws_url(f"/ws/games/{match_id}/"), origin=stack.origin, open_timeout=10)
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        # One after the other: were the first one heard, it would arrive before the second.
        await asyncio.to_thread(_send_to_the_match, stack, another_db, match_id, "another database")
        await asyncio.to_thread(_send_to_the_match, stack, stack.redis_db, match_id, "its own database")
        senders = []
        while "its own database" not in senders:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if "sender" in message:
                senders.append(message["sender"])
        await ws.close()
        return first, senders

    first, senders = asyncio.run(run())
    assert first["type"] == "snapshot"
    assert senders == ["its own database"]
