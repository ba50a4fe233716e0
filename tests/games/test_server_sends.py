"""A server's database threads hand their channel-layer sends to the event loop and go on; the
loop sends one match's messages in order, different matches' side by side
(games/services/server_sends.py)."""
import asyncio
import logging

import pytest

from games import consumers
from games.services import broadcast, server_sends


class HeldLayer:
    """A channel layer that records sends, and holds those to the groups in `held` until let go."""

    def __init__(self, held=()):
        self.sent = []
        self.held = set(held)
        self.go = asyncio.Event()

    async def group_send(self, group, message):
        if group in self.held:
            await self.go.wait()
        if message.get("fail"):
            raise ConnectionError("the channel layer is down")
        self.sent.append((group, message["n"]))


async def settle():
    for _ in range(10):
        await asyncio.sleep(0)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("db_thread_closed")
async def test_a_database_thread_goes_on_while_its_broadcast_waits_for_the_channel_layer(monkeypatch):
    layer = HeldLayer(held={"match.1.seat.0"})
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)

    def a_move_that_broadcasts():
        broadcast.send_many([("match.1.seat.0", {"n": 1}), ("match.1.spectators", {"n": 1})])
        return "answered"

    assert await asyncio.wait_for(consumers.db_call(a_move_that_broadcasts)(), 5) == "answered"
    await settle()
    assert layer.sent == []  # still held, and the thread did not wait for it
    layer.go.set()
    await settle()
    assert layer.sent == [("match.1.seat.0", 1), ("match.1.spectators", 1)]


@pytest.mark.asyncio
async def test_one_match_s_sends_keep_their_order_while_another_match_s_go_alongside():
    loop = asyncio.get_running_loop()
    layer = HeldLayer(held={"match.1"})

    def send(group, n):
        async def run():
            await layer.group_send(group, {"n": n})
        return run

    for key, group, n in (("match.1", "match.1", 1), ("match.1", "match.1.seat.0", 2), ("match.2", "match.2", 1)):
        await asyncio.to_thread(server_sends.send_later, loop, key, send(group, n))
    await settle()
    assert layer.sent == [("match.2", 1)]
    layer.go.set()
    await settle()
    assert layer.sent == [("match.2", 1), ("match.1", 1), ("match.1.seat.0", 2)]


@pytest.mark.asyncio
async def test_a_failed_send_is_logged_and_the_next_one_still_leaves(caplog):
    loop = asyncio.get_running_loop()
    layer = HeldLayer()

    def send(n, fail=False):
        async def run():
            await layer.group_send("match.7", {"n": n, "fail": fail})
        return run

    with caplog.at_level(logging.ERROR, logger="games.services"):
        server_sends.send_later(loop, "match.7", send(1, fail=True))
        server_sends.send_later(loop, "match.7", send(2))
        await settle()
    assert layer.sent == [("match.7", 2)]
    assert "a channel-layer send to match.7 failed" in caplog.text


@pytest.mark.asyncio
async def test_sends_beyond_the_waiting_limit_are_dropped_with_a_warning(monkeypatch, caplog):
    monkeypatch.setattr(server_sends, "MAX_WAITING", 2)
    loop = asyncio.get_running_loop()
    layer = HeldLayer(held={"match.3"})

    def send(n):
        async def run():
            await layer.group_send("match.3", {"n": n})
        return run

    with caplog.at_level(logging.WARNING, logger="games.services"):
        for n in (1, 2, 3):
            server_sends.send_later(loop, "match.3", send(n))
        await settle()
        layer.go.set()
        await settle()
    assert layer.sent == [("match.3", 1), ("match.3", 2)]
    assert "dropped" in caplog.text


def test_a_send_from_a_thread_that_is_no_server_s_database_thread_is_made_before_the_call_returns(monkeypatch):
    sent = []

    class Layer:
        async def group_send(self, group, message):
            sent.append(group)

    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: Layer())
    broadcast.send_many([("match.5", {"type": "x"})])
    assert sent == ["match.5"] and server_sends.loop_of_this_thread() is None


def test_a_loop_s_sender_goes_with_its_loop():
    import gc

    async def hand_over_one():
        async def send():
            pass

        server_sends.send_later(asyncio.get_running_loop(), "match.9", send)
        await settle()

    before = len(server_sends._senders)
    for _ in range(3):
        asyncio.run(hand_over_one())
    gc.collect()
    assert len(server_sends._senders) == before
