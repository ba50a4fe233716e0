"""Floods over a real daphne (issue 29, item 4): the limits count the socket's real peer address
(daphne runs without --proxy-headers here, so an X-Forwarded-For header changes nothing), and an
unseated socket's resync flood is answered within its budget."""
import asyncio
import json
import time

import pytest

from tests.integration.live_stack import LiveStack

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def stack():
    live = LiveStack(embedded=True, name="flood", env={
        "WS_NEW_SOCKETS_PER_IP_MINUTE": "4", "SPECTATOR_RESYNC_SECONDS": "2", "SPECTATOR_RESYNCS_PER_IP": "10"})
    live.start()
    try:
        yield live
    finally:
        live.stop()


async def first_message(stack, address, forwarded_for=None):
    from websockets.asyncio.client import connect

    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    ws = await connect(stack.ws_url("/ws/lobby/"), origin=stack.origin, additional_headers=headers,
                       local_addr=(address, 0), open_timeout=15)
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 15))


def test_new_sockets_are_counted_by_the_peer_address_not_a_header(stack):
    if time.time() % 60 > 40:  # the count's window is the minute: all of this inside one
        time.sleep(61 - time.time() % 60)

    async def scenario():
        firsts = []
        for n in range(4):
            ws, message = await first_message(stack, "127.0.0.7", forwarded_for=f"10.9.0.{n}")
            firsts.append(message["type"])
            await ws.close()
        refused_ws, refused = await first_message(stack, "127.0.0.7", forwarded_for="10.9.0.99")
        await refused_ws.wait_closed()
        other_ws, other = await first_message(stack, "127.0.0.8")
        await other_ws.close()
        return firsts, refused, refused_ws.close_code, other

    firsts, refused, close_code, other = asyncio.run(scenario())

    assert firsts == ["tables"] * 4
    assert refused["code"] == "too_many_connections" and refused["facts"] == {"limit": 4, "window": 60}
    assert close_code == 4429
    assert other["type"] == "tables", "another address is counted apart"


def test_a_lobby_sockets_resync_flood_gets_one_answer_and_one_refusal(stack):
    async def scenario():
        ws, _ = await first_message(stack, "127.0.0.9")
        for _ in range(10):
            await ws.send(json.dumps({"type": "resync"}))
        heard = []
        try:
            while True:
                heard.append(json.loads(await asyncio.wait_for(ws.recv(), 1.5)))
        except asyncio.TimeoutError:
            pass
        await ws.close()
        return heard

    heard = asyncio.run(scenario())

    assert [m["type"] for m in heard] == ["tables", "error"]
    assert heard[1]["code"] == "rate_limited" and heard[1]["for"] == "resync"
    assert heard[1]["facts"]["per"] == "connection"
