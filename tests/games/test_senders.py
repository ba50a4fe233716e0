"""A process reaches the channel layer through one sender, installed when it starts
(games/services/senders.py): daphne hands its sends to its event loop and goes on, in order per
match; a Celery worker sends through one long-lived loop; anything else waits for a loop of its own."""
import ast
import asyncio
import inspect
import logging

import pytest
from channels.layers import get_channel_layer

from games import db_threads, tasks
from games.services import broadcast, senders


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


@pytest.fixture
def server_sender(monkeypatch):
    """The sender daphne installs, for the running test's loop."""
    def install(loop, **kwargs):
        sender = senders.ServerLoopSender(loop, **kwargs)
        monkeypatch.setattr(broadcast, "sender", sender)
        return sender

    return install


@pytest.fixture
def worker_sender(monkeypatch):
    """What a Celery worker process installs when it starts."""
    monkeypatch.setattr(broadcast, "sender", broadcast.sender)
    tasks.install_worker_sender()
    yield broadcast.sender
    broadcast.sender.stop()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("db_thread_closed")
async def test_a_database_thread_goes_on_while_its_broadcast_waits_for_the_channel_layer(monkeypatch, server_sender):
    server_sender(asyncio.get_running_loop())
    layer = HeldLayer(held={"match.1.seat.0"})
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)

    def a_move_that_broadcasts():
        broadcast.send_many([("match.1.seat.0", {"n": 1}), ("match.1.spectators", {"n": 1})])
        return "answered"

    assert await asyncio.wait_for(db_threads.db_call(a_move_that_broadcasts)(), 5) == "answered"
    await settle()
    assert layer.sent == []  # still held, and the thread did not wait for it
    layer.go.set()
    await settle()
    assert layer.sent == [("match.1.seat.0", 1), ("match.1.spectators", 1)]


@pytest.mark.asyncio
async def test_one_match_s_sends_keep_their_order_while_another_match_s_go_alongside():
    sender = senders.ServerLoopSender(asyncio.get_running_loop())
    layer = HeldLayer(held={"match.1"})
    for group, n in (("match.1", 1), ("match.1.seat.0", 2), ("match.2", 1)):
        await asyncio.to_thread(sender.send, layer, [(group, {"n": n})])
    await settle()
    assert layer.sent == [("match.2", 1)]
    layer.go.set()
    await settle()
    assert layer.sent == [("match.2", 1), ("match.1", 1), ("match.1.seat.0", 2)]


@pytest.mark.asyncio
async def test_a_failed_send_is_logged_and_the_next_one_still_leaves(caplog):
    sender = senders.ServerLoopSender(asyncio.get_running_loop())
    layer = HeldLayer()
    with caplog.at_level(logging.ERROR, logger="games.services"):
        sender.send(layer, [("match.7", {"n": 1, "fail": True})])
        sender.send(layer, [("match.7", {"n": 2})])
        await settle()
    assert layer.sent == [("match.7", 2)]
    assert "a channel-layer send to match.7 failed" in caplog.text


@pytest.mark.asyncio
async def test_sends_beyond_the_waiting_limit_are_dropped_with_a_warning(caplog):
    sender = senders.ServerLoopSender(asyncio.get_running_loop(), max_waiting=2)
    layer = HeldLayer(held={"match.3"})
    with caplog.at_level(logging.WARNING, logger="games.services"):
        for n in (1, 2, 3):
            sender.send(layer, [("match.3", {"n": n})])
        await settle()
        layer.go.set()
        await settle()
    assert layer.sent == [("match.3", 1), ("match.3", 2)]
    assert "dropped" in caplog.text


@pytest.mark.asyncio
async def test_a_server_sender_keeps_nothing_once_its_sends_have_left():
    sender = senders.ServerLoopSender(asyncio.get_running_loop())
    layer = HeldLayer()
    for n in range(3):
        sender.send(layer, [(f"match.{n}", {"n": n})])
    await settle()
    assert len(layer.sent) == 3
    assert sender.queues == {} and sender.waiting == 0


def test_a_send_in_a_process_that_installed_no_sender_is_made_before_the_call_returns(monkeypatch):
    sent = []

    class Layer:
        async def group_send(self, group, message):
            sent.append(group)

    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: Layer())
    assert isinstance(broadcast.sender, senders.WaitingSender)
    broadcast.send_many([("match.5", {"type": "x"})])
    assert sent == ["match.5"]


def test_a_worker_process_installs_its_long_lived_loop_sender_when_it_starts(worker_sender):
    assert isinstance(worker_sender, senders.WorkerLoopSender)
    assert worker_sender.loop.is_running()


def test_broadcasts_of_a_worker_all_run_on_its_one_loop(worker_sender, monkeypatch):
    layer = get_channel_layer()
    loops = []

    async def recording_group_send(group, message):
        loops.append(asyncio.get_running_loop())

    monkeypatch.setattr(layer, "group_send", recording_group_send)
    broadcast.send_many([("match.1", {"type": "x"})])
    broadcast.send_many([("match.2", {"type": "x"}), ("match.3", {"type": "x"})])
    assert len(loops) == 3 and len(set(map(id, loops))) == 1
    assert loops[0] is worker_sender.loop


def test_without_the_worker_loop_each_broadcast_runs_on_a_loop_of_its_own(monkeypatch):
    layer = get_channel_layer()
    loops = []

    async def recording_group_send(group, message):
        loops.append(asyncio.get_running_loop())

    monkeypatch.setattr(layer, "group_send", recording_group_send)
    broadcast.send_many([("match.1", {"type": "x"})])
    broadcast.send_many([("match.2", {"type": "x"})])
    assert len(loops) == 2 and loops[0] is not loops[1]


def test_a_failing_send_on_the_worker_loop_raises_to_the_caller(worker_sender, monkeypatch):
    layer = get_channel_layer()

    async def failing_group_send(group, message):
        raise ConnectionError("redis down")

    monkeypatch.setattr(layer, "group_send", failing_group_send)
    with pytest.raises(ConnectionError):
        broadcast.send_many([("match.1", {"type": "x"})])


def test_the_site_application_installs_the_server_sender_on_its_first_call_and_never_again(monkeypatch):
    monkeypatch.setattr(broadcast, "sender", broadcast.sender)
    calls = []

    async def site(scope, receive, send):
        calls.append(scope["type"])

    application = broadcast.sending_through_the_server_loop(site)

    async def serve_twice():
        await application({"type": "http"}, None, None)
        first = broadcast.sender
        await application({"type": "websocket"}, None, None)
        return asyncio.get_running_loop(), first

    loop, first = asyncio.run(serve_twice())
    assert calls == ["http", "websocket"]
    assert isinstance(first, senders.ServerLoopSender) and first.loop is loop
    assert broadcast.sender is first, "the second call chose nothing"


def test_sending_reads_no_thread_local_to_choose_how_to_send():
    for module in (broadcast, senders, db_threads):
        tree = ast.parse(inspect.getsource(module))
        names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert "local" not in names, f"{module.__name__} picks its way to send per thread"
