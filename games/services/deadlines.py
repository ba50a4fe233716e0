"""Deadlines: a human seat that lets its turn run out is played by the game's timeout bot, and
taken over for good after TAKEOVER_AFTER misses in a row. The sweep (Celery beat, or the
sweep_deadlines command) also re-asks stalled bots and records finished matches whose history
failed."""
from django.db import transaction
from django.utils import timezone

from games import engine
from games.history import record_missing
from games.models import Match, MatchAction

from .bot_choices import bot_action, bot_rng
from .bot_watch import requeue_lost_bot_turns
from .common import ServiceError, game_info, lock_match, match_seats
from .play import record_action

TAKEOVER_AFTER = 3  # deadlines missed in a row before a bot takes the seat for good


def do_expire_deadline(match_id, now=None):
    """Play the timeout bot for every human seat that still has to act after the deadline.
    Returns how many actions were played."""
    now = now or timezone.now()
    played = 0
    if not Match.objects.filter(pk=match_id, status=Match.Status.RUNNING, deadline__lte=now).exists():
        return 0  # the common case, without taking the write lock
    with transaction.atomic():
        try:
            match = lock_match(match_id)
        except ServiceError:
            return 0
        if match.status != Match.Status.RUNNING or match.deadline is None or match.deadline > now:
            return 0
        seats = match_seats(match)
        timeout_bot = game_info(match.game)["timeout_bot"]
        while match.status == Match.Status.RUNNING and match.deadline is not None and match.deadline <= now:
            late = [n for n in engine.to_act(match.state) if not seats[n].is_bot]
            if not late:
                match.deadline = None
                match.save(update_fields=["deadline"])
                break
            seat = seats[late[0]]
            action = bot_action(timeout_bot, match.state, seat.number, bot_rng(match, seat.number))
            new_state, events = engine.apply(match.state, seat.number, action)
            seat.missed_turns += 1
            extra = [{"type": "timed_out", "seat": seat.number, "missed_turns": seat.missed_turns}]
            if seat.missed_turns >= TAKEOVER_AFTER:
                seat.taken_over = True
                seat.bot_level = timeout_bot
                extra.append({"type": "taken_over", "seat": seat.number, "bot": timeout_bot})
            seat.save(update_fields=["missed_turns", "taken_over", "bot_level"])
            record_action(match, seats, seat.number, new_state, events, MatchAction.By.TIMEOUT, extra_events=extra,
                          now=now)
            played += 1
    return played


def do_sweep_deadlines(now=None):
    """One sweep: every running match past its deadline, then lost bot turns, then finished matches
    missing their history record. Returns the number of actions played for late seats."""
    now = now or timezone.now()
    due = Match.objects.filter(status=Match.Status.RUNNING, deadline__lte=now).values_list("pk", flat=True)
    played = sum(do_expire_deadline(match_id, now) for match_id in list(due))
    requeue_lost_bot_turns(now)
    record_missing()
    return played
