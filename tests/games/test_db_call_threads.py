"""Game sockets' database calls run in a pool of settings.DB_THREADS threads (games/consumers.py):
more threads than that only fought over the GIL (bench_live: daphne spent about a fifth more CPU
a move with 6 than with 2)."""
import asyncio
import threading
import time

import pytest

from games import consumers


@pytest.fixture
def fresh_pool(settings, monkeypatch):
    settings.DB_CALLS_SHARE_A_THREAD = False
    monkeypatch.setattr(consumers, "_db_threads", None)
    yield settings
    if consumers._db_threads is not None:
        consumers._db_threads.shutdown()


def thread_name():
    time.sleep(0.05)
    return threading.current_thread().name


def test_database_calls_share_a_pool_of_db_threads_threads(fresh_pool):
    fresh_pool.DB_THREADS = 2

    async def many():
        return await asyncio.gather(*(consumers.db_call(thread_name)() for _ in range(8)))

    names = asyncio.run(many())
    assert len(set(names)) == 2
    assert all(name.startswith("db-call") for name in names)

