"""/ws/me/ (games/consumers_me.py) and the presence of an open table (games/presence.py)."""
import asyncio

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import engine, presence, services
from games.models import Match
from games.routing import websocket_urlpatterns
from games.services import broadcast, senders
from tests.factories import start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("db_thread_closed")]


@pytest_asyncio.fixture(autouse=True)
async def sends_as_in_daphne(monkeypatch):
    monkeypatch.setattr(broadcast, "sender", senders.ServerLoopSender(asyncio.get_running_loop()))


@pytest.fixture(autouse=True)
def no_presence_left():
    from django.core.cache import caches
    caches["shared"].clear()


def app_as(user):
    inner = URLRouter(websocket_urlpatterns)

    async def app(scope, receive, send):
        return await inner(dict(scope, user=user), receive, send)

    return app


def play_first_legal(match_id, user, seat):
    match = Match.objects.get(pk=match_id)
    services.do_submit(match_id, user, engine.legal_actions(match.state, seat)[0])


async def test_the_own_socket_counts_the_tables_waiting_and_follows_them(make_user):
    ann, bob = await database_sync_to_async(make_user)("ann"), await database_sync_to_async(make_user)("bob")
    match = await database_sync_to_async(start_table)(ann, players=3, others=[bob], pace="turn", turn_seconds=3600)
    me = WebsocketCommunicator(app_as(ann), "/ws/me/")
    assert (await me.connect())[0]
    first = await me.receive_json_from(timeout=3)
    assert first["type"] == "my_games" and first["waiting"] == 1 and first["tables"][0]["id"] == match.pk
    await database_sync_to_async(play_first_legal)(match.pk, ann, 0)
    assert (await me.receive_json_from(timeout=3))["waiting"] == 0
    await database_sync_to_async(play_first_legal)(match.pk, bob, 1)  # the turn ends: the next waits on Ann
    again = await me.receive_json_from(timeout=3)
    assert again["waiting"] == 1 and again["tables"][0]["step"] == match.step + 1
    await me.disconnect()


async def test_the_own_socket_refuses_a_signed_out_visitor_with_a_code():
    me = WebsocketCommunicator(app_as(AnonymousUser()), "/ws/me/")
    assert (await me.connect())[0]
    message = await me.receive_json_from(timeout=3)
    assert message["type"] == "error" and message["code"] == "login_required"
    assert (await me.receive_output(timeout=3))["code"] == 4401


async def test_a_seated_players_game_socket_counts_the_table_open_until_it_closes(make_user):
    ann = await database_sync_to_async(make_user)("ann")
    match = await database_sync_to_async(start_table)(ann, players=3, pace="turn", turn_seconds=3600)
    game = WebsocketCommunicator(app_as(ann), f"/ws/games/{match.pk}/")
    assert (await game.connect())[0]
    await game.receive_json_from(timeout=3)  # the snapshot
    assert await database_sync_to_async(presence.is_open)(match.pk, ann.pk)
    await game.disconnect()
    assert not await database_sync_to_async(presence.is_open)(match.pk, ann.pk)


async def test_a_spectators_socket_does_not_count_as_the_table_open(make_user):
    ann, eve = await database_sync_to_async(make_user)("ann"), await database_sync_to_async(make_user)("eve")
    match = await database_sync_to_async(start_table)(ann, players=3, pace="turn", turn_seconds=3600)
    game = WebsocketCommunicator(app_as(eve), f"/ws/games/{match.pk}/")
    assert (await game.connect())[0]
    await game.receive_json_from(timeout=3)
    assert not await database_sync_to_async(presence.is_open)(match.pk, eve.pk)
    await game.disconnect()
