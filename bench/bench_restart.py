"""A rolling restart under play (issue 29, item 2): N tables played through nginx while
`deploy/prod.py rolling-restart` restarts each daphne, each worker, the reviewer and beat in turn.

    python bench/bench_restart.py --tables 50        # make bench-restart

1. Starts the production shape as test_production_shape.py does (tests/integration/prod_shape.py:
   a Redis server of its own, a fresh PostgreSQL database, deploy/run-prod.sh: nginx, two daphne
   processes, --workers Celery workers of --concurrency each, a reviewer and beat under
   supervisord). Every client comes from 127.0.0.1, so the per-address socket limits are lifted.
2. Plays N tables (tests/integration/rolling_play.py): one person each, a scripted client taking
   0.5-1.5 times --think seconds a move, and the --bots. By default every bot turn goes through
   the Celery workers (QUICK_BOTS_INLINE=0), so that each table waits on a worker every step;
   a hard bot per table would need 50 searches a step, more than two cores give at a move a
   second. A player whose game ends before the restart has ended plays another, so games run
   from the first restart to the last.
3. --restart-after seconds after every first game has begun, runs `deploy/prod.py rolling-restart`.
4. Prints: tables and games, the restart's timeline (when each process was back, how many games
   were running then), moves acknowledged, reconnects per socket (min / max; and over the sockets
   open through both daphne restarts, every one of which must have reconnected), moves lost
   (acknowledged, not in the match's log) and applied twice (a client_id twice in a log; and
   check_match_log on every match: one move per seat per step, the replay equal to the snapshot),
   the longest time without any bot move during the restart, and each player's longest pause,
   p50 / p99 / max over the players, with the load average at the start.

A pause (rolling_play.py says it in full): act -> ack, from a move first sent to its first ack,
reconnection and resend included; and waiting, from the moment the player has done all that is
asked of them to the next message of a newer version (an update, or a reconnection's snapshot).
The time a player thinks is not a pause.

It never fails on a time: the exit status is 1 only if a move was lost or applied twice, a log
does not replay, a socket of a restarted daphne never reconnected, or a game did not finish.
Needs PostgreSQL (DATABASE_URL) and nginx; the Redis server is its own.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.integration.prod_shape import ProdShape  # noqa: E402
from tests.integration.rolling_play import play_through_rolling_restart, report_lines  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables played at once (default 50)")
    parser.add_argument("--players", type=int, default=3, help="seats per table (default 3)")
    parser.add_argument("--bots", default="medium,easy", help="bot levels of the other seats, in turn (default medium,easy)")
    parser.add_argument("--inline-bots", action="store_true",
                        help="quick bots choose inside daphne (the default setting) instead of on the workers")
    parser.add_argument("--think", type=float, default=1.0, help="the person's seconds a move, on average (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="Celery workers, restarted one at a time (default 2)")
    parser.add_argument("--concurrency", type=int, default=1, help="processes per worker (default 1)")
    parser.add_argument("--restart-after", type=float, default=5.0,
                        help="seconds after every table has begun (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nginx-max-fails", type=int, default=None, metavar="N",
                        help="an experiment: nginx's max_fails for each daphne, with fail_timeout=2s (the template's "
                             "0: never marked down; 1 was the old setting), set in the running nginx.conf before play "
                             "(the rolling restart's own rewrite is read only at its end)")
    parser.add_argument("--keep-logs", action="store_true", help="keep the shape's directory and logs under /tmp")
    args = parser.parse_args()

    load = os.getloadavg()
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    env = {
        "WORKERS": str(args.workers), "WORKER_CONCURRENCY": str(args.concurrency),
        "QUICK_BOTS_INLINE": "1" if args.inline_bots else "0",
        "OPEN_TABLES_PER_USER": "50", "REVIEW_TOTAL_SECONDS": "3",  # as the live stack: reviews stay short
        "WS_NEW_SOCKETS_PER_IP_MINUTE": "100000", "WS_SOCKETS_PER_IP": "5000",
        "WS_RATE_LIMIT": "1000", "WS_SHARED_RATE_LIMIT": "2000",
    }
    clock = time.monotonic()
    shape = ProdShape(env=env)
    shape.keep = args.keep_logs
    shape.start()
    print(f"production shape up in {time.monotonic() - clock:.1f} s (nginx on {shape.listen_port}, {shape.dir})",
          flush=True)
    outcome = None
    try:
        if args.nginx_max_fails is not None:
            conf = shape.prod_dir / "nginx.conf"
            conf.write_text(conf.read_text().replace("max_fails=0;", f"max_fails={args.nginx_max_fails} fail_timeout=2s;"))
            shape.ctl("signal", "HUP", "nginx")
            time.sleep(2)
        clock = time.monotonic()
        outcome = play_through_rolling_restart(
            shape, args.tables, players=args.players, bots=[levels[n % len(levels)] for n in range(args.players - 1)],
            think=args.think, restart_after=args.restart_after, seed=args.seed, prefix="bench_restart")
        print()
        print(f"{args.tables} tables x {args.players} players (a person thinking {args.think:g} s a move, bots "
              f"{','.join(levels)} {'inside daphne' if args.inline_bots else 'on the workers'}), 2 daphne, "
              f"{args.workers} worker(s) -c {args.concurrency}, "
              + (f"nginx max_fails={args.nginx_max_fails}, " if args.nginx_max_fails is not None else "")
              + f"{os.cpu_count()} cores; load average at start "
              f"{load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}, at the end {os.getloadavg()[0]:.2f}")
        for line in report_lines(outcome, clock):
            print(line)
        if outcome.restart_returncode:
            print(outcome.restart_output)
    finally:
        if outcome is None or not outcome.ok:
            shape.keep = True
            print(f"logs kept in {shape.dir}")
        shape.stop()
    return 0 if outcome.ok else 1


if __name__ == "__main__":
    sys.exit(main())
