"""A game socket that ends without its disconnect (a failed send, a cancelled application) still
leaves its groups, stops its keeper and gives its slots back (games/consumers.py, _Base.release)."""
import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.urls import path

from games import services, socket_limits
from games.consumers import GameConsumer
from tests.factories import start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("db_thread_closed")]


class ClientGone(Exception):
    """What daphne raises when the application sends to a client that has just closed."""


async def open_recorded_socket(user, match_id):
    """A game socket whose consumer the test can reach."""
    consumers = []

    class Recorded(GameConsumer):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            consumers.append(self)

    inner = URLRouter([path("ws/games/<int:match_id>/", Recorded.as_asgi())])

    async def app(scope, receive, send):
        return await inner(dict(scope, user=user, client=("10.9.0.1", 50000)), receive, send)

    communicator = WebsocketCommunicator(app, f"/ws/games/{match_id}/")
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["type"] == "snapshot"
    return communicator, consumers[0]


def members(layer, channel):
    return {group for group, channels in layer.groups.items() if channel in channels}


async def open_sockets(name):
    return await database_sync_to_async(socket_limits._cache().get)(f"ws:open:{name}", 0)


async def test_a_socket_whose_update_finds_the_client_gone_leaves_its_groups_and_its_keeper_stops(make_user, settings):
    settings.WS_RESUBSCRIBE_SECONDS = 0.1
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    communicator, consumer = await open_recorded_socket(AnonymousUser(), match.pk)
    layer = get_channel_layer()
    assert members(layer, consumer.channel_name) == {services.match_group(match.pk),
                                                     services.spectators_group(match.pk)}
    assert await open_sockets("ip:10.9.0.1") == 1

    async def client_gone(message):
        raise ClientGone("Attempt to send on a closed protocol")

    consumer.base_send = client_gone
    await layer.group_send(services.match_group(match.pk), {"type": "game.update",
                                                           "payload": {"type": "update", "version": 99}})
    with pytest.raises(ClientGone):
        await communicator.wait(timeout=3)
    await asyncio.sleep(0.5)  # five turns of a keeper, had it survived

    assert consumer.keeper.done()
    assert members(layer, consumer.channel_name) == set()
    assert await open_sockets("ip:10.9.0.1") == 0


async def test_a_socket_cancelled_by_the_server_leaves_its_groups(make_user, settings):
    settings.WS_RESUBSCRIBE_SECONDS = 0.1
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    communicator, consumer = await open_recorded_socket(host, match.pk)
    layer = get_channel_layer()

    communicator.future.cancel()  # daphne cancels an application that outlives its close timeout
    with pytest.raises(asyncio.CancelledError):
        await communicator.future
    await asyncio.sleep(0.5)

    assert consumer.keeper.done()
    assert members(layer, consumer.channel_name) == set()
