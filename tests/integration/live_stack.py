"""The real stack, started as separate processes, for the live tests and bench/bench_live.py.

`LiveStack` creates a fresh database (PostgreSQL `wonders_live_<pid>_<n>`, or a SQLite file in
embedded mode), a copy of one that `manage.py migrate` and `load_catalogue` made once for the test
process (stack_database.py), and starts:

- `daphne -b 127.0.0.1 -p <free port> wonders_site.asgi:application`;
- with Redis (the default): a Celery worker (`-Q bots,default,review`) and Celery beat, on their own
  Redis database (flushed at start and at the end), so the channel layer and the broker are
  the real ones and the deadline sweep re-asks lost bot turns (games/services/bot_watch.py);
- embedded (`embedded=True`): no Redis, no Celery: the in-memory channel layer and in-process
  bots inside daphne, as `make run` does.

Every process gets its own session (process group) and a log file under /tmp/wonders_live_*/;
`logs()` returns their tails (the integration conftest attaches them to a failed test's report).
Every wait is bounded. `stop()` ends the processes it started (their process groups, by id),
drops the database and flushes the Redis database.

`LiveClient` is a scripted WebSocket client of docs/protocol.md (the `websockets` library, the
session cookie of a real login, the site's Origin): it keeps the version, resyncs on a gap,
reconnects with backoff and sends an unacknowledged move again with the same client_id, plays
random legal moves for its seat, records every message and times each move to its ack and to
its update.

`check_match_log` and `assert_no_leak` read the finished match back from the database (the
action log, the snapshot, the seed) and check it, and every recorded message, against it.

Longer than our ~400 lines on purpose: the stack, its client and the checks share the database
and process helpers and are always used together (the integration tests and bench_live.py).
"""
import asyncio
import itertools
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.integration.stack_database import postgres_template, sqlite_copy, with_db
from tests.leak_check import check_message

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
PASSWORD = "Live-stack-pw-2024!"
LANG = "en"
_counter = itertools.count()


class StackError(RuntimeError):
    """The stack could not be started (or a process of it died); the message has the log tails."""


# ---------------------------------------------------------------------------------------------
# processes


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Proc:
    """One subprocess in its own process group, its output in a log file."""

    def __init__(self, name, argv, env, log_path):
        self.name = name
        self.argv = argv
        self.log_path = Path(log_path)
        with open(self.log_path, "ab") as log:
            log.write(f"$ {' '.join(argv)}\n".encode())
            log.flush()
            self.popen = subprocess.Popen(
                argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        self.pid = self.popen.pid

    def alive(self):
        return self.popen.poll() is None

    def signal_group(self, sig):
        try:
            os.killpg(self.pid, sig)  # the group's id is the leader's pid (start_new_session)
        except ProcessLookupError:
            pass

    def freeze(self):
        self.signal_group(signal.SIGSTOP)

    def kill(self):
        """SIGKILL to the whole group (a prefork worker's children too), then reap the leader."""
        self.signal_group(signal.SIGKILL)
        try:
            self.popen.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def stop(self, timeout=10):
        if not self.alive():
            self.signal_group(signal.SIGKILL)  # children left behind, if any
            return
        self.signal_group(signal.SIGCONT)
        self.signal_group(signal.SIGTERM)
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def cpu_seconds(self):
        """User + system CPU time of the group's live processes (a prefork worker's children too)."""
        return sum(_cpu(pid) for pid in _pids(lambda pid, stat: int(stat[4]) == self.pid))

    def tail(self, lines=60):
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


def _wait(predicate, timeout, what, check=None, interval=0.2):
    end = time.monotonic() + timeout
    while True:
        if check is not None:
            check()
        if predicate():
            return
        if time.monotonic() > end:
            raise TimeoutError(f"{what}: not ready after {timeout} s")
        time.sleep(interval)


# ---------------------------------------------------------------------------------------------
# the stack


class DaphneAddress:
    """The stack as seen through one of its daphne processes: what a `LiveClient` needs of a stack
    (its URLs and origin), on that process's port; everything else is the stack's."""

    def __init__(self, stack, port):
        self._stack = stack
        self.port = port

    def __getattr__(self, name):
        return getattr(self._stack, name)

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, path):
        return f"ws://127.0.0.1:{self.port}{path}"


# The site's limits lifted for one machine's many scripted clients (the live stack's processes, and
# bench/bench_live.py --proxy's production shape).
ONE_MACHINE_LIMITS = {
    "SIGNUP_RATE": "",  # the tests sign many players up from one address
    "WS_SOCKETS_PER_IP": "2000",  # and open all their sockets from it
    # Scripted players answer at once (an Architects seat moves many times a turn): the
    # per-connection and per-player message limits are tested in tests/games, not here.
    "WS_RATE_LIMIT": "1000", "WS_SHARED_RATE_LIMIT": "2000",
    # The flood limits (games/flood.py) too: every client comes from one address and may
    # reconnect and resync often; bench/bench_flood.py sets the production defaults back.
    "WS_NEW_SOCKETS_PER_IP_MINUTE": "100000", "SPECTATOR_RESYNC_SECONDS": "0",
    "SPECTATOR_RESYNCS_PER_IP": "100000",
    "OPEN_TABLES_PER_USER": "50",
    # A finished game with a person is reviewed (issue 28): a few seconds of search here, so the
    # reviews of the tests' games never keep the stack's worker or CPU from the bots.
    "REVIEW_TOTAL_SECONDS": "3",
}

class LiveStack:
    def __init__(self, *, embedded=False, database_url=None, redis_url=None, redis_db=None, name="live",
                 worker_concurrency=2, beat=True, env=None, log_dir=None, loglevel="INFO"):
        self.embedded = embedded
        self.name = name
        self.worker_concurrency = worker_concurrency
        self.loglevel = loglevel
        self.beat_enabled = beat
        self.extra_env = dict(env or {})
        self.dir = Path(log_dir or tempfile.mkdtemp(prefix=f"wonders_{name}_", dir="/tmp"))
        self.dir.mkdir(parents=True, exist_ok=True)
        self.keep_logs = bool(os.environ.get("LIVE_KEEP_LOGS"))
        self.port = None
        self.daphne = None
        self.worker = None
        self.beat = None
        self.retired = []  # processes replaced (killed workers, restarted daphnes): logs kept
        self._workers = itertools.count(1)
        self._daphnes = itertools.count(1)
        self.started = False
        if embedded:
            self.db_name = None
            self.database_url = f"sqlite:///{self.dir / 'db.sqlite3'}"
            self.redis_url = None
            self.redis_db = None
        else:
            server = database_url or os.environ.get("LIVE_DATABASE_URL") or os.environ.get("DATABASE_URL") or ""
            if not server.startswith(("postgres://", "postgresql://")):
                server = DEFAULT_DATABASE_URL
            self.server_url = with_db(server, "postgres")
            self.db_name = f"wonders_{name}_{os.getpid()}_{next(_counter)}"
            self.database_url = with_db(server, self.db_name)
            base = redis_url or os.environ.get("LIVE_REDIS_URL") or os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
            if redis_db is None:
                worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
                redis_db = 5 + int(re.sub(r"\D", "", worker) or 0)
            self.redis_db = redis_db
            self.redis_url = with_db(base, str(redis_db))

    # -- environment and commands

    def env(self):
        env = {k: v for k, v in os.environ.items()
               if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE") and not k.startswith("PYTEST_")}
        env.update({
            "DJANGO_SETTINGS_MODULE": "wonders_site.settings",
            "DATABASE_URL": self.database_url,
            "PYTHONUNBUFFERED": "1",
            "BOT_STALL_SECONDS": "30",  # the production default: lost bot turns come back sooner
            "DEADLINE_SWEEP_SECONDS": "1",
            "LOG_LEVEL": "INFO",
            **ONE_MACHINE_LIMITS,
        })
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        env.update(self.extra_env)
        return env

    def manage(self, *args, timeout=180, database_url=None):
        env = self.env()
        if database_url:
            env["DATABASE_URL"] = database_url
        result = subprocess.run(
            [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
        )
        with open(self.dir / "manage.log", "a") as log:
            log.write(f"$ manage.py {' '.join(args)}\n{result.stdout}{result.stderr}\n")
        if result.returncode:
            raise StackError(f"manage.py {' '.join(args)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def channel_layer_backend(self):
        """The channel layer class the stack's processes run on, as their settings name it."""
        if not hasattr(self, "_channel_layer_backend"):
            self._channel_layer_backend = self.manage(
                "shell", "-c", "from django.conf import settings; print(settings.CHANNEL_LAYERS['default']['BACKEND'])",
            ).strip().splitlines()[-1]
        return self._channel_layer_backend

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, path):
        return f"ws://127.0.0.1:{self.port}{path}"

    # -- start and stop

    def start(self):
        try:
            self._prepare_database()
            self.port = free_port()
            self.start_daphne()
            if not self.embedded:
                self.start_worker()
                if self.beat_enabled:
                    self.start_beat()
        except Exception as error:
            self.keep_logs = True
            logs = self.logs()
            self.stop()
            raise StackError(f"the live stack did not start: {error}\nlogs in {self.dir}\n{logs}") from error
        except BaseException:
            self.stop()
            raise
        self.started = True
        return self

    def _prepare_database(self):
        """The stack's database: a copy of the process's migrated template with the catalogue
        (tests/integration/stack_database.py); Redis's database flushed."""
        if self.embedded:
            template = sqlite_copy(self.dir / "db.sqlite3", self._migrate_and_load)
        else:
            template = postgres_template(self.server_url, self._migrate_and_load)
            self._prepare_services(template=template)
        with open(self.dir / "manage.log", "a") as log:
            log.write(f"the database is a copy of {template} (migrated, the catalogue loaded)\n")

    def _migrate_and_load(self, database_url):
        self.manage("migrate", "--noinput", database_url=database_url)
        self.manage("load_catalogue", database_url=database_url)

    def _prepare_services(self, template=None):
        """A new PostgreSQL database for the stack (empty, or a copy of `template`) and its Redis
        database flushed."""
        if self.embedded:
            return
        import psycopg
        import redis

        with psycopg.connect(self.server_url, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{self.db_name}"' + (f' TEMPLATE "{template}"' if template else ""))
        client = redis.Redis.from_url(self.redis_url, socket_connect_timeout=5)
        client.ping()
        client.flushdb()
        client.close()

    def _check(self, proc):
        def check():
            if not proc.alive():
                raise StackError(f"{proc.name} exited with {proc.popen.returncode}:\n{proc.tail()}")
        return check

    def start_daphne(self, timeout=60):
        n = next(self._daphnes)
        self.daphne = Proc(f"daphne-{n}", [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                                           "wonders_site.asgi:application"],
                           self.env(), self.dir / f"daphne-{n}.log")
        self.wait_http(timeout)
        return self.daphne

    def wait_http(self, timeout=60):
        import requests

        def answers():
            try:
                return requests.get(self.url(f"/{LANG}/play/"), timeout=5).status_code == 200
            except requests.RequestException:
                return False

        _wait(answers, timeout, self.daphne.name, self._check(self.daphne), interval=0.25)

    def kill_daphne(self):
        self.daphne.kill()
        self.retired.append(self.daphne)

    def start_another_daphne(self, timeout=60):
        """One more daphne on its own port, sharing the database and Redis (the production shape:
        N daphne processes behind a proxy). Returns a `DaphneAddress` for clients to use."""
        import requests

        n = next(self._daphnes)
        port = free_port()
        proc = Proc(f"daphne-{n}", [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                    "wonders_site.asgi:application"], self.env(), self.dir / f"daphne-{n}.log")
        self.retired.append(proc)  # stopped with the rest

        def answers():
            try:
                return requests.get(f"http://127.0.0.1:{port}/{LANG}/play/", timeout=5).status_code == 200
            except requests.RequestException:
                return False

        _wait(answers, timeout, proc.name, self._check(proc), interval=0.25)
        return DaphneAddress(self, port)

    def restart_daphne(self, timeout=60):
        self.kill_daphne()
        return self.start_daphne(timeout)

    def start_worker(self, timeout=90):
        n = next(self._workers)
        self.worker = Proc(
            f"worker-{n}",
            [PYTHON, "-m", "celery", "-A", "wonders_site", "worker", "-Q", "bots,default,review",
             "-c", str(self.worker_concurrency), "--without-gossip", "--without-mingle", "--without-heartbeat",
             "-n", f"{self.name}{os.getpid()}w{n}@%h", "-l", self.loglevel],
            self.env(), self.dir / f"worker-{n}.log",
        )
        worker = self.worker
        _wait(lambda: " ready." in worker.log_path.read_text(errors="replace"), timeout, worker.name,
              self._check(worker), interval=0.25)
        return worker

    def freeze_worker(self):
        self.worker.freeze()

    def thaw_worker(self):
        self.worker.signal_group(signal.SIGCONT)

    def flush_redis(self):
        """What a Redis restart without persistence does: the queues, the channel layer's groups
        and the shared cache are gone."""
        import redis

        client = redis.Redis.from_url(self.redis_url, socket_connect_timeout=5)
        try:
            client.flushdb()
        finally:
            client.close()

    def wait_for_bot_moves(self, match_id, after_version, count, timeout=60):
        """Seconds until `count` bot moves are logged after `after_version`."""
        started = time.monotonic()

        def moved():
            return sum(1 for r in self.match_log(match_id) if r["version"] > after_version and r["by"] == "bot") >= count

        _wait(moved, timeout, f"{count} bot moves in match {match_id} after version {after_version}", interval=0.1)
        return time.monotonic() - started

    def kill_worker(self):
        self.worker.kill()
        self.retired.append(self.worker)

    def queue_length(self, queue):
        """Messages waiting in a Celery queue (the broker's Redis list); None in embedded mode."""
        if self.embedded:
            return None
        import redis

        client = redis.Redis.from_url(self.redis_url, socket_connect_timeout=5)
        try:
            return client.llen(queue)
        finally:
            client.close()

    def start_beat(self):
        self.beat = Proc("beat", [PYTHON, "-m", "celery", "-A", "wonders_site", "beat", "-l", self.loglevel,
                                  "-s", str(self.dir / "beat-schedule"), "--pidfile="],
                         self.env(), self.dir / "beat.log")
        return self.beat

    def ensure_running(self):
        """Bring back what a failed test may have left stopped or dead."""
        if self.daphne is None or not self.daphne.alive():
            if self.daphne is not None:
                self.retired.append(self.daphne)
            self.start_daphne()
        if self.embedded:
            return
        if self.worker is None or not self.worker.alive() or _stopped(self.worker.pid):
            if self.worker is not None:
                self.kill_worker()
            self.start_worker()
        if self.beat_enabled and (self.beat is None or not self.beat.alive()):
            self.start_beat()

    def processes(self):
        return [p for p in (self.daphne, self.worker, self.beat) if p is not None] + self.retired

    def stop(self):
        for proc in (self.beat, self.worker, self.daphne, *self.retired):
            if proc is not None:
                proc.stop()
        if not self.embedded:
            try:
                import psycopg
                with psycopg.connect(self.server_url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
            except Exception:  # noqa: BLE001 - the server went away: nothing left to drop
                pass
            try:
                import redis
                client = redis.Redis.from_url(self.redis_url, socket_connect_timeout=5)
                client.flushdb()
                client.close()
            except Exception:  # noqa: BLE001
                pass
        if not self.keep_logs:
            shutil.rmtree(self.dir, ignore_errors=True)

    def logs(self, lines=60):
        parts = []
        manage_log = self.dir / "manage.log"
        if manage_log.exists():
            parts.append("----- manage.py -----\n" + "\n".join(manage_log.read_text().splitlines()[-lines:]))
        for proc in self.processes():
            parts.append(f"----- {proc.name} (pid {proc.pid}, {proc.log_path}) -----\n{proc.tail(lines)}")
        return "\n".join(parts)

    # -- users and tables over HTTP

    def signup(self, username, password=PASSWORD):
        """Sign up through the sign-up page (the new user is logged in on that session)."""
        import requests

        session = requests.Session()
        page = session.get(self.url(f"/{LANG}/accounts/signup/"), timeout=30)
        page.raise_for_status()
        response = session.post(self.url(f"/{LANG}/accounts/signup/"), data={
            "csrfmiddlewaretoken": _csrf(page.text), "username": username, "display_name": "", "email": "",
            "password1": password, "password2": password, "preferred_language": LANG,
        }, allow_redirects=False, timeout=60)
        if response.status_code != 302:
            raise StackError(f"sign-up of {username} refused ({response.status_code}): {response.text[:2000]}")
        return session

    def login(self, username, password=PASSWORD):
        """Log in through the login page; the session carries the real `sessionid` cookie."""
        import requests

        session = requests.Session()
        page = session.get(self.url(f"/{LANG}/accounts/login/"), timeout=30)
        page.raise_for_status()
        response = session.post(self.url(f"/{LANG}/accounts/login/"), data={
            "csrfmiddlewaretoken": _csrf(page.text), "username": username, "password": password,
        }, allow_redirects=False, timeout=60)
        if response.status_code != 302 or "sessionid" not in session.cookies:
            raise StackError(f"login of {username} refused ({response.status_code}): {response.text[:2000]}")
        return session

    def create_sessions(self, names):
        """Users and logged-in sessions made in one `manage.py shell` (what login() stores, without
        hashing a password per user): {name: sessionid}. For the bench's many players."""
        script = (
            "import json\n"
            "from django.contrib.auth import get_user_model, SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY\n"
            "from django.contrib.auth.hashers import make_password\n"
            "from django.contrib.sessions.backends.db import SessionStore\n"
            f"names = json.loads({json.dumps(json.dumps(list(names)))})\n"
            f"password = make_password({PASSWORD!r})\n"
            "out = {}\n"
            "for name in names:\n"
            "    user, _ = get_user_model().objects.get_or_create(username=name, defaults={'password': password})\n"
            "    s = SessionStore()\n"
            "    s[SESSION_KEY] = str(user.pk)\n"
            "    s[BACKEND_SESSION_KEY] = 'django.contrib.auth.backends.ModelBackend'\n"
            "    s[HASH_SESSION_KEY] = user.get_session_auth_hash()\n"
            "    s.create()\n"
            "    out[name] = s.session_key\n"
            "print('SESSIONS=' + json.dumps(out))\n"
        )
        output = self.manage("shell", "-c", script, timeout=300)
        line = next(line for line in output.splitlines() if line.startswith("SESSIONS="))
        return json.loads(line[len("SESSIONS="):])

    def session_for(self, sessionid):
        import requests

        session = requests.Session()
        session.cookies.set("sessionid", sessionid, domain="127.0.0.1", path="/")
        session.get(self.url(f"/{LANG}/play/"), timeout=30).raise_for_status()  # the csrftoken cookie
        return session

    def _post(self, session, path, data):
        if "csrftoken" not in session.cookies:
            session.get(self.url(f"/{LANG}/play/"), timeout=30).raise_for_status()
        return session.post(self.url(path), data=data, headers={"X-CSRFToken": session.cookies["csrftoken"]},
                            allow_redirects=False, timeout=60)

    def create_table(self, session, players=4, bots=None, sides="A", turn_seconds=0, game="base", fields=None):
        """Create a table through the lobby form: seat 0 is the session's user, `bots` one level
        ("", "easy", "medium", "hard") per other seat; `sides`: the base game's option (None for a game
        without it); `fields`: more fields of the form (e.g. option_wonders_0). Returns the match id."""
        bots = list(bots if bots is not None else ["medium", "easy"] * 3)[: players - 1]
        # the lobby form's pace fields at their defaults (real time, a bot after 3 missed deadlines)
        data = {"game": game, "players": players, "turn_seconds": turn_seconds, "pace": "live", "missed_limit": 3}
        if sides is not None:
            data["option_sides"] = sides
        data.update(fields or {})
        data.update({f"seat_{n}": level for n, level in enumerate(bots, start=1)})
        response = self._post(session, f"/{LANG}/play/", data)
        match = re.search(r"/play/(\d+)/$", response.headers.get("Location", ""))
        if response.status_code != 302 or not match:
            raise StackError(f"table not created ({response.status_code}): {response.text[:2000]}")
        return int(match.group(1))

    def join_table(self, session, match_id):
        response = self._post(session, f"/{LANG}/play/{match_id}/join/", {})
        if response.status_code != 302:
            raise StackError(f"table {match_id} not joined ({response.status_code}): {response.text[:2000]}")

    def start_table(self, session, match_id):
        response = self._post(session, f"/{LANG}/play/{match_id}/start/", {})
        if response.status_code != 302:
            raise StackError(f"table {match_id} not started ({response.status_code}): {response.text[:2000]}")

    # -- reading the database (the live one, not pytest-django's)

    def _connect(self):
        if self.embedded:
            import sqlite3
            conn = sqlite3.connect(str(self.dir / "db.sqlite3"), timeout=20)
            return conn
        import psycopg
        return psycopg.connect(self.database_url, connect_timeout=5)

    def _rows(self, sql, params):
        conn = self._connect()
        try:
            sql = sql.replace("%s", "?") if self.embedded else sql
            cursor = conn.execute(sql, params)
            names = [d[0] for d in cursor.description]
            rows = [dict(zip(names, row)) for row in cursor.fetchall()]
        finally:
            conn.close()
        for row in rows:
            for key in ("config", "state", "action", "events", "score_sheet"):
                if isinstance(row.get(key), str):
                    row[key] = json.loads(row[key])
        return rows

    def match_row(self, match_id):
        rows = self._rows("SELECT id, status, config, state, seed, version, step, score_sheet "
                          "FROM games_match WHERE id = %s", (match_id,))
        return rows[0] if rows else None

    def match_version(self, match_id):
        rows = self._rows("SELECT version FROM games_match WHERE id = %s", (match_id,))
        return rows[0]["version"]

    def match_log(self, match_id):
        return self._rows('SELECT "index", seat, action, by, client_id, version FROM games_matchaction '
                          'WHERE match_id = %s ORDER BY "index"', (match_id,))


def _stat(pid):
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()  # [0] is the state, [2] the pgid (field 5)


def _pids(predicate):
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = _stat(name)
                if predicate(int(name), [None, None] + stat):
                    found.append(int(name))
            except (OSError, IndexError, ValueError):
                pass
    return found


def _cpu(pid):
    try:
        stat = _stat(pid)
    except OSError:
        return 0.0
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime (fields 14, 15)


def postgres_cpu_seconds():
    """CPU time of the whole PostgreSQL server on this machine (every database: it may serve
    other work too): its live processes, and the backends that have ended (counted in the
    postmaster's children times; a Celery task opens and closes its own connection)."""
    total = 0.0
    for pid in _pids(lambda pid, stat: True):
        try:
            with open(f"/proc/{pid}/comm") as comm:
                if comm.read().strip() != "postgres":
                    continue
            stat = _stat(pid)
        except OSError:
            continue
        total += _cpu(pid)
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            if b"-D\0" in cmdline.read():  # the postmaster: add its reaped children
                total += (int(stat[13]) + int(stat[14])) / os.sysconf("SC_CLK_TCK")
    return total


def _stopped(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "T"
    except OSError:
        return False


def _csrf(html):
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if not found:
        raise StackError("no CSRF token in the page")
    return found.group(1)


# ---------------------------------------------------------------------------------------------
# the scripted WebSocket client


class LiveClient:
    """One connection to /ws/games/<id>/: a seat's (with a session cookie) or a spectator's."""

    def __init__(self, stack, match_id, sessionid=None, *, name="client", seed=0, message_timeout=20,
                 reconnect=True):
        self.stack = stack
        self.match_id = match_id
        self.sessionid = sessionid
        self.name = name
        self.rng = random.Random(seed)
        self.message_timeout = message_timeout
        self.auto_reconnect = reconnect
        self.ws = None
        self.raw = []           # every text frame received, in order
        self.messages = []      # the same, parsed
        self.version = 0
        self.step = None
        self.status = None
        self.you = None
        self.view = None
        self.legal = []
        self.outbox = None      # the move sent and not yet acknowledged
        self.acted_steps = set()
        self.acks = {}          # client_id -> the first ack
        self.duplicates = []    # acks with duplicate: true
        self.errors = []
        self.sent = []          # every act sent (a resend too)
        self.resends = 0
        self.resyncs = 0
        self.idle_resyncs = 0
        self.reconnects = 0
        self.snapshots = []     # (the version before, the snapshot's version), every snapshot
        self.reconnect_snapshots = []  # the same, for the first snapshot of each reconnection
        self.counter = 0
        self.sent_at = {}       # client_id -> when it was first sent
        self.ack_latency = []   # seconds from the move sent to its ack
        self.update_latency = []  # seconds from the move sent to the update of its version
        self.update_sent = []     # when each of those moves was sent (monotonic), in the same order
        self._update_times = {}
        self.sent_wall = {}     # client_id -> wall-clock time first sent (stage timings)
        self.update_wall = {}   # version -> (wall-clock arrival, the server's timings of that update)
        self._awaiting_update = {}  # client_id -> version of the ack, until its update arrives

    # -- connection

    @property
    def path(self):
        return f"/ws/games/{self.match_id}/"

    async def connect(self, timeout=15):
        from websockets.asyncio.client import connect

        headers = {"Cookie": f"sessionid={self.sessionid}"} if self.sessionid else {}
        self.ws = await connect(self.stack.ws_url(self.path), origin=self.stack.origin, additional_headers=headers,
                                open_timeout=timeout, close_timeout=2, max_size=2 ** 23)
        end = time.monotonic() + timeout
        while True:  # the first message of a connection is its snapshot
            message = await self.recv(max(0.1, end - time.monotonic()))
            if message["type"] == "snapshot":
                return message

    async def reconnect(self, deadline):
        from websockets.exceptions import InvalidHandshake, WebSocketException

        delay = 0.25
        before = self.version
        while True:
            try:
                snapshot = await self.connect()
                self.reconnects += 1
                self.reconnect_snapshots.append((before, snapshot["version"]))
                return
            except (OSError, InvalidHandshake, WebSocketException, asyncio.TimeoutError):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def close(self):
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message):
        await self.ws.send(json.dumps(message))

    async def recv(self, timeout):
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        message = json.loads(text)
        self.raw.append(text)
        self.messages.append(message)
        await self.handle(message)
        return message

    # -- the protocol

    async def handle(self, message):
        kind = message["type"]
        now = time.monotonic()
        if kind == "snapshot":
            self.snapshots.append((self.version, message["version"]))
            self._apply(message, now)
            if self.outbox is not None:
                if self.outbox["step"] == self.step:
                    self.resends += 1
                    self.sent.append(self.outbox)
                    await self.send(self.outbox)  # same client_id: applied once at most
                else:
                    self.outbox = None
        elif kind == "update":
            if message["version"] <= self.version:
                return
            if message["version"] != self.version + 1:
                self.resyncs += 1
                await self.send({"type": "resync"})
                return
            self._apply(message, now)
            if self.outbox is not None and self.outbox["step"] != self.step:
                self.outbox = None
        elif kind == "ack":
            client_id = message["client_id"]
            if message.get("duplicate"):
                self.duplicates.append(message)
            if client_id not in self.acks:
                self.acks[client_id] = message
                if client_id in self.sent_at:
                    self.ack_latency.append(now - self.sent_at[client_id])
                    arrived = self._update_times.get(message["version"])
                    if arrived is not None:
                        self.update_latency.append(arrived - self.sent_at[client_id])
                        self.update_sent.append(self.sent_at[client_id])
                    else:
                        self._awaiting_update[client_id] = message["version"]
            if self.outbox is not None and self.outbox["client_id"] == client_id:
                self.outbox = None
        elif kind == "error":
            self.errors.append(message)
            if self.outbox is not None and self.outbox["client_id"] == message.get("client_id"):
                self.outbox = None
            if message["code"] == "stale_step":
                self.resyncs += 1
                await self.send({"type": "resync"})

    def _apply(self, message, now):
        for key in ("version", "step", "status", "you", "view", "legal"):
            setattr(self, key, message[key])
        self._update_times[self.version] = now
        self.update_wall[self.version] = (time.time(), message.get("timings"))
        for client_id, version in list(self._awaiting_update.items()):
            if version <= self.version:
                self.update_latency.append(now - self.sent_at[client_id])
                self.update_sent.append(self.sent_at[client_id])
                del self._awaiting_update[client_id]

    def stage_times(self):
        """Per acknowledged move, with LIVE_TIMINGS on in the stack: seconds of each stage, from
        the move sent to its update received (wall clocks of one machine)."""
        out = []
        for client_id, ack in self.acks.items():
            server = ack.get("timings")
            update = self.update_wall.get(ack["version"])
            if not server or client_id not in self.sent_wall or update is None or not update[1]:
                continue
            arrived, committed = update[0], update[1]["committed"]
            out.append({"submit": server["received"] - self.sent_wall[client_id],
                        "waiting for a database thread": server["began"] - server["received"],
                        "engine and commit": committed - server["began"],
                        "after commit (broadcast, bots asked)": server["answered"] - committed,
                        "delivery": arrived - committed})
        return out

    @property
    def finished(self):
        return self.status == "finished" and bool(self.view and self.view.get("scores"))

    @property
    def may_act(self):
        """Seated, this seat is asked, nothing unacknowledged, and this decision not yet taken at this
        step (a seat decides once per step for its own city, and, 2-player variant, once more for
        the Free City when it controls it: the legal actions then name that city)."""
        return (self.status == "running" and self.you is not None and self.view is not None
                and self.you in self.view["to_act"] and bool(self.legal) and self.outbox is None
                and self._decision() not in self.acted_steps)

    def _decision(self):
        first = self.legal[0] if self.legal else None
        return self.step, first.get("city") if isinstance(first, dict) else None

    @property
    def last_to_act(self):
        return self.may_act and self.view["to_act"] == [self.you]

    async def act(self, action=None):
        action = action if action is not None else self.rng.choice(self.legal)
        self.counter += 1
        client_id = f"{self.name}.{self.match_id}.{self.step}.{self.counter}"
        message = {"type": "act", "client_id": client_id, "step": self.step, "action": action}
        self.outbox = message
        self.acted_steps.add(self._decision())
        self.sent.append(message)
        self.sent_at[client_id] = time.monotonic()
        self.sent_wall.setdefault(client_id, time.time())
        await self.send(message)
        return message

    async def wait_ack(self, client_id, timeout=30):
        end = time.monotonic() + timeout
        while client_id not in self.acks:
            if any(e.get("client_id") == client_id for e in self.errors):
                raise AssertionError(f"{self.name}: move {client_id} refused: {self.errors}")
            await self.recv(max(0.1, end - time.monotonic()))
        return self.acks[client_id]

    async def play(self, until=None, timeout=180, act=True, hold=None, choose=None):
        """Receive (and, if seated and `act`, play random legal moves, or `choose(self)`'s) until
        the final scores arrive, or `until(self)` holds; while `hold(self)` holds, wait instead of
        moving. Reconnects when the connection drops."""
        from websockets.exceptions import ConnectionClosed

        deadline = time.monotonic() + timeout
        while True:
            if self.finished or (until is not None and until(self)):
                return self
            if act and self.may_act and not (hold is not None and hold(self)):
                try:
                    await self.act(choose(self) if choose is not None else None)
                except ConnectionClosed:
                    pass  # the outbox is sent again after the reconnect
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{self.name} (match {self.match_id}): not finished after {timeout} s "
                                   f"(version {self.version}, step {self.step}, status {self.status})")
            try:
                await self.recv(min(remaining, self.message_timeout))
            except asyncio.TimeoutError:
                self.idle_resyncs += 1
                try:
                    await self.send({"type": "resync"})
                except ConnectionClosed:
                    pass
            except (ConnectionClosed, OSError):
                if not self.auto_reconnect:
                    raise
                await self.reconnect(deadline)


# ---------------------------------------------------------------------------------------------
# checks against the database


def _step_key(state, index):
    if "age" not in state:  # one player at a time (Architects): every move is a decision of its own
        return ("move", state["turn"], index)
    prompt = state["prompts"][0] if state["phase"] == "prompt" and state["prompts"] else None
    return (state["phase"], state["age"], state["turn"], json.dumps(prompt, sort_keys=True))


def check_match_log(stack, match_id):
    """The match's action log, read back: contiguous indexes from 0, chance entries first, every
    move by a seat that was asked at that point, one move per seat per step (no seat asked twice,
    none skipped), and the replay of the log equals the saved snapshot. Returns
    {"states": {version: state}, "row": the match row, "log": the rows, "steps": {key: seats}}."""
    from games import engine

    row = stack.match_row(match_id)
    log = stack.match_log(match_id)
    assert [r["index"] for r in log] == list(range(len(log))), "the log's indexes are not contiguous"
    chance = 0
    while chance < len(log) and log[chance]["seat"] is None:
        chance += 1
    assert all(r["seat"] is not None for r in log[chance:]), "a chance entry after the first move"
    versions = [r["version"] for r in log]
    assert versions == sorted(versions), "the log's versions go backwards"
    entries = [dict(r["action"]) if r["seat"] is None else {"seat": r["seat"], "action": r["action"]} for r in log]
    state = engine.replay(row["config"], entries[:chance])
    states = {log[chance - 1]["version"]: state} if chance else {}
    steps, owing = {}, {}
    for k, r in enumerate(log[chance:], start=chance):
        key = _step_key(state, k)
        asked = engine.to_act(state)
        assert r["seat"] in asked, f"entry {k}: seat {r['seat']} moved at {key} but {asked} were asked"
        seats = steps.setdefault(key, [])
        if state["phase"] == "debt":  # Cities: every seat that owes coins pays or takes debt, at once
            owing.setdefault(key, [seat for seat, owed in enumerate(state["owed"]) if owed])
        # A seat decides once per step for its own city, and (2-player variant) once more for the
        # Free City when it holds the Free City's card.
        decider = (r["seat"], r["action"].get("city") if isinstance(r["action"], dict) else None)
        assert decider not in seats, f"entry {k}: seat {r['seat']} moved twice at {key}"
        seats.append(decider)
        state, _events = engine.apply(state, r["seat"], r["action"])
        if k + 1 == len(log) or log[k + 1]["version"] != r["version"]:
            states[r["version"]] = state
    for key, deciders in steps.items():
        own = sorted(seat for seat, city in deciders if city is None)
        if key[0] == "play":
            assert own == list(range(row["config"]["players"])), f"step {key}: moves by {deciders}"
            assert len(deciders) - len(own) <= 1, f"step {key}: moves by {deciders}"
        elif key in owing:
            # 2 players: the Free City (the city after the seats) owes too; its debt is decided by
            # the Free City card's holder, a (seat, "free_city") decider.
            seats_owing = [seat for seat in owing[key] if seat < row["config"]["players"]]
            free_city_owes = len(owing[key]) - len(seats_owing)
            assert own == seats_owing and len(deciders) == len(own) + free_city_owes, f"step {key}: moves by {deciders}"
        else:
            assert len(deciders) == 1, f"step {key}: moves by {deciders}"
    assert engine.replay(row["config"], entries) == row["state"], "the replay of the log differs from the snapshot"
    assert state == row["state"]
    return {"states": states, "row": row, "log": log, "steps": steps}


def assert_no_leak(raw, message, seat, states, seed):
    """One received message holds no hidden card for `seat`, no engine internals, not the seed.
    Returns 1 if it carried a view (and was checked against the state of its version)."""
    assert str(seed) not in raw, f"{message['type']} shows the seed"
    return check_message(message, seat, states)


def percentile(values, q):
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[index]
