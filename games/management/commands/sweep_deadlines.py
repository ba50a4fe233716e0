"""Play for seats whose turn timer ran out: once, or every few seconds with --loop.

With Redis, Celery beat runs the same sweep (games.sweep_deadlines). Without Redis the channel
layer lives inside the web process, so a sweep in another process saves the moves but cannot
push them: the game page asks the server itself when its countdown ends (see docs/protocol.md).
"""
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from games import services


class Command(BaseCommand):
    help = "Play the game's timeout bot for every seat past its deadline (--loop to keep sweeping)."

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="Sweep again every --interval seconds.")
        parser.add_argument("--interval", type=float, default=settings.DEADLINE_SWEEP_SECONDS)

    def handle(self, *args, loop=False, interval=5.0, **options):
        while True:
            played = services.do_sweep_deadlines()
            if played or options["verbosity"] > 1:
                self.stdout.write(f"played {played} late turn(s)")
            if not loop:
                return
            time.sleep(interval)
