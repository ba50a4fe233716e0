"""History API speed on PostgreSQL: 10,000 players, 100,000 finished matches.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wonders_bench python bench/bench_api.py
        [--players 10000] [--matches 100000] [--requests 300] [--reload]

1. Creates the database if it does not exist and migrates it.
2. Unless the data is already there (or with --reload), bulk-loads generated rows with COPY:
   users and profiles, finished matches with their seats, match records, a result row per seat,
   ratings computed with the real openskill model in match order (a RatingChange per rated
   player per match, a PlayerRating per player), and the wonder counters. Totals come from a
   per-player skill, so ratings spread; about 15% of matches have a bot seat and 2% an
   abandoned seat (unrated). Rows are generated, not played: the engine is not the subject here.
3. Times requests through the site's WSGI handler in-process (the whole stack: middleware, DRF,
   the queries; no network; not the test client: see `Site`): the leaderboard, a random player's
   statistics, and the match list (first page, filtered by a random player, by wonder and player
   count, and the second page). Prints p50, p99 and max per endpoint, against the target p99 < 50 ms.
"""
import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/wonders_bench"
TARGET_MS = 50.0


def base_game_facts():
    """The base game's wonders and player counts (weighted towards the common tables), from the engine."""
    from games import engine

    info = engine.info("base")
    wonders = next(option["choices"] for option in info["options"] if option["name"] == "wonders")
    from games.history.simulate import weighted_player_counts

    return tuple(wonders), tuple(weighted_player_counts("base"))


def setup(url):
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("HTTPS", "0")  # the requests are plain http: no redirect to https
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key")
    os.environ.setdefault("API_ANON_RATE", "100000000/min")
    os.environ.setdefault("API_USER_RATE", "100000000/min")
    os.environ.setdefault("AXES_ENABLED", "0")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    create_database(url)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def as_a_server_process():
    """The garbage collector set as wonders_site/asgi.py sets daphne's, once the data is there."""
    from wonders_site.gc_tuning import after_startup

    after_startup()


def create_database(url):
    import psycopg
    from urllib.parse import urlparse

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("select 1 from pg_database where datname = %s", (name,)).fetchone():
            conn.execute(f'create database "{name}"')
            print(f"created database {name}")


def copy(cursor, table, columns, rows):
    """COPY rows (tuples) into a table through psycopg's COPY protocol."""
    raw = cursor.cursor if hasattr(cursor, "cursor") else cursor
    with raw.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as cp:
        for row in rows:
            cp.write_row(row)


def load(players, matches, seed=1):
    from django.db import connection, transaction

    from games import engine
    from games.history.models import labels_key
    from games.history.ratings import initial, is_provisional, ordinal, rate
    from accounts.names import name_key, search_key

    WONDERS, PLAYER_COUNTS = base_game_facts()  # noqa: N806

    rng = random.Random(seed)
    started = time.monotonic()
    now = datetime.now(timezone.utc)
    with connection.cursor() as cursor:  # API tokens (knox's table) go with their users (cascade)
        cursor.execute(
            "truncate games_ratingchange, games_playerrating, games_seatresult, games_matchrecord, history_seatstat, "
            "games_matchaction, games_seat, games_match, accounts_profile, auth_user cascade"
        )
    with transaction.atomic(), connection.cursor() as cursor:
        joined = now - timedelta(days=400)
        copy(cursor, "auth_user", ("id", "password", "is_superuser", "username", "first_name", "last_name", "email",
                                   "is_staff", "is_active", "date_joined"),
             ((u, "!", False, f"bench{u:05d}", "", "", "", False, True, joined) for u in range(1, players + 1)))
        copy(cursor, "accounts_profile", ("id", "user_id", "display_name", "preferred_language", "search_key",
                                          "name_key", "notify_by"),
             ((u, u, f"Player {u}", "", search_key(f"Player {u}", f"bench{u:05d}"), name_key(f"Player {u}"), "each")
              for u in range(1, players + 1)))
        cursor.execute("select setval('auth_user_id_seq', %s)", [players])
        cursor.execute("select setval('accounts_profile_id_seq', %s)", [players])
        print(f"users: {players} in {time.monotonic() - started:.1f} s")

        skill = {u: rng.gauss(0, 1) for u in range(1, players + 1)}
        mu0, sigma0 = initial()
        ratings = {}
        category_keys = engine.info("base")["score_categories"]
        match_rows, seat_rows, record_rows, result_rows, change_rows = [], [], [], [], []
        wonder_stats = {}
        seat_id = result_id = change_id = 0
        span = timedelta(days=365)
        for m in range(1, matches + 1):
            n = rng.choice(PLAYER_COUNTS)
            finished = now - span + span * m / matches
            start = finished - timedelta(minutes=rng.randint(15, 45))
            users = rng.sample(range(1, players + 1), n)
            bots = rng.random() < 0.15
            abandoned = not bots and rng.random() < 0.02
            if bots:
                for k in rng.sample(range(1, n), rng.randint(1, n - 1)):
                    users[k] = None
            wonders = rng.sample(WONDERS, n)
            sides = [rng.choice("AB") for _ in range(n)]
            sheets = []
            for k, user in enumerate(users):
                level = skill[user] if user else 0.3
                total = max(12, int(rng.gauss(48 + 7 * level, 7)))
                cuts = sorted(rng.randint(0, total) for _ in range(6))
                parts = [b - a for a, b in zip([0] + cuts, cuts + [total])]
                military = rng.randint(-6, 18)
                parts[0] = military
                parts[-1] += total - sum(parts)
                coins = rng.randint(0, 20)
                sheets.append({"total": total, "coins": coins, "parts": parts})
            for sheet in sheets:
                sheet["rank"] = 1 + sum(1 for o in sheets if (o["total"], o["coins"]) > (sheet["total"], sheet["coins"]))
            rated = not bots and not abandoned
            reason = "" if rated else ("bots" if bots else "abandoned")
            score_sheet = json.dumps([
                {"seat": k, **dict(zip(category_keys, s["parts"])), "total": s["total"], "coins": s["coins"],
                 "rank": s["rank"]}
                for k, s in enumerate(sheets)
            ])
            config = json.dumps({"game": "base", "players": n, "sides": "A", "wonders": None, "variants": []})
            match_rows.append((m, "base", "finished", n, json.dumps({"sides": "A"}), 0, f"b{m}", config, m, None, 1, 1, 1,
                               False, start - timedelta(minutes=2), start, finished, score_sheet, users[0],
                               True, "live", 3))
            record_rows.append((m, "base", n, rated, reason, json.dumps({"sides": "A", "wonders": None, "turn_seconds": 0, "config": json.loads(config)}),
                                start, finished, finished))
            for k, (user, sheet) in enumerate(zip(users, sheets)):
                seat_id += 1
                taken = abandoned and k == n - 1
                bot_level = "medium" if user is None or taken else ""
                labels = {"wonder": wonders[k], "side": sides[k]}
                seat_rows.append((seat_id, m, k, user, bot_level, 0, taken, json.dumps(labels), start, 0))
                result_id += 1
                result_rows.append((result_id, m, k, user, bot_level, taken, sheet["rank"], sheet["total"],
                                    sheet["coins"], "base", n, rated, finished,
                                    json.dumps(dict(zip(category_keys, sheet["parts"]))),
                                    json.dumps(labels), json.dumps({"coins": sheet["coins"]})))
                key = ("base", n, labels_key(labels))
                stat = wonder_stats.setdefault(key, [0, 0, 0])
                stat[0] += 1
                stat[1] += sheet["rank"] == 1
                stat[2] += sheet["total"]
            if rated:
                before = [ratings.get(u, (mu0, sigma0, 0, 0))[:2] for u in users]
                after = rate(before, [s["rank"] for s in sheets])
                for user, sheet, (mb, sb), (ma, sa) in zip(users, sheets, before, after):
                    change_id += 1
                    change_rows.append((change_id, m, user, "base", sheet["rank"], n, mb, sb, ordinal(mb, sb), ma, sa,
                                        ordinal(ma, sa), finished))
                    games, wins = ratings.get(user, (0, 0, 0, 0))[2:4]
                    ratings[user] = (ma, sa, games + 1, wins + (sheet["rank"] == 1), m, finished)
        print(f"generated {matches} matches in {time.monotonic() - started:.1f} s")
        copy(cursor, "games_match", ("id", "game", "status", "players", "options", "turn_seconds", "invite_code", "config", "seed", "state", "version", "step",
                                     "step_version", "bots_pending", "created_at", "started_at", "finished_at",
                                     "score_sheet", "host_id", "rated", "pace", "missed_limit"), match_rows)
        copy(cursor, "games_seat", ("id", "match_id", "number", "user_id", "bot_level", "missed_turns", "taken_over",
                                    "labels", "joined_at", "untold_misses"), seat_rows)
        copy(cursor, "games_matchrecord", ("match_id", "mode", "players", "rated", "unrated_reason", "options",
                                           "started_at", "finished_at", "recorded_at"), record_rows)
        copy(cursor, "games_seatresult", ("id", "match_id", "seat", "user_id", "bot_level", "abandoned", "rank",
                                          "total", "tiebreak", "mode", "players", "rated", "finished_at",
                                          "categories", "labels", "extra"), result_rows)
        copy(cursor, "games_ratingchange", ("id", "match_id", "user_id", "mode", "rank", "players", "mu_before",
                                            "sigma_before", "ordinal_before", "mu_after", "sigma_after",
                                            "ordinal_after", "finished_at"), change_rows)
        copy(cursor, "games_playerrating", ("id", "user_id", "mode", "mu", "sigma", "ordinal", "provisional",
                                            "rated_games", "wins", "last_match_id", "updated_at"),
             ((k, u, "base", mu, sigma, ordinal(mu, sigma), is_provisional(sigma), games, wins, last, when)
              for k, (u, (mu, sigma, games, wins, last, when)) in enumerate(sorted(ratings.items()), start=1)))
        copy(cursor, "history_seatstat", ("id", "mode", "players", "labels_key", "seats", "wins", "total_points"),
             ((k, *key, *value) for k, (key, value) in enumerate(sorted(wonder_stats.items()), start=1)))
        for table, count in (("games_match", matches), ("games_seat", seat_id), ("games_seatresult", result_id),
                             ("games_ratingchange", change_id), ("games_playerrating", len(ratings)),
                             ("history_seatstat", len(wonder_stats))):
            cursor.execute(f"select setval(pg_get_serial_sequence('{table}', 'id'), %s)", [max(count, 1)])
    with connection.cursor() as cursor:
        cursor.execute("analyze")
    print(f"loaded {players} players, {matches} matches, {result_id} results, {change_id} rating changes "
          f"in {time.monotonic() - started:.1f} s")


def percentile(values, q):
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(q / 100 * (len(values) - 1)))))
    return values[k]


class Site:
    """The site's WSGI handler called in-process: the whole stack (middleware, DRF, the queries, a
    database connection from the pool per request, as under a server), no network.

    Not Django's test client: it connects signal receivers on every request, and their finalizers
    stay until the client goes (about 3 per request: 100,000 objects more after a run), so the
    garbage collector's full passes grew to 150-200 ms and landed in timed requests."""

    def __init__(self):
        from django.core.handlers.wsgi import WSGIHandler
        from django.test import RequestFactory

        self.handler = WSGIHandler()
        self.factory = RequestFactory()

    def get(self, url):
        """(status, body) of a GET."""
        statuses = []
        environ = self.factory.get(url).environ
        response = self.handler(environ, lambda status, headers, exc_info=None: statuses.append(status))
        try:
            body = b"".join(response)
        finally:
            response.close()  # request_finished: the connection goes back to the pool
        return int(statuses[0].split()[0]), body


def timed(site, urls, repeat):
    times = []
    for k in range(repeat):
        url = urls[k % len(urls)]
        t0 = time.perf_counter()
        status, body = site.get(url)
        elapsed = (time.perf_counter() - t0) * 1000
        if status != 200:
            raise SystemExit(f"{url}: {status} {body[:300]!r}")
        times.append(elapsed)
    return times


def run(requests, seed=2):
    from django.contrib.auth import get_user_model

    from games.history.models import MatchRecord, PlayerRating

    rng = random.Random(seed)
    wonders, counts = base_game_facts()
    site = Site()
    user_count = get_user_model().objects.count()
    usernames = [f"bench{rng.randint(1, user_count):05d}" for _ in range(requests)]
    top = list(PlayerRating.objects.order_by("-rated_games").values_list("user__username", flat=True)[:5])
    second = json.loads(site.get("/api/matches/")[1])["next"]
    cases = [
        ("leaderboard (limit 50)", ["/api/leaderboard/?mode=base"]),
        ("leaderboard (limit 200)", ["/api/leaderboard/?mode=base&limit=200"]),
        ("player stats (random player)", [f"/api/players/{u}/stats/?mode=base" for u in usernames]),
        ("player stats (most active)", [f"/api/players/{u}/stats/?mode=base" for u in top]),
        ("match list (first page)", ["/api/matches/"]),
        ("match list (second page)", [second]),
        ("match list (?player=)", [f"/api/matches/?player={u}" for u in usernames]),
        ("match list (?wonder=&players=)",
         [f"/api/matches/?wonder={w}&players={n}" for w in wonders for n in sorted(set(counts))]),
        ("match list (?rated=false)", ["/api/matches/?rated=false"]),
        ("player profile", [f"/api/players/{u}/" for u in usernames]),
        ("rating history", [f"/api/players/{u}/rating-history/?mode=base" for u in usernames]),
        ("wonder stats", ["/api/stats/wonders/?mode=base", "/api/stats/wonders/?mode=base&players=5"]),
    ]
    print(f"\n{MatchRecord.objects.count()} matches, {user_count} players; {requests} requests each "
          "(the WSGI handler in-process, after 20 warm-up requests)\n")
    print(f"{'endpoint':34} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  target p99 < {TARGET_MS:.0f} ms")
    failed = []
    for name, urls in cases:
        timed(site, urls, 20)
        times = timed(site, urls, requests)
        p50, p99 = statistics.median(times), percentile(times, 99)
        verdict = "ok" if p99 < TARGET_MS else "SLOW"
        if p99 >= TARGET_MS:
            failed.append(name)
        print(f"{name:34} {p50:8.2f} {p99:8.2f} {max(times):8.2f}  {verdict}")
    return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--reload", action="store_true", help="Load the rows again even if they are there.")
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL") or DEFAULT_URL
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench_api needs PostgreSQL: set DATABASE_URL=postgres://...")
    setup(url)
    from games.history.models import MatchRecord

    if args.reload or MatchRecord.objects.count() != args.matches:
        load(args.players, args.matches)
    else:
        print(f"{args.matches} matches already loaded (use --reload to load again)")
    as_a_server_process()
    failed = run(args.requests)
    if failed:
        print(f"\np99 over {TARGET_MS:.0f} ms: {', '.join(failed)}")
        return 1
    print(f"\nevery p99 under {TARGET_MS:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
