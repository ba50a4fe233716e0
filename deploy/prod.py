"""The production shape on one machine, or one machine's share of it (docs/deploy.md).

    python deploy/prod.py start    # prepare, write the configs, start supervisord, wait until served
    python deploy/prod.py stop     # supervisord stops every process it runs, then itself
    python deploy/prod.py status   # supervisorctl status
    python deploy/prod.py rolling-restart   # a new version: daphnes one at a time, then workers, beat

supervisord (PyPI's supervisor, pinned in requirements.txt) runs and restarts every process of the
machine's roles (PROD_ROLES, default all four):

- proxy:  nginx (Debian's), in front of the daphne processes of UPSTREAMS (default: this machine's);
- web:    DAPHNES daphne processes, each on its own port of DAPHNE_PORTS, with --proxy-headers;
- worker: WORKERS Celery workers (-Q default,bots, WORKER_CONCURRENCY each) and REVIEWERS workers
          of the review queue (-Q review -c 1, at nice 10: the coach's reviews, issue 28, never
          take a core from a bot's move);
- beat:   the one Celery beat (the deadline sweep): exactly one in the whole site.

Celery runs through deploy/celery_main.py: `python -m celery` with a guard against a kombu failure
that made the worker exit when Redis restarted (issue 29; the file says which).

Everything is written under PROD_DIR (default var/prod): supervisord.conf, nginx.conf, logs/,
the supervisor's socket and pid files. The site's own settings come from the environment, as for
every process (README, "Settings"); DATABASE_URL and REDIS_URL are required here.
"""
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
ROLES = ("proxy", "web", "worker", "beat")


class Shape:
    """What this machine runs, read from the environment."""

    def __init__(self, environ=None):
        env = dict(os.environ if environ is None else environ)
        self.dir = Path(env.get("PROD_DIR") or ROOT / "var" / "prod").resolve()
        self.python = env.get("PROD_PYTHON") or str(ROOT / ".venv" / "bin" / "python")
        if not Path(self.python).exists():
            self.python = sys.executable
        self.roles = [r.strip() for r in (env.get("PROD_ROLES") or ",".join(ROLES)).split(",") if r.strip()]
        unknown = set(self.roles) - set(ROLES)
        if unknown:
            sys.exit(f"prod: unknown PROD_ROLES {sorted(unknown)}; known: {', '.join(ROLES)}")
        self.listen = env.get("PROD_LISTEN") or "127.0.0.1:8080"
        self.daphnes = int(env.get("DAPHNES") or 2)
        self.daphne_bind = env.get("DAPHNE_BIND") or "127.0.0.1"
        ports = [p.strip() for p in (env.get("DAPHNE_PORTS") or "").split(",") if p.strip()]
        first = int(env.get("DAPHNE_PORT") or 8001)
        self.daphne_ports = [int(p) for p in ports] or [first + n for n in range(self.daphnes)]
        self.daphnes = len(self.daphne_ports)
        upstreams = [u.strip() for u in (env.get("UPSTREAMS") or "").split(",") if u.strip()]
        self.upstreams = upstreams or [f"{self.daphne_bind}:{port}" for port in self.daphne_ports]
        # Two workers of one process by default: while one restarts (a new version), the other
        # plays the bots' moves (rolling_restart waits for each to be ready again).
        self.workers = int(env.get("WORKERS") or 2)
        self.concurrency = int(env.get("WORKER_CONCURRENCY") or 1)
        self.reviewers = int(env.get("REVIEWERS") or 1)
        if self.daphnes < 1 or self.workers < 0 or self.concurrency < 1 or self.reviewers < 0:
            sys.exit("prod: DAPHNES and WORKER_CONCURRENCY must be at least 1, WORKERS and REVIEWERS at least 0")
        self.nginx = env.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
        self.env = env

    # -- the environment every process gets

    def site_env(self):
        env = {k: v for k, v in self.env.items() if not k.startswith("PYTEST_")}
        for name in ("DATABASE_URL", "REDIS_URL"):
            if not env.get(name):
                sys.exit(f"prod: {name} must be set (the production shape runs on PostgreSQL and Redis)")
        env.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")
        env.setdefault("DEBUG", "false")
        # Plain HTTP on this machine's proxy; behind TLS set HTTPS=true (docs/deploy.md).
        env.setdefault("HTTPS", "false")
        env.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
        env.setdefault("PYTHONUNBUFFERED", "1")
        if not env.get("SECRET_KEY"):
            # One machine: a key made once and kept in PROD_DIR. Several machines: set the same
            # SECRET_KEY on each (sessions and CSRF tokens must verify on any daphne).
            key_file = self.dir / "secret_key"
            if not key_file.exists():
                key_file.write_text(secrets.token_urlsafe(50))
                key_file.chmod(0o600)
            env["SECRET_KEY"] = key_file.read_text().strip()
        return env

    # -- configs

    def supervisord_conf(self):
        d, py = self.dir, self.python
        common = ("autostart=true\nautorestart=true\n"
                  # started once it has run 1 s; a process that keeps failing is tried for ever
                  # (supervisor's back-off: 1 s more per failure in a row, reset by a good start)
                  "startsecs=1\nstartretries=1000000\n"
                  "killasgroup=true\nredirect_stderr=true\n"
                  "stdout_logfile_maxbytes=20MB\nstdout_logfile_backups=3\n")
        out = [f"""; written by deploy/prod.py: edit the script, not this file
[unix_http_server]
file={d}/supervisor.sock
chmod=0700

[supervisord]
logfile={d}/logs/supervisord.log
pidfile={d}/supervisord.pid
childlogdir={d}/logs
directory={ROOT}
minfds=4096

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://{d}/supervisor.sock
"""]
        if "proxy" in self.roles:
            out.append(f"""[program:nginx]
command={self.nginx} -c {d}/nginx.conf
stdout_logfile={d}/logs/nginx.log
stopsignal=QUIT
stopwaitsecs=10
stopasgroup=true
{common}""")
        if "web" in self.roles:
            for n, port in enumerate(self.daphne_ports, start=1):
                out.append(f"""[program:daphne-{n}]
command={py} -m daphne -b {self.daphne_bind} -p {port} --proxy-headers wonders_site.asgi:application
environment=MALLOC_ARENA_MAX="2"
stdout_logfile={d}/logs/daphne-{n}.log
stopwaitsecs=10
stopasgroup=true
{common}""")
        if "worker" in self.roles:
            for n in range(1, self.workers + 1):
                out.append(f"""[program:worker-{n}]
command={py} {HERE}/celery_main.py -A wonders_site worker -Q default,bots -c {self.concurrency} -n worker{n}@%%h -l INFO --without-gossip --without-mingle --without-heartbeat
stdout_logfile={d}/logs/worker-{n}.log
; SIGTERM to the main process alone: Celery's warm shutdown lets a bot move in progress finish
; (BOT_MOVE_SECONDS) in its pool process; after stopwaitsecs the whole group is killed
stopwaitsecs=30
stopasgroup=false
{common}""")
            for n in range(1, self.reviewers + 1):
                out.append(f"""[program:reviewer-{n}]
command=nice -n 10 {py} {HERE}/celery_main.py -A wonders_site worker -Q review -c 1 -n reviewer{n}@%%h -l INFO --without-gossip --without-mingle --without-heartbeat
stdout_logfile={d}/logs/reviewer-{n}.log
; a review cut short goes back to the queue (acks_late) and is made again from the start
stopwaitsecs=10
stopasgroup=true
{common}""")
        if "beat" in self.roles:
            out.append(f"""[program:beat]
command={py} {HERE}/celery_main.py -A wonders_site beat -l INFO -s {d}/beat-schedule --pidfile=
stdout_logfile={d}/logs/beat.log
stopwaitsecs=10
stopasgroup=true
{common}""")
        return "\n".join(out)

    def nginx_conf(self):
        template = (HERE / "nginx.conf.template").read_text()
        # max_fails=0: a daphne that refuses a connection (restarting) is never marked down; each
        # request or socket tries it and goes on to the next (proxy_next_upstream). Marked down,
        # nginx brought it back only when a request to it ended, and a socket ends late: with
        # max_fails=1 nginx answered 502 "no live upstreams" for 13 s while another daphne was up.
        servers = "\n".join(f"        server {u} max_fails=0;" for u in self.upstreams)
        values = {"DIR": str(self.dir), "LISTEN": self.listen, "UPSTREAM_SERVERS": servers,
                  # the scheme the client used: nginx's own, or "https" when TLS ends in front of it
                  "FORWARDED_PROTO": self.env.get("PROD_FORWARDED_PROTO") or "$scheme"}
        for key, value in values.items():
            template = template.replace(f"@@{key}@@", value)
        return template

    def write_configs(self):
        (self.dir / "logs").mkdir(parents=True, exist_ok=True)
        (self.dir / "nginx").mkdir(exist_ok=True)
        (self.dir / "supervisord.conf").write_text(self.supervisord_conf())
        if "proxy" in self.roles:
            (self.dir / "nginx.conf").write_text(self.nginx_conf())

    # -- supervisor

    def ctl(self, *args, check=True, capture=False):
        return subprocess.run([self.python, "-m", "supervisor.supervisorctl", "-c", str(self.dir / "supervisord.conf"),
                               *args], check=check, text=True, capture_output=capture, cwd=ROOT)

    def supervisord_pid(self):
        try:
            pid = int((self.dir / "supervisord.pid").read_text().strip())
            os.kill(pid, 0)
            return pid
        except (OSError, ValueError):
            return None

    def programs(self):
        names = []
        if "proxy" in self.roles:
            names.append("nginx")
        if "web" in self.roles:
            names += [f"daphne-{n}" for n in range(1, self.daphnes + 1)]
        if "worker" in self.roles:
            names += [f"worker-{n}" for n in range(1, self.workers + 1)]
            names += [f"reviewer-{n}" for n in range(1, self.reviewers + 1)]
        if "beat" in self.roles:
            names.append("beat")
        return names


def _manage(shape, env, *args):
    print(f"prod: manage.py {' '.join(args)}", flush=True)
    subprocess.run([shape.python, "manage.py", *args], cwd=ROOT, env=env, check=True)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _answers(url, timeout=2):
    """The site answers `url` with a page or a redirect (HTTPS=true redirects plain HTTP)."""
    try:
        with urllib.request.build_opener(_NoRedirect).open(url, timeout=timeout) as response:
            return response.status < 400
    except urllib.error.HTTPError as error:
        return 300 <= error.code < 400
    except OSError:
        return False


def _logged_since(path, offset, text):
    """Whether `text` is in the log at `path` past byte `offset` (its size before a restart)."""
    try:
        with open(path, "rb") as log:
            log.seek(offset)
            return text.encode() in log.read()
    except FileNotFoundError:
        return False


def _wait(predicate, seconds, what):
    end = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > end:
            sys.exit(f"prod: {what}: not ready after {seconds} s (logs in the logs/ folder of PROD_DIR)")
        time.sleep(0.3)


def start(shape):
    if shape.supervisord_pid():
        sys.exit(f"prod: already running (supervisord pid {shape.supervisord_pid()}); `make stop-prod` first")
    if "proxy" in shape.roles and not Path(shape.nginx).exists():
        sys.exit("prod: nginx is missing: run deploy/ensure-packages.sh (Debian's nginx)")
    shape.dir.mkdir(parents=True, exist_ok=True)
    env = shape.site_env()
    if env.get("PROD_PREPARE", "1") not in ("0", "false", "no"):
        # Once per deploy, from one machine: the schema and the catalogue.
        _manage(shape, env, "migrate", "--noinput")
        _manage(shape, env, "load_catalogue")
    if "web" in shape.roles:
        # On every machine that serves pages: WhiteNoise serves STATIC_ROOT, a local folder.
        _manage(shape, env, "collectstatic", "--noinput", "-v0")
    shape.write_configs()
    print(f"prod: supervisord -c {shape.dir / 'supervisord.conf'} ({', '.join(shape.programs())})", flush=True)
    subprocess.run([shape.python, "-m", "supervisor.supervisord", "-c", str(shape.dir / "supervisord.conf")],
                   cwd=ROOT, env=env, check=True)
    wait = int(env.get("PROD_START_SECONDS") or 120)
    if "web" in shape.roles:
        for port in shape.daphne_ports:
            _wait(lambda: _answers(f"http://{_local(shape.daphne_bind)}:{port}/en/"), wait, f"daphne on port {port}")
    if "proxy" in shape.roles:
        _wait(lambda: _answers(f"http://{_local(shape.listen.rsplit(':', 1)[0])}:{shape.listen.rsplit(':', 1)[1]}/en/"),
              wait, f"nginx on {shape.listen}")
    for name in ("worker-1",) if "worker" in shape.roles else ():
        log = shape.dir / "logs" / f"{name}.log"
        _wait(lambda: log.exists() and " ready." in log.read_text(errors="replace"), wait, f"{name} ready")
    shape.ctl("status", check=False)
    if "proxy" in shape.roles:
        print(f"prod: Wonders on http://{shape.listen}/ ; stop it with `make stop-prod`", flush=True)


def _local(host):
    return "127.0.0.1" if host in ("", "0.0.0.0", "*") else host


def stop(shape):
    pid = shape.supervisord_pid()
    if not pid:
        print("prod: not running")
        return
    os.kill(pid, signal.SIGTERM)  # supervisord stops every program (their groups), then exits
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except OSError:
            print("prod: stopped")
            return
        time.sleep(0.2)
    sys.exit(f"prod: supervisord (pid {pid}) still running after 60 s")


def rolling_restart(shape):
    """A new version without dropping games: one daphne at a time, each answering again before the
    next (nginx sends new connections to the others; the sockets of the one restarting reconnect
    and resync), then each worker, each ready again before the next (a bot move in progress
    finishes first: Celery's warm shutdown within stopwaitsecs; an unfinished one goes back to the
    queue: acks_late), then beat. Run `manage.py migrate` before, with migrations the old code runs on."""
    for name in shape.programs():
        if name == "nginx":
            continue
        log = shape.dir / "logs" / f"{name}.log"
        offset = log.stat().st_size if log.exists() else 0
        shape.ctl("restart", name)
        if name.startswith("daphne-"):
            port = shape.daphne_ports[int(name.split("-")[1]) - 1]
            _wait(lambda: _answers(f"http://{_local(shape.daphne_bind)}:{port}/en/"), 120, f"{name} after restart")
        elif name.startswith(("worker-", "reviewer-")):
            # supervisor calls it started after startsecs (1 s); Celery takes its queues some
            # seconds later: restarting the next worker before would leave none serving.
            _wait(lambda: _logged_since(log, offset, " ready."), 120, f"{name} after restart")
    if "proxy" in shape.roles:
        shape.ctl("signal", "HUP", "nginx")  # re-read nginx.conf (new upstreams)


def main(argv):
    command = argv[1] if len(argv) > 1 else "start"
    shape = Shape()
    if command == "start":
        start(shape)
    elif command == "stop":
        stop(shape)
    elif command == "status":
        shape.ctl("status", check=False)
    elif command == "render":
        shape.dir.mkdir(parents=True, exist_ok=True)
        shape.write_configs()
        print(shape.dir)
    elif command == "rolling-restart":
        shape.write_configs()
        shape.ctl("reread", check=False)
        rolling_restart(shape)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
