"""Who hears what, and sending it: the channel-layer groups of a match and of the lobby.

- `match.<id>`: every connection to the match. A table change (join, leave, bots, start, the table
  closing) sends `match.changed`; each connection then sends its client a fresh snapshot, built
  for that connection's seat.
- `match.<id>.seat.<n>`: the connections of seat n. After each accepted action: an `update` with
  `engine.view(state, n)` and seat n's legal actions.
- `match.<id>.spectators`: everybody else; the same update with `engine.view(state, None)`.
- `lobby`: `lobby.changed`, after any change that the lobby lists; each process's lobby sockets
  then read the list once (games/lobby_feed.py).

Nothing here is called inside a transaction except through `common.after_commit`. Every send goes
through `sender`, this process's one way of reaching the channel layer (senders.py), installed once
when the process starts (`use`).
"""
import asyncio
import time
from functools import partial

from channels.layers import get_channel_layer
from django.conf import settings

from games import engine

from . import senders
from .common import after_commit, iso, log
from .snapshots import blocked_for, legal_for, seat_info

LOBBY_GROUP = "lobby"

# This process's sender: the waiting one until a server (wonders_site/asgi.py) or a Celery worker
# (games/tasks.py) installs its own at startup.
sender = senders.WaitingSender()


def use(new_sender):
    """Install this process's sender (once, at startup); returns the one it replaces."""
    global sender
    previous, sender = sender, new_sender
    return previous


def sending_through_the_server_loop(application):
    """The site's ASGI application (wonders_site/asgi.py) that, on the server's first call, installs
    the sender of the loop the server runs it on (daphne runs one loop for the life of the process)
    and then passes every call on."""
    installed = False

    async def app(scope, receive, send):
        nonlocal installed
        if not installed:
            installed = True
            use(senders.ServerLoopSender(asyncio.get_running_loop()))
        return await application(scope, receive, send)

    return app


def match_group(match_id):
    return f"match.{match_id}"


def seat_group(match_id, number):
    return f"match.{match_id}.seat.{number}"


def spectators_group(match_id):
    return f"match.{match_id}.spectators"


def send(group, message):
    send_many([(group, message)])


def send_many(messages):
    """Send (group, message) pairs in one batch through this process's sender: one event loop for
    all the groups of a match, not one per group."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    sender.send(layer, messages)


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
    # The seats' groups first, the spectators' last: in a busy process the players' updates leave
    # before the (possibly hundred) spectators' copies (issue 29: seated players go first).
    ordered = sorted(payloads.items(), key=lambda item: item[0].endswith(".spectators"))
    send_many([(group, {"type": "game.update", "payload": payload}) for group, payload in ordered])
