"""The deadline sweep's cost with many open turn-based tables (issue 27, target: under 50 ms a sweep).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wonders_bench_sweep python bench/bench_sweep.py

1. Creates the database if it does not exist and migrates it (it never drops one).
2. Unless they are there already, makes TABLES running turn-based tables (default 10,000) of five
   seats, three people and two bots, each waiting on its people with deadlines and reminder times
   spread over the next three days: one real game is dealt through the services, then copied in SQL.
3. Runs SWEEPS sweeps (`do_sweep_deadlines`, nothing due: the idle case) and prints the time of a
   sweep (p50, p99, max), its queries, and PostgreSQL's plan of the due-seat query.
"""
import argparse
import gc
import os
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_api import create_database  # noqa: E402


def setup(url):
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def load(tables):
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from games import services
    from games.models import Match

    have = Match.objects.filter(status="running", pace="turn").count()
    if have >= tables:
        print(f"{have} running turn-based tables already there")
        return
    User = get_user_model()
    with transaction.atomic():
        people = [User.objects.get_or_create(username=f"sweep{n}")[0] for n in range(3)]
        template = services.do_create_match(people[0], players=5, bots=["", "", "", "medium", "medium"],
                                            pace="turn", turn_seconds=3 * 24 * 3600)
        for user in people[1:]:
            services.do_join(template.pk, user)
        services.do_start(template.pk, people[0])
    missing = tables - have
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("""
            insert into games_match (game, status, host_id, players, options, pace, turn_seconds, missed_limit, rated,
                invite_code, config, seed, state, version, step, step_version, step_started_at, bots_pending,
                deadline, created_at, started_at)
            select game, status, host_id, players, options, pace, turn_seconds, missed_limit, rated,
                'sw' || g || '-' || left(md5(random()::text), 10), config, seed + g, state, version, step, step_version,
                now() - interval '1 hour', false, now() + interval '1 hour' + (g %% 4320) * interval '1 minute', now(), now()
            from games_match, generate_series(1, %s) g where id = %s
            returning id""", [missing, template.pk])
        ids = [row[0] for row in cursor.fetchall()]
        cursor.execute("""
            insert into games_seat (match_id, number, user_id, bot_level, missed_turns, taken_over, untold_misses,
                labels, joined_at, waiting_since, deadline, remind_at)
            select m.id, s.number, s.user_id, s.bot_level, 0, false, 0, s.labels, s.joined_at,
                case when s.bot_level = '' then now() end,
                case when s.bot_level = '' then m.deadline end,
                case when s.bot_level = '' then m.deadline - interval '14 hours 24 minutes' + interval '1 day' end
            from games_match m join games_seat s on s.match_id = %s
            where m.id = any(%s)""", [template.pk, ids])
        cursor.execute("analyze games_match; analyze games_seat;")
    print(f"made {missing} tables in {time.perf_counter() - started:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--sweeps", type=int, default=100)
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/wonders_bench_sweep")
    create_database(url)
    setup(url)
    load(args.tables)

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.models import Match, Seat
    from games.services import deadlines

    running = Match.objects.filter(status="running", pace="turn").count()
    waiting = Seat.objects.exclude(deadline=None).count()
    # The idle case by construction, whenever the tables were loaded: the sweep runs just before the
    # earliest deadline or reminder (a table made minutes ago may be due by now).
    from django.db.models import Min

    marks = Seat.objects.aggregate(deadline=Min("deadline"), remind=Min("remind_at"))
    now = min(marks["deadline"], marks["remind"]) - timedelta(seconds=1)
    deadlines.do_sweep_deadlines(now=now)  # warm: connection, caches
    times = []
    gc.freeze()  # as a server process does (wonders_site/gc_tuning.py): the loaded site is not traced
    for _ in range(args.sweeps):
        started = time.perf_counter()
        played = deadlines.do_sweep_deadlines(now=now)
        times.append((time.perf_counter() - started) * 1000)
        assert played == 0
    with CaptureQueriesContext(connection) as queries:
        deadlines.do_sweep_deadlines(now=now)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{running} running turn-based tables, {waiting} seats with a deadline; {args.sweeps} sweeps, nothing due")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"sweep: p50 {statistics.median(times):.2f} ms, p90 {times[int(len(times) * 0.9)]:.2f} ms, "
          f"p99 {p99:.2f} ms, max {times[-1]:.2f} ms (target < 50 ms); {len(queries)} queries a sweep")
    for query in queries:
        print("  ", query["time"], "s:", query["sql"][:150])
    with connection.cursor() as cursor:
        qs = Seat.objects.filter(deadline__lte=timezone.now()) | Seat.objects.filter(remind_at__lte=timezone.now())
        sql, params = qs.values_list("pk", "match_id", "user_id", "deadline", "remind_at").query.sql_with_params()
        cursor.execute("explain analyze " + sql, params)
        print("plan of the due-seat query:")
        for (line,) in cursor.fetchall():
            print("  ", line)


if __name__ == "__main__":
    main()
