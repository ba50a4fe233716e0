"""Under concurrent requests daphne holds a bounded number of PostgreSQL connections (a pool per
process, no persistent connection per thread) and no request fails (issue 14, item 2)."""
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
import requests

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

CLIENTS = 32
REQUESTS_EACH = 8
POOL_MAX = 8  # settings: DB_POOL_MAX's default


def connections_to(stack):
    with psycopg.connect(stack.server_url, autocommit=True) as conn:
        return conn.execute("select count(*) from pg_stat_activity where datname = %s", [stack.db_name]).fetchone()[0]


def test_concurrent_api_clients_get_answers_and_the_connections_stay_bounded(live_stack):
    before = connections_to(live_stack)
    statuses, peak, done = [], [before], threading.Event()

    def watch():
        while not done.is_set():
            peak.append(connections_to(live_stack))
            time.sleep(0.05)

    def client(k):
        with requests.Session() as http:
            return [http.get(live_stack.url("/api/leaderboard/?limit=50"), timeout=60).status_code
                    for _ in range(REQUESTS_EACH)]

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        with ThreadPoolExecutor(CLIENTS) as pool:
            for answers in pool.map(client, range(CLIENTS)):
                statuses.extend(answers)
    finally:
        done.set()
        watcher.join()
    assert statuses.count(200) == CLIENTS * REQUESTS_EACH, sorted(set(statuses))
    # daphne's pool, plus what the Celery worker, beat and this test's watcher hold
    assert max(peak) - before <= POOL_MAX, (before, max(peak))
    time.sleep(1)
    assert connections_to(live_stack) <= before + POOL_MAX


def terminate_backends(stack):
    """Ends every server process of the stack's database (pooled connections die), but ours."""
    with psycopg.connect(stack.server_url, autocommit=True) as conn:
        return conn.execute("select count(pg_terminate_backend(pid)) from pg_stat_activity "
                            "where datname = %s and pid <> pg_backend_pid()", [stack.db_name]).fetchone()[0]


@pytest.fixture
def own_stack():
    """A stack of its own: ending every backend of a stack disturbs the tests running on it."""
    import os

    from tests.integration.live_stack import LiveStack

    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    # Redis databases 11 and 12: the others are the session's stacks' and test_live_turn_based's
    # One worker process: with two, the one that had not connected before the ending played the
    # bots while the other failed every task, which hid that a worker process never recovered.
    stack = LiveStack(name="pool", redis_db=11 + int(worker.lstrip("gw") or 0), worker_concurrency=1,
                      env={"BOT_MOVE_SECONDS": "0.2"}).start()
    try:
        yield stack
    finally:
        stack.stop()


def test_the_database_ending_every_connection_closes_no_game_socket(own_stack):
    """Issue 29: after the server ends its backends (a restart, a failover), a pool holding many
    dead connections hands out a live one at once (wonders_site/postgresql/base.py); psycopg_pool's
    own check backed off 1, 2, 4 s between dead ones and timed out, and without a check the game
    call on a dead connection closed the player's socket (1011). The Celery worker's bots move
    after it too: it reused one connection across tasks, and every task after failed on "the
    connection is closed" (wonders_site/celery.py)."""
    import asyncio

    from tests.integration.live_stack import LiveClient

    live_stack = own_stack
    live_stack.signup("pool_check")
    http = live_stack.login("pool_check")
    # The medium bot chooses in daphne beside the person (QUICK_BOTS_INLINE); the hard one is the worker's.
    match_id = live_stack.create_table(http, players=3, bots=["hard", "medium"])
    live_stack.start_table(http, match_id)

    def fill_the_pools():
        # Concurrent requests grow each daphne's pool to several connections, all idle after.
        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(lambda _: requests.get(live_stack.url("/api/leaderboard/?limit=50"), timeout=60).status_code,
                          range(CLIENTS * 2)))

    async def run():
        player = LiveClient(live_stack, match_id, http.cookies["sessionid"], name="pool", reconnect=False)
        await player.connect()
        ended = []
        for _ in range(3):  # a move on connections the database ended, three times
            await player.play(until=lambda client: client.may_act, timeout=60)
            await asyncio.to_thread(fill_the_pools)
            ended.append(terminate_backends(live_stack))
            # The worker's deadline sweep (each second here) meets its ended connection first, outside
            # a transaction (a transaction's failed rollback would have dropped the connection).
            await asyncio.sleep(2)
            sent = await player.act()
            await player.wait_ack(sent["client_id"], timeout=60)
        # The step after the last ending waits on the hard bot too, which the worker plays.
        await player.play(until=lambda client: client.may_act, timeout=60)
        state = player.ws.state.name
        await player.close()
        return player, ended, state

    player, ended, state = asyncio.run(run())
    assert all(count >= 4 for count in ended), ("the pools held several connections, all ended", ended)
    assert state == "OPEN" and player.reconnects == 0 and player.errors == []
    statuses = [requests.get(live_stack.url("/api/leaderboard/?limit=5"), timeout=60).status_code for _ in range(4)]
    assert statuses == [200] * 4, "the site answers after"
