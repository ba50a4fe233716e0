"""Bot turns: ask the bots of the current step to play (Celery, or in-process without a broker),
and play one bot turn under the match lock."""
import random
import threading
from collections import deque

from django.conf import settings
from django.db import transaction

from games import engine
from games.models import Match, MatchAction

from . import bot_watch
from .common import ServiceError, lock_match, log, match_seats
from .play import record_action

BOTS_QUEUE = "bots"


def bot_rng(match, number, decision=0):
    key = f"{match.seed}:{match.version}:{number}" + (f":{decision}" if decision else "")
    return random.Random(key)


def bot_action(level, state, number, rng):
    """The action a bot of `level` picks for seat `number`, from that seat's view and legal
    actions only."""
    from games import bots

    budget = {"seconds": settings.BOT_MOVE_SECONDS} if bots.searches(level) else {}
    return bots.get(level).choose(engine.view(state, number), engine.legal_actions(state, number), rng, **budget)


def do_play_bot_turn(match_id, numbers, version):
    """The body of tasks.play_bot_turn: play for bot seats (one seat number, or a list of them)
    if the step that asked for them is still the current one and each seat still has to act;
    otherwise do nothing (a repeated or late task). One lock, one transaction and one new version
    for the whole list. Returns what happened (for a list: "played" if any seat played, else the
    first seat's outcome): played, stale, done, not_bot or gone."""
    many = isinstance(numbers, (list, tuple))
    numbers = list(numbers) if many else [numbers]
    with transaction.atomic():
        try:
            match = lock_match(match_id)
        except ServiceError:
            return "gone"
        if match.status != Match.Status.RUNNING or match.step_version != version:
            return "stale"
        seats = match_seats(match)
        outcomes = [_outcome(match, seats, number) for number in numbers]
        playing = [number for number, outcome in zip(numbers, outcomes) if outcome == "played"]
        if playing:
            bot_watch.mark_playing(match_id, version)
            _play_seats(match, seats, playing)
    if playing:
        bot_watch.mark_done(match_id, version)
        return "played"
    return outcomes[0] if outcomes else "done"


def _outcome(match, seats, number):
    if not isinstance(number, int) or not 0 <= number < len(seats) or not seats[number].is_bot:
        return "not_bot"
    if number not in engine.to_act(match.state):
        return "done"
    return "played"


def _play_seats(match, seats, numbers):
    """Every decision the seats owe in this step, recorded together as one version (one update
    for the clients, one write)."""
    state, events = play_seats(match, seats, numbers, match.state)
    record_action(match, seats, numbers[0], state, events, MatchAction.By.BOT)


def play_seats(match, seats, numbers, state):
    """The bots at `numbers` decide in `state`; returns (state, events). A seat may owe several
    decisions (2-player variant: its own card, then the Free City's). The first decision that ends
    the step stops the batch: the next step's bots are asked as usual."""
    events, decisions = [], 0
    for number in numbers:
        while number in engine.to_act(state) and not engine.is_over(state):
            action = bot_action(seats[number].bot_level, state, number, bot_rng(match, number, decisions))
            state, new_events = engine.apply(state, number, action)
            events += new_events
            decisions += 1
            if any(event.get("type") != "chosen" for event in new_events):
                break
        if any(event.get("type") != "chosen" for event in events):
            break
    return state, events


def slow_seats(seats, numbers):
    """The seats among `numbers` whose bot searches (each gets a task of its own, so that the
    bots queue keeps serving other tables while one thinks); the other bots of a step are quick
    and play together in one task."""
    from games import bots

    return [n for n in numbers if bots.searches(seats[n].bot_level)]


_drain = threading.local()


def enqueue_bot_turns(match_id, numbers, version, slow=()):
    """Ask bots to play. With a broker: one Celery task on the bots queue for the quick bots of
    the step together and one for each seat in `slow` (see slow_seats). Eager (no
    REDIS_URL): the same task runs in-process, and a bot turn that asks for more bot turns
    queues them for the loop already running instead of recursing; the loop ends when no bot
    has anything left to do (a human must act, or the game is over)."""
    from games import tasks

    quick = [n for n in numbers if n not in slow]
    jobs = ([(match_id, quick, version)] if quick else []) + [(match_id, n, version) for n in numbers if n in slow]
    if not jobs:
        return
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        bot_watch.mark_asked(match_id, version)
        for args in jobs:
            tasks.play_bot_turn.apply_async(args, queue=BOTS_QUEUE)
        return
    queue = getattr(_drain, "queue", None)
    if queue is not None:
        queue.extend(jobs)
        return
    _drain.queue = deque(jobs)
    try:
        while _drain.queue:
            args = _drain.queue.popleft()
            result = tasks.play_bot_turn.apply(args)
            if result.failed():
                log.error("bot turn %s failed: %r", args, result.result)
    finally:
        _drain.queue = None
