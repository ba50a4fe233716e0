"""Play bot tournaments in every rating mode and fit the bots' ratings (docs/ratings.md).

    manage.py calibrate_bots [--modes base cities] [--games 200] [--hard-games 24]
        [--hard-iterations 60] [--workers 2] [--seed 0] [--fit-only]

Writes the played games to games/history/data/calibration_games.json (the modes played replace
their old games, others are kept), the fitted ratings to games/history/data/bot_ratings.json
(what the site reads: only the modes whose fit orders easy < medium < hard; the others are listed
under "withheld" with their fit, and rate no game with a bot until a later run orders them) and
the report (head-to-head win rates with 95% intervals, the fitted
ratings, whether the fit predicts each rate) to docs/ratings-calibration.md, and prints it.
`--fit-only` fits the kept games again without playing.
"""
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.history import calibration, calibration_fit, ratings

DATA = Path(ratings.BOT_RATINGS_FILE).parent
GAMES_FILE = DATA / "calibration_games.json"
REPORT_FILE = Path(settings.BASE_DIR) / "docs" / "ratings-calibration.md"


class Command(BaseCommand):
    help = "Play bot tournaments in every rating mode and fit the bots' ratings."

    def add_arguments(self, parser):
        parser.add_argument("--modes", nargs="*", help="rating modes (default: every registered one)")
        parser.add_argument("--games", type=int, default=200, help="games per easy/medium tournament")
        parser.add_argument("--hard-games", type=int, default=24, help="games per tournament with hard")
        parser.add_argument("--hard-iterations", type=int, default=None,
                            help="the hard bot's rollouts per decision (default: its table time, "
                            "%.1f s of wall clock)" % calibration.search_seconds())
        parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--fit-only", action="store_true", help="fit the kept games again, play none")
        parser.add_argument("--games-file", default=str(GAMES_FILE))
        parser.add_argument("--ratings-file", default=str(ratings.BOT_RATINGS_FILE))
        parser.add_argument("--report-file", default=str(REPORT_FILE))

    def handle(self, *args, **options):
        known = ratings.registered_modes()
        modes = options["modes"] or list(known)
        unknown = [mode for mode in modes if mode not in known]
        if unknown:
            raise CommandError(f"unknown rating modes: {', '.join(unknown)} (known: {', '.join(known)})")
        games_file = Path(options["games_file"])
        kept = _read(games_file, {"runs": {}, "games": []})
        if not options["fit_only"]:
            jobs = calibration.plan(modes, options["games"], options["hard_games"], options["seed"])
            self.stdout.write(f"{len(jobs)} games in {len(modes)} modes, {options['workers']} workers")

            def progress(done, total):
                if done % 50 == 0 or done == total:
                    self.stderr.write(f"  {done}/{total}")

            played, seconds = calibration.run(jobs, options["workers"], options["hard_iterations"], progress)
            run = {"at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "seconds": round(seconds),
                   "games": options["games"], "hard_games": options["hard_games"],
                   "hard_budget": _budget(options["hard_iterations"]), "workers": options["workers"],
                   "seed": options["seed"]}
            kept["games"] = [g for g in kept["games"] if g["mode"] not in modes] + played
            for mode in modes:
                kept["runs"][mode] = run
            _write(games_file, kept)
        if not kept["games"]:
            raise CommandError(f"no games to fit in {games_file}")
        fitted, errors = calibration_fit.fit_all(kept["games"])
        rows = calibration_fit.head_to_head(kept["games"], fitted)
        rounded = {mode: {level: round(mu, 3) for level, mu in mus.items()} for mode, mus in sorted(fitted.items())}
        _write(Path(options["ratings_file"]), {
            "model": "openskill PlackettLuce", "bot_sigma": ratings.BOT_SIGMA,
            "anchor": {calibration_fit.ANCHOR_LEVEL: calibration_fit.ANCHOR_MU},
            "runs": kept["runs"],
            "modes": {mode: mus for mode, mus in rounded.items() if calibration_fit.ordered(mus)},
            "withheld": {mode: mus for mode, mus in rounded.items() if not calibration_fit.ordered(mus)},
        })
        report = render_report(fitted, errors, rows, kept["runs"])
        Path(options["report_file"]).write_text(report, encoding="utf-8")
        self.stdout.write(report)
        bad = [mode for mode, mus in fitted.items() if not calibration_fit.ordered(mus)]
        if bad:
            self.stderr.write(f"easy < medium < hard does not hold in: {', '.join(bad)} (withheld from the site)")
            sys.exit(1)


def _budget(iterations):
    return f"{iterations} rollouts per decision" if iterations else \
        f"{calibration.search_seconds():.1f} s per decision (the table's)"


def _read(path, default):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return default


def _write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def render_report(fitted, errors, rows, runs):
    lines = [
        "# Bot calibration", "",
        "Written by `manage.py calibrate_bots` (games/history/management/commands/calibrate_bots.py); "
        "the decisions are in [ratings.md](ratings.md). The games it played are kept in "
        "`games/history/data/calibration_games.json` (`--fit-only` fits them again); the fitted ratings "
        "in `games/history/data/bot_ratings.json`, which the site reads.", "",
        f"The hard bot at the table thinks {calibration.search_seconds():g} s of wall clock a decision; a run with a "
        "rollout budget says so in the runs table (hard's budget), and its fitted hard is a floor of the table's. "
        "Seconds are wall clock on the machine at hand (runs may have shared it).", "",
        "## Runs", "",
        "| mode | when | games per easy/medium tournament | per tournament with hard | hard's budget | workers | seconds |",
        "|---|---|---|---|---|---|---|",
    ]
    for mode in sorted(runs):
        run = runs[mode]
        lines.append(f"| {mode} | {run['at']} | {run['games']} | {run['hard_games']} | {run['hard_budget']} | "
                     f"{run['workers']} | {run['seconds']} |")
    lines += ["", "## Fitted ratings", "",
              f"μ of each level (medium pinned at {calibration_fit.ANCHOR_MU:g}), its standard error, and the number "
              f"shown on the site (1500 + 25 × (μ − 3σ), σ = {ratings.BOT_SIGMA:g}).", "",
              "| mode | level | μ | ± | shown | easy < medium < hard |", "|---|---|---|---|---|---|"]
    for mode in sorted(fitted):
        mus = fitted[mode]
        for level in sorted(mus, key=mus.get):
            lines.append(f"| {mode} | {level} | {mus[level]:.2f} | {errors[mode][level]:.2f} | "
                         f"{ratings.display(mus[level], ratings.BOT_SIGMA)} | "
                         f"{'yes' if calibration_fit.ordered(mus) else 'NO: withheld'} |")
    lines += ["", "## Head to head", "",
              "One X against Y: one seat (a team game: one team) X, the others Y, seats rotated. "
              "Won = an X seat ranked first (shared first places count).", "",
              "| mode | seats | X against Y | games | X won | 95% interval | the fit predicts | within |",
              "|---|---|---|---|---|---|---|---|"]
    for row in sorted(rows, key=lambda r: (r["mode"], r["x"], r["y"])):
        lines.append(f"| {row['mode']} | {row['players']} | {row['x']} against {row['y']} | {row['games']} | "
                     f"{100 * row['rate']:.1f}% | {100 * row['low']:.1f}-{100 * row['high']:.1f}% | "
                     f"{100 * row['predicted']:.1f}% | {'yes' if row['within'] else 'NO'} |")
    held = sum(1 for row in rows if row["within"])
    withheld = sorted(mode for mode, mus in fitted.items() if not calibration_fit.ordered(mus))
    lines += ["", f"The fit predicts {held} of {len(rows)} measured rates within their 95% intervals.", ""]
    if withheld:
        lines += [f"Withheld from the site (easy < medium < hard does not hold): {', '.join(withheld)}. "
                  "Their games with a bot are not rated and their bots are not on the leaderboard until a "
                  "later run orders them.", ""]
    return "\n".join(lines)
