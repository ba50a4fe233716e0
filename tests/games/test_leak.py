"""Nothing hidden leaves the server: over whole games, every message to a seat or a spectator is
checked against the state at its version for cards of other hands, face-down cards and the
decks (deck order included: the later ages' cards are all hidden until dealt)."""
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from games import engine, services
from games.models import Match
from tests.factories import start_table
from tests.games.test_consumers import connect
from tests.leak_check import check_message

pytestmark = pytest.mark.django_db(transaction=True)

def states_by_version(match):
    """The engine state after each version of the match (versions with log entries)."""
    rows = list(match.actions.order_by("index"))
    entries = [row.entry for row in rows]
    out = {}
    for k, row in enumerate(rows):
        if k + 1 == len(rows) or rows[k + 1].version != row.version:
            out[row.version] = engine.replay(match.config, entries[: k + 1])
    return out


def assert_no_leak(message, seat, states):
    return check_message(message, seat, states)


def seat_of_group(group):
    return None if group.endswith(".spectators") else int(group.rsplit(".", 1)[1])


@pytest.mark.parametrize("players, sides", [(3, "A"), (7, "B"), (5, "random")])
def test_no_message_of_a_whole_game_shows_another_hand_or_the_decks(make_user, sent, players, sides):
    users = [make_user(f"p{n}") for n in range(2)]
    bots = ["", ""] + ["medium", "easy"] * 3
    match = start_table(users[0], players=players, others=users[1:], bots=bots[:players], sides=sides, turn_seconds=60)
    snapshots = []
    while match.status == "running":
        for seat, user in enumerate(users):
            snapshots.append((seat, services.snapshot(match.pk, user)))
        snapshots.append((None, services.snapshot(match.pk, AnonymousUser())))
        if 0 in engine.to_act(match.state):
            services.do_submit(match.pk, users[0], engine.legal_actions(match.state, 0)[-1])
        else:  # seat 1 never plays: the deadline plays for it, then a bot takes the seat
            services.do_expire_deadline(match.pk, now=match.deadline + timedelta(seconds=1))
        match.refresh_from_db()
    assert match.seats.get(number=1).taken_over
    states = states_by_version(match)
    checked = 0
    for group, message in sent:
        if group.startswith("match.") and message["type"] == "game.update":
            checked += assert_no_leak(message["payload"], seat_of_group(group), states)
    for seat, snap in snapshots:
        checked += assert_no_leak(snap, seat, states)
    # At least the 18 turns' updates to a seat and to the spectators (bots of one step share a version).
    assert checked >= 2 * 18


def test_the_check_catches_another_seat_s_view_sent_to_the_wrong_seat(make_user):
    match = start_table(make_user("host"), players=3)
    states = states_by_version(match)
    wrong = {"type": "update", "version": match.version, "view": engine.view(match.state, 1)}
    with pytest.raises(AssertionError, match="to seat 0 shows"):
        assert_no_leak(wrong, 0, states)
    with pytest.raises(AssertionError, match="to seat None shows"):
        assert_no_leak(wrong, None, states)
    assert assert_no_leak(wrong, 1, states) == 1


@pytest.mark.asyncio
@pytest.mark.usefixtures("db_thread_closed")
async def test_no_message_on_the_sockets_of_a_whole_game_shows_another_hand_or_the_decks(make_user):
    host = await database_sync_to_async(make_user)("host")
    match = await database_sync_to_async(start_table)(host, players=4, bots=["", "medium", "easy", "medium"])
    player = await connect(host, match.pk)
    watcher = await connect(AnonymousUser(), match.pk)
    seen = {0: [], None: []}
    acted_at = 0
    status = "running"
    while status == "running":
        message = await player.receive_json_from(timeout=5)
        seen[0].append(message)
        if message["type"] in ("snapshot", "update"):
            status = message["status"]
            view = message["view"]
            if status == "running" and 0 in view["to_act"] and message["step"] > acted_at:
                acted_at = message["step"]
                choice = message["legal"][len(message["legal"]) // 2]
                await player.send_json_to({"type": "act", "client_id": f"s{acted_at}", "step": acted_at,
                                           "action": choice})
        while not await watcher.receive_nothing(timeout=0.005):
            seen[None].append(await watcher.receive_json_from())
    while not await watcher.receive_nothing(timeout=0.2):
        seen[None].append(await watcher.receive_json_from())
    match = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert match.status == "finished"
    states = await database_sync_to_async(states_by_version)(match)
    assert [m for m in seen[0] if m["type"] == "error"] == []
    checked = sum(assert_no_leak(m, seat, states) for seat, messages in seen.items() for m in messages)
    assert checked >= 2 * 18  # at least one update per turn to each of the two sockets
    assert seen[None][-1]["type"] == "update" and seen[None][-1]["view"]["scores"]
    await player.disconnect()
    await watcher.disconnect()
