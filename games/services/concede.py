"""Leaving a running game: a seated person gives their seat to a bot for the rest of the match.

The seat is taken over as after too many missed deadlines (`deadlines`): the game's timeout bot
plays it from now on, the person can no longer move for it and watches as a spectator, and the
history records the match as unrated (abandoned).
"""
from functools import partial

from django.db import transaction

from games import engine
from games.models import Match, MatchAction

from . import broadcast
from .common import ServiceError, after_commit, game_info, lock_match, match_seats, user_seat


def do_concede(match_id, user):
    """The user's seat is played by the game's timeout bot from now on. Returns the seat number."""
    from . import bots as bot_turns

    with transaction.atomic():
        match = lock_match(match_id)
        seats = match_seats(match)
        mine = user_seat(seats, user)
        if mine is None:
            raise ServiceError("not_seated")
        if match.status != Match.Status.RUNNING:
            raise ServiceError("not_running", status=match.status)
        if mine.taken_over:
            raise ServiceError("seat_taken_over", seat=mine.number)
        level = game_info(match.game)["timeout_bot"]
        mine.taken_over = True
        mine.bot_level = level
        mine.save(update_fields=["taken_over", "bot_level"])
        _note_in_log(match, {"type": "left", "seat": mine.number, "bot": level})
        acting = engine.to_act(match.state)
        match.version += 1
        asked = [mine.number] if mine.number in acting else []
        if asked:
            match.bots_pending = True
        if not any(not seats[n].is_bot for n in acting):
            match.deadline = None  # nobody left to wait for in this step
        match.save(update_fields=["version", "bots_pending", "deadline"])
        broadcast.table_changed_after_commit(match, lobby=False)
        if asked:
            after_commit(partial(bot_turns.enqueue_bot_turns, match.pk, asked, match.step_version,
                                 slow=bot_turns.slow_seats(seats, asked)))
        return mine.number


def _note_in_log(match, event):
    """The live log shows the departure after the latest accepted action (snapshots read the
    public events from the action rows)."""
    last = MatchAction.objects.select_for_update().filter(match=match).order_by("-index").first()
    if last is not None:
        last.events = list(last.events) + [event]
        last.save(update_fields=["events"])
