"""The threads where the sockets' database work runs (the consumers await it through `db_call`).

A service is synchronous and holds a database connection while it runs, so a consumer runs it in a
thread: one thread shared by every call of the process when settings.DB_CALLS_SHARE_A_THREAD (on
SQLite, one writer anyway), else a pool of settings.DB_THREADS threads (PostgreSQL, whose
connection pool serves them side by side). More threads than cores only fight over the GIL.
Old connections are closed around each call, as Channels does. What a call sends to the channel
layer goes through the process's sender (games/services/senders.py): in daphne, handed to the
server's loop without waiting.

Unseated work (spectators' and the lobby's snapshots, resyncs and version checks) has a lane of its
own, `unseated_call`: a pool of settings.UNSEATED_DB_THREADS threads (1 by default), so that a
flood of spectators queues behind itself and never in front of a seated player's move in the
DB_THREADS pool (issue 29: 150 resyncing spectators raised a player's act -> ack from 15 ms to a
p99 of 1.06 s, every one waiting for a thread of that pool). How much may wait in the lane is
bounded in games/flood.py. On SQLite both lanes are the one shared thread: there is one writer and
no pool to keep free.
"""
from concurrent.futures import ThreadPoolExecutor

from channels.db import DatabaseSyncToAsync
from django.conf import settings

_pool = None
_unseated_pool = None


def db_call(func):
    """`func` (it uses the database) made awaitable, run in the shared thread or the pool."""
    if settings.DB_CALLS_SHARE_A_THREAD:
        return DatabaseSyncToAsync(func, thread_sensitive=True)
    return DatabaseSyncToAsync(func, thread_sensitive=False, executor=pool())


def unseated_call(func):
    """The same for work done for a socket without a seat: run in the unseated lane."""
    if settings.DB_CALLS_SHARE_A_THREAD:
        return DatabaseSyncToAsync(func, thread_sensitive=True)
    return DatabaseSyncToAsync(func, thread_sensitive=False, executor=unseated_pool())


def pool():
    """The pool of settings.DB_THREADS threads, started at its first use."""
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=settings.DB_THREADS, thread_name_prefix="db-call")
    return _pool


def unseated_pool():
    """The unseated lane's settings.UNSEATED_DB_THREADS threads, started at its first use."""
    global _unseated_pool
    if _unseated_pool is None:
        _unseated_pool = ThreadPoolExecutor(max_workers=settings.UNSEATED_DB_THREADS,
                                            thread_name_prefix="db-unseated")
    return _unseated_pool
