"""Game sockets' database calls run in a pool of settings.DB_THREADS threads (games/db_threads.py):
more threads than that only fight over the GIL (docs/releasing.md)."""
import asyncio
import threading
import time

import pytest

from games import db_threads


@pytest.fixture
def fresh_pool(settings, monkeypatch):
    settings.DB_CALLS_SHARE_A_THREAD = False
    monkeypatch.setattr(db_threads, "_pool", None)
    yield settings
    if db_threads._pool is not None:
        db_threads._pool.shutdown()


def thread_name():
    time.sleep(0.05)
    return threading.current_thread().name


def test_database_calls_share_a_pool_of_db_threads_threads(fresh_pool):
    fresh_pool.DB_THREADS = 2

    async def many():
        return await asyncio.gather(*(db_threads.db_call(thread_name)() for _ in range(8)))

    names = asyncio.run(many())
    assert len(set(names)) == 2
    assert all(name.startswith("db-call") for name in names)
