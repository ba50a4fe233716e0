"""The "Suggest" hint over the game socket: `suggest` in, `suggestion` to the asking connection
only (searched in a hint process, games/hint_runner.py), refusals marked `"for": "suggest"`,
the per-player rate, and nothing played."""
import pytest
from channels.db import database_sync_to_async
from django.core.cache import caches

from games import hint_runner
from games.models import Match
from tests.factories import start_table
from tests.games.test_consumers import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.usefixtures("db_thread_closed")]


@pytest.fixture(autouse=True)
def fresh_counters_and_processes(settings):
    settings.HINT_SECONDS = 0.2
    caches["shared"].clear()
    yield
    caches["shared"].clear()
    hint_runner.shutdown()


async def table(make_user, rated):
    host, guest = [await database_sync_to_async(make_user)(n) for n in ("host", "guest")]
    match = await database_sync_to_async(start_table)(host, players=3, others=[guest], rated=rated)
    sockets = [await connect(user, match.pk) for user in (host, guest)]
    snapshots = [await socket.receive_json_from() for socket in sockets]
    return match, sockets, snapshots


async def test_a_suggestion_is_one_of_the_seats_legal_actions_and_reaches_the_asking_socket_alone(make_user):
    match, (host, guest), (snap, _) = await table(make_user, rated=False)
    assert snap["match"]["rated"] is False
    await host.send_json_to({"type": "suggest"})
    answer = await host.receive_json_from(timeout=20)
    assert answer["type"] == "suggestion"
    assert answer["action"] in snap["legal"]
    assert answer["step"] == snap["step"]
    assert answer["reason"]["kind"] == answer["action"]["type"]
    assert await guest.receive_nothing()
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == snap["version"]
    for socket in (host, guest):
        await socket.disconnect()


async def test_a_rated_table_answers_with_the_coded_refusal(make_user):
    match, (host, guest), (snap, _) = await table(make_user, rated=True)
    assert snap["match"]["rated"] is True
    await host.send_json_to({"type": "suggest"})
    assert await host.receive_json_from() == {"type": "error", "code": "hint_refused_rated",
                                              "facts": {"match": match.pk}, "for": "suggest"}
    for socket in (host, guest):
        await socket.disconnect()


async def test_asking_past_the_rate_is_refused_with_its_code(make_user, settings):
    settings.HINT_RATE_LIMIT = 1
    # A window far longer than the test: the count starts again at each window's edge, which a slow
    # first answer could cross.
    settings.HINT_RATE_WINDOW_SECONDS = 10 ** 7
    match, (host, guest), _ = await table(make_user, rated=False)
    await host.send_json_to({"type": "suggest"})
    assert (await host.receive_json_from(timeout=20))["type"] == "suggestion"
    await host.send_json_to({"type": "suggest"})
    # as long as the first answer may take: a loaded CI (PostgreSQL, two test processes) took over 5 s
    refused = await host.receive_json_from(timeout=20)
    while refused["type"] != "error":  # the table's own messages (a bot's update) may come between
        refused = await host.receive_json_from(timeout=20)
    assert (refused["type"], refused["code"], refused["for"]) == ("error", "hint_rate_limited", "suggest")
    assert refused["facts"] == {"limit": 1, "window": settings.HINT_RATE_WINDOW_SECONDS}
    for socket in (host, guest):
        await socket.disconnect()


async def test_more_hints_than_the_processes_can_queue_are_refused_as_busy(make_user, monkeypatch):
    monkeypatch.setattr(hint_runner, "_waiting", 3)
    match, (host, guest), _ = await table(make_user, rated=False)
    await host.send_json_to({"type": "suggest"})
    refused = await host.receive_json_from(timeout=5)
    assert (refused["code"], refused["for"]) == ("hint_busy", "suggest")
    for socket in (host, guest):
        await socket.disconnect()
