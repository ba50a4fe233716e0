"""manage.py simulate_matches --players P --matches M [--mode MODE]: engine-played matches for demos."""
import time

from django.core.management.base import BaseCommand, CommandError

from games import engine
from games.history.ratings import MODES, game_of_mode
from games.history.simulate import default_game, simulate


class Command(BaseCommand):
    help = (
        "Fill the database with finished matches played by the engine between generated players. "
        "--mode plays one rating mode with its options and player counts: cities (Cities, 3 to 8 "
        "players), cities-teams (Cities with teams, 4, 6 or 8), base-2p (the 2-player variant), cities-2p "
        "(the 2-player variant with Cities), "
        "base (3 to 7), architects; without it, every player count of --game's plain options."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=20, help="Generated players (sim00001...).")
        parser.add_argument("--matches", type=int, default=100, help="Matches to play.")
        parser.add_argument("--seed", type=int, default=0, help="Same seed, same matches.")
        parser.add_argument("--bot-share", type=float, default=0.2, help="Share of matches with a bot seat.")
        parser.add_argument("--days", type=int, default=90, help="The matches are spread over this many days.")
        parser.add_argument("--game", default=None, choices=engine.games(),
                            help="The game played (default: the site's default game, the registry's first).")
        parser.add_argument("--mode", choices=MODES, default=None,
                            help="Only matches of this rating mode (its game, options and player counts): "
                            "e.g. cities, cities-teams, base-2p.")

    def handle(self, *args, players, matches, seed, bot_share, days, game=None, mode=None, **options):
        if players < 3:
            raise CommandError("--players must be at least 3")
        if matches < 0:
            raise CommandError("--matches must not be negative")
        if not 0 <= bot_share <= 1:
            raise CommandError("--bot-share is between 0 and 1")
        if mode is not None:
            game = game_of_mode(mode)
        game = game or default_game()
        started = time.monotonic()
        ids = simulate(players, matches, seed=seed, bot_share=bot_share, days=days, game=game, mode=mode,
                       progress=lambda k: self.stdout.write(f"{k} matches"))
        elapsed = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(
            f"{len(ids)} matches between {players} players in {elapsed:.1f} s"
        ))
