"""The lobby's live list is read where it is shown, once per process for all its lobby sockets
(games/lobby_feed.py), not by every writer after every table change."""
import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import consumers, lobby_feed, services
from games.services import snapshots
from tests.games.test_consumers import app_as


class Viewer:
    def __init__(self):
        self.got = []

    async def send_json(self, message):
        self.got.append(message)


class SlowTables:
    """A lobby list that stays in its read until let go, and counts its reads."""

    def __init__(self):
        self.reads = 0
        self.go = asyncio.Event()
        self.state = "first"

    async def __call__(self):
        self.reads += 1
        seen = self.state
        await self.go.wait()
        return {"open": [], "open_total": 0, "running": [], "seen": seen}


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_changes_before_the_read_starts_are_all_seen_by_one_read_for_every_socket():
    tables = SlowTables()
    feed = lobby_feed.LobbyFeed(tables, window=0.05)
    viewers = [Viewer(), Viewer(), Viewer()]
    for viewer in viewers:
        feed.add(viewer)
    for _ in range(5):  # one change heard by five sockets, or five changes at once
        feed.changed()
    tables.go.set()
    await feed.refresh
    assert tables.reads == 1
    assert [len(v.got) for v in viewers] == [1, 1, 1] and viewers[0].got[0]["type"] == "tables"


@pytest.mark.asyncio
async def test_a_change_during_a_read_gets_one_more_read_after_the_window_and_the_last_list_is_sent():
    tables = SlowTables()
    feed = lobby_feed.LobbyFeed(tables, window=0.05)
    viewer = Viewer()
    feed.add(viewer)
    feed.changed()
    await settle()
    assert tables.reads == 1  # the first change of a quiet time is read at once
    tables.state = "after"
    for _ in range(4):
        feed.changed()
    task = feed.refresh
    tables.go.set()
    await task
    assert tables.reads == 2
    assert [m["seen"] for m in viewer.got] == ["first", "after"]
    assert feed.refresh is None


@pytest.mark.asyncio
async def test_a_process_without_lobby_sockets_reads_nothing():
    tables = SlowTables()
    feed = lobby_feed.LobbyFeed(tables, window=0.05)
    feed.changed()
    await settle()
    assert feed.refresh is None and tables.reads == 0


@pytest.mark.asyncio
async def test_a_socket_that_fails_as_it_is_sent_to_does_not_keep_the_others_from_the_list():
    class Gone(Viewer):
        async def send_json(self, message):
            raise RuntimeError("the client has gone")

    tables = SlowTables()
    tables.go.set()
    feed = lobby_feed.LobbyFeed(tables, window=0.05)
    stays = Viewer()
    feed.add(Gone())
    feed.add(stays)
    feed.changed()
    await feed.refresh
    assert len(stays.got) == 1


@pytest.mark.django_db(transaction=True)
def test_a_table_change_sends_the_lobby_a_bare_change_and_the_writer_reads_no_list(make_user, sent, monkeypatch):
    def must_not_read():
        raise AssertionError("the writer read the lobby's tables")

    monkeypatch.setattr(snapshots, "lobby_tables", must_not_read)
    monkeypatch.setattr(services, "lobby_tables", must_not_read)
    host = make_user("host")
    match = services.do_create_match(host, players=3, bots=["", "medium", "medium"])
    services.do_start(match.pk, host)
    lobby = [message for group, message in sent if group == services.LOBBY_GROUP]
    assert lobby and all(message == {"type": "lobby.changed"} for message in lobby)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("db_thread_closed")
async def test_a_burst_of_new_tables_reaches_every_lobby_socket_with_far_fewer_reads_than_changes(
        make_user, settings, monkeypatch):
    settings.LOBBY_REFRESH_SECONDS = 2
    reads = []
    real = services.lobby_tables

    def counted():
        reads.append(1)
        return real()

    monkeypatch.setattr(consumers.services, "lobby_tables", counted)
    hosts = [await database_sync_to_async(make_user)(f"host{n}") for n in range(6)]
    sockets = [WebsocketCommunicator(app_as(AnonymousUser()), "/ws/lobby/") for _ in range(2)]
    for socket in sockets:
        assert (await socket.connect())[0]
        assert (await socket.receive_json_from(timeout=3))["open"] == []
    reads.clear()

    def create_all():
        return [services.do_create_match(host, players=3, bots=["", "medium", "medium"]).pk for host in hosts]

    made = await database_sync_to_async(create_all)()
    for socket in sockets:
        tables = await socket.receive_json_from(timeout=5)
        while tables["open_total"] < len(made):
            tables = await socket.receive_json_from(timeout=5)
        assert sorted(t["id"] for t in tables["open"]) == sorted(made)
        await socket.disconnect()
    assert 1 <= len(reads) <= 2  # six changes, heard by two sockets: the writers read six lists before the feed
