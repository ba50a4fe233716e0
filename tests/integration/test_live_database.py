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
