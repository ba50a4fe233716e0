"""Search latency over the relevance set, on the database DATABASE_URL names (SQLite by default).

    .venv/bin/python bench/bench_search.py                     # SQLite
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wonders .venv/bin/python bench/bench_search.py

It creates a fresh test database next to the configured one (test_<name>; the configured data is
never touched), runs migrations and `load_catalogue`, imports the seed rulebooks when
../shared/seeds is there (so imported sections are searched too), then times
cards.search.search() for every question of tests/cards/relevance/questions.yaml, with
kind=all and kind=rules, after one warm-up round. Prints p50/p95/p99/max in milliseconds and
how many questions found their section in the top 3; exits 1 when p99 is over --target.
"""
import argparse
import os
import statistics
import sys
import time
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds over the question set (default 5)")
    parser.add_argument("--target", type=float, default=30.0, help="p99 target in ms (default 30)")
    parser.add_argument("--no-seeds", action="store_true", help="do not import ../shared/seeds")
    args = parser.parse_args()

    import logging

    import django

    django.setup()
    logging.disable(logging.WARNING)
    import yaml
    from django.core.management import call_command
    from django.db import connection

    from cards.search import search

    questions = yaml.safe_load((ROOT / "tests/cards/relevance/questions.yaml").read_text(encoding="utf-8"))
    creation = connection.creation
    test_name = creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        started = time.perf_counter()
        call_command("load_catalogue", stdout=StringIO())
        seeds = ROOT.parent / "shared" / "seeds"
        imported = 0
        if seeds.is_dir() and not args.no_seeds:
            for name, lang, game in (("000_5ad9654bae57ed2f.txt", "it", "base"), ("001_7efd1892a23e23f6.txt", "it", "cities"),
                                     ("002_ee32cd3c0c4bf6e0.txt", "it", "base"), ("003_e5b0d33d9047e17e.txt", "it", "architects"),
                                     ("004_fe81d22d30fb767d.txt", "pt-br", "base")):
                path = seeds / name
                if path.is_file():
                    call_command("import_rulebook", str(path), lang=lang, game=game, title=name, stdout=StringIO())
                    imported += 1
        load_seconds = time.perf_counter() - started
        cases = [(lang, item["q"], item["section"]) for lang, items in questions.items() for item in items]
        for lang, query, _ in cases:  # warm-up: caches, statistics, connection
            search(query, lang, kind="all")
            search(query, lang, kind="rules")
        timings = {"all": [], "rules": []}
        found = 0
        for round_number in range(args.rounds):
            for lang, query, section in cases:
                for kind in ("all", "rules"):
                    start = time.perf_counter()
                    hits = search(query, lang, kind=kind)
                    timings[kind].append((time.perf_counter() - start) * 1000)
                    if round_number == 0 and kind == "rules":
                        found += section in [h["id"] for h in hits if h["kind"] == "rules"][:3]
        everything = timings["all"] + timings["rules"]
        print(f"backend: {connection.vendor} (test database {test_name}); catalogue + {imported} imported "
              f"rulebooks loaded in {load_seconds:.1f} s")
        print(f"questions: {len(cases)} x {args.rounds} rounds x 2 kinds = {len(everything)} searches; "
              f"section in the top 3: {found}/{len(cases)}")
        for label, values in (("kind=all", timings["all"]), ("kind=rules", timings["rules"]), ("overall", everything)):
            print(f"{label:>10}: p50 {statistics.median(values):6.2f} ms   p95 {percentile(values, .95):6.2f} ms   "
                  f"p99 {percentile(values, .99):6.2f} ms   max {max(values):6.2f} ms")
        p99 = percentile(everything, .99)
        verdict = "OK" if p99 <= args.target else "OVER TARGET"
        print(f"p99 {p99:.2f} ms, target {args.target:.0f} ms: {verdict}")
        return 0 if p99 <= args.target else 1
    finally:
        creation.destroy_test_db(test_name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
