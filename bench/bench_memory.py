"""daphne's memory under a long mixed load, round after round: does it level off?

    python bench/bench_memory.py --rounds 10 --tables 4 --players 4

1. Starts the stack as bench_live.py does (tests/integration/live_stack.py: a fresh PostgreSQL
   database, its own Redis database --redis-db (default 12), daphne, a Celery worker, beat), with
   daphne under MEMORY_PROFILE=1 (wonders_site/memory_profile.py: tracemalloc from the moment the
   site is loaded, and a profile written on SIGUSR2).
2. Each round, at once:
   - live bot games, as bench_live.py plays them (its prepare() and run(): N tables, one scripted
     player each and P-1 Celery bots), each watched by --spectators sockets without a login;
   - --lobby sockets on /ws/lobby/ for the whole round (they hear every table open and start);
   - --churn short connections: a lobby socket, a spectator's game socket and a socket on a path
     the site does not serve, each opened, read once and closed;
   - the pages and API endpoints of the site in its three languages, signed in and not (the
     catalogue, rules, search with a different word each round, the lobby, the tables and
     history of this round's matches, players, leaderboard, statistics, the score sheet, the
     API schema, a 404), by --http-clients threads.
3. After each round (and --settle seconds of quiet): SIGUSR2 to daphne, then its RSS
   (/proc/PID/status VmRSS), the Celery worker's (its processes summed) and daphne's profile:
   what tracemalloc traces (what the site allocated since it was loaded and still holds, after a
   full collection) and tracemalloc's own overhead.
4. Prints one line per round, the growth per round after the --warmup rounds, how far apart the
   last three rounds are (levelled off: within 2 MB, issue 29), and the allocation
   sites (file:line) and object types that grew most from the first steady round to the last.

Needs PostgreSQL and Redis, as bench_live.py. daphne runs slower under tracemalloc; the client, the
worker and daphne share the machine: keep the load modest (the defaults take about a minute a round
on two busy cores).
"""
import argparse
import asyncio
import contextlib
import io
import itertools
import json
import os
import signal
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "bench"))

from bench_live import prepare, run, stack_env  # noqa: E402 - the live bench's stack and players
from tests.integration.live_stack import LANG, LiveClient, LiveStack  # noqa: E402

LANGUAGES = (LANG, "it", "pt-br")
SEARCH_WORDS = ("wood", "temple", "guild", "coin", "science", "military", "wonder", "trade", "age", "stone",
                "legno", "tempio", "moeda", "ciencia", "guerra", "ouro")


# ---------------------------------------------------------------------------------------------
# the load of a round


class Catalogue:
    """Ids to visit, read from the API once: some cards, wonders and rules sections."""

    def __init__(self, http, stack):
        self.cards = [c["id"] for c in http.get(stack.url("/api/cards/"), timeout=60).json()][:12]
        self.wonders = [w["id"] for w in http.get(stack.url("/api/wonders/"), timeout=60).json()][:4]
        self.rules = [r["slug"] for r in http.get(stack.url("/api/rules/"), timeout=60).json()][:4]


def pages(catalogue, matches, player, round_no):
    """The (path, expected status) of one round: every language, this round's matches."""
    word = SEARCH_WORDS[round_no % len(SEARCH_WORDS)]
    card = catalogue.cards[round_no % len(catalogue.cards)]
    out = []
    for lang in LANGUAGES:
        out += [(f"/{lang}/{path}", 200) for path in (
            "", "cards/", f"cards/{card}/", "wonders/", f"wonders/{catalogue.wonders[round_no % 4]}/",
            "architects/cards/", "architects/wonders/", "rules/", f"rules/{catalogue.rules[round_no % 4]}/",
            f"search/?q={word}", "play/", f"players/?q={player[:5]}", f"players/{player}/", "leaderboard/",
            "wonder-statistics/", "score-sheet/")]
        out += [(f"/{lang}/matches/{match}/", 200) for match in matches[:2]]
        out += [(f"/{lang}/play/{match}/game/", 200) for match in matches[:2]]
        out.append((f"/{lang}/cards/no-such-card-{round_no}/", 404))
        out += [(f"/api/cards/?lang={lang}", 200), (f"/api/cards/{card}/?lang={lang}", 200),
                (f"/api/wonders/?lang={lang}", 200), (f"/api/rules/?lang={lang}", 200),
                (f"/api/search/?q={word}&lang={lang}", 200)]
    out += [(f"/api/{path}", 200) for path in (
        "matches/", f"players/?search={player[:5]}", f"players/{player}/", f"players/{player}/stats/",
        f"players/{player}/rating-history/", "leaderboard/", "stats/wonders/", "schema/")]
    for match in matches:
        out += [(f"/api/matches/{match}/", 200), (f"/api/matches/{match}/replay/", 200)]
    return out


def browse(stack, sessions, paths, clients):
    """Every path once, signed in (the round's players' sessions) and not, by `clients` threads;
    returns (requests, the unexpected answers)."""
    import requests

    anonymous = [requests.Session() for _ in range(clients)]
    jobs = [(path, status, (sessions + anonymous)[n % (len(sessions) + len(anonymous))])
            for n, (path, status) in enumerate(paths * 2)]

    def fetch(job):
        path, status, http = job
        answer = http.get(stack.url(path), timeout=120)
        return None if answer.status_code == status else f"{path}: {answer.status_code}"

    with ThreadPoolExecutor(clients) as pool:
        wrong = [w for w in pool.map(fetch, jobs) if w]
    for http in anonymous:
        http.close()
    return len(jobs), wrong


async def watch_lobby(stack, stop):
    from websockets.asyncio.client import connect

    heard = 0
    async with connect(stack.ws_url("/ws/lobby/"), origin=stack.origin, open_timeout=30) as ws:
        while not stop.is_set():
            try:
                await asyncio.wait_for(ws.recv(), 1)
                heard += 1
            except asyncio.TimeoutError:
                pass
    return heard


async def spectate(stack, match_id, name, timeout):
    client = LiveClient(stack, match_id, name=name, message_timeout=30)
    await client.connect(timeout=60)
    try:
        await client.play(act=False, timeout=timeout)
    finally:
        await client.close()
    return len(client.messages)


async def churn(stack, match_ids, count):
    """Short-lived sockets: opened, read once, closed."""
    from websockets.asyncio.client import connect

    paths = itertools.cycle(["/ws/lobby/", *(f"/ws/games/{m}/" for m in match_ids), "/ws/no-such-path/"])
    for _ in range(count):
        async with connect(stack.ws_url(next(paths)), origin=stack.origin, open_timeout=30) as ws:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.recv(), 10)


async def sockets_and_games(stack, made, args, round_no):
    stop = asyncio.Event()
    match_ids = [match_id for _http, match_id in made]
    lobby = [asyncio.create_task(watch_lobby(stack, stop)) for _ in range(args.lobby)]
    watchers = [asyncio.create_task(spectate(stack, match_id, f"s{round_no}.{n}", args.timeout))
                for match_id in match_ids for n in range(args.spectators)]
    churner = asyncio.create_task(churn(stack, match_ids, args.churn))
    clients, started, _all_started, ended, finished_at, failures, _cpu = await run(stack, made, args.timeout,
                                                                                 args.seed + round_no)
    results = await asyncio.gather(*watchers, churner, return_exceptions=True)
    stop.set()
    results += await asyncio.gather(*lobby, return_exceptions=True)
    failures += [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    sockets = len(clients) + len(watchers) + args.churn + args.lobby
    return len(finished_at), sockets, failures


def play_round(stack, args, catalogue, round_no):
    with contextlib.redirect_stdout(io.StringIO()):  # bench_live's own progress lines
        made = prepare(stack, args.tables, args.players)
        tables, sockets, failures = asyncio.run(sockets_and_games(stack, made, args, round_no))
    sessions = [http for http, _match_id in made]
    player = "bench0"
    requests_made, wrong = browse(stack, sessions, pages(catalogue, [m for _h, m in made], player, round_no),
                                  args.http_clients)
    for http in sessions:
        http.close()
    return {"tables": tables, "sockets": sockets, "requests": requests_made, "problems": failures + wrong}


# ---------------------------------------------------------------------------------------------
# measuring daphne


def take_profile(stack, number, timeout=120):
    """SIGUSR2 to daphne; its profile once written, with the Celery worker's RSS (all its processes)."""
    pid = stack.daphne.pid
    path = Path(stack.dir) / f"memory-{pid}-{number}.json"
    os.kill(pid, signal.SIGUSR2)
    deadline = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"daphne wrote no memory profile in {timeout} s ({path})")
        time.sleep(0.2)
    return {**json.loads(path.read_text()), "worker_rss": group_rss(stack.worker.pid)}


PREFIXES = [(sysconfig.get_paths()["purelib"] + "/", ""), (sysconfig.get_paths()["stdlib"] + "/", "stdlib/"),
            (ROOT + "/", "")]


def short(filename):
    for prefix, replacement in PREFIXES:
        if filename.startswith(prefix):
            return replacement + filename[len(prefix):]
    return filename


def site_growth(before, after, top):
    old = {(f, line): (size, blocks) for f, line, size, blocks in before["lines"]}
    rows = []
    for f, line, size, blocks in after["lines"]:
        size0, blocks0 = old.get((f, line), (0, 0))
        rows.append((size - size0, blocks - blocks0, size, f"{short(f)}:{line}"))
    return sorted(rows, reverse=True)[:top]


def type_growth(before, after, top):
    old = dict(before["types"])
    rows = [(n - old.get(name, 0), n, name) for name, n in after["types"]]
    return sorted(rows, reverse=True)[:top]


def group_rss(pgid):
    """Bytes: the summed RSS of every process in the group `pgid` (the Celery worker: its main
    process and its pool's children; LiveStack starts each program as a group of its own)."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) != pgid:  # after the state and the ppid: the process group
                continue
            status = Path(f"/proc/{entry}/status").read_text()
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue  # gone meanwhile
        rss = next((line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")), "0")
        total += int(rss) * 1024
    return total


def mb(n):
    return n / 2 ** 20


def memory_columns(profile):
    """MB: RSS (and after malloc_trim, with --trim); what tracemalloc traces and costs (with --frames
    1 or more), or Python's arenas and what is free in them (--frames 0); glibc's malloc, and what it
    holds free (memory of the process that no object uses)."""
    malloc = profile["malloc"]
    columns = {"RSS": profile["rss"]}
    if "rss_trimmed" in profile:
        columns["RSS trimmed"] = profile["rss_trimmed"]
    if "traced" in profile:
        columns.update({"traced": profile["traced"], "tracemalloc": profile["overhead"]})
    else:
        arenas = profile["pymalloc"].get("arenas allocated current", 0) * 2 ** 20
        columns.update({"py arenas": arenas,
                        "py free": arenas - profile["pymalloc"].get("bytes in allocated blocks", 0)})
    columns.update({"malloc": malloc.get("heap", 0) + malloc.get("mmapped", 0), "malloc free": malloc.get("free", 0)})
    if "worker_rss" in profile:
        columns["worker RSS"] = profile["worker_rss"]
    return columns


def report(rows, args):
    print()
    names = list(memory_columns(rows[0]["profile"]))
    print(f"{'round':>5} {'tables':>6} {'sockets':>7} {'requests':>8} "
          + " ".join(f"{name:>11}" for name in names) + f" {'seconds':>7}")
    print(f"{'':>29}" + " ".join(f"{'MB':>11}" for _ in names))
    for n, row in enumerate(rows):
        columns = memory_columns(row["profile"])
        print(f"{n:>5} {row.get('tables', 0):>6} {row.get('sockets', 0):>7} {row.get('requests', 0):>8} "
              + " ".join(f"{mb(columns[name]):11.1f}" for name in names) + f" {row.get('seconds', 0):7.0f}")
    steady = len(rows) - 1 - args.warmup
    if steady < 1:
        return
    first, last = memory_columns(rows[args.warmup]["profile"]), memory_columns(rows[-1]["profile"])
    tables = sum(row["tables"] for row in rows[args.warmup + 1:])
    print(f"\nfrom round {args.warmup} to round {len(rows) - 1} ({steady} rounds, {tables} tables), MB a round: "
          + ", ".join(f"{name} {mb(last[name] - first[name]) / steady:+.2f}" for name in names))
    if len(rows) >= 3:
        print("the last three rounds, highest minus lowest (levelled off: within 2 MB): "
              + ", ".join(f"{name} {mb(max(c[name] for c in tail) - min(c[name] for c in tail)):.1f} MB"
                          for tail in [[memory_columns(row["profile"]) for row in rows[-3:]]]
                          for name in ("RSS", "worker RSS") if name in tail[0]))
    first, last = rows[args.warmup]["profile"], rows[-1]["profile"]
    if "lines" in last:
        print(f"\nallocation sites that grew most, round {args.warmup} -> {len(rows) - 1}:")
        print(f"  {'+KB':>9} {'+blocks':>8} {'KB held':>9}  site")
        for delta, blocks, size, site in site_growth(first, last, args.top):
            print(f"  {delta / 1024:9.1f} {blocks:8d} {size / 1024:9.1f}  {site}")
    print(f"\nobject types that grew most, round {args.warmup} -> {len(rows) - 1}:")
    for delta, n, name in type_growth(first, last, args.top):
        print(f"  {delta:+9d} {n:9d}  {name}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="rounds of load (default 10)")
    parser.add_argument("--warmup", type=int, default=2,
                        help="rounds before the first steady one, which the growth is counted from (default 2)")
    parser.add_argument("--tables", type=int, default=4, help="bot tables a round (default 4)")
    parser.add_argument("--players", type=int, default=4, help="seats per table (default 4)")
    parser.add_argument("--spectators", type=int, default=1, help="spectators' sockets per table (default 1)")
    parser.add_argument("--lobby", type=int, default=3, help="lobby sockets open through a round (default 3)")
    parser.add_argument("--churn", type=int, default=30, help="short-lived sockets a round (default 30)")
    parser.add_argument("--http-clients", type=int, default=3, help="threads fetching pages (default 3)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a round's games may take (default 300)")
    parser.add_argument("--settle", type=float, default=3, help="seconds of quiet before a profile (default 3)")
    parser.add_argument("--frames", type=int, default=1,
                        help="frames per traced allocation (default 1; 0: no tracemalloc, Python's arenas counted)")
    parser.add_argument("--trim", action="store_true",
                        help="daphne gives its free malloc memory back (malloc_trim) before each profile")
    parser.add_argument("--top", type=int, default=10, help="growing sites and types shown (default 10)")
    parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes (default 2)")
    parser.add_argument("--redis-db", type=int, default=12, help="Redis database used and flushed (default 12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for the stack's processes (repeatable)")
    parser.add_argument("--keep-logs", action="store_true", help="keep the logs and profiles under /tmp")
    args = parser.parse_args()
    if not 0 <= args.warmup < args.rounds:
        parser.error("--warmup must be less than --rounds")

    stack = LiveStack(name="memory", redis_db=args.redis_db, worker_concurrency=args.concurrency)
    stack.extra_env = stack_env([
        "MEMORY_PROFILE=1", f"MEMORY_PROFILE_FRAMES={args.frames}", f"MEMORY_PROFILE_DIR={stack.dir}",
        "API_ANON_RATE=1000000/s", "API_USER_RATE=1000000/s", "LIVE_TIMINGS=0",
        f"MEMORY_PROFILE_TRIM={int(args.trim)}", *args.env])
    stack.keep_logs = args.keep_logs
    stack.start()
    print(f"stack up (daphne pid {stack.daphne.pid}, port {stack.port}, logs {stack.dir}); "
          f"{args.rounds} rounds of {args.tables} tables x {args.players} players, {args.spectators} spectator(s) "
          f"a table, {args.lobby} lobby sockets, {args.churn} short sockets, pages x 3 languages", flush=True)
    rows = [{"profile": take_profile(stack, 1)}]
    ok = False
    try:
        import requests

        with requests.Session() as http:
            catalogue = Catalogue(http, stack)
        for round_no in range(1, args.rounds + 1):
            started = time.monotonic()
            row = play_round(stack, args, catalogue, round_no)
            row["seconds"] = time.monotonic() - started
            time.sleep(args.settle)
            row["profile"] = take_profile(stack, round_no + 1)
            rows.append(row)
            profile = row["profile"]
            print(f"round {round_no}: {row['tables']} of {args.tables} tables, {row['requests']} requests, "
                  f"{row['seconds']:.0f} s; RSS {mb(profile['rss']):.1f} MB, traced {mb(profile.get('traced', 0)):.1f} MB"
                  + (f"; {len(row['problems'])} problems: {row['problems'][:3]}" if row["problems"] else ""),
                  flush=True)
        report(rows, args)
        ok = not any(row.get("problems") for row in rows)
    finally:
        if not ok:
            stack.keep_logs = True
        stack.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
