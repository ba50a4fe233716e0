"""Floods from sockets without a seat (issue 29, item 4): the spectators' snapshot shared per
version, new sockets per address per minute, the unseated sockets' resync budget and lane
(games/flood.py, games/services/spectators.py, games/db_threads.py)."""
import asyncio
import json
import threading

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import db_threads, engine, flood, services
from games.models import Match
from games.routing import websocket_urlpatterns
from games.services import broadcast, senders, spectators
from tests.factories import start_table
from tests.leak_check import check_message

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("db_thread_closed")]


@pytest_asyncio.fixture(autouse=True)
async def sends_as_in_daphne(monkeypatch):
    monkeypatch.setattr(broadcast, "sender", senders.ServerLoopSender(asyncio.get_running_loop()))


@pytest.fixture(autouse=True)
def empty_cache():
    spectators.forget_all()
    yield
    spectators.forget_all()


@pytest.fixture
def builds(monkeypatch):
    """How many spectators' snapshot bodies were built."""
    count = [0]
    real = spectators.snapshot_without_chat

    def counted(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(spectators, "snapshot_without_chat", counted)
    return count


def app_as(user, address):
    inner = URLRouter(websocket_urlpatterns)

    async def app(scope, receive, send):
        return await inner(dict(scope, user=user, client=(address, 50000)), receive, send)

    return app


async def open_socket(user, path, address="10.7.0.1"):
    communicator = WebsocketCommunicator(app_as(user, address), path)
    connected, _ = await communicator.connect()
    assert connected
    return communicator, await communicator.receive_json_from()


async def close_all(communicators):
    for communicator in communicators:
        await communicator.disconnect()


def play_first_legal(match_id, user, seat=0):
    match = Match.objects.get(pk=match_id)
    action = engine.legal_actions(match.state, seat)[0]
    return services.do_submit(match_id, user, action, client_id=f"m{match.version}", step=match.step)


async def test_many_spectators_at_one_version_cost_one_build(make_user, builds):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    path = f"/ws/games/{match.pk}/"
    watchers = [await open_socket(AnonymousUser(), path, address=f"10.7.1.{n}") for n in range(6)]
    signed_in = await open_socket(await database_sync_to_async(make_user)("watcher"), path, address="10.7.1.9")

    snapshots = [snap for _, snap in watchers + [signed_in]]
    assert all(s["type"] == "snapshot" and s["you"] is None and s["version"] == match.version for s in snapshots)
    assert builds[0] == 1, "seven spectators at one version: one build"
    await close_all([c for c, _ in watchers + [signed_in]])


async def test_the_shared_snapshot_shows_no_hidden_card(make_user):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=4)
    shared = await database_sync_to_async(spectators.spectator_snapshot)(match.pk, AnonymousUser())
    message = json.loads(shared.text)
    state = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).state

    assert check_message(message, None, {match.version: state}) == 1, "the message carries a view, checked"
    assert message["legal"] == [] and "hand" not in message["view"] and "invite_code" not in message["match"]


async def test_a_new_version_gives_a_fresh_snapshot(make_user, builds):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    first = await database_sync_to_async(spectators.spectator_snapshot)(match.pk)
    await database_sync_to_async(play_first_legal)(match.pk, host)

    second = await database_sync_to_async(spectators.spectator_snapshot)(match.pk)
    again = await database_sync_to_async(spectators.spectator_snapshot)(match.pk)

    assert second.version > first.version
    assert json.loads(second.text)["version"] == second.version
    assert builds[0] == 2 and again.text == second.text


async def test_a_chat_line_said_after_the_build_is_in_the_next_snapshot(make_user, builds):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    before = await database_sync_to_async(spectators.spectator_snapshot)(match.pk)
    await database_sync_to_async(services.do_send_chat)(match.pk, host, "good luck")

    after = await database_sync_to_async(spectators.spectator_snapshot)(match.pk)

    assert json.loads(before.text)["chat"] == []
    assert [line["text"] for line in json.loads(after.text)["chat"]] == ["good luck"]
    assert after.version == before.version and builds[0] == 1, "the version did not move: the body is reused"


async def test_a_seated_player_never_gets_the_shared_snapshot(make_user):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    await database_sync_to_async(spectators.spectator_snapshot)(match.pk)  # a spectator's is cached

    assert await database_sync_to_async(spectators.spectator_snapshot)(match.pk, host) == spectators.NOT_SPECTATOR
    player, snap = await open_socket(host, f"/ws/games/{match.pk}/")
    assert snap["you"] == 0 and len(snap["view"]["hand"]) == 7 and snap["legal"]
    await player.disconnect()


async def test_one_address_may_open_only_so_many_sockets_a_minute(settings, db, monkeypatch):
    settings.WS_NEW_SOCKETS_PER_IP_MINUTE = 3
    monkeypatch.setattr(flood, "clock", lambda: 6_000_030.0)  # one minute's window
    opened = []
    for _ in range(3):
        communicator, first = await open_socket(AnonymousUser(), "/ws/lobby/", address="10.7.2.1")
        assert first["type"] == "tables"
        await communicator.disconnect()  # closed again: the cap counts sockets opened, not held
        opened.append(first)

    refused, error = await open_socket(AnonymousUser(), "/ws/lobby/", address="10.7.2.1")
    elsewhere, other = await open_socket(AnonymousUser(), "/ws/lobby/", address="10.7.2.2")

    assert error["code"] == "too_many_connections" and error["facts"] == {"limit": 3, "window": 60}
    assert (await refused.receive_output())["code"] == 4429
    assert other["type"] == "tables"
    await elsewhere.disconnect()


async def test_a_spectators_resync_flood_is_answered_within_its_budget(make_user, settings, monkeypatch):
    settings.SPECTATOR_RESYNC_SECONDS = 0.3
    monkeypatch.setattr(flood, "clock", lambda: 7_000_005.0)
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    watcher, _ = await open_socket(AnonymousUser(), f"/ws/games/{match.pk}/")
    for _ in range(4):
        await watcher.send_json_to({"type": "resync"})
    answers = [await watcher.receive_json_from(), await watcher.receive_json_from()]
    unanswered = await watcher.receive_nothing(timeout=0.2)
    await asyncio.sleep(0.2)
    await watcher.send_json_to({"type": "resync"})
    later = await watcher.receive_json_from()

    assert answers[0]["type"] == "snapshot"
    assert answers[1]["code"] == "rate_limited" and answers[1]["for"] == "resync"
    assert answers[1]["facts"] == {"limit": 1, "window": 0.3, "per": "connection"}
    assert unanswered, "the rest of the flood is dropped without an answer (one refusal told per window)"
    assert later["type"] == "snapshot", "after its gap the socket is answered again"
    await watcher.disconnect()


async def test_one_addresss_spectators_share_a_resync_budget(make_user, settings, monkeypatch):
    settings.SPECTATOR_RESYNC_SECONDS = 0
    settings.SPECTATOR_RESYNCS_PER_IP = 3
    monkeypatch.setattr(flood, "clock", lambda: 8_000_005.0)
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    sockets = [await open_socket(AnonymousUser(), f"/ws/games/{match.pk}/", address="10.7.3.1") for _ in range(2)]
    lobby, _ = await open_socket(AnonymousUser(), "/ws/lobby/", address="10.7.3.1")
    answers = []
    for communicator in [c for c, _ in sockets] + [lobby, sockets[0][0]]:
        await communicator.send_json_to({"type": "resync"})
        answers.append(await communicator.receive_json_from())
    await sockets[0][0].send_json_to({"type": "resync"})

    assert [a["type"] for a in answers] == ["snapshot", "snapshot", "tables", "error"]
    assert answers[3]["code"] == "rate_limited" and answers[3]["facts"]["per"] == "address"
    assert await sockets[0][0].receive_nothing(timeout=0.2), "told once: the next refusal is silent"
    await close_all([c for c, _ in sockets] + [lobby])


async def test_a_seated_player_hears_every_refusal(make_user, settings):
    settings.WS_RATE_LIMIT = 2
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    player, _ = await open_socket(host, f"/ws/games/{match.pk}/")
    answers = []
    for _ in range(4):
        await player.send_json_to({"type": "ping"})
        answers.append(await player.receive_json_from())
    assert [a.get("code", a["type"]) for a in answers] == ["pong", "pong", "rate_limited", "rate_limited"]
    await player.disconnect()


async def test_a_seated_players_resyncs_are_not_budgeted(make_user, settings):
    settings.SPECTATOR_RESYNC_SECONDS = 60
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    player, _ = await open_socket(host, f"/ws/games/{match.pk}/")
    kinds = []
    for _ in range(3):
        await player.send_json_to({"type": "resync"})
        kinds.append((await player.receive_json_from())["type"])
    assert kinds == ["snapshot"] * 3
    await player.disconnect()


async def test_a_signed_out_move_is_refused_without_waiting_for_the_match(make_user, monkeypatch):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    watcher, _ = await open_socket(AnonymousUser(), f"/ws/games/{match.pk}/")

    def never(*args, **kwargs):
        raise AssertionError("a signed-out move reached the write path")

    monkeypatch.setattr(services, "do_submit", never)
    await watcher.send_json_to({"type": "act", "client_id": "x1", "step": 0, "action": {"type": "discard"}})
    answer = await watcher.receive_json_from()
    assert answer["code"] == "not_seated" and answer["client_id"] == "x1"
    await watcher.disconnect()


async def test_seated_moves_are_acknowledged_while_spectators_flood(make_user, settings, builds):
    settings.SPECTATOR_RESYNC_SECONDS = 0
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    path = f"/ws/games/{match.pk}/"
    watchers = [await open_socket(AnonymousUser(), path, address=f"10.7.4.{n}") for n in range(8)]
    player, snap = await open_socket(host, path)

    async def flood_resyncs(communicator):
        for _ in range(5):
            await communicator.send_json_to({"type": "resync"})
    await asyncio.gather(*(flood_resyncs(c) for c, _ in watchers))
    await player.send_json_to({"type": "act", "client_id": "c1", "step": snap["step"], "action": snap["legal"][0]})
    seen = []
    while not any(m["type"] == "ack" for m in seen):
        seen.append(await player.receive_json_from(timeout=5))

    assert next(m for m in seen if m["type"] == "ack")["client_id"] == "c1"
    versions = await database_sync_to_async(lambda: Match.objects.get(pk=match.pk).version)()
    assert builds[0] <= versions - match.version + 1, "40 resyncs, at most one build per version"
    await close_all([c for c, _ in watchers] + [player])


async def test_unseated_work_runs_beside_a_busy_database_pool(settings, monkeypatch):
    settings.DB_CALLS_SHARE_A_THREAD = False
    settings.DB_THREADS = 1
    monkeypatch.setattr(db_threads, "_pool", None)
    monkeypatch.setattr(db_threads, "_unseated_pool", None)
    release = threading.Event()
    busy = asyncio.ensure_future(db_threads.db_call(release.wait)(5))
    await asyncio.sleep(0.05)  # the pool's one thread is taken, as by a long move
    try:
        name = await asyncio.wait_for(db_threads.unseated_call(lambda: threading.current_thread().name)(), 2)
    finally:
        release.set()
        await busy
        for pool in (db_threads._pool, db_threads._unseated_pool):
            pool.shutdown()
    assert name.startswith("db-unseated")


async def test_a_full_unseated_lane_refuses_more_resyncs(settings, monkeypatch):
    settings.UNSEATED_QUEUE = 1
    monkeypatch.setattr(flood, "_waiting", 1)  # one resync waits in the lane already
    with pytest.raises(flood.LaneFull):
        await flood.run_unseated(lambda: None)


async def test_a_sockets_message_does_not_wait_for_the_process_sync_thread(db):
    from asgiref.sync import sync_to_async

    lobby, _ = await open_socket(AnonymousUser(), "/ws/lobby/", address="10.7.5.1")
    release = threading.Event()
    blocked = asyncio.ensure_future(sync_to_async(release.wait, thread_sensitive=True)(5))
    await asyncio.sleep(0.05)  # the one thread of sync_to_async is busy (a flood's messages queued there)
    try:
        await lobby.send_json_to({"type": "ping"})
        answer = await lobby.receive_json_from(timeout=1)
    finally:
        release.set()
        await blocked
    assert answer == {"type": "pong"}
    await lobby.disconnect()


async def test_an_update_reaches_the_seats_before_the_spectators(monkeypatch):
    groups = []
    monkeypatch.setattr(broadcast, "send_many", lambda pairs: groups.extend(group for group, _ in pairs))
    payloads = {broadcast.spectators_group(5): {}, broadcast.seat_group(5, 0): {}, broadcast.seat_group(5, 2): {}}

    broadcast.broadcast_update(5, payloads)

    assert groups[-1] == broadcast.spectators_group(5) and len(groups) == 3
