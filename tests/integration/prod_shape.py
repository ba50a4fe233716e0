"""The production shape (deploy/) started for a test, the way `make run-prod` starts it.

`ProdShape.start()` starts a Redis server of its own (a free port, a temporary directory, saving
its data on shutdown as a production Redis does, so a test may restart it without touching the
shared one on 6379), creates a fresh PostgreSQL database, and runs deploy/run-prod.sh with
PROD_DIR, PROD_LISTEN and DAPHNE_PORTS on free ports: nginx in front of two daphne processes, one
Celery worker and beat, all under supervisord. `stop()` runs deploy/stop-prod.sh, stops the Redis
server, drops the database and removes the directory (kept, with its logs, after a failure).

Users, tables and the database are reached through a `LiveStack` that is never started
(`self.site`): its helpers (create_sessions, create_table, match_log, ...) aimed at nginx's port.
"""
import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from tests.integration.live_stack import ROOT, PYTHON, LiveStack, Proc, StackError, free_port


def _wait(predicate, timeout, what, interval=0.05):
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise TimeoutError(f"{what}: not after {timeout} s")
        time.sleep(interval)


class RedisServer:
    """A redis-server of the test's own; `restart()` stops it as a service manager would (SIGTERM:
    it saves its data, then exits) and starts it again on the same port and data."""

    def __init__(self, directory):
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.proc = None
        self.starts = 0

    def url(self, db=0):
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self):
        self.starts += 1
        self.proc = Proc(f"redis-{self.starts}", [
            "redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.dir),
            "--save", "3600 1", "--appendonly", "no", "--daemonize", "no", "--loglevel", "notice",
        ], dict(os.environ), self.dir / "redis.log")
        _wait(self.ping, 20, f"redis-server on port {self.port}")
        return time.time()

    def ping(self):
        import redis

        client = redis.Redis(port=self.port, socket_connect_timeout=0.5, socket_timeout=0.5)
        try:
            return client.ping()
        except redis.RedisError:
            return False
        finally:
            client.close()

    def stop(self, timeout=20):
        if self.proc is None:
            return
        self.proc.signal_group(signal.SIGTERM)
        try:
            self.proc.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.proc = None

    def restart(self):
        """Stop and start again; returns the wall-clock time at which it answered again."""
        self.stop()
        return self.start()


class ProdShape:
    def __init__(self, env=None, daphnes=2):
        self.dir = Path(tempfile.mkdtemp(prefix="wonders_prod_", dir="/tmp"))
        self.redis = RedisServer(self.dir / "redis")
        self.listen_port = free_port()
        self.daphne_ports = [free_port() for _ in range(daphnes)]
        # The site's processes and the test's manage.py commands (sessions it writes) share one key.
        self.extra_env = {"SECRET_KEY": secrets.token_urlsafe(50), **(env or {})}
        self.keep = bool(os.environ.get("LIVE_KEEP_LOGS"))
        self.site = None
        self.started = False

    @property
    def prod_dir(self):
        return self.dir / "prod"

    def env(self):
        env = {k: v for k, v in os.environ.items()
               if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE") and not k.startswith("PYTEST_")}
        env.update({
            "DATABASE_URL": self.site.database_url,
            "REDIS_URL": self.site.redis_url,
            "PROD_DIR": str(self.prod_dir),
            "PROD_LISTEN": f"127.0.0.1:{self.listen_port}",
            "DAPHNE_PORTS": ",".join(map(str, self.daphne_ports)),
            "STATIC_ROOT": str(self.dir / "static"),
            "PROD_PYTHON": PYTHON,
        })
        env.update(self.extra_env)
        return env

    def start(self):
        self.redis.start()
        self.site = LiveStack(name="prod", redis_url=self.redis.url(0), redis_db=0, log_dir=self.dir / "site",
                              env={"SECRET_KEY": self.extra_env["SECRET_KEY"], "DEBUG": "false", "HTTPS": "false"})
        self.site.port = self.listen_port  # its URLs and Origin: nginx
        try:
            self.site._prepare_services()
            result = subprocess.run(["bash", "deploy/run-prod.sh"], cwd=ROOT, env=self.env(), capture_output=True,
                                    text=True, timeout=240)
            if result.returncode:
                raise StackError(f"deploy/run-prod.sh failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
            self.start_output = result.stdout
        except BaseException:
            self.keep = True
            self.stop()
            raise
        self.started = True
        return self

    def ctl(self, *args):
        result = subprocess.run([PYTHON, "-m", "supervisor.supervisorctl", "-c", str(self.prod_dir / "supervisord.conf"),
                                 *args], cwd=ROOT, capture_output=True, text=True, timeout=30)
        return result.stdout

    def pid(self, program):
        """The pid supervisord runs `program` as now; 0 while it is not running."""
        out = self.ctl("pid", program).strip()
        return int(out) if out.isdigit() else 0

    def programs(self):
        """The names supervisord runs (nginx, daphne-0, worker-0, ..., beat)."""
        return [line.split()[0] for line in self.ctl("status").splitlines() if line.strip()]

    def log(self, name):
        path = self.prod_dir / "logs" / name
        return path.read_text(errors="replace") if path.exists() else ""

    def logs(self, lines=60):
        parts = []
        folder = self.prod_dir / "logs"
        for path in sorted(folder.glob("*.log")) if folder.exists() else ():
            text = path.read_text(errors="replace").splitlines()[-lines:]
            parts.append(f"----- {path} -----\n" + "\n".join(text))
        redis_log = self.redis.dir / "redis.log"
        if redis_log.exists():
            parts.append("----- redis -----\n" + "\n".join(redis_log.read_text().splitlines()[-lines:]))
        return "\n".join(parts)

    def stop(self):
        if (self.prod_dir / "supervisord.pid").exists():
            subprocess.run(["bash", "deploy/stop-prod.sh"], cwd=ROOT, env={**os.environ, "PROD_DIR": str(self.prod_dir),
                                                                          "PROD_PYTHON": PYTHON},
                           capture_output=True, timeout=90)
        if self.site is not None:
            self.site.keep_logs = self.keep
            self.site.stop()  # drops the database, flushes its Redis database
        self.redis.stop()
        if not self.keep:
            shutil.rmtree(self.dir, ignore_errors=True)
