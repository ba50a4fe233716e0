"""Which bot turns are on their way, so that a lost one is asked again within seconds instead of
after BOT_STALL_SECONDS.

A bot turn can be lost three ways: the worker running or holding it is killed (Redis gives an
unacknowledged task back only after its visibility timeout, an hour), Redis is flushed or
restarted (the queue is gone), or its database connection breaks (the task retries: tasks.py).
Two markers per step, in the "shared" cache (Redis, where the queue is):

- *asked*: set when the step's bot turns are queued, kept BOT_STALL_SECONDS: while it lives, the
  turns are presumed waiting in the queue;
- *playing*: set by the worker while it plays a turn, kept BOT_PLAYING_SECONDS at most.

The deadline sweep (every DEADLINE_SWEEP_SECONDS) asks again the bots of every step that waits for
bots with neither marker alive: a flushed Redis loses both, a killed worker's marker runs out. A
worker that starts asks again every waiting step nobody is playing: the tasks a dead worker held
come back at once. Asking twice is harmless: a turn is played once (do_play_bot_turn checks the
step under the match lock).
"""
from datetime import timedelta

from django.conf import settings
from django.core.cache import caches
from django.utils import timezone

from games import bots, engine
from games.models import Match, Seat

from . import bot_port

# A step just begun has had no time to be marked: leave it alone this long.
GRACE_SECONDS = 2


def _cache():
    return caches["shared"]


def _asked_key(match_id, version):
    return f"bots:asked:{match_id}:{version}"


def _playing_key(match_id, version):
    return f"bots:playing:{match_id}:{version}"


def mark_asked(match_id, version):
    _cache().set(_asked_key(match_id, version), 1, timeout=settings.BOT_STALL_SECONDS)


def mark_playing(match_id, version):
    """A worker plays this step's bot: its turns have left the queue (another seat's may still wait
    there: asked again, it is played once all the same)."""
    cache = _cache()
    cache.set(_playing_key(match_id, version), 1, timeout=settings.BOT_PLAYING_SECONDS)
    cache.delete(_asked_key(match_id, version))


def mark_done(match_id, version):
    _cache().delete(_playing_key(match_id, version))


def _waiting_steps(now, min_age_seconds):
    return Match.objects.filter(
        status=Match.Status.RUNNING, bots_pending=True,
        step_started_at__lte=now - timedelta(seconds=min_age_seconds),
    ).values_list("pk", "step_version")


def _ask_again(match_id):
    match = Match.objects.filter(pk=match_id).only("state", "step_version").first()
    if match is None or match.state is None:
        return 0
    levels = dict(Seat.objects.filter(match_id=match_id).exclude(bot_level="").values_list("number", "bot_level"))
    numbers = [n for n in engine.to_act(match.state) if n in levels]
    bot_port.request_bot_turns(match_id, numbers, match.step_version,
                               slow=[n for n in numbers if bots.searches(levels[n])])
    return len(numbers)


def requeue_lost_bot_turns(now=None, *, after_worker_start=False):
    """Ask again the bots of steps whose turns are neither queued (asked marker) nor being played
    (playing marker); after a worker starts, every waiting step nobody is playing. Returns how
    many bot turns were asked."""
    now = now or timezone.now()
    cache = _cache()
    asked = 0
    for match_id, version in list(_waiting_steps(now, GRACE_SECONDS)):
        if cache.get(_playing_key(match_id, version)) is not None:
            continue
        if not after_worker_start and cache.get(_asked_key(match_id, version)) is not None:
            continue
        asked += _ask_again(match_id)
    return asked
