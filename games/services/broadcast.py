"""Who hears what, and sending it: the channel-layer groups of a match and of the lobby.

- `match.<id>`: every connection to the match. A table change (join, leave, bots, start, the table
  closing) sends `match.changed`; each connection then sends its client a fresh snapshot, built
  for that connection's seat.
- `match.<id>.seat.<n>`: the connections of seat n. After each accepted action: an `update` with
  `engine.view(state, n)` and seat n's legal actions.
- `match.<id>.spectators`: everybody else; the same update with `engine.view(state, None)`.
- `lobby`: `lobby.changed`, after any change that the lobby lists; each process's lobby sockets
  then read the list once (games/lobby_feed.py).

Nothing here is called inside a transaction except through `common.after_commit`.
"""
import time
from functools import partial

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from games import engine

from . import layer_loop, server_sends
from .common import after_commit, iso, log
from .snapshots import blocked_for, legal_for, seat_info

LOBBY_GROUP = "lobby"


def match_group(match_id):
    return f"match.{match_id}"


def seat_group(match_id, number):
    return f"match.{match_id}.seat.{number}"


def spectators_group(match_id):
    return f"match.{match_id}.spectators"


def send(group, message):
    send_many([(group, message)])


def send_many(messages):
    """Send (group, message) pairs in one trip to the channel layer: one event loop for all the
    groups of a match, not one per group (daphne's own loop, not waited for: server_sends; a Celery
    worker's own long-lived loop: layer_loop)."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all():
        for group, message in messages:
            await layer.group_send(group, message)

    server_loop = server_sends.loop_of_this_thread()
    if server_loop is not None:  # a server's database thread: the loop sends, the thread goes on
        server_sends.send_later(server_loop, _order_key(messages[0][0]), send_all)
    elif layer_loop.running():
        layer_loop.run(send_all())
    else:
        async_to_sync(send_all)()


def _order_key(group):
    """What a send keeps its order within: its match (`match.<id>` and that match's seat and
    spectators groups), or the lobby. Each call of send_many is about one of them."""
    return ".".join(group.split(".")[:2])


def public_events(game, events):
    """The engine events anybody may see: the game's declared public event types (public by the
    engine's contract; this is a second fence: an event type the server does not know is dropped)."""
    allowed = set(engine.info(game)["public_events"])
    out = []
    for event in events:
        if event.get("type") in allowed:
            out.append(event)
        else:
            log.warning("event type %r not forwarded", event.get("type"))
    return out


def lobby_changed():
    """The lobby's sockets read the new list themselves, once per process (games/lobby_feed.py)."""
    send(LOBBY_GROUP, {"type": "lobby.changed"})


def match_changed(match_id, version):
    send(match_group(match_id), {"type": "match.changed", "version": version})


def table_changed_after_commit(match, *, lobby=True):
    after_commit(partial(match_changed, match.pk, match.version))
    if lobby:
        after_commit(lobby_changed)


def update_payloads(match, seats, events):
    """One `update` per seat with a human at it, and one for spectators (group -> payload)."""
    state = match.state
    common = {
        "type": "update",
        "version": match.version,
        "step": match.step,
        "status": match.status,
        "deadline": iso(match.deadline),
        "events": events,
        "seats": [seat_info(s) for s in seats],
    }
    payloads = {spectators_group(match.pk): {
        **common, "you": None, "view": engine.view(state, None), "legal": [], "blocked": {},
    }}
    for seat in seats:
        if seat.user_id is not None and not seat.taken_over:  # who left watches as a spectator
            legal = legal_for(state, seat)
            payloads[seat_group(match.pk, seat.number)] = {
                **common, "you": seat.number, "view": engine.view(state, seat.number),
                "legal": legal, "blocked": blocked_for(state, seat, legal),
            }
    return payloads


def broadcast_update(match_id, payloads):
    if settings.LIVE_TIMINGS:  # bench_live's stages: this runs first after the commit
        committed = time.time()
        payloads = {group: {**payload, "timings": {"committed": committed}} for group, payload in payloads.items()}
    send_many([(group, {"type": "game.update", "payload": payload}) for group, payload in payloads.items()])
