"""What sockets without a seat may cost the server, so seated players go first (issue 29, item 4;
docs/protocol.md, "Limits").

- New sockets: at most settings.WS_NEW_SOCKETS_PER_IP_MINUTE opened per address in a minute (every
  attempt counts), in the "shared" cache like the other socket limits (games/socket_limits.py):
  `new_socket_allowed`. The open-socket limits bound what an address holds; this bounds how fast
  it can come back, since each new socket costs a snapshot.
- Resyncs of an unseated socket (a spectator's, the lobby's): one per SPECTATOR_RESYNC_SECONDS per
  socket, and SPECTATOR_RESYNCS_PER_IP per RESYNC_WINDOW_SECONDS from one address's unseated
  sockets together (`ResyncBudget.refusal`); beyond, a `rate_limited` error marked `"for":
  "resync"` (pages ignore it: the socket's keeper sends a snapshot if the match moved on unheard).
- Refusals: an unseated socket hears one `rate_limited` per NOTICE_SECONDS (`Notices`), the rest of
  its flood is dropped unanswered; a shared count found over its limit is not asked again in its
  window (`SharedRate`, the resync budget's address count too): refusing costs no trip to Redis.
- The unseated lane (games/db_threads.unseated_call): its own threads, and at most UNSEATED_QUEUE
  resyncs waiting there per process (`run_unseated` raises LaneFull beyond): a flood waits behind
  itself, never in front of a seated move in the DB_THREADS pool.
- Answers shared between unseated sockets: the spectators' snapshot per (match, version)
  (games/services/spectators.py) and the lobby's list, read at most once per
  LOBBY_REFRESH_SECONDS for every lobby socket of the process (`SharedAnswer`).
"""
import asyncio
import time

from django.conf import settings

from games import socket_limits
from games.db_threads import unseated_call
from wonders_site import compact_json

NEW_SOCKETS_WINDOW_SECONDS = 60
RESYNC_WINDOW_SECONDS = 10
NOTICE_SECONDS = 10
clock = time.time
_waiting = 0  # resyncs in the unseated lane now (this process)


class LaneFull(Exception):
    """UNSEATED_QUEUE resyncs are waiting in the unseated lane already."""


async def new_socket_allowed(scope):
    """Count a new socket from this scope's address in this minute; False when over the limit."""
    window = int(clock() // NEW_SOCKETS_WINDOW_SECONDS)
    address = socket_limits.sender_keys(scope)["ip"]
    count = await socket_limits._increment(f"ws:new:{address}:{window}", NEW_SOCKETS_WINDOW_SECONDS * 2)
    return count <= settings.WS_NEW_SOCKETS_PER_IP_MINUTE


def new_sockets_facts():
    return {"limit": settings.WS_NEW_SOCKETS_PER_IP_MINUTE, "window": NEW_SOCKETS_WINDOW_SECONDS}


class Notices:
    """When an unseated socket may be told `rate_limited` again: once per NOTICE_SECONDS; the rest
    of a flood is dropped without an answer."""

    def __init__(self):
        self.told = None

    def due(self):
        now = time.monotonic()
        if self.told is not None and now - self.told < NOTICE_SECONDS:
            return False
        self.told = now
        return True


class SharedRate:
    """The player's (or address's) shared message count (socket_limits.message_allowed), asked no
    more in a window once it said no in that window: a flood's refusals cost no trip to Redis."""

    def __init__(self):
        self.over_in = None  # the window in which the count was found over its limit

    async def allowed(self, scope):
        window = int(socket_limits.clock() // socket_limits.RATE_WINDOW_SECONDS)
        if self.over_in == window:
            return False
        if await socket_limits.message_allowed(scope):
            return True
        self.over_in = window
        return False


class ResyncBudget:
    """One unseated socket's resyncs: `await budget.refusal(scope)` is None when this one may be
    answered (and counts it), else the facts of its `rate_limited` error."""

    def __init__(self):
        self.last = None  # when this socket's last resync was let through (monotonic)
        self.over_in = None  # the window in which its address was found over its budget

    def too_soon(self, message=None):
        """The facts of the refusal when this socket resynced less than SPECTATOR_RESYNC_SECONDS
        ago (`message`: only a `resync` or a `deadline` counts), checked before anything is
        counted in the shared cache: most of a flood is dropped here, in the socket alone."""
        if message is not None and message["type"] not in ("resync", "deadline"):
            return None
        gap = settings.SPECTATOR_RESYNC_SECONDS
        if self.last is not None and time.monotonic() - self.last < gap:
            return {"limit": 1, "window": gap, "per": "connection"}
        return None

    async def refusal(self, scope):
        soon = self.too_soon()
        if soon is not None:
            return soon
        window = int(clock() // RESYNC_WINDOW_SECONDS)
        over = {"limit": settings.SPECTATOR_RESYNCS_PER_IP, "window": RESYNC_WINDOW_SECONDS, "per": "address"}
        if self.over_in == window:
            return over
        address = socket_limits.sender_keys(scope)["ip"]
        count = await socket_limits._increment(f"ws:resync:{address}:{window}", RESYNC_WINDOW_SECONDS * 2)
        if count > settings.SPECTATOR_RESYNCS_PER_IP:
            self.over_in = window
            return over
        self.last = time.monotonic()
        return None


def lane_facts():
    return {"limit": settings.UNSEATED_QUEUE, "per": "server"}


async def run_unseated_unbounded(func, *args):
    """`func(*args)` in the unseated lane, whatever waits there (a new socket's first snapshot, a
    table change: bounded by the socket limits, not by the queue)."""
    return await unseated_call(func)(*args)


async def run_unseated(func, *args):
    """`func(*args)` in the unseated lane, unless UNSEATED_QUEUE calls wait there: LaneFull."""
    global _waiting
    if _waiting >= settings.UNSEATED_QUEUE:
        raise LaneFull()
    _waiting += 1
    try:
        return await unseated_call(func)(*args)
    finally:
        _waiting -= 1


class SharedAnswer:
    """One answer (as JSON text) for every socket of the process that asks within `max_age` seconds
    of its read; one read at a time, the others waiting for it."""

    def __init__(self, read, max_age):
        self.read = read  # an awaitable function giving the message (a dict)
        self.max_age = max_age
        self.text = None
        self.read_at = None
        self.reading = None
        self.generation = 0

    def forget(self):
        """A change: the next ask reads again (a read under way keeps its answer to itself)."""
        self.text = self.read_at = self.reading = None
        self.generation += 1

    async def get(self):
        loop = asyncio.get_running_loop()
        if self.text is not None and loop.time() - self.read_at <= self.max_age:
            return self.text
        if self.reading is None:
            self.reading = asyncio.ensure_future(self._read())
        return await asyncio.shield(self.reading)

    async def _read(self):
        generation = self.generation
        try:
            text = compact_json.dumps(await self.read())
        finally:
            if generation == self.generation:
                self.reading = None
        if generation == self.generation:
            self.text, self.read_at = text, asyncio.get_running_loop().time()
        return text


_answers = {}


def shared_answer(name, read, max_age):
    """This event loop's (server process's) SharedAnswer called `name`."""
    loop = asyncio.get_running_loop()
    key = (id(loop), name)
    answer = _answers.get(key)
    if answer is None or answer.loop is not loop:
        answer = _answers[key] = SharedAnswer(read, max_age)
        answer.loop = loop
    return answer
