"""Who a step waits on, and until when: the per-seat marks of the current step.

When a step begins (`begin_step`), every person the engine asks gets `waiting_since`; with a turn
timer also a `deadline` (the table's `turn_seconds` from now), and on a turn-based table a
`remind_at` at REMIND_AT of the way to it. A seat that chooses (`seat_chose`), leaves the game
(`seat_left`) or whose game ends (`game_over`) loses its marks. The deadline sweep
(services/deadlines.py) finds due deadlines and reminders through the partial indexes on these
columns; My games and the header badge read `waiting_since`.

After commit, the people a turn-based step begins to wait on are notified (services/notify_port.py,
Celery tasks) and everyone whose list of waiting tables changed hears it on their own socket
(`my_games.changed`, games/consumers_me.py).
"""
from datetime import timedelta
from functools import partial

from games.models import Match

from . import live_sql, notify_port
from .common import after_commit

REMIND_AT = 0.8  # the share of a turn-based deadline after which the seat is reminded


def begin_step(match, seats, humans, now):
    """Mark the seats of persons `humans` (seat numbers) as waited on from `now`; sets
    `match.deadline`. Nothing is saved for the match (its caller saves it); seats are updated."""
    humans = set(humans)
    if match.turn_seconds and humans:
        match.deadline = now + timedelta(seconds=match.turn_seconds)
    else:
        match.deadline = None
    remind = None
    if match.deadline is not None and match.pace == Match.Pace.TURN_BASED:
        remind = now + timedelta(seconds=match.turn_seconds * REMIND_AT)
    changed, waits = [], []
    for seat in seats:
        waiting = seat.number in humans and seat.user_id is not None
        marks = (now if waiting else None, match.deadline if waiting else None, remind if waiting else None)
        if waiting:
            waits.append(seat.user_id)
        if waiting or (seat.waiting_since, seat.deadline, seat.remind_at) != (None, None, None):
            seat.waiting_since, seat.deadline, seat.remind_at = marks
            changed.append(seat)
    _save_marks(changed)
    if match.pace == Match.Pace.TURN_BASED and waits:
        after_commit(partial(notify_port.tables_wait, match.pk, match.step, waits))
    _tell_lists_changed([s.user_id for s in changed if s.user_id])


def chosen(seats, acting):
    """Within a step: the seats no longer in `acting` (the engine's to_act) have chosen and no
    longer hold the step up."""
    _clear([s for s in seats if s.number not in acting])


def seat_left(seat):
    """A bot plays the seat from now on (taken over, conceded)."""
    _clear([seat])


def game_over(seats):
    _clear(seats)


def _clear(seats):
    marked = [s for s in seats if s.waiting_since is not None or s.deadline is not None or s.remind_at is not None]
    for seat in marked:
        seat.waiting_since = seat.deadline = seat.remind_at = None
    if marked:
        _save_marks(marked)
        _tell_lists_changed([s.user_id for s in marked if s.user_id])


def _save_marks(seats):
    """Writes the marks of `seats`: one UPDATE per distinct (waiting_since, deadline, remind_at),
    at most two a step (the persons waited on, the others). Not bulk_update: its CASE per row and
    field made it the costliest query of a move to build (a tenth of a server's CPU at 100 tables)."""
    groups = {}
    for seat in seats:
        groups.setdefault((seat.waiting_since, seat.deadline, seat.remind_at), []).append(seat.pk)
    for marks, pks in groups.items():
        live_sql.save_seat_marks(pks, marks)


def _tell_lists_changed(user_ids):
    if user_ids:
        after_commit(partial(notify_port.lists_changed, sorted(set(user_ids))))
