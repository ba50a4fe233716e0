"""A rematch: a new table set up from a finished match's seats.

The person asking hosts it at seat 0; the other seats keep their order around the table from
there: a bot seat keeps its bot, a person's seat (one a bot took over included) is left open for
them. The new table points back at the old match (`rematch_of`), so the others' end-of-game
panels offer to join it; asking again while it is open joins it instead of setting up another.
"""
from django.db import transaction

from games.models import Match

from . import broadcast
from .common import ServiceError, lock_seat
from .lobby import do_create_match, do_join


def open_rematch(match_id):
    """The open or running table set up again from this match, or None."""
    return (Match.objects.filter(rematch_of_id=match_id).exclude(status=Match.Status.FINISHED)
            .order_by("-created_at").first())


def do_rematch(match_id, user):
    """The rematch table of a finished match for one of its players. Returns the new match."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required")
    with transaction.atomic():
        old, seats, mine = lock_seat(match_id, user)
        if old.status != Match.Status.FINISHED:
            raise ServiceError("not_finished", status=old.status)
        existing = open_rematch(old.pk)
        if existing is not None:
            if existing.status == Match.Status.OPEN:
                do_join(existing.pk, user)
            return existing
        order = seats[mine.number:] + seats[:mine.number]
        bots = [""] + [seat.bot_level if seat.user_id is None else "" for seat in order[1:]]
        new = do_create_match(user, game=old.game, players=old.players, turn_seconds=old.turn_seconds,
                              pace=old.pace, missed_limit=old.missed_limit, rated=old.rated,
                              bots=bots, **old.options)
        new.rematch_of = old
        new.save(update_fields=["rematch_of"])
        old.version += 1
        old.save(update_fields=["version"])
        broadcast.table_changed_after_commit(old, lobby=False)
    return new
