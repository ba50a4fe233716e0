"""The production shape (issue 29; deploy/, docs/deploy.md) over the real stack, started by the same
script as `make run-prod`: nginx in front of two daphne processes, a Celery worker and beat, all
under supervisord, on PostgreSQL and a Redis server of the test's own (it is restarted ten times).

- nginx serves pages from both daphnes and a game socket through its WebSocket upgrade;
- a daphne or the worker killed with SIGKILL is running again (a new pid) within 5 s;
- the sign-up limit (SIGNUP_RATE's default, 10 an hour) is shared by the two daphnes: the 11th
  sign-up from one address is refused, and the ten before were served by both processes; the
  X-Forwarded-For a client sends is not believed (nginx replaces it);
- ten Redis restarts while hard bots think: after each, a bot moves again within 5 s of Redis
  answering, and the worker found the broker again each time (reconnected, or restarted).
"""
import asyncio
import re
import secrets
import time
from datetime import datetime, timezone

import pytest
import requests

from tests.integration.live_stack import LANG, PASSWORD, LiveClient
from tests.integration.prod_shape import ProdShape

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

SIGNUP_LIMIT = 10  # SIGNUP_RATE's default, "10/h" (wonders_site/settings.py)
RESTARTS = 10
BOT_MOVE_SECONDS = 0.5


@pytest.fixture(scope="module")
def shape(request):
    failures_before = request.session.testsfailed
    prod = ProdShape(env={
        "BOT_MOVE_SECONDS": str(BOT_MOVE_SECONDS),
        "BOT_STALL_SECONDS": "5",  # lost bot turns asked again sooner (the minimum)
        "DEADLINE_SWEEP_SECONDS": "1",
        "OPEN_TABLES_PER_USER": "50",
    }).start()
    yield prod
    if request.session.testsfailed > failures_before:
        prod.keep = True  # the logs stay in prod.dir
        print(f"production shape logs ({prod.dir}):\n{prod.logs()}")
    prod.stop()


def upstreams(shape, pattern):
    """The daphne addresses nginx's access log names for requests whose line matches `pattern`."""
    return [m.group(1) for line in shape.log("nginx-access.log").splitlines() if re.search(pattern, line)
            for m in [re.search(r"upstream=(\S+)", line)] if m]


def logged(shape, pattern, count, timeout=10):
    """upstreams(), once nginx has logged `count` such requests (it logs each after answering)."""
    deadline = time.monotonic() + timeout
    while len(found := upstreams(shape, pattern)) < count:
        assert time.monotonic() < deadline, f"nginx logged {len(found)} requests like {pattern!r}, not {count}"
        time.sleep(0.05)
    return found


def signup_post(shape, username, forwarded_for):
    """One sign-up POST through nginx with a cookie jar of its own (no session: the view sends a
    signed-in visitor away before counting) and a CSRF secret of our own, in cookie and form."""
    secret = secrets.token_hex(16)  # 32 characters: Django takes an unmasked secret in the form
    return requests.post(shape.site.url(f"/{LANG}/accounts/signup/"), data={
        "csrfmiddlewaretoken": secret, "username": username, "display_name": "", "email": "",
        "password1": PASSWORD, "password2": PASSWORD, "preferred_language": LANG,
    }, cookies={"csrftoken": secret}, headers={"X-Forwarded-For": forwarded_for}, allow_redirects=False, timeout=60)


def test_the_sign_up_limit_is_shared_by_the_two_daphnes(shape):
    statuses = []
    for n in range(SIGNUP_LIMIT + 1):
        # A client's own X-Forwarded-For changes nothing: nginx sends its peer's address instead.
        statuses.append(signup_post(shape, f"limit_{n}", forwarded_for=f"10.77.0.{n + 1}").status_code)
    assert statuses == [302] * SIGNUP_LIMIT + [429], statuses
    served = logged(shape, r'"POST /en/accounts/signup/', SIGNUP_LIMIT + 1)
    accepted_by = {port: served[:SIGNUP_LIMIT].count(port) for port in set(served)}
    print(f"sign-ups: accepted per daphne {accepted_by}, the refused one by {served[-1]}")
    assert len(accepted_by) == 2 and all(count < SIGNUP_LIMIT for count in accepted_by.values()), (
        "both daphnes served sign-ups and neither alone reached the limit")


def test_nginx_serves_pages_from_both_daphnes_and_a_game_socket(shape):
    site = shape.site
    for _ in range(4):
        response = requests.get(site.url(f"/{LANG}/"), timeout=30)
        assert response.status_code == 200 and "text/html" in response.headers["Content-Type"]
    assert requests.get(site.url("/api/cards/"), timeout=30).status_code == 200
    assert {f"127.0.0.1:{port}" for port in shape.daphne_ports} <= set(logged(shape, r'"GET /en/ ', 4))

    sessionid = site.create_sessions(["nora_proxy"])["nora_proxy"]
    http = site.session_for(sessionid)
    match_id = site.create_table(http, players=3, bots=["medium", "easy"])

    async def connect():
        player = LiveClient(site, match_id, sessionid, name="nora")
        snapshot = await player.connect()  # ws://127.0.0.1:<nginx>/ws/games/<id>/, the site's Origin
        await player.close()
        return snapshot

    snapshot = asyncio.run(asyncio.wait_for(connect(), 60))
    assert snapshot["type"] == "snapshot" and snapshot["you"] == 0
    assert logged(shape, f'"GET /ws/games/{match_id}/ HTTP/1.1" 101', 1)


@pytest.mark.parametrize("program", ["daphne-1", "worker-1"])
def test_a_killed_process_is_started_again_within_5_seconds(shape, program):
    import os
    import signal

    old = shape.pid(program)
    assert old > 0
    os.kill(old, signal.SIGKILL)
    killed = time.monotonic()
    while True:
        new = shape.pid(program)
        if new and new != old:
            break
        assert time.monotonic() - killed < 5, f"{program} not running again 5 s after SIGKILL"
        time.sleep(0.05)
    print(f"{program}: pid {old} killed, pid {new} running after {time.monotonic() - killed:.2f} s")
    if program.startswith("daphne"):
        port = shape.daphne_ports[0]
        # meanwhile nginx sends everything to the other daphne: no request fails
        for _ in range(4):
            assert requests.get(shape.site.url(f"/{LANG}/"), timeout=30).status_code == 200
        deadline = time.monotonic() + 60
        while True:
            try:
                if requests.get(f"http://127.0.0.1:{port}/{LANG}/", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                pass
            assert time.monotonic() < deadline, f"{program} does not answer 60 s after its restart"
            time.sleep(0.2)
    else:
        deadline = time.monotonic() + 60
        while shape.log("worker-1.log").count(" ready.") < 2:
            assert time.monotonic() < deadline, "the restarted worker is not ready after 60 s"
            time.sleep(0.2)
    print(f"{program}: serving again after {time.monotonic() - killed:.2f} s")


def _bot_moves_after(shape, moment):
    return shape.site._rows(
        "SELECT match_id, version, created_at FROM games_matchaction WHERE by = 'bot' AND created_at > %s "
        "ORDER BY created_at", (moment,))


def _broker_connections(shape):
    """Wall-clock times at which the worker logged a connection to the broker (at its start, and
    each time it found Redis again)."""
    times = []
    for line in shape.log("worker-1.log").splitlines():
        found = re.match(r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}): INFO/MainProcess\] Connected to redis://", line)
        if found:
            local = datetime.strptime(found.group(1), "%Y-%m-%d %H:%M:%S")  # the worker logs local time
            times.append(local.timestamp() + int(found.group(2)) / 1000)
    return times


def _wait_for_broker_connection(shape, after, timeout):
    """Seconds from `after` (wall clock) to the worker's first connection to the broker after it."""
    deadline = time.monotonic() + timeout
    while True:
        later = [t for t in _broker_connections(shape) if t >= after - 0.01]
        if later:
            return later[0] - after
        if time.monotonic() > deadline:
            raise AssertionError(f"the worker did not connect to Redis again within {timeout} s")
        time.sleep(0.05)


def test_the_worker_survives_ten_redis_restarts_under_hard_bots(shape):
    site = shape.site
    sessions = site.create_sessions(["rita_redis", "remo_redis"])
    results = []

    async def keep_playing(name, sessionid, stop):
        """Table after table of three hard bots and this player, who answers at once."""
        http = await asyncio.to_thread(site.session_for, sessionid)
        games = 0
        while not stop.is_set():
            match_id = await _retry(lambda: site.create_table(http, players=4, bots=["hard"] * 3))
            player = LiveClient(site, match_id, sessionid, name=name, seed=games)
            player.message_timeout = 3  # a quiet socket asks for a resync soon (Redis restarts)
            await _retry_async(player.connect)
            await _retry(lambda: site.start_table(http, match_id))
            await player.play(until=lambda _c: stop.is_set(), timeout=170)
            await player.close()
            games += 1
        return games

    async def run():
        stop = asyncio.Event()
        players = [asyncio.create_task(keep_playing(name, sid, stop)) for name, sid in sessions.items()]
        try:
            await asyncio.to_thread(_wait_for_bot_moves, shape, datetime.now(timezone.utc), 2, 60)
            for n in range(RESTARTS):
                await asyncio.sleep(1.5)  # hard bots thinking, the bots queue holding the next ones
                worker_before = shape.pid("worker-1")
                back_at = await asyncio.to_thread(shape.redis.restart)
                regained = await asyncio.to_thread(_wait_for_broker_connection, shape, back_at, 30)
                after = datetime.fromtimestamp(back_at + max(regained, 0), timezone.utc)
                moved = await asyncio.to_thread(_wait_for_bot_moves, shape, after, 1, 30)
                results.append({"restart": n + 1, "worker connected after": round(regained, 2),
                                "a bot moved after": round(regained + moved, 2),
                                "worker pid": (worker_before, shape.pid("worker-1"))})
                for task in players:
                    if task.done():
                        task.result()  # a player that failed fails the test now
        finally:
            stop.set()
            await asyncio.wait_for(asyncio.gather(*players, return_exceptions=True), 60)
        return [task.result() for task in players]

    games = asyncio.run(asyncio.wait_for(run(), 240))
    print(f"Redis restarts (seconds from Redis answering again), games begun by each player {games}:")
    for row in results:
        print(row)
    assert len(results) == RESTARTS
    slow = [r for r in results if r["worker connected after"] > 5 or r["a bot moved after"] > 5]
    assert not slow, f"the worker or the bots were not back within 5 s of Redis: {slow}"
    assert shape.pid("worker-1") > 0


def _wait_for_bot_moves(shape, moment, count, timeout):
    """Seconds from `moment` (a wall-clock datetime) until `count` bot moves are logged after it."""
    deadline = time.monotonic() + timeout
    while True:
        rows = _bot_moves_after(shape, moment)
        if len(rows) >= count:
            return (rows[count - 1]["created_at"] - moment).total_seconds()
        if time.monotonic() > deadline:
            raise AssertionError(f"fewer than {count} bot moves {timeout} s after {moment:%H:%M:%S.%f}")
        time.sleep(0.05)


async def _retry(call, attempts=20):
    """An HTTP step of the players' loop; a Redis restart may fail one (its cache is down)."""
    for attempt in range(attempts):
        try:
            return await asyncio.to_thread(call)
        except Exception:  # noqa: BLE001 - retried, the last failure raised
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.5)


async def _retry_async(call, attempts=20):
    for attempt in range(attempts):
        try:
            return await call()
        except Exception:  # noqa: BLE001
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.5)
