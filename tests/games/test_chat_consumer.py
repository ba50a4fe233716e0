"""The table chat over the game socket: `chat` in, `chat` out to every connection of the match,
refusals answered to the sender only (marked `"for": "chat"`), and the recent lines in the
snapshot a reconnecting page gets."""
import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches

from games.models import ChatMessage
from tests.factories import start_table
from tests.games.test_consumers import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("db_thread_closed")]


@pytest.fixture(autouse=True)
def fresh_counters():
    caches["shared"].clear()
    yield
    caches["shared"].clear()


async def table_with_watcher(make_user):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest])
    sockets = [await connect(user, match.pk) for user in (host, guest, AnonymousUser())]
    for socket in sockets:
        assert (await socket.receive_json_from())["type"] == "snapshot"
    return match, sockets


async def test_a_players_line_reaches_both_players_and_the_spectator(make_user):
    match, (host, guest, watcher) = await table_with_watcher(make_user)
    await guest.send_json_to({"type": "chat", "text": "  <b>well</b> played\n"})
    for socket in (host, guest, watcher):
        line = await socket.receive_json_from()
        assert {key: line[key] for key in ("type", "seat", "name", "text")} == {
            "type": "chat", "seat": 1, "name": "guest", "text": "<b>well</b> played"}
        assert set(line) == {"type", "seat", "name", "text", "at"}
    for socket in (host, guest, watcher):
        assert await socket.receive_nothing()
        await socket.disconnect()


async def test_a_spectators_line_is_refused_to_the_spectator_alone(make_user):
    match, (host, guest, watcher) = await table_with_watcher(make_user)
    await watcher.send_json_to({"type": "chat", "text": "let me in"})
    assert await watcher.receive_json_from() == {"type": "error", "code": "not_seated", "facts": {}, "for": "chat"}
    assert await host.receive_nothing() and await guest.receive_nothing()
    assert not await database_sync_to_async(ChatMessage.objects.exists)()
    for socket in (host, guest, watcher):
        await socket.disconnect()


async def test_too_long_and_too_many_lines_are_answered_with_their_codes(make_user, settings):
    settings.CHAT_RATE_LIMIT = 2
    match, (host, guest, watcher) = await table_with_watcher(make_user)
    await host.send_json_to({"type": "chat", "text": "a" * 201})
    refused = await host.receive_json_from()
    assert (refused["code"], refused["facts"]["limit"], refused["for"]) == ("chat_too_long", 200, "chat")
    for text in ("one", "two"):
        await host.send_json_to({"type": "chat", "text": text})
        assert (await host.receive_json_from())["text"] == text
    await host.send_json_to({"type": "chat", "text": "three"})
    refused = await host.receive_json_from()
    assert (refused["code"], refused["for"]) == ("chat_rate_limited", "chat")
    for socket in (host, guest, watcher):
        await socket.disconnect()


async def test_a_chat_without_a_text_string_is_a_bad_message(make_user):
    match, (host, guest, watcher) = await table_with_watcher(make_user)
    await host.send_to(text_data=json.dumps({"type": "chat", "text": ["hi"]}))
    refused = await host.receive_json_from()
    assert (refused["code"], refused["facts"]) == ("bad_message", {"field": "text"})
    for socket in (host, guest, watcher):
        await socket.disconnect()


async def test_a_page_that_connects_again_gets_the_lines_said_before(make_user):
    match, (host, guest, watcher) = await table_with_watcher(make_user)
    for socket, text in ((host, "gl"), (guest, "hf")):
        await socket.send_json_to({"type": "chat", "text": text})
        for listener in (host, guest, watcher):
            await listener.receive_json_from()
    await watcher.disconnect()
    again = await connect(AnonymousUser(), match.pk)
    snap = await again.receive_json_from()
    assert [(line["seat"], line["name"], line["text"]) for line in snap["chat"]] == [(0, "host", "gl"), (1, "guest", "hf")]
    await again.send_json_to({"type": "resync"})
    assert [line["text"] for line in (await again.receive_json_from())["chat"]] == ["gl", "hf"]
    for socket in (host, guest, again):
        await socket.disconnect()
