"""A game move: a player's action is checked by the engine and recorded; so are the bots' and
the deadlines' (their modules call `record_action` with the lock they hold).

The snapshot (`Match.state`) is the engine state after the last log entry; every accepted action
appends its log entries as `MatchAction` rows and bumps `Match.version`, in the transaction that
holds the match lock. The updates and the next bot turns leave only after commit.
"""
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine
from games.models import Match, MatchAction, Seat

from . import broadcast
from .common import Accepted, ServiceError, after_commit, lock_match, log, match_seats, user_seat


def begin_step(match, seats, now):
    """A new decision begins (a turn, a prompt): new step, deadline; returns the bot seats to ask."""
    acting = engine.to_act(match.state)
    match.step += 1
    match.step_version = match.version
    match.step_started_at = now
    humans = [n for n in acting if not seats[n].is_bot]
    bots = [n for n in acting if seats[n].is_bot]
    if match.turn_seconds and humans:
        match.deadline = now + timedelta(seconds=match.turn_seconds)
    else:
        match.deadline = None
    match.bots_pending = bool(bots)
    return bots


def record_action(match, seats, number, new_state, events, by, client_id=None, extra_events=(), now=None):
    """Append the action's log entries and save the snapshot and version (the caller holds the
    match lock inside a transaction); queue the broadcast and any bot turns for after the commit."""
    from . import bots as bot_turns

    now = now or timezone.now()
    start = len(engine.action_log(match.state))
    entries = engine.action_log(new_state)[start:]
    match.version += 1
    shown = list(extra_events) + broadcast.public_events(match.game, events)
    MatchAction.objects.bulk_create(
        [
            MatchAction(
                match=match, index=start + i, seat=entry.get("seat"),
                action=entry["action"] if "seat" in entry else entry, by=by,
                client_id=client_id if i == 0 else None, version=match.version,
                events=shown if i == len(entries) - 1 else [],
            )
            for i, entry in enumerate(entries)
        ]
    )
    match.state = new_state
    _update_labels(seats, new_state)
    asked = []
    finished = engine.is_over(new_state)
    if finished:
        match.status = Match.Status.FINISHED
        match.finished_at = now
        match.score_sheet = engine.scores(new_state)
        match.deadline = None
        match.bots_pending = False
        match.step += 1
        match.step_version = match.version
    elif any(e.get("type") != "chosen" for e in events):
        asked = begin_step(match, seats, now)
    else:
        match.bots_pending = any(seats[n].is_bot for n in engine.to_act(new_state))
    match.save()
    if finished:
        _record_history(match, seats)
    payloads = broadcast.update_payloads(match, seats, shown)
    after_commit(partial(broadcast.broadcast_update, match.pk, payloads))
    if finished:
        after_commit(broadcast.lobby_changed)
    if asked:
        after_commit(partial(bot_turns.enqueue_bot_turns, match.pk, asked, match.step_version,
                                   slow=bot_turns.slow_seats(seats, asked)))


def _update_labels(seats, state):
    """Public seat labels can change during a game (base: a side chosen after the start)."""
    changed = []
    for seat, labels in zip(seats, engine.seat_labels(state)):
        if seat.labels != labels:
            seat.labels = labels
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(changed, ["labels"])


def _record_history(match, seats):
    """Results and ratings of a finished match, in the transaction that finishes it."""
    from games.history import record_finished_match

    try:
        record_finished_match(match, seats)
    except Exception:  # noqa: BLE001 - the game is over either way; the sweep records it later
        log.exception("match %s: the history record failed", match.pk)


def _check_moves_left_in_step(match, number):
    """A seat may change its choice within one step only so often: every change is kept in the log."""
    limit = settings.MOVES_PER_STEP
    made = MatchAction.objects.filter(match=match, seat=number, version__gt=match.step_version,
                                      by=MatchAction.By.PLAYER).count()
    if made >= limit:
        raise ServiceError("too_many_moves", limit=limit)


def do_submit(match_id, user, action, *, client_id=None, step=None, seat=None):
    """A player's action. Resubmitting a client_id already accepted answers the first result.
    `step`, when given, must be the current step (a move for a past turn is refused); `seat`,
    when given, must be the user's own."""
    with transaction.atomic():
        match = lock_match(match_id)
        seats = match_seats(match)
        mine = user_seat(seats, user)
        if mine is None:
            raise ServiceError("not_seated")
        if seat is not None and seat != mine.number:
            raise ServiceError("not_your_seat", seat=seat, your_seat=mine.number)
        if client_id is not None:
            done = MatchAction.objects.filter(match=match, seat=mine.number, client_id=client_id).first()
            if done is not None and done.action == action:
                return Accepted(version=done.version, duplicate=True)
            if done is not None:  # the id of an earlier move, sent with another move: nothing applied
                raise ServiceError("client_id_reused", client_id=client_id, version=done.version)
        if match.status == Match.Status.OPEN:
            raise ServiceError("not_started")
        if match.status == Match.Status.FINISHED:
            raise ServiceError("game_over")
        if mine.taken_over:
            raise ServiceError("seat_taken_over", seat=mine.number)
        if step is not None and step != match.step:
            raise ServiceError("stale_step", step=step, current_step=match.step)
        _check_moves_left_in_step(match, mine.number)
        try:
            new_state, events = engine.apply(match.state, mine.number, action)
        except engine.IllegalAction as error:
            raise ServiceError(error.code, **error.facts) from None
        if mine.missed_turns:
            mine.missed_turns = 0
            mine.save(update_fields=["missed_turns"])
        record_action(match, seats, mine.number, new_state, events, MatchAction.By.PLAYER, client_id=client_id)
        return Accepted(version=match.version)
