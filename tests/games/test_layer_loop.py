"""A Celery worker process sends its broadcasts through one long-lived event loop, so the channel
layer keeps its connections instead of opening one per broadcast."""
import asyncio

import pytest
from channels.layers import get_channel_layer

from games import tasks
from games.services import broadcast, layer_loop


@pytest.fixture
def worker_loop():
    tasks.start_channel_layer_loop()
    yield
    layer_loop.stop()


def test_a_worker_process_starts_its_sending_loop_when_it_starts(worker_loop):
    assert layer_loop.running()


def test_broadcasts_of_a_worker_all_run_on_its_one_loop(worker_loop, monkeypatch):
    layer = get_channel_layer()
    loops = []

    async def recording_group_send(group, message):
        loops.append(asyncio.get_running_loop())

    monkeypatch.setattr(layer, "group_send", recording_group_send)
    broadcast.send_many([("match.1", {"type": "x"})])
    broadcast.send_many([("match.2", {"type": "x"}), ("match.3", {"type": "x"})])
    assert len(loops) == 3 and len(set(map(id, loops))) == 1
    assert loops[0] is layer_loop._loop


def test_without_the_worker_loop_each_broadcast_runs_on_a_loop_of_its_own(monkeypatch):
    layer = get_channel_layer()
    loops = []

    async def recording_group_send(group, message):
        loops.append(asyncio.get_running_loop())

    monkeypatch.setattr(layer, "group_send", recording_group_send)
    assert not layer_loop.running()
    broadcast.send_many([("match.1", {"type": "x"})])
    assert len(loops) == 1 and loops[0] is not layer_loop._loop


def test_a_failing_send_on_the_worker_loop_raises_to_the_caller(worker_loop, monkeypatch):
    layer = get_channel_layer()

    async def failing_group_send(group, message):
        raise ConnectionError("redis down")

    monkeypatch.setattr(layer, "group_send", failing_group_send)
    with pytest.raises(ConnectionError):
        broadcast.send_many([("match.1", {"type": "x"})])
