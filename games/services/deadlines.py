"""Deadlines: a person who lets their move deadline pass is played for by the game's timeout bot,
and after the table's `missed_limit` misses in a row a bot takes the seat for the rest of the game.

Each seat still choosing carries its own deadline (and, turn-based, a reminder time): see
services/turn_clock.py. One sweep (Celery beat every DEADLINE_SWEEP_SECONDS, or the
sweep_deadlines command) finds every due deadline and reminder in one query over the seats'
partial indexes, plays for the late seats, asks for the reminders, then re-asks stalled bots,
starts the daily digests when their hour has come, and records finished matches whose history
failed. Nothing waits in a process: a restart loses no deadline.
"""
from functools import partial

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import engine
from games.history import record_missing
from games.models import Match, MatchAction, Seat

from . import notify, notify_port, turn_clock
from .bot_choices import bot_action, bot_rng
from .bot_watch import requeue_lost_bot_turns
from .common import ServiceError, after_commit, game_info, lock_match, match_seats
from .play import record_action

TAKEOVER_AFTER = 3  # the default of a table's missed_limit (Match.missed_limit)


def do_expire_deadline(match_id, now=None):
    """Play the timeout bot for every person whose deadline in the current step has passed.
    Returns how many actions were played."""
    now = now or timezone.now()
    played = 0
    if not Seat.objects.filter(match_id=match_id, deadline__lte=now).exists():
        return 0  # the common case, without taking the write lock
    with transaction.atomic():
        try:
            match = lock_match(match_id)
        except ServiceError:
            return 0
        if match.status != Match.Status.RUNNING:
            return 0
        seats = match_seats(match)
        timeout_bot = game_info(match.game)["timeout_bot"]
        while match.status == Match.Status.RUNNING:
            acting = engine.to_act(match.state)
            late = [n for n in acting if not seats[n].is_bot and seats[n].deadline and seats[n].deadline <= now]
            if not late:
                break
            seat = seats[late[0]]
            action = bot_action(timeout_bot, match.state, seat.number, bot_rng(match, seat.number))
            new_state, events = engine.apply(match.state, seat.number, action)
            seat.missed_turns += 1
            seat.untold_misses += 1
            extra = [{"type": "timed_out", "seat": seat.number, "missed_turns": seat.missed_turns}]
            if seat.missed_turns >= match.missed_limit:
                seat.taken_over = True
                seat.bot_level = timeout_bot
                extra.append({"type": "taken_over", "seat": seat.number, "bot": timeout_bot})
                turn_clock.seat_left(seat)
                if match.pace == Match.Pace.TURN_BASED and seat.user_id:
                    after_commit(partial(notify_port.taken_over, match.pk, match.step, seat.user_id))
            else:
                seat.deadline = None  # this step is played for it; the next sets its own
            seat.save(update_fields=["missed_turns", "untold_misses", "taken_over", "bot_level", "deadline"])
            record_action(match, seats, seat.number, new_state, events, MatchAction.By.TIMEOUT, extra_events=extra,
                          now=now)
            played += 1
    return played


def due_seats(now):
    """The one indexed query of a sweep: (seat id, match id, user id, deadline due, reminder due)
    of every seat whose deadline or reminder time has come."""
    return list(
        Seat.objects.filter(Q(deadline__lte=now) | Q(remind_at__lte=now)).order_by()
        .values_list("pk", "match_id", "user_id", "deadline", "remind_at")
    )


def ask_reminder(seat_id, now):
    """Take the seat's reminder time (once: a conditional update) and ask for the reminder after
    commit; nothing if another sweep took it or the seat moved on."""
    with transaction.atomic():
        row = (Seat.objects.filter(pk=seat_id, remind_at__lte=now, match__status=Match.Status.RUNNING)
               .values_list("match_id", "user_id", "match__step").first())
        taken = Seat.objects.filter(pk=seat_id, remind_at__lte=now).update(remind_at=None)
        if row is None or not taken:
            return False
        match_id, user_id, step = row
        after_commit(partial(notify_port.reminder_due, match_id, step, user_id))
        return True


def do_sweep_deadlines(now=None):
    """One sweep: late seats, reminders, lost bot turns, the digests of the day, missing history
    records. Returns the number of actions played for late seats."""
    now = now or timezone.now()
    due = due_seats(now)
    late_matches = sorted({match_id for _, match_id, _, deadline, _ in due if deadline is not None and deadline <= now})
    played = sum(do_expire_deadline(match_id, now) for match_id in late_matches)
    for seat_id, _, _, deadline, remind_at in due:
        if remind_at is not None and remind_at <= now and (deadline is None or deadline > now):
            ask_reminder(seat_id, now)
    requeue_lost_bot_turns(now)
    notify.start_due_digests(now)
    record_missing()
    return played


__all__ = ["TAKEOVER_AFTER", "do_expire_deadline", "do_sweep_deadlines", "due_seats"]
