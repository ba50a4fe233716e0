import asyncio
import json
import time

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import engine, services
from games.models import Match, MatchAction
from games.routing import websocket_urlpatterns
from games.services import broadcast, senders
from tests.factories import start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("db_thread_closed")]


@pytest_asyncio.fixture(autouse=True)
async def sends_as_in_daphne(monkeypatch):
    """The services' sends are handed to the test's loop, as daphne's are to its own; whatever the
    site application installs on its first call (wonders_site/asgi.py) is undone after the test."""
    monkeypatch.setattr(broadcast, "sender", senders.ServerLoopSender(asyncio.get_running_loop()))


def app_as(user):
    """The WebSocket routes with the user already authenticated (the session is tested below)."""
    inner = URLRouter(websocket_urlpatterns)

    async def app(scope, receive, send):
        return await inner(dict(scope, user=user), receive, send)

    return app


async def connect(user, match_id):
    communicator = WebsocketCommunicator(app_as(user), f"/ws/games/{match_id}/")
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def receive_until(communicator, kind, timeout=3):
    """Messages up to and including the first of type `kind`."""
    seen = []
    while True:
        message = await communicator.receive_json_from(timeout=timeout)
        seen.append(message)
        if message["type"] == kind:
            return seen


def first_legal(match_id, seat):
    match = Match.objects.get(pk=match_id)
    return engine.legal_actions(match.state, seat)[0], match.step


async def test_a_seated_player_gets_a_snapshot_with_its_own_view_and_legal_actions(make_user):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    communicator = await connect(host, match.pk)
    snap = await communicator.receive_json_from()
    assert snap["type"] == "snapshot"
    assert snap["you"] == 0
    assert snap["version"] == match.version
    assert snap["view"]["seat"] == 0 and len(snap["view"]["hand"]) == 7
    assert snap["legal"] and all(a.get("card") in snap["view"]["hand"] for a in snap["legal"])
    assert snap["match"]["invite_code"] == match.invite_code
    await communicator.disconnect()


async def test_a_spectator_gets_the_public_view_without_any_hand_or_legal_actions(make_user):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    for user in (AnonymousUser(), await database_sync_to_async(make_user)("watcher")):
        communicator = await connect(user, match.pk)
        snap = await communicator.receive_json_from()
        assert snap["you"] is None
        assert "hand" not in snap["view"] and snap["legal"] == []
        assert "invite_code" not in snap["match"]
        await communicator.disconnect()


async def test_an_action_is_acknowledged_and_every_connection_gets_the_next_version(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest])
    player = await connect(host, match.pk)
    other = await connect(guest, match.pk)
    watcher = await connect(AnonymousUser(), match.pk)
    for c in (player, other, watcher):
        assert (await c.receive_json_from())["version"] == match.version
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    await player.send_json_to({"type": "act", "client_id": "a1", "step": step, "action": action})
    got = await receive_until(player, "ack")
    ack = got[-1]
    assert ack == {"type": "ack", "client_id": "a1", "version": match.version + 1, "duplicate": False}
    for c, seat in ((other, 1), (watcher, None)):
        update = await c.receive_json_from()
        assert update["type"] == "update" and update["version"] == match.version + 1
        assert update["you"] == seat
        assert update["events"] == [{"type": "chosen", "seat": 0}]
        assert update["view"]["players"][0]["chosen"] is True
        assert ("hand" in update["view"]) is (seat is not None)
    for c in (player, other, watcher):
        await c.disconnect()


async def test_with_live_timings_on_the_ack_and_update_carry_the_servers_stage_times(make_user, settings):
    settings.LIVE_TIMINGS = True
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest])
    player = await connect(host, match.pk)
    other = await connect(guest, match.pk)
    for c in (player, other):
        await c.receive_json_from()
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    before = time.time()
    await player.send_json_to({"type": "act", "client_id": "t1", "step": step, "action": action})
    ack = (await receive_until(player, "ack"))[-1]
    update = await other.receive_json_from()
    received, began, answered = (ack["timings"][k] for k in ("received", "began", "answered"))
    assert before <= received <= began <= update["timings"]["committed"] <= answered <= time.time()
    for c in (player, other):
        await c.disconnect()


async def test_a_resubmitted_client_id_is_answered_and_not_applied_twice(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest])
    player = await connect(host, match.pk)
    await player.receive_json_from()
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    message = {"type": "act", "client_id": "same", "step": step, "action": action}
    await player.send_json_to(message)
    first = (await receive_until(player, "ack"))[-1]
    await player.send_json_to(message)
    again = (await receive_until(player, "ack"))[-1]
    assert again == {**first, "duplicate": True}
    count = await database_sync_to_async(MatchAction.objects.filter(match_id=match.pk, client_id="same").count)()
    assert count == 1
    await player.disconnect()


async def test_bad_messages_get_an_error_code_and_the_connection_goes_on(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest])
    player = await connect(host, match.pk)
    await player.receive_json_from()
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    cases = [
        ("{not json", "not_json"),
        (json.dumps({"type": "shout"}), "unknown_type"),
        (json.dumps({"type": "act", "step": step, "action": action}), "bad_message"),
        (json.dumps({"type": "act", "client_id": "x", "step": step, "action": action, "pad": "x" * 17000}),
         "too_large"),
        (json.dumps({"type": "act", "client_id": "x1", "step": step, "action": action, "seat": 1}),
         "not_your_seat"),
        (json.dumps({"type": "act", "client_id": "x2", "step": step - 1, "action": action}), "stale_step"),
        (json.dumps({"type": "act", "client_id": "x3", "step": step, "action": {"type": "build", "card": "nope"}}),
         "unknown_card"),
    ]
    for text, code in cases:
        await player.send_to(text_data=text)
        error = await player.receive_json_from()
        assert error["type"] == "error" and error["code"] == code, (text[:60], error)
    await player.send_to(bytes_data=b"\x00\x01")
    assert (await player.receive_json_from())["code"] == "not_json"
    await player.send_json_to({"type": "act", "client_id": "ok", "step": step, "action": action})
    assert (await receive_until(player, "ack"))[-1]["client_id"] == "ok"
    await player.disconnect()


async def test_a_flood_beyond_the_rate_limit_is_refused_and_the_connection_goes_on(make_user, settings):
    settings.WS_RATE_LIMIT = 5
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    player = await connect(host, match.pk)
    await player.receive_json_from()
    for _ in range(5):
        await player.send_json_to({"type": "ping"})
        assert (await player.receive_json_from())["type"] == "pong"
    await player.send_json_to({"type": "ping"})
    error = await player.receive_json_from()
    assert error["code"] == "rate_limited" and error["facts"] == {"limit": 5, "window": 10, "per": "connection"}
    assert await player.receive_nothing()
    await player.disconnect()


async def test_a_move_of_a_spectator_is_refused_as_not_seated(make_user):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    watcher = await connect(AnonymousUser(), match.pk)
    await watcher.receive_json_from()
    await watcher.send_json_to({"type": "act", "client_id": "w", "step": 1, "action": {"type": "discard"}})
    error = await watcher.receive_json_from()
    assert error == {"type": "error", "code": "not_seated", "facts": {}, "client_id": "w"}
    await watcher.disconnect()


async def test_an_unknown_match_is_refused_and_closed(make_user):
    user = await database_sync_to_async(make_user)("someone")
    communicator = WebsocketCommunicator(app_as(user), "/ws/games/999999/")
    await communicator.connect()
    assert (await communicator.receive_json_from())["code"] == "no_such_match"
    assert (await communicator.receive_output())["type"] == "websocket.close"


async def test_a_player_who_comes_back_gets_the_same_game_and_can_go_on(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest])
    first = await connect(host, match.pk)
    before = await first.receive_json_from()
    await first.disconnect()
    again = await connect(host, match.pk)
    after = await again.receive_json_from()
    assert after == before
    await again.send_json_to({"type": "resync"})
    assert await again.receive_json_from() == before
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    await again.send_json_to({"type": "act", "client_id": "back", "step": step, "action": action})
    assert (await receive_until(again, "ack"))[-1]["duplicate"] is False
    await again.disconnect()


async def test_a_watcher_who_joins_the_table_is_switched_to_the_seat(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(services.do_create_match)(host, players=3, bots=["", "", "easy"])
    communicator = await connect(guest, match.pk)
    snap = await communicator.receive_json_from()
    assert snap["status"] == "open" and snap["you"] is None and snap["view"] is None
    await database_sync_to_async(services.do_join)(match.pk, guest)
    snap = await communicator.receive_json_from()
    assert snap["you"] == 1 and snap["seats"][1]["name"] == "guest"
    await database_sync_to_async(services.do_start)(match.pk, host)
    snap = await communicator.receive_json_from()
    assert snap["status"] == "running" and len(snap["view"]["hand"]) == 7
    await communicator.disconnect()


async def test_the_lobby_lists_open_tables_and_updates_them_live(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    communicator = WebsocketCommunicator(app_as(AnonymousUser()), "/ws/lobby/")
    assert (await communicator.connect())[0]
    assert await communicator.receive_json_from() == {"type": "tables", "open": [], "open_total": 0, "running": []}
    match = await database_sync_to_async(services.do_create_match)(host, players=3, bots=["", "", "medium"])
    tables = await communicator.receive_json_from(timeout=3)
    assert [t["id"] for t in tables["open"]] == [match.pk] and tables["open"][0]["filled"] == 2
    await database_sync_to_async(services.do_join)(match.pk, guest)
    tables = await communicator.receive_json_from(timeout=3)
    assert tables["open"][0]["filled"] == 3
    await database_sync_to_async(services.do_start)(match.pk, host)
    tables = await communicator.receive_json_from(timeout=3)
    assert tables["open"] == [] and [t["id"] for t in tables["running"]] == [match.pk]
    await communicator.send_json_to({"type": "act"})
    assert (await communicator.receive_json_from())["code"] == "unknown_type"
    await communicator.disconnect()


def session_cookie(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def test_the_site_application_knows_the_player_by_the_session_and_refuses_a_foreign_origin(make_user):
    from wonders_site.asgi import application

    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    cookie = await database_sync_to_async(session_cookie)(host)
    path = f"/ws/games/{match.pk}/"
    own = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)])
    assert (await own.connect())[0]
    assert (await own.receive_json_from())["you"] == 0
    await own.disconnect()
    foreign = WebsocketCommunicator(application, path, headers=[(b"origin", b"https://evil.example"), (b"cookie", cookie)])
    connected, _ = await foreign.connect()
    assert not connected
    anonymous = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://testserver")])
    assert (await anonymous.connect())[0]
    assert (await anonymous.receive_json_from())["you"] is None
    await anonymous.disconnect()


@pytest.mark.parametrize("path", ["/ws/games/-1/", "/ws/games/abc/", "/ws/nope/", "/ws/"])
async def test_a_path_the_site_does_not_serve_gets_a_coded_error_and_is_closed(path):
    communicator = WebsocketCommunicator(app_as(AnonymousUser()), path)
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["code"] == "no_such_path"
    closed = await communicator.receive_output()
    assert closed == {"type": "websocket.close", "code": 4404}


async def test_hostile_payloads_get_error_codes_and_the_connection_goes_on(make_user):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    player = await connect(host, match.pk)
    await player.receive_json_from()
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    deep = "[" * 7000 + "]" * 7000
    nested_action = {"type": "build", "card": "x"}
    for _ in range(12):
        nested_action = {"pay": nested_action}
    cases = [
        (deep, "not_json"),
        (json.dumps({"type": "act", "client_id": "x", "step": step, "action": nested_action}), "bad_message"),
        (json.dumps({"type": "act", "client_id": "trailing\n", "step": step, "action": action}), "bad_message"),
    ]
    for text, code in cases:
        await player.send_to(text_data=text)
        error = await player.receive_json_from()
        assert error["type"] == "error" and error["code"] == code, (text[:40], error)
    await player.send_json_to({"type": "act", "client_id": "fine", "step": step, "action": action})
    assert (await receive_until(player, "ack"))[-1]["client_id"] == "fine"
    await player.disconnect()


def log_out_everywhere(user):
    from django.contrib.sessions.models import Session

    Session.objects.all().delete()


def change_password(user):
    user.set_password("another-long-password-9")
    user.save()


@pytest.mark.parametrize("end_the_login", [log_out_everywhere, change_password], ids=["logout", "password"])
async def test_a_socket_stops_playing_once_its_login_has_ended(make_user, end_the_login):
    from wonders_site.asgi import application

    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    cookie = await database_sync_to_async(session_cookie)(host)
    socket = WebsocketCommunicator(application, f"/ws/games/{match.pk}/",
                                   headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)])
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from())["you"] == 0
    await database_sync_to_async(end_the_login)(host)
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    await socket.send_json_to({"type": "act", "client_id": "late", "step": step, "action": action})
    error = await socket.receive_json_from()
    assert error["code"] == "session_ended" and error["client_id"] == "late"
    assert (await socket.receive_output())["type"] == "websocket.close"
    assert not await database_sync_to_async(MatchAction.objects.filter(client_id="late").exists)()


async def test_a_socket_whose_login_is_still_good_plays_through_the_session_check(make_user):
    from wonders_site.asgi import application

    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=3)
    cookie = await database_sync_to_async(session_cookie)(host)
    socket = WebsocketCommunicator(application, f"/ws/games/{match.pk}/",
                                   headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)])
    assert (await socket.connect())[0]
    await socket.receive_json_from()
    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    await socket.send_json_to({"type": "act", "client_id": "on-time", "step": step, "action": action})
    assert (await receive_until(socket, "ack"))[-1]["client_id"] == "on-time"
    await socket.disconnect()


async def test_a_socket_that_lost_its_subscription_joins_again_and_gets_what_it_missed(make_user, settings):
    settings.WS_RESUBSCRIBE_SECONDS = 1.0
    host, guest = await database_sync_to_async(make_user)("host"), await database_sync_to_async(make_user)("guest")
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest])
    watcher = await connect(AnonymousUser(), match.pk)
    first = await watcher.receive_json_from()
    layer = get_channel_layer()
    # The channel layer forgets every group (as a flushed Redis does).
    layer.groups.clear()

    action, step = await database_sync_to_async(first_legal)(match.pk, 0)
    await database_sync_to_async(services.do_submit)(match.pk, host, action, step=step)
    snapshot = await watcher.receive_json_from(timeout=3)

    assert snapshot["type"] == "snapshot" and snapshot["version"] > first["version"]
    assert layer.groups.get(services.spectators_group(match.pk))
    await watcher.disconnect()


async def test_a_concede_message_gives_the_seat_to_a_bot_and_the_player_then_watches(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest], bots=["", "", "medium"])
    player = await connect(host, match.pk)
    other = await connect(guest, match.pk)
    for c in (player, other):
        await c.receive_json_from()
    await player.send_json_to({"type": "concede"})
    got = await receive_until(player, "conceded")
    assert got[-1] == {"type": "conceded", "seat": 0}
    snap = (await receive_until(player, "snapshot"))[-1]
    assert snap["you"] is None and snap["left_seat"] == 0 and snap["seats"][0]["taken_over"]
    seen = await receive_until(other, "snapshot")
    assert seen[-1]["you"] == 1 and seen[-1]["seats"][0]["bot"] == "medium"
    await player.send_json_to({"type": "concede"})
    assert (await receive_until(player, "error"))[-1]["code"] == "seat_taken_over"
    for c in (player, other):
        await c.disconnect()
