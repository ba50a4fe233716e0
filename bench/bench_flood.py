"""Seated players' moves while anonymous sockets flood `resync` (issue 29, item 4).

    python bench/bench_flood.py --sockets 300 --addresses 30 --rate 5

1. Starts the real stack as bench_live does (tests/integration/live_stack.py: a fresh PostgreSQL
   database, its own Redis database, daphne, a Celery worker and beat; DEBUG off), with the
   site's production limits for sockets (WS_*, SPECTATOR_*, UNSEATED_*: their defaults), where the
   live tests relax them.
2. Makes --tables tables (default 2) of --seats seats: --people scripted players (logged in, from
   127.0.0.1) and bots (medium and easy) at the others; each player takes between half and one and
   a half times --think seconds over a move (bench_live's ThinkingClient).
3. Opens --sockets anonymous sockets (default 300) from --addresses source addresses (127.0.0.2,
   127.0.0.3, ...: each client socket is bound to its address, so daphne, which runs without
   --proxy-headers here, sees the real peer and trusts no X-Forwarded-For), dealt in turn to the
   tables' matches and the lobby, and each sends `resync` --rate times a second (an open loop:
   answered or not), reconnecting a second after it is closed or refused. The tables start once
   every flooding socket has its first answer (or was refused) and --warmup seconds more.
4. Starts the tables and plays them to the end while the flood goes on, then prints the seated
   players' move -> ack (the target: p99 under 250 ms) and move -> update, what the flood got
   (answers, refusals by code, connections refused by code), the CPU of each part and the load
   average of the machine before and after. --no-flood: the same game without the flood.

Needs PostgreSQL and Redis (DATABASE_URL / REDIS_URL name the servers; defaults 127.0.0.1). The
clients run in this process, on the same machine as the stack: their CPU counts too.
"""
import argparse
import asyncio
import collections
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench_live import ThinkingClient, collector_paused, cpu_use, ms  # noqa: E402 - the live bench's player and helpers
from tests.integration.live_stack import LiveStack, percentile  # noqa: E402

BOTS = ("medium", "easy")


def stack_env(overrides=()):
    """Production-like, with the socket limits at the site's defaults (the live stack relaxes them)."""
    return {
        "DEBUG": "0", "HTTPS": "false", "LIVE_TIMINGS": "1", "SECRET_KEY": "bench-flood-only-secret-key",
        "STATIC_MANIFEST": "0", "BOT_STALL_SECONDS": "30", "DEADLINE_SWEEP_SECONDS": "5",
        "WS_RATE_LIMIT": "40", "WS_SHARED_RATE_LIMIT": "80", "WS_SOCKETS_PER_IP": "60", "WS_SPECTATORS_PER_MATCH": "100",
        "WS_NEW_SOCKETS_PER_IP_MINUTE": "60", "SPECTATOR_RESYNC_SECONDS": "2", "SPECTATOR_RESYNCS_PER_IP": "10",
        **dict(item.split("=", 1) for item in overrides),
    }


def prepare(stack, args):
    """The tables, each with its people seated: [(host's http session, match id, [sessionid, ...])]."""
    names = [f"p{t}x{n}" for t in range(args.tables) for n in range(args.people)]
    sessions = stack.create_sessions(names)
    made = []
    for t in range(args.tables):
        people = [sessions[f"p{t}x{n}"] for n in range(args.people)]
        https = [stack.session_for(sid) for sid in people]
        others = [""] * (args.people - 1) + [BOTS[n % 2] for n in range(args.seats - args.people)]
        match_id = stack.create_table(https[0], players=args.seats, bots=others)
        for http in https[1:]:
            stack.join_table(http, match_id)
        made.append((https[0], match_id, people))
    return made


class Flooder:
    """One anonymous socket bound to `address`, sending `resync` `rate` times a second."""

    def __init__(self, stack, path, address, rate, counts):
        self.stack, self.path, self.address, self.rate, self.counts = stack, path, address, rate, counts

    async def run(self, until):
        from websockets.asyncio.client import connect

        while time.monotonic() < until:
            try:
                async with connect(self.stack.ws_url(self.path), origin=self.stack.origin, open_timeout=10,
                                   close_timeout=1, max_size=2 ** 23, local_addr=(self.address, 0)) as ws:
                    self.counts["connections opened"] += 1
                    reader = asyncio.ensure_future(self.read(ws))
                    try:
                        while time.monotonic() < until and not reader.done():
                            await ws.send('{"type":"resync"}')
                            self.counts["resyncs sent"] += 1
                            await asyncio.sleep(1 / self.rate)
                    finally:
                        reader.cancel()
            except Exception as error:  # noqa: BLE001 - closed, refused, reset: counted, then again
                self.counts[f"connection ended ({type(error).__name__})"] += 1
            await asyncio.sleep(1.0)

    async def read(self, ws):
        first = True
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "error":
                key = message["code"] + (f" per {message['facts']['per']}" if "per" in message.get("facts", {}) else "")
                self.counts[("refused at connect: " if first and message["code"].startswith("too_many") else "refused: ")
                            + key] += 1
            elif kind in ("snapshot", "tables"):
                self.counts["first answers (on connect)" if first else "answers (snapshot or tables)"] += 1
            else:
                self.counts[f"pushed: {kind}"] += 1
            first = False


async def run(stack, args, made):
    players = [ThinkingClient(stack, match_id, sid, name=f"t{t}p{n}", seed=args.seed + 10 * t + n, think=args.think,
                              message_timeout=30)
               for t, (_http, match_id, sids) in enumerate(made) for n, sid in enumerate(sids)]
    for player in players:
        await player.connect(timeout=60)
    counts = collections.Counter()
    paths = [f"/ws/games/{match_id}/" for _h, match_id, _s in made] + ["/ws/lobby/"]
    addresses = [f"127.0.0.{2 + n}" for n in range(args.addresses)]
    until = time.monotonic() + args.timeout
    flood = []
    if not args.no_flood:
        flooders = [Flooder(stack, paths[n % len(paths)], addresses[n % len(addresses)], args.rate, counts)
                    for n in range(args.sockets)]
        flood = [asyncio.ensure_future(f.run(until)) for f in flooders]
        connecting = time.monotonic()
        while time.monotonic() - connecting < 90:  # every socket connected (or refused): the flood, not its start
            settled = counts["first answers (on connect)"] + sum(v for k, v in counts.items() if "at connect" in k)
            if settled >= args.sockets:
                break
            await asyncio.sleep(0.5)
        print(f"flood sockets connected in {time.monotonic() - connecting:.1f} s")
        await asyncio.sleep(args.warmup)  # the flood under way before the first move
        print(f"flood: {args.sockets} sockets from {args.addresses} addresses, {dict(counts)}")
    load_before = os.getloadavg()
    cpu_before = cpu_use(stack)
    started = time.monotonic()
    sent_before = counts["resyncs sent"]
    answers_before = counts["answers (snapshot or tables)"]
    for http, match_id, _sids in made:
        stack.start_table(http, match_id)
    results = await asyncio.gather(*(p.play(timeout=args.timeout) for p in players), return_exceptions=True)
    played = time.monotonic() - started
    cpu_after = cpu_use(stack)
    load_after = os.getloadavg()
    sent = counts["resyncs sent"] - sent_before
    answered = counts["answers (snapshot or tables)"] - answers_before
    for task in flood:
        task.cancel()
    await asyncio.gather(*flood, return_exceptions=True)
    for player in players:
        await player.close()
    return players, results, counts, played, sent, answered, load_before, load_after, {
        name: cpu_after[name] - cpu_before.get(name, 0) for name in cpu_after}


def report(args, players, results, counts, played, sent, answered, load_before, load_after, cpu):
    failures = [r for r in results if isinstance(r, BaseException)]
    ack = [x for p in players for x in p.ack_latency]
    update = [x for p in players for x in p.update_latency]
    print()
    print(f"{args.tables} tables x {args.seats} seats ({args.people} scripted players, {args.seats - args.people} bots), "
          f"players think {args.think:g} s a move on average; "
          + ("no flood" if args.no_flood else
             f"flood: {args.sockets} anonymous sockets from {args.addresses} addresses on {args.tables} matches and the "
             f"lobby, {args.rate:g} resyncs/s each")
          + f"; {os.cpu_count()} cores")
    print(f"load average         before {load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f}, "
          f"after {load_after[0]:.1f} {load_after[1]:.1f} {load_after[2]:.1f} (1, 5, 15 min; the machine runs other work)")
    print(f"played               {played:.1f} s, games finished {sum(1 for p in players if p.finished)} of {len(players)} "
          f"players, failures {len(failures)}")
    print(f"                     {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  n")
    for name, values in (("move -> ack", ack), ("move -> update", update)):
        if values:
            print(f"{name:20} {ms(percentile(values, 50))} {ms(percentile(values, 99))} {ms(max(values))}  {len(values)}")
    if ack:
        verdict = "met" if percentile(ack, 99) < 0.25 else "NOT met"
        print(f"target move -> ack p99 < 250 ms: {verdict}")
    if not args.no_flood:
        print(f"flood while the games were played: {sent} resyncs sent ({sent / played:.0f}/s), "
              f"{answered} answered ({answered / played:.1f}/s)")
        print("flood, whole run:")
        for key, value in sorted(counts.items()):
            print(f"  {key:60} {value}")
    stages = [s for p in players for s in p.stage_times()]
    if stages:
        print("by stage (the players' moves)")
        for name in stages[0]:
            values = sorted(s[name] for s in stages)
            print(f"  {name:36} {ms(percentile(values, 50))} {ms(percentile(values, 99))} {ms(max(values))}  {len(values)}")
    errors = [e for p in players for e in p.errors]
    print(f"players' errors {len(errors)}, resyncs {sum(p.resyncs for p in players)}, "
          f"reconnects {sum(p.reconnects for p in players)}")
    print("cpu seconds while played  " + ", ".join(f"{name} {cpu[name]:.1f}" for name in cpu))
    for line in [str(f) for f in failures][:5] + [str(e) for e in errors][:5]:
        print("  " + line)
    return not failures and not errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2, help="tables, each flooded (default 2)")
    parser.add_argument("--seats", type=int, default=5, help="seats per table (default 5)")
    parser.add_argument("--people", type=int, default=3, help="scripted players per table, the rest bots (default 3)")
    parser.add_argument("--think", type=float, default=0.5, help="a player's seconds per move on average (default 0.5)")
    parser.add_argument("--sockets", type=int, default=300, help="anonymous flooding sockets (default 300)")
    parser.add_argument("--addresses", type=int, default=30, help="their source addresses, 127.0.0.2 on (default 30)")
    parser.add_argument("--rate", type=float, default=5.0, help="resyncs a second per flooding socket (default 5)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of flood before the tables start (default 5)")
    parser.add_argument("--no-flood", action="store_true", help="the same games without the flood (a baseline)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds of play at most (default 300)")
    parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes (default 2)")
    parser.add_argument("--redis-db", type=int, default=11, help="Redis database used and flushed (default 11)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for the stack's processes (repeatable)")
    parser.add_argument("--keep-logs", action="store_true", help="keep the processes' logs under /tmp")
    args = parser.parse_args()
    if not 1 <= args.addresses <= 250:
        parser.error("--addresses: 1 to 250 (127.0.0.2 to 127.0.0.251)")

    stack = LiveStack(name="flood", redis_db=args.redis_db, worker_concurrency=args.concurrency,
                      env=stack_env(args.env))
    stack.keep_logs = args.keep_logs
    stack.start()
    print(f"stack up (daphne on port {stack.port}, logs {stack.dir})")
    ok = False
    try:
        made = prepare(stack, args)
        print(f"{len(made)} tables made: matches {[m for _h, m, _s in made]}")
        with collector_paused():
            outcome = asyncio.run(run(stack, args, made))
        ok = report(args, *outcome)
    finally:
        if not ok:
            stack.keep_logs = True
        stack.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
