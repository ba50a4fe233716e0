"""Who a step waits on, and until when: the per-seat marks of the current step.

When a step begins (`begin_step`), every person the engine asks gets `waiting_since`; with a turn
timer also a `deadline` (the table's `turn_seconds` from now), and on a turn-based table a
`remind_at` at REMIND_AT of the way to it. A seat that chooses (`chosen`), leaves the game
(`seat_left`) or whose game ends (`game_over`) loses its marks.

These functions only set the marks on the seats; `save_marks(seats)` writes what changed since the
seats were read, once, in the transaction that changed them (the caller's: services/play.py's
`persist`, the start, a concession). A person's move that ends the step, with quick bots, clears
their marks and sets them again for the next step: one statement, not two, and no message when
nothing they see changed (issue 29: a statement and a channel-layer message fewer per move).

The deadline sweep (services/deadlines.py) finds due deadlines and reminders through the partial
indexes on these columns; My games and the header badge read `waiting_since`.

After commit, the people a turn-based step begins to wait on are notified (services/notify_port.py,
Celery tasks) and everyone whose list of waiting tables changed (a table now waits on them, or no
longer does, or its deadline moved) hears it on their own socket (`my_games.changed`,
games/consumers_me.py).
"""
from datetime import timedelta
from functools import partial

from games.models import Match

from . import live_sql, notify_port
from .common import after_commit

REMIND_AT = 0.8  # the share of a turn-based deadline after which the seat is reminded


def begin_step(match, seats, humans, now):
    """Mark the seats of persons `humans` (seat numbers) as waited on from `now`; sets
    `match.deadline`. Nothing is saved (the caller saves the match, and the marks: `save_marks`)."""
    humans = set(humans)
    if match.turn_seconds and humans:
        match.deadline = now + timedelta(seconds=match.turn_seconds)
    else:
        match.deadline = None
    remind = None
    if match.deadline is not None and match.pace == Match.Pace.TURN_BASED:
        remind = now + timedelta(seconds=match.turn_seconds * REMIND_AT)
    waits = []
    for seat in seats:
        waiting = seat.number in humans and seat.user_id is not None
        if waiting:
            waits.append(seat.user_id)
        _mark(seat, (now, match.deadline, remind) if waiting else NO_MARKS)
    if match.pace == Match.Pace.TURN_BASED and waits:
        after_commit(partial(notify_port.tables_wait, match.pk, match.step, waits))


def chosen(seats, acting):
    """Within a step: the seats no longer in `acting` (the engine's to_act) have chosen and no
    longer hold the step up."""
    _clear([s for s in seats if s.number not in acting])


def seat_left(seat):
    """A bot plays the seat from now on (taken over, conceded)."""
    _clear([seat])


def game_over(seats):
    _clear(seats)


NO_MARKS = (None, None, None)


def _marks(seat):
    return seat.waiting_since, seat.deadline, seat.remind_at


def _mark(seat, marks):
    """Set `seat`'s marks, remembering those it was read with (until `save_marks`)."""
    seat.__dict__.setdefault("_marks_as_read", _marks(seat))
    seat.waiting_since, seat.deadline, seat.remind_at = marks


def _clear(seats):
    for seat in seats:
        _mark(seat, NO_MARKS)


def save_marks(seats):
    """Write the marks of `seats` that differ from those they were read with: one UPDATE per
    distinct (waiting_since, deadline, remind_at), at most two a step (the persons waited on, the
    others). Not bulk_update: its CASE per row and field made it the costliest query of a move to
    build (a tenth of a server's CPU at 100 tables). After commit, the people whose list of waiting
    tables changed are told."""
    groups, told = {}, []
    for seat in seats:
        before = seat.__dict__.pop("_marks_as_read", None)
        if before is None or before == _marks(seat):
            continue
        groups.setdefault(_marks(seat), []).append(seat.pk)
        if seat.user_id and ((before[0] is None) != (seat.waiting_since is None) or before[1] != seat.deadline):
            told.append(seat.user_id)
    for marks, pks in groups.items():
        live_sql.save_seat_marks(pks, marks)
    if told:
        after_commit(partial(notify_port.lists_changed, sorted(set(told))))
