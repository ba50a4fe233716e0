"""Catalogue API throughput through daphne: requests per second and p50/p99 of /api/cards/.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wonders_bench python bench/bench_cards_api.py
        [--clients 8] [--seconds 10] [--no-cache]

1. Creates the database if it does not exist (never drops one), migrates it and loads the
   catalogue (`manage.py migrate`, `manage.py load_catalogue`).
2. Starts `daphne -b 127.0.0.1 -p <free port> wonders_site.asgi:application` in its own process
   group (DEBUG off, plain http, throttles raised out of the way, no Redis), with
   CATALOGUE_API_CACHE=0 under --no-cache (the answers serialised on every request, as before
   the cache).
3. For each case, N client threads (stdlib http.client, one keep-alive connection each, gzip
   accepted as a browser would) send requests back to back for the given seconds; prints
   requests per second, p50, p99 and max latency, daphne's CPU milliseconds per request (what
   the server spends, whatever else shares the machine: 1000 / that is what one core can serve),
   and any answer that was not the expected one. The clients share the machine with daphne. No
   assertion on time: it prints numbers.
"""
import argparse
import http.client
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from bench_api import DEFAULT_URL, create_database, percentile  # noqa: E402 - the bench folder's helpers

CASES = [
    # (name, path, send the ETag of a first answer back as If-None-Match, expected status)
    ("cards list (en)", "/api/cards/", False, 200),
    ("cards list (?lang=it&age=2)", "/api/cards/?lang=it&age=2", False, 200),
    ("one card", "/api/cards/lumber_yard/?lang=pt-br", False, 200),
    ("wonders list", "/api/wonders/", False, 200),
    ("cards list, If-None-Match", "/api/cards/", True, 304),
]


def cpu_seconds(pid):
    """User + system CPU time of a process (Linux /proc), to see what a request costs the server
    whatever else the machine is running."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(url, cache):
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "wonders_site.settings", "DEBUG": "0", "HTTPS": "0",
        "SECRET_KEY": env.get("SECRET_KEY", "bench-only-secret-key-" + "x" * 40),
        # Throttles out of the way, but still counted: per second, so that the history DRF keeps per
        # client stays as short as under the real 600/min (a per-minute rate would grow it to thousands).
        "API_ANON_RATE": "1000000/s", "API_USER_RATE": "1000000/s", "AXES_ENABLED": "0",
        "LOG_LEVEL": "WARNING", "CATALOGUE_API_CACHE": "1" if cache else "0",
    })
    env.pop("REDIS_URL", None)
    return env


def manage(env, *args):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def get(conn, path, etag=None):
    headers = {"Accept-Encoding": "gzip", "Accept": "application/json"}
    if etag:
        headers["If-None-Match"] = etag
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status, response.getheader("ETag")


def wait_http(port, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            if get(conn, "/api/cards/")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"daphne did not answer on port {port} within {timeout} s")


def hammer(port, path, etag, clients, seconds):
    """N threads, each on its own keep-alive connection, requesting `path` until the time is up."""
    times, statuses, lock = [], {}, threading.Lock()
    start = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine, seen = [], {}
        start.wait()
        while time.perf_counter() < stop_at[0]:
            t0 = time.perf_counter()
            try:
                status, _ = get(conn, path, etag)
            except (OSError, http.client.HTTPException) as error:
                status = type(error).__name__
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            mine.append((time.perf_counter() - t0) * 1000)
            seen[status] = seen.get(status, 0) + 1
        conn.close()
        with lock:
            times.extend(mine)
            for status, count in seen.items():
                statuses[status] = statuses.get(status, 0) + count

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + seconds
    began = time.perf_counter()
    start.wait()
    for thread in threads:
        thread.join()
    return times, statuses, time.perf_counter() - began


def run(port, pid, clients, seconds):
    print(f"\n{clients} clients, {seconds:g} s per case, keep-alive, gzip accepted; load average before: "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n")
    print(f"{'case':32} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'CPU ms':>7} {'clients':>7}  answers")
    for name, path, revalidate, expected in CASES:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        status, etag = get(conn, path)
        conn.close()
        if status != 200:
            raise SystemExit(f"{path}: {status}")
        etag = etag if revalidate else None
        hammer(port, path, etag, clients, min(2.0, seconds))  # warm-up
        cpu, own = cpu_seconds(pid), cpu_seconds(os.getpid())
        times, statuses, elapsed = hammer(port, path, etag, clients, seconds)
        cpu_ms = (cpu_seconds(pid) - cpu) * 1000 / len(times)
        client_ms = (cpu_seconds(os.getpid()) - own) * 1000 / len(times)
        answers = ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items(), key=str))
        if set(statuses) != {expected}:
            answers += f"  (expected only {expected})"
        print(f"{name:32} {len(times) / elapsed:8.0f} {statistics.median(times):8.2f} {percentile(times, 99):8.2f} "
              f"{max(times):8.2f} {cpu_ms:7.2f} {client_ms:7.2f}  {answers}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--no-cache", action="store_true", help="CATALOGUE_API_CACHE=0: serialise every answer.")
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL") or DEFAULT_URL
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench_cards_api needs PostgreSQL: set DATABASE_URL=postgres://...")
    create_database(url)
    env = server_env(url, cache=not args.no_cache)
    manage(env, "migrate", "--noinput")
    manage(env, "load_catalogue")
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="bench_cards_daphne_", suffix=".log", delete=False)
    daphne = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "wonders_site.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        wait_http(port)
        print(f"daphne on port {port}, catalogue API cache {'off' if args.no_cache else 'on'} (log: {log.name})")
        run(port, daphne.pid, args.clients, args.seconds)
    finally:
        try:
            os.killpg(daphne.pid, signal.SIGTERM)  # the group this script started, by its id
            daphne.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(daphne.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
