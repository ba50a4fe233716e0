"""wonders_site/channel_layer.py over the real Redis: what a process buffers for a channel that has
gone is dropped once expired; what waits for a socket still there is kept."""
import asyncio
import os

import pytest
import pytest_asyncio

from wonders_site import channel_layer

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]


@pytest_asyncio.fixture
async def layer(monkeypatch):
    monkeypatch.setattr(channel_layer, "SWEEP_SECONDS", 0)
    layer = channel_layer.RedisChannelLayer(hosts=[os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")],
                                            prefix=f"wonders-test-layer-{os.getpid()}", expiry=1)
    yield layer
    await layer.flush()


async def buffered(layer, channel, timeout=5):
    end = asyncio.get_running_loop().time() + timeout
    while channel not in layer.receive_buffer:
        assert asyncio.get_running_loop().time() < end, f"nothing buffered for {channel}"
        await asyncio.sleep(0.01)


async def test_a_message_for_a_socket_that_has_gone_is_dropped_once_it_has_expired(layer):
    live, gone = await layer.new_channel(), await layer.new_channel()
    waiting = asyncio.ensure_future(layer.receive(live))
    # Sent to the closed socket's channel (as a group send racing its close): the live socket's
    # receive reads it from the process's list and buffers it for a channel nobody reads.
    await layer.send(gone, {"type": "game.update", "payload": "x" * 1000})
    await buffered(layer, gone)
    await asyncio.sleep(1.2)  # older than the layer's expiry

    await layer.send(live, {"type": "game.update"})
    assert (await asyncio.wait_for(waiting, 5))["type"] == "game.update"

    assert gone not in layer.receive_buffer


async def test_a_message_waiting_for_a_busy_socket_is_kept_until_it_expires(layer):
    live, busy = await layer.new_channel(), await layer.new_channel()
    waiting = asyncio.ensure_future(layer.receive(live))
    await layer.send(busy, {"type": "game.update", "n": 1})  # busy in a handler: not receiving now
    await buffered(layer, busy)

    await layer.send(live, {"type": "game.update"})
    await asyncio.wait_for(waiting, 5)

    assert (await asyncio.wait_for(layer.receive(busy), 5))["n"] == 1
