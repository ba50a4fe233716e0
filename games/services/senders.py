"""How this process sends to the channel layer: one sender, chosen once when the process starts.

`broadcast.send_many` hands every batch of (group, message) pairs to `broadcast.sender`. There are
three senders, one per kind of process:

- `WaitingSender` (the default: tests, `manage.py` commands, a shell): each batch runs on an
  event loop of its own through `async_to_sync`, and the caller waits for it.
- `WorkerLoopSender` (a Celery worker process; installed by `games/tasks.py` on
  `worker_process_init`): one event loop in a daemon thread for the life of the process, so the
  channel layer keeps its Redis connections (they are kept per loop) instead of opening one per
  batch. The caller waits for the batch, and a failure reaches it.
- `ServerLoopSender` (daphne; installed by `wonders_site/asgi.py` when the server first calls the
  application): the batch is handed to the server's own event loop and the calling thread (a
  database thread of `games/db_threads.py`, or a view's) goes on without waiting. The loop sends
  one match's batches in the order they were handed over, so an update of version n is published
  before that of n + 1; different matches' batches go side by side. A failure is logged, as
  `common.after_commit` logs one: what was committed stays committed, and the sockets resync.

Why the server does not wait: a database thread that waited for the loop (busy with every socket
of the process) held its pooled connection idle meanwhile, and the moves queued for the threads
(docs/releasing.md, "Live path measurements moved from docstrings").
"""
import asyncio
import collections
import logging
import threading

from asgiref.sync import async_to_sync

log = logging.getLogger("games.services")


async def _send_all(layer, messages):
    for group, message in messages:
        await layer.group_send(group, message)


class WaitingSender:
    """Each batch on a loop of its own; the caller waits."""

    def send(self, layer, messages):
        async_to_sync(_send_all)(layer, messages)


class WorkerLoopSender:
    """One long-lived loop in a daemon thread for every batch of the process; the caller waits."""

    TIMEOUT_SECONDS = 10

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="channel-layer-loop", daemon=True)
        self.thread.start()

    def send(self, layer, messages):
        future = asyncio.run_coroutine_threadsafe(_send_all(layer, messages), self.loop)
        future.result(timeout=self.TIMEOUT_SECONDS)

    def stop(self):
        """Stop the loop and its thread (tests; a worker process simply ends)."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        self.loop.close()


class ServerLoopSender:
    """Batches handed to the server's event loop, not waited for; in order per match.

    `loop` is the server's loop; `max_waiting` bounds the batches waiting on it (a channel layer
    that stopped answering): later ones are dropped with a warning, and the sockets that miss an
    update resync on the next one or on their keeper."""

    def __init__(self, loop, max_waiting=10_000):
        self.loop = loop
        self.max_waiting = max_waiting
        self.queues = {}  # order key -> batches waiting; touched on the loop only
        self.waiting = 0

    def send(self, layer, messages):
        self.loop.call_soon_threadsafe(self._hand_over, order_key(messages[0][0]), layer, messages)

    def _hand_over(self, key, layer, messages):
        if self.waiting >= self.max_waiting:
            log.warning("a channel-layer send was dropped: %d are waiting", self.waiting)
            return
        self.waiting += 1
        queue = self.queues.get(key)
        if queue is not None:
            queue.append((layer, messages))
            return
        self.queues[key] = collections.deque([(layer, messages)])
        self.loop.create_task(self._drain(key))

    async def _drain(self, key):
        queue = self.queues[key]
        try:
            while queue:
                layer, messages = queue.popleft()
                self.waiting -= 1
                try:
                    await _send_all(layer, messages)
                except Exception:  # noqa: BLE001 - committed is committed; the sockets resync
                    log.exception("after commit: a channel-layer send to %s failed", key)
        finally:
            self.waiting -= len(queue)
            del self.queues[key]


def order_key(group):
    """What a batch keeps its order within: its match (`match.<id>` and that match's seat and
    spectators groups), or the lobby. Each batch is about one of them."""
    return ".".join(group.split(".")[:2])
