"""Live play under load: N concurrent tables over the real stack.

    python bench/bench_live.py --tables 10 --players 4 --timeout 600

1. Starts the stack as the live tests do (tests/integration/live_stack.py): a fresh PostgreSQL
   database, its own Redis database (--redis-db, default 9), daphne, one Celery worker
   (-c --concurrency, default 2) and Celery beat, with DEBUG off and the production defaults of
   the sweep (DEADLINE_SWEEP_SECONDS=5, BOT_STALL_SECONDS=30). With --daphnes N, N daphne
   processes share the database and Redis (the production shape) and the clients are dealt to
   them in turn, as a proxy would. With --proxy, the production shape instead (deploy/run-prod.sh,
   as tests/integration/prod_shape.py starts it: nginx in front of --daphnes daphne processes, one
   Celery worker of -c --concurrency, a reviewer and beat under supervisord, a Redis server of its
   own): every client goes through nginx, and the CPU of each part is printed, nginx's included.
2. Makes N players (users and logged-in sessions in one `manage.py shell`), and each creates a
   table over HTTP (the lobby form): seat 0 is the player, the P-1 other seats are bots
   (medium and easy in turn), played by the Celery worker.
3. Connects one scripted WebSocket client per table (the player's session cookie, the site's
   Origin), then starts every table over HTTP at once (with --ramp S, evenly over S seconds, so
   the tables do not start, change age and end in step). Each client plays a random legal move as
   soon as it is asked (or after --think seconds on average), to the final scores (the client of
   the live tests: version checks, resync on a gap, reconnect).
4. Prints: tables completed and completed per minute (from the first start to the last
   completion, or to --timeout), moves per second (all seats, from the action logs), and p50 /
   p99 / max of the time from a move sent to its `ack`, and to the `update` of its version; that
   p99 for each 5-second slice, and for the moves sent while every table plays (from the last
   table's start to the first one's end).
   With --verify (default), every finished match's action log is checked afterwards
   (contiguous, one move per seat per step, the replay equal to the snapshot).
   The player's moves are also broken down by stage (the stack runs with LIVE_TIMINGS on, so acks
   and updates carry server timestamps): submit (sent -> received by daphne), waiting for a
   database thread (-> a thread of the DB_THREADS pool took it up), engine and commit
   (-> the transaction committed), after commit (the broadcast sent and the bots asked, -> the ack
   sent), delivery (commit -> the update received by the client).

Needs PostgreSQL and Redis (DATABASE_URL / REDIS_URL name the servers; defaults 127.0.0.1).
The client runs in this process, on the same machine as the stack: its CPU counts too. Its
garbage collector is paused while the tables play (`collector_paused`).
"""
import argparse
import asyncio
import contextlib
import gc
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.integration.live_stack import (  # noqa: E402
    ONE_MACHINE_LIMITS, LiveClient, LiveStack, _cpu, _pids, check_match_log, percentile, postgres_cpu_seconds,
)

BOTS = ("medium", "easy")
SLICE_SECONDS = 5


def stack_env(overrides=()):
    """The stack's environment: production-like (DEBUG off, the sweep's defaults), plain HTTP, limits
    out of the way of one machine's many clients; `overrides`: NAME=VALUE strings."""
    return {
        "DEBUG": "0", "HTTPS": "false", "LIVE_TIMINGS": "1", "SECRET_KEY": "bench-live-only-secret-key", "BOT_STALL_SECONDS": "30",
        "DEADLINE_SWEEP_SECONDS": "5", "WS_RATE_LIMIT": "1000", "WS_SOCKETS_PER_IP": "5000", "STATIC_MANIFEST": "0",
        **dict(item.split("=", 1) for item in overrides),
    }


def ms(seconds):
    return f"{seconds * 1000:8.1f}"


def prepare(stack, tables, players):
    started = time.monotonic()
    sessions = stack.create_sessions([f"bench{n}" for n in range(tables)])
    bots = [BOTS[n % 2] for n in range(players - 1)]

    def create(name):
        http = stack.session_for(sessions[name])
        return http, stack.create_table(http, players=players, bots=bots)

    with ThreadPoolExecutor(8) as pool:
        made = list(pool.map(create, [f"bench{n}" for n in range(tables)]))
    print(f"{tables} players and tables made in {time.monotonic() - started:.1f} s")
    return made


class ThinkingClient(LiveClient):
    """A scripted player who takes between half and one and a half times `think` seconds over
    each move (the time is spent before the move is sent: its latencies start at the send)."""

    def __init__(self, *args, think, **kwargs):
        super().__init__(*args, **kwargs)
        self.think = think

    async def act(self, action=None):
        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        return await super().act(action)


async def run(stack, made, timeout, seed, think=0.0, addresses=None, ramp=0.0):
    addresses = addresses or [stack]

    def client(n, http, match_id):
        common = dict(name=f"p{n}", seed=seed + n, message_timeout=30)
        address = addresses[n % len(addresses)]
        if think:
            return ThinkingClient(address, match_id, http.cookies["sessionid"], think=think, **common)
        return LiveClient(address, match_id, http.cookies["sessionid"], **common)

    clients = [client(n, http, match_id) for n, (http, match_id) in enumerate(made)]
    gate = asyncio.Semaphore(20)

    async def connect(client):
        async with gate:
            await client.connect(timeout=60)

    await asyncio.gather(*(connect(c) for c in clients))
    print(f"{len(clients)} clients connected")
    finished_at = {}
    failures = []

    async def play(client, deadline):
        try:
            await client.play(timeout=max(1.0, deadline - time.monotonic()))
            finished_at[client.match_id] = time.monotonic()
        except TimeoutError:
            pass  # unfinished at --timeout: counted from finished_at
        except Exception as error:  # noqa: BLE001 - counted, reported
            failures.append(f"match {client.match_id}: {type(error).__name__}: {error}")

    pool = ThreadPoolExecutor(8)
    loop = asyncio.get_running_loop()
    cpu_before = cpu_use(stack)
    started = time.monotonic()
    deadline = started + timeout
    tasks = [asyncio.create_task(play(c, deadline)) for c in clients]

    async def start(k, http, match_id):
        await asyncio.sleep(max(0.0, started + start_offset(k, len(made), ramp) - time.monotonic()))
        await loop.run_in_executor(pool, stack.start_table, http, match_id)

    await asyncio.gather(*(start(k, http, match_id) for k, (http, match_id) in enumerate(made)))
    all_started = time.monotonic()
    print(f"{len(made)} tables started in {all_started - started:.1f} s")
    await asyncio.wait(tasks, timeout=timeout + 5)
    ended = time.monotonic()
    for task in tasks:
        task.cancel()
    for client in clients:
        try:
            await asyncio.wait_for(client.close(), 2)
        except Exception:  # noqa: BLE001
            pass
    pool.shutdown()
    cpu_after = cpu_use(stack)
    cpu = {name: cpu_after[name] - cpu_before.get(name, 0) for name in cpu_after}
    return clients, started, all_started, ended, finished_at, failures, cpu


def start_offset(k, tables, ramp):
    """When the k-th of `tables` starts, in seconds after the first: evenly over `ramp`."""
    return k * ramp / tables


def while_every_table_plays(clients, all_started, first_end):
    """The move -> update latencies of the moves sent from the last table's start to the first
    table's end: the load of every table at once, without the start's and the end's bursts."""
    return [latency for client in clients for sent, latency in zip(client.update_sent, client.update_latency)
            if all_started <= sent < first_end]


@contextlib.contextmanager
def collector_paused():
    """The clients' process without the cyclic garbage collector while they play (it runs once at
    the end). One process stands for every player here, and its full collections, which walk
    everything its clients have recorded, grew with the run to 100-430 ms each (eight in a run
    of 500 tables): every player stood still meanwhile, then the moves due were all sent at once,
    twice the usual rate for a quarter of a second, and the servers' queues after each such
    burst made the run's p99 (docs/releasing.md, "The bench's own pauses"). Players in browsers
    of their own do not pause together."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
        gc.collect()


def cpu_use(stack):
    """CPU seconds so far of each part of the stack (and of this process: the clients)."""
    times = os.times()
    shape = getattr(stack, "shape", None)
    if shape is not None:  # --proxy: each program supervisord runs is a process group of its own
        parts = {}
        for program in shape.programs():
            pid = shape.pid(program)
            kind = "nginx (proxy)" if program == "nginx" else program.split("-")[0]
            seconds = sum(_cpu(p) for p in _pids(lambda p, stat, pid=pid: pid and int(stat[4]) == pid))
            parts[kind] = parts.get(kind, 0.0) + seconds
        return {**parts, "postgres server": postgres_cpu_seconds(), "clients (this process)": times.user + times.system}
    daphnes = [stack.daphne] + [p for p in stack.retired if p.name.startswith("daphne")]
    return {"daphne": sum(p.cpu_seconds() for p in daphnes), "celery worker": stack.worker.cpu_seconds(),
            "celery beat": stack.beat.cpu_seconds(), "postgres server": postgres_cpu_seconds(),
            "clients (this process)": times.user + times.system}


def report(stack, args, clients, started, all_started, ended, finished_at, failures, cpu):
    done = len(finished_at)
    window = (max(finished_at.values()) - started) if done == len(clients) else (ended - started)
    ack = [x for c in clients for x in c.ack_latency]
    update = [x for c in clients for x in c.update_latency]
    moves = 0
    problems = []
    for client in clients:
        log = stack.match_log(client.match_id)
        moves += len([r for r in log if r["seat"] is not None])
        if args.verify and client.match_id in finished_at:
            try:
                check_match_log(stack, client.match_id)
            except AssertionError as error:
                problems.append(f"match {client.match_id}: {error}")
    durations = sorted(finished_at[c.match_id] - started for c in clients if c.match_id in finished_at)
    print()
    print(f"tables {len(clients)} x {args.players} players (1 scripted client + {args.players - 1} Celery bots each"
          + (f", the player thinking {args.think:g} s a move on average" if args.think else "") + "), "
          f"{args.daphnes} daphne{' behind nginx' if args.proxy else ''}, worker -c {args.concurrency}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
          + (f", the tables started over {args.ramp:g} s" if args.ramp else ""))
    print(f"completed            {done} of {len(clients)} in {window:.1f} s"
          + ("" if done == len(clients) else f" (stopped at --timeout {args.timeout} s)"))
    print(f"tables per minute    {done / window * 60:.1f}")
    unfinished = [c for c in clients if c.match_id not in finished_at]
    if unfinished:
        steps = sorted(c.step or 0 for c in unfinished)
        print(f"unfinished           {len(unfinished)} tables, at step {steps[0]} to {steps[-1]} "
              f"(median {percentile(steps, 50)}; a game has about 21)")
    if durations:
        print(f"table time           first {durations[0]:.1f} s, median {percentile(durations, 50):.1f} s, "
              f"last {durations[-1]:.1f} s")
    print(f"moves (all seats)    {moves}, {moves / window:.1f} per second")
    print(f"                     {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  n")
    for name, values in (("move -> ack", ack), ("move -> update", update)):
        if values:
            print(f"{name:20} {ms(percentile(values, 50))} {ms(percentile(values, 99))} {ms(max(values))}  {len(values)}")
    by_slice = {}
    for client in clients:
        for sent, latency in zip(client.update_sent, client.update_latency):
            by_slice.setdefault(int((sent - started) // SLICE_SECONDS), []).append(latency)
    if by_slice:
        print(f"move -> update by when the move was sent ({SLICE_SECONDS} s slices from the first start): p50 / p99 ms, n")
        print("  " + "; ".join(f"{n * SLICE_SECONDS}-{(n + 1) * SLICE_SECONDS} s {percentile(v, 50) * 1000:.0f} / "
                               f"{percentile(v, 99) * 1000:.0f}, {len(v)}" for n, v in sorted(by_slice.items())))
    first_end = min(finished_at.values(), default=ended)
    playing = while_every_table_plays(clients, all_started, first_end)
    if playing:
        print(f"every table playing  (moves sent from the last start to the first end, {all_started - started:.0f}-"
              f"{first_end - started:.0f} s) move -> update p50 {ms(percentile(playing, 50)).strip()} ms, "
              f"p99 {ms(percentile(playing, 99)).strip()} ms, n {len(playing)}")
    stages = [s for c in clients for s in c.stage_times()]
    if stages:
        print("by stage (the player's moves)")
        for name in stages[0]:
            values = sorted(s[name] for s in stages)
            print(f"  {name:36} {ms(percentile(values, 50))} {ms(percentile(values, 99))} {ms(max(values))}  {len(values)}")
    errors = [e for c in clients for e in c.errors]
    print(f"errors {len(errors)}, resyncs {sum(c.resyncs for c in clients)}, idle resyncs "
          f"{sum(c.idle_resyncs for c in clients)}, reconnects {sum(c.reconnects for c in clients)}")
    print("cpu seconds of play  " + ", ".join(f"{name} {cpu[name]:.1f}" for name in cpu)
          + f" (the machine had {(ended - started) * os.cpu_count():.0f}, shared with other work)")
    if args.verify:
        print(f"action logs checked: {done - len(problems)} of {done} good")
    for line in (failures + problems + [str(e) for e in errors])[:20]:
        print("  " + line)
    return not problems and not errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10, help="concurrent tables (default 10)")
    from games import engine

    low, high = engine.info("base")["min_players"], engine.info("base")["max_players"]
    parser.add_argument("--players", type=int, default=4, choices=range(low, high + 1), metavar="P",
                        help=f"seats per table, {low} to {high} (default 4)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds of play at most (default 600)")
    parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes (default 2)")
    parser.add_argument("--daphnes", type=int, default=1, help="daphne processes the clients are dealt to (default 1)")
    parser.add_argument("--redis-db", type=int, default=9, help="Redis database used and flushed (default 9)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-verify", dest="verify", action="store_false",
                        help="do not check the action logs afterwards")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for the stack's processes (repeatable)")
    parser.add_argument("--keep-logs", action="store_true", help="keep the processes' logs under /tmp")
    parser.add_argument("--proxy", action="store_true",
                        help="the production shape: nginx in front of --daphnes daphne processes under supervisord")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds the scripted player takes over a move, on average (default 0: at once, "
                             "which keeps the machine saturated; people take seconds)")
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="seconds over which the tables start, evenly (default 0: all at once, so every "
                             "table starts, changes age and ends in step with the others)")
    args = parser.parse_args()

    if args.proxy:
        return run_through_the_proxy(args)
    stack = LiveStack(name="bench", redis_db=args.redis_db, worker_concurrency=args.concurrency,
                      env=stack_env(args.env))
    stack.keep_logs = args.keep_logs
    started = time.monotonic()
    stack.start()
    print(f"stack up in {time.monotonic() - started:.1f} s (daphne on port {stack.port}, logs {stack.dir})")
    ok = False
    try:
        ok = play_tables(stack, args, [stack] + [stack.start_another_daphne() for _ in range(args.daphnes - 1)])
    finally:
        if not ok:
            stack.keep_logs = True
        stack.stop()
    return 0 if ok else 1


def play_tables(stack, args, addresses):
    """Makes the tables, plays them through `addresses` (daphnes, or the proxy) and reports: True if all went well."""
    made = prepare(stack, args.tables, args.players)
    with collector_paused():
        outcome = asyncio.run(run(stack, made, args.timeout, args.seed, args.think, addresses, args.ramp))
    return report(stack, args, *outcome)


def run_through_the_proxy(args):
    from tests.integration.prod_shape import ProdShape

    # The live stack's limits for one machine's many clients (the shape's processes do not get its
    # environment), then the bench's own. No reviewer: the coach reviews every finished game, which
    # is not the live path measured here.
    env = {**ONE_MACHINE_LIMITS, **stack_env(args.env), "WORKERS": "1", "WORKER_CONCURRENCY": str(args.concurrency),
           "REVIEWERS": "0"}
    shape = ProdShape(env=env, daphnes=args.daphnes)
    shape.keep = args.keep_logs
    started = time.monotonic()
    shape.start()
    stack = shape.site  # its URLs are nginx's; its database and Redis the shape's
    stack.shape = shape
    print(f"production shape up in {time.monotonic() - started:.1f} s (nginx on port {shape.listen_port}, "
          f"{args.daphnes} daphne processes, logs {shape.dir})")
    ok = False
    try:
        ok = play_tables(stack, args, [stack])
    finally:
        if not ok:
            shape.keep = True
        shape.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
