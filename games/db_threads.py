"""The threads where the sockets' database work runs (the consumers await it through `db_call`).

A service is synchronous and holds a database connection while it runs, so a consumer runs it in a
thread: one thread shared by every call of the process when settings.DB_CALLS_SHARE_A_THREAD (on
SQLite, one writer anyway), else a pool of settings.DB_THREADS threads (PostgreSQL, whose
connection pool serves them side by side). More threads than cores only fight over the GIL.
Old connections are closed around each call, as Channels does. What a call sends to the channel
layer goes through the process's sender (games/services/senders.py): in daphne, handed to the
server's loop without waiting.
"""
from concurrent.futures import ThreadPoolExecutor

from channels.db import DatabaseSyncToAsync
from django.conf import settings

_pool = None


def db_call(func):
    """`func` (it uses the database) made awaitable, run in the shared thread or the pool."""
    if settings.DB_CALLS_SHARE_A_THREAD:
        return DatabaseSyncToAsync(func, thread_sensitive=True)
    return DatabaseSyncToAsync(func, thread_sensitive=False, executor=pool())


def pool():
    """The pool of settings.DB_THREADS threads, started at its first use."""
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=settings.DB_THREADS, thread_name_prefix="db-call")
    return _pool
