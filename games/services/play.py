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
from django.db.models import Q
from django.utils import timezone

from games import engine
from games.models import Match, MatchAction, Seat

from . import broadcast
from .common import Accepted, ServiceError, after_commit, lock_match, log, match_seats, user_seat


def begin_step(match, seats, now):
    """A new decision begins (a turn, a prompt): new step, deadline; returns the bot seats to ask."""
    bots = _begin_step_at(match, seats, match.state, now)
    match.step_version = match.version
    return bots


def _begin_step_at(match, seats, state, now):
    acting = engine.to_act(state)
    match.step += 1
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
    match lock inside a transaction); queue the broadcast and any bot turns for after the commit.

    When an action begins a step that waits for a person, or a player's action begins any step,
    the step's quick bots choose at once, in the same transaction and version
    (`play_quick_bots_now`): one write, one update and no task per turn, where a round trip through
    the bots queue cost more than the bots themselves. A step that asks bots only, begun by a bot
    or a deadline, goes to the queue as before (a table of bots plays one step per version)."""
    from . import bots as bot_turns

    now = now or timezone.now()
    start = len(engine.action_log(match.state))
    own_entries = len(engine.action_log(new_state)) - start
    began, asked = _settle(match, seats, new_state, events, now)
    if asked and settings.QUICK_BOTS_INLINE and (by == MatchAction.By.PLAYER or _waits_for_a_person(seats, new_state)):
        new_state, events, asked = play_quick_bots_now(match, seats, new_state, events, asked, now)
    entries = engine.action_log(new_state)[start:]
    match.version += 1
    if began:
        match.step_version = match.version
    shown = list(extra_events) + broadcast.public_events(match.game, events)
    MatchAction.objects.bulk_create(
        [
            log_row(match, start + i, entry, by if i < own_entries else MatchAction.By.BOT,
                     client_id=client_id if i == 0 else None, events=shown if i == len(entries) - 1 else [])
            for i, entry in enumerate(entries)
        ]
    )
    match.state = new_state
    _update_labels(seats, new_state)
    finished = match.status == Match.Status.FINISHED
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


def log_row(match, index, entry, by, **fields):
    """The MatchAction of one engine log entry, at the match's current version: a seat's move, or a
    chance entry (no seat) kept whole."""
    return MatchAction(match=match, index=index, seat=entry.get("seat"),
                       action=entry["action"] if "seat" in entry else entry, by=by, version=match.version, **fields)


def _settle(match, seats, state, events, now):
    """The match's status, step and deadline after `events` led to `state`. Returns (began, asked):
    whether a step began (the game's end counts as one; its version is the one being recorded) and
    the bot seats the new step asks."""
    if engine.is_over(state):
        match.status = Match.Status.FINISHED
        match.finished_at = now
        match.score_sheet = engine.scores(state)
        match.deadline = None
        match.bots_pending = False
        match.step += 1
        return True, []
    if any(e.get("type") != "chosen" for e in events):
        return True, _begin_step_at(match, seats, state, now)
    match.bots_pending = any(seats[n].is_bot for n in engine.to_act(state))
    return False, []


def _waits_for_a_person(seats, state):
    return any(not seats[n].is_bot for n in engine.to_act(state))


def play_quick_bots_at_start(match, seats, asked, now):
    """The first step, begun by the start: its quick bots choose at once when a person waits in it
    too, as for every later step (record_action); their moves join the start's version, after the
    chance entries. Returns the bot seats still to ask."""
    if not (asked and settings.QUICK_BOTS_INLINE and _waits_for_a_person(seats, match.state)):
        return asked
    start = len(engine.action_log(match.state))
    state, _, asked = play_quick_bots_now(match, seats, match.state, [], asked, now)
    MatchAction.objects.bulk_create([
        log_row(match, start + i, entry, MatchAction.By.BOT)
        for i, entry in enumerate(engine.action_log(state)[start:])
    ])
    match.state = state
    _update_labels(seats, state)
    return asked


MAX_QUICK_BOT_ROUNDS = 4


def play_quick_bots_now(match, seats, state, events, asked, now):
    """The quick bots among `asked` choose now (see record_action). Should their choices end the
    step (a step that asked only bots, such as a bot's prompt), the next step's quick bots choose
    too, up to MAX_QUICK_BOT_ROUNDS steps; what is left (a searching bot) goes to the bots queue.
    Returns (state, events, seats still to ask)."""
    from . import bots as bot_turns

    events = list(events)
    for _ in range(MAX_QUICK_BOT_ROUNDS):
        slow = bot_turns.slow_seats(seats, asked)
        quick = [n for n in asked if n not in slow]
        if not quick:
            break
        state, bot_events = bot_turns.play_seats(match, seats, quick, state)
        events += bot_events
        if all(e.get("type") == "chosen" for e in bot_events):
            match.bots_pending = any(seats[n].is_bot for n in engine.to_act(state))
            return state, events, slow
        _, asked = _settle(match, seats, state, bot_events, now)
    return state, events, asked


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


def _earlier_moves(match, number, client_id):
    """(the seat's earlier move with `client_id` or None, how many moves the seat made in this
    step), in one query."""
    mine_in_step = Q(version__gt=match.step_version, by=MatchAction.By.PLAYER)
    wanted = mine_in_step | Q(client_id=client_id) if client_id is not None else mine_in_step
    rows = MatchAction.objects.filter(wanted, match=match, seat=number).values_list(
        "client_id", "action", "version", "by")
    done, made = None, 0
    for row_client_id, action, version, by in rows:
        if client_id is not None and row_client_id == client_id:
            done = (action, version)
        if version > match.step_version and by == MatchAction.By.PLAYER:
            made += 1
    return done, made


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
        done, made = _earlier_moves(match, mine.number, client_id)
        if done is not None and done[0] == action:
            return Accepted(version=done[1], duplicate=True)
        if done is not None:  # the id of an earlier move, sent with another move: nothing applied
            raise ServiceError("client_id_reused", client_id=client_id, version=done[1])
        if match.status == Match.Status.OPEN:
            raise ServiceError("not_started")
        if match.status == Match.Status.FINISHED:
            raise ServiceError("game_over")
        if mine.taken_over:
            raise ServiceError("seat_taken_over", seat=mine.number)
        if step is not None and step != match.step:
            raise ServiceError("stale_step", step=step, current_step=match.step)
        if made >= settings.MOVES_PER_STEP:  # changing one's mind is allowed; growing the log without end is not
            raise ServiceError("too_many_moves", limit=settings.MOVES_PER_STEP)
        try:
            new_state, events = engine.apply(match.state, mine.number, action)
        except engine.IllegalAction as error:
            raise ServiceError(error.code, **error.facts) from None
        if mine.missed_turns:
            mine.missed_turns = 0
            mine.save(update_fields=["missed_turns"])
        record_action(match, seats, mine.number, new_state, events, MatchAction.By.PLAYER, client_id=client_id)
        return Accepted(version=match.version)
