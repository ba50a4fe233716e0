"""Limits that hold across one player's (or one address's) sockets, and spectators per match."""
import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import socket_limits
from games.routing import websocket_urlpatterns
from tests.factories import start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("db_thread_closed")]


def app_as(user, address):
    inner = URLRouter(websocket_urlpatterns)

    async def app(scope, receive, send):
        return await inner(dict(scope, user=user, client=(address, 50000)), receive, send)

    return app


async def open_socket(user, path, address="10.3.0.1"):
    communicator = WebsocketCommunicator(app_as(user, address), path)
    connected, _ = await communicator.connect()
    assert connected
    return communicator, await communicator.receive_json_from()


async def test_one_player_cannot_open_more_sockets_than_the_limit(make_user, settings):
    settings.WS_SOCKETS_PER_USER = 2
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    held = [await open_socket(host, f"/ws/games/{match.pk}/", address=f"10.3.0.{n}") for n in (1, 2)]

    extra, first = await open_socket(host, "/ws/lobby/", address="10.3.0.3")

    assert first["type"] == "error" and first["code"] == "too_many_sockets"
    assert (await extra.receive_output())["code"] == 4429
    for communicator, _snapshot in held:
        await communicator.disconnect()


async def test_a_closed_socket_gives_its_place_back(make_user, settings):
    settings.WS_SOCKETS_PER_USER = 1
    host = await database_sync_to_async(make_user)("host")
    first, _ = await open_socket(host, "/ws/lobby/")
    await first.disconnect()

    second, message = await open_socket(host, "/ws/lobby/")

    assert message["type"] == "tables"
    await second.disconnect()


async def test_one_address_cannot_open_more_sockets_than_the_limit(settings, db):
    settings.WS_SOCKETS_PER_IP = 3
    held = [await open_socket(AnonymousUser(), "/ws/lobby/") for _ in range(3)]

    _extra, first = await open_socket(AnonymousUser(), "/ws/lobby/")
    _elsewhere, other = await open_socket(AnonymousUser(), "/ws/lobby/", address="10.3.9.9")

    assert first["code"] == "too_many_sockets"
    assert other["type"] == "tables"
    for communicator, _ in held:
        await communicator.disconnect()


async def test_a_match_takes_only_so_many_spectators_but_always_its_players(make_user, settings):
    settings.WS_SPECTATORS_PER_MATCH = 2
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    path = f"/ws/games/{match.pk}/"
    watchers = [await open_socket(AnonymousUser(), path, address=f"10.4.0.{n}") for n in (1, 2)]

    _late, refused = await open_socket(AnonymousUser(), path, address="10.4.0.3")
    player, snapshot = await open_socket(host, path)

    assert refused["code"] == "too_many_spectators" and refused["facts"] == {"limit": 2}
    assert snapshot["type"] == "snapshot" and snapshot["you"] == 0
    for communicator, _ in [*watchers, (player, None)]:
        await communicator.disconnect()


async def test_messages_are_limited_across_all_the_sockets_of_one_player(make_user, settings, monkeypatch):
    settings.WS_SHARED_RATE_LIMIT = 4
    monkeypatch.setattr(socket_limits, "clock", lambda: 1_000_005.0)  # all in one window
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    sockets = [await open_socket(host, f"/ws/games/{match.pk}/") for _ in range(3)]
    answers = []
    for communicator, _ in sockets * 2:  # six pings over three sockets, each well under its own limit
        await communicator.send_json_to({"type": "ping"})
        answers.append(await communicator.receive_json_from())

    assert [a["type"] for a in answers[:4]] == ["pong"] * 4
    assert [a.get("code") for a in answers[4:]] == ["rate_limited"] * 2
    assert answers[4]["facts"] == {"limit": 4, "window": 10, "per": "player"}
    for communicator, _ in sockets:
        await communicator.disconnect()


async def test_the_rate_counter_does_not_wait_behind_the_thread_that_database_calls_share():
    import asyncio
    import threading

    from asgiref.sync import sync_to_async

    release = threading.Event()
    blocked = asyncio.ensure_future(sync_to_async(release.wait, thread_sensitive=True)(5))
    await asyncio.sleep(0.05)  # the shared thread is now busy, like a long move being recorded
    try:
        allowed = await asyncio.wait_for(socket_limits.message_allowed({"client": ("10.9.9.9", 1)}), 2)
    finally:
        release.set()
        await blocked
    assert allowed is True
