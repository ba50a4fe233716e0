"""The production shape (issue 29; deploy/, docs/deploy.md) over the real stack, started by the same
script as `make run-prod`: nginx in front of two daphne processes, a Celery worker and beat, all
under supervisord, on PostgreSQL and a Redis server of the test's own (it is restarted ten times).

- nginx serves pages from both daphnes and a game socket through its WebSocket upgrade;
- a daphne or the worker killed with SIGKILL is running again (a new pid) within 5 s;
- the sign-up limit (SIGNUP_RATE's default, 10 an hour) is shared by the two daphnes: the 11th
  sign-up from one address is refused, and the ten before were served by both processes; the
  X-Forwarded-For a client sends is not believed (nginx replaces it);
- ten Redis restarts while hard bots think: after each, a bot moves again within 5 s of Redis
  answering, and the worker found the broker again each time (reconnected, or restarted); the
  guard of deploy/celery_main.py keeps kombu's failure on a lost connection from killing it;
- a rolling restart (deploy/prod.py rolling-restart) while a game is played and pages are asked
  for: the game finishes, its log is whole, no request fails;
- the same under ten tables (tests/integration/rolling_play.py, which bench/bench_restart.py runs
  with 50): every game finishes, every socket open through the daphne restarts reconnected, no
  acknowledged move lost or applied twice, and the bots (on the worker) kept moving.
"""
import asyncio
import re
import secrets
import time
from datetime import datetime, timezone

import pytest
import requests

from tests.integration.live_stack import LANG, PASSWORD, PYTHON, ROOT, LiveClient, check_match_log
from tests.integration.prod_shape import ProdShape
from tests.integration.rolling_play import play_through_rolling_restart, report_lines

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

SIGNUP_LIMIT = 10  # SIGNUP_RATE's default, "10/h" (wonders_site/settings.py)
RESTARTS = 10
ROLLING_TABLES = 10
BOT_MOVE_SECONDS = 0.5


@pytest.fixture(scope="module")
def shape(request):
    failures_before = request.session.testsfailed
    prod = ProdShape(env={
        "BOT_MOVE_SECONDS": str(BOT_MOVE_SECONDS),
        "BOT_STALL_SECONDS": "5",  # lost bot turns asked again sooner (the minimum)
        "DEADLINE_SWEEP_SECONDS": "1",
        "OPEN_TABLES_PER_USER": "50",
        "WS_NEW_SOCKETS_PER_IP_MINUTE": "100000",  # every test client comes from 127.0.0.1
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


def test_a_rolling_restart_drops_no_game_and_no_request(shape):
    """deploy/prod.py rolling-restart (a new version): each daphne, the worker and beat restarted in
    turn while a game is played through nginx and pages are asked for."""
    import subprocess
    import threading

    site = shape.site
    sessionid = site.create_sessions(["rolf_rolling"])["rolf_rolling"]
    http = site.session_for(sessionid)
    match_id = site.create_table(http, players=3, bots=["hard", "medium"])
    pages, stop = [], threading.Event()

    def ask_pages():
        while not stop.is_set():
            try:
                pages.append(requests.get(site.url(f"/{LANG}/"), timeout=30).status_code)
            except requests.RequestException as error:
                pages.append(repr(error))
            time.sleep(0.05)

    async def play():
        last = [0.0]

        def choose(client):  # a person's pace: a move about every second
            last[0] = time.monotonic()
            return client.rng.choice(client.legal)

        player = LiveClient(site, match_id, sessionid, name="rolf", seed=11, message_timeout=1)
        await player.connect()
        await asyncio.to_thread(site.start_table, http, match_id)
        restart = asyncio.create_task(asyncio.to_thread(
            subprocess.run, [PYTHON, "deploy/prod.py", "rolling-restart"], cwd=ROOT, env=shape.env(),
            capture_output=True, text=True, timeout=180))
        await player.play(timeout=170, choose=choose, hold=lambda c: time.monotonic() - last[0] < 1.0)
        await player.close()
        return player, await restart

    asker = threading.Thread(target=ask_pages, daemon=True)
    asker.start()
    try:
        player, restarted = asyncio.run(asyncio.wait_for(play(), 200))
    finally:
        stop.set()
        asker.join(60)
    assert restarted.returncode == 0, restarted.stdout + restarted.stderr
    print(f"rolling restart: {len(pages)} pages asked, the player reconnected {player.reconnects} times")
    assert pages and all(status == 200 for status in pages), [p for p in pages if p != 200]
    assert player.finished and player.errors == []
    assert player.reconnects >= 1, "the player's daphne was restarted: its socket reconnected"
    checked = check_match_log(site, match_id)
    assert checked["row"]["status"] == "finished"


def test_a_rolling_restart_under_ten_tables_loses_no_move_and_every_socket_reconnects(shape):
    """Ten people, each with a hard bot (on the worker) and a medium one, a move about every second;
    a player whose game ends before the restart is over plays another. No time is asserted: the
    pauses are printed (bench/bench_restart.py measures them at 50 tables)."""
    outcome = play_through_rolling_restart(shape, ROLLING_TABLES, bots=("hard", "medium"), prefix="roll")
    print("\n".join(report_lines(outcome, min(g.began for g in outcome.games))))
    assert outcome.restart_returncode == 0, outcome.restart_output
    assert not outcome.failures and all(g.failure is None for g in outcome.games)
    assert len({g.table for g in outcome.games}) == ROLLING_TABLES
    assert all(g.client.finished for g in outcome.games), "every game finished"
    assert all(shape.site.match_row(g.match_id)["status"] == "finished" for g in outcome.games)
    through = outcome.sockets_through_restart()
    assert through, "games were played across both daphne restarts"
    assert not outcome.survivors() and all(g.client.reconnects >= 1 for g in through), (
        "every socket open before the daphne restarts reconnected")
    assert outcome.lost == [] and outcome.twice == [] and outcome.bad_logs == []
    assert all(g.client.errors == [] for g in outcome.games)
    for worker in [p for p in outcome.programs() if p.startswith("worker-")]:
        assert outcome.running_at(outcome.back(worker)), f"games were being played when {worker} restarted"


def test_the_workers_guard_keeps_a_closed_broker_connection_from_killing_it(shape):
    """deploy/celery_main.py: kombu's restore of unacknowledged messages on a transport that has
    let go of its connection settings raised AttributeError (the worker's "Unrecoverable error");
    with the guard it is skipped."""
    import importlib.util

    import kombu

    spec = importlib.util.spec_from_file_location("celery_main", ROOT / "deploy" / "celery_main.py")
    celery_main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(celery_main)

    def restore_after_the_transport_let_go():
        with kombu.Connection(shape.redis.url(3)) as connection:
            channel = connection.default_channel
            connection.transport.client = None  # what the worker's transport looked like then
            channel._pool = None  # its pool went with the lost connection
            return channel.qos.restore_unacked()

    from kombu.transport import redis as kombu_redis

    unguarded = kombu_redis.QoS.restore_unacked
    try:
        with pytest.raises(AttributeError, match="hostname"):
            restore_after_the_transport_let_go()
        celery_main.guard_restore_unacked()
        assert restore_after_the_transport_let_go() is None
    finally:
        kombu_redis.QoS.restore_unacked = unguarded


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


def _wait_for_broker_connection(shape, stopped, back, timeout):
    """Seconds from `back` (wall clock: Redis answered again) to the worker's first connection to the
    broker since `stopped` (Redis was stopped); 0 when the worker was quicker than our ping."""
    deadline = time.monotonic() + timeout
    while True:
        later = [t for t in _broker_connections(shape) if t > stopped]
        if later:
            return max(0.0, later[0] - back)
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
                stopped_at = time.time()
                back_at = await asyncio.to_thread(shape.redis.restart)
                regained = await asyncio.to_thread(_wait_for_broker_connection, shape, stopped_at, back_at, 30)
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
