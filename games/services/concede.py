"""Leaving a running game: a seated person gives their seat to a bot for the rest of the match.

The seat is taken over as after too many missed deadlines (`deadlines`): the game's timeout bot
plays it from now on, the person can no longer move for it and watches as a spectator; in a rated
match the history ranks the seat last (games.history.ratings.rating_ranks).
"""
from django.db import transaction

from games import engine
from games.models import Match, MatchAction

from . import broadcast, turn_clock
from .common import ServiceError, game_info, lock_seat
from .play import ask_bots_after_commit


def do_concede(match_id, user):
    """The user's seat is played by the game's timeout bot from now on. Returns the seat number."""
    with transaction.atomic():
        match, seats, mine = lock_seat(match_id, user)
        if match.status != Match.Status.RUNNING:
            raise ServiceError("not_running", status=match.status)
        if mine.taken_over:
            raise ServiceError("seat_taken_over", seat=mine.number)
        level = game_info(match.game)["timeout_bot"]
        mine.taken_over = True
        mine.bot_level = level
        mine.save(update_fields=["taken_over", "bot_level"])
        turn_clock.seat_left(mine)
        turn_clock.save_marks([mine])
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
        ask_bots_after_commit(match, seats, asked)
        return mine.number


def _note_in_log(match, event):
    """The live log shows the departure after the latest accepted action (snapshots read the
    public events from the action rows)."""
    last = MatchAction.objects.select_for_update().filter(match=match).order_by("-index").first()
    if last is not None:
        last.events = list(last.events) + [event]
        last.save(update_fields=["events"])
