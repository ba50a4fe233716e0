"""Channel-layer sends from a server's database threads: in order, and without waiting for them.

In daphne, the services run in the database threads of `consumers.db_call`. Their after-commit
broadcasts used to go back to the server's event loop through `async_to_sync` and wait there: the
thread, and the pooled database connection it held, sat idle until the loop (busy with every
socket of the process) got round to the send. Under `make bench-live TABLES=100 THINK=1` the
commit with its hooks took 3.7 ms at the median and 38 ms at p99 of a move's 17 ms in its thread,
and the moves queued for the threads.

Now a database thread hands its sends to its loop and goes on. The loop makes the sends of one
match in the order they were handed over, so an update of version n is published before that of
n + 1; different matches' sends go side by side (one task sending everything in turn made the start
of 100 tables wait on it). A
failure is logged, as `common.after_commit` logs one: what was committed stays committed, and the
sockets resync. The thread learns its loop from `consumers.db_call` (`sending_through`); anywhere
else (a view, a Celery worker, a test calling a service) sends are made as before.
"""
import asyncio
import collections
import logging
import threading
import weakref
from contextlib import contextmanager

log = logging.getLogger("games.services")

# Sends waiting on one loop at most (a channel layer that stopped answering): later ones are dropped
# with a warning, and the sockets that miss an update resync on the next one or on their keeper.
MAX_WAITING = 10_000

_here = threading.local()


@contextmanager
def sending_through(loop):
    """Sends made in this thread meanwhile are handed to `loop` (the server's event loop)."""
    previous = getattr(_here, "loop", None)
    _here.loop = loop
    try:
        yield
    finally:
        _here.loop = previous


def loop_of_this_thread():
    return getattr(_here, "loop", None)


def send_later(loop, key, send):
    """`send` (a coroutine function) runs on `loop` after every send with the same `key` (a match's
    groups, the lobby) handed over before it; sends of different keys go side by side."""
    loop.call_soon_threadsafe(_hand_over, loop, key, send)


class _Sender:
    """The sends waiting on one loop, a queue and a draining task per key. It runs on that loop and
    keeps no reference to it (the loop is its key in `_senders`)."""

    def __init__(self):
        self.queues = {}
        self.waiting = 0

    def hand_over(self, key, send):
        if self.waiting >= MAX_WAITING:
            log.warning("a channel-layer send was dropped: %d are waiting", self.waiting)
            return
        self.waiting += 1
        queue = self.queues.get(key)
        if queue is not None:
            queue.append(send)
            return
        self.queues[key] = collections.deque([send])
        asyncio.get_running_loop().create_task(self._drain(key))

    async def _drain(self, key):
        queue = self.queues[key]
        try:
            while queue:
                send = queue.popleft()
                self.waiting -= 1
                try:
                    await send()
                except Exception:  # noqa: BLE001 - committed is committed; the sockets resync
                    log.exception("after commit: a channel-layer send to %s failed", key)
        finally:
            self.waiting -= len(queue)
            del self.queues[key]


_senders = weakref.WeakKeyDictionary()


def _hand_over(loop, key, send):
    sender = _senders.get(loop)
    if sender is None:
        sender = _senders[loop] = _Sender()
    sender.hand_over(key, send)
