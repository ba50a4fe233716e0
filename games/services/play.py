"""A game move: a player's action is checked by the engine and recorded; so are the bots' and
the deadlines' (their modules call `record_action` with the lock they hold).

`record_action` goes through four steps, each a function of its own, and a fifth when the game
ends:

1. `settle`: the match's status, step and deadline after the action (the engine has applied it);
2. the quick bots (`play_quick_bots`): when the action begins a step that waits for a person, or a
   player's action begins any step, the step's easy and medium bots choose at once, from their
   seats' views, into the same version;
3. `persist`: the action's log entries as `MatchAction` rows, the snapshot (`Match.state`, the
   engine state after the last entry), public seat labels, the seats' marks of the step
   (turn_clock) and `Match.version`, in the transaction
   that holds the match lock;
4. `announce`: after commit, the update to every seat and the spectators, the lobby's change when
   the game ends, and the turns of the bots still to play (through `bot_port`);
5. the history record when the game ends (`_record_history`), still in the transaction, last: it
   adds to counters that every table's end adds to (`SeatStat`, a row per wonder and side), whose
   rows stay locked until the commit, so the less comes after it the less other tables' ends wait
   (docs/releasing.md, "The bench's own pauses").
"""
from dataclasses import dataclass, replace
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import engine
from games.history import record_finished_match
from games.models import Match, MatchAction

from . import bot_port, broadcast, live_sql, turn_clock
from .bot_choices import play_seats, slow_seats
from .common import Accepted, ServiceError, after_commit, lock_seat, log


@dataclass(frozen=True)
class Settled:
    """An action's outcome once settled: the state and events so far, whether a step began (the
    game's end counts as one), and the bot seats the new step asks."""
    state: dict
    events: list
    began: bool
    asked: list


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
    turn_clock.begin_step(match, seats, humans, now)
    match.bots_pending = bool(bots)
    return bots


def record_action(match, seats, number, new_state, events, by, client_id=None, extra_events=(), now=None):
    """Record an action the engine has applied (`new_state`, `events`) for seat `number`: settle,
    the quick bots, persist, announce (the module's docstring). The caller holds the match lock
    inside a transaction; nothing leaves before it commits."""
    now = now or timezone.now()
    start = engine.log_length(match.state)
    own_entries = engine.log_length(new_state) - start
    settled = settle(match, seats, new_state, events, now)
    if quick_bots_play_now(seats, settled, by):
        settled = play_quick_bots(match, seats, settled, now)
    shown = persist(match, seats, settled, by, start=start, own_entries=own_entries, client_id=client_id,
                    extra_events=extra_events)
    announce(match, seats, shown, settled.asked)
    if match.status == Match.Status.FINISHED:
        _record_history(match, seats)


def settle(match, seats, state, events, now):
    """The match's status, step and deadline after `events` led to `state` (nothing saved yet)."""
    if engine.is_over(state):
        match.status = Match.Status.FINISHED
        match.finished_at = now
        match.score_sheet = engine.scores(state)
        match.deadline = None
        turn_clock.game_over(seats)
        match.bots_pending = False
        match.step += 1
        return Settled(state, list(events), True, [])
    if any(e.get("type") != "chosen" for e in events):
        return Settled(state, list(events), True, _begin_step_at(match, seats, state, now))
    acting = engine.to_act(state)
    match.bots_pending = any(seats[n].is_bot for n in acting)
    turn_clock.chosen(seats, acting)
    if not any(not seats[n].is_bot for n in acting):
        match.deadline = None  # the people have chosen: the step's countdown is over (bots may still think)
    return Settled(state, list(events), False, [])


def quick_bots_play_now(seats, settled, by):
    """Whether the bots a step asks choose in the action that began it: when a person waits in
    that step too, or a player's action began it (QUICK_BOTS_INLINE=0 turns it off). A step that
    asks bots only, begun by a bot or a deadline, goes to the bots queue: a table of bots plays one
    step per version, so spectators see each turn."""
    return bool(settled.asked) and settings.QUICK_BOTS_INLINE and (
        by == MatchAction.By.PLAYER or _waits_for_a_person(seats, settled.state))


MAX_QUICK_BOT_ROUNDS = 4


def play_quick_bots(match, seats, settled, now):
    """The quick bots among `settled.asked` choose now. Should their choices end the step (a step
    that asked only bots, such as a bot's prompt), the next step's quick bots choose too, up to
    MAX_QUICK_BOT_ROUNDS steps; what is left (a searching bot) is still to ask."""
    state, events, asked = settled.state, list(settled.events), settled.asked
    for _ in range(MAX_QUICK_BOT_ROUNDS):
        slow = slow_seats(seats, asked)
        quick = [n for n in asked if n not in slow]
        if not quick:
            break
        state, bot_events = play_seats(match, seats, quick, state)
        events += bot_events
        if all(e.get("type") == "chosen" for e in bot_events):
            match.bots_pending = any(seats[n].is_bot for n in engine.to_act(state))
            asked = slow
            break
        asked = settle(match, seats, state, bot_events, now).asked
    return replace(settled, state=state, events=events, asked=asked)


def persist(match, seats, settled, by, *, start, own_entries, client_id=None, extra_events=()):
    """Write the action: its log entries from index `start` (the first `own_entries` are the
    action's own, the rest the quick bots'), the snapshot, the labels and the new version. Returns
    the events shown with it (public ones only)."""
    entries = engine.action_log(settled.state, start)
    match.version += 1
    if settled.began:
        match.step_version = match.version
    shown = list(extra_events) + broadcast.public_events(match.game, settled.events)
    live_sql.insert_actions([
        log_row(match, start + i, entry, by if i < own_entries else MatchAction.By.BOT,
                client_id=client_id if i == 0 else None, events=shown if i == len(entries) - 1 else [])
        for i, entry in enumerate(entries)
    ])
    match.state = settled.state
    save_labels(seats, settled.state)
    turn_clock.save_marks(seats)
    live_sql.save_match(match)
    return shown


def announce(match, seats, shown, asked):
    """After commit: the update (built now, from what was just saved), the lobby's change if the game
    ended, and the turns of the bots at `asked`."""
    payloads = broadcast.update_payloads(match, seats, shown)
    after_commit(partial(broadcast.broadcast_update, match.pk, payloads))
    if match.status == Match.Status.FINISHED:
        after_commit(broadcast.lobby_changed)
    ask_bots_after_commit(match, seats, asked)


def ask_bots_after_commit(match, seats, numbers):
    """Once the transaction commits, ask the bots at `numbers` to play the current step (bot_port):
    the quick ones share one turn, each searching one gets its own."""
    if numbers:
        after_commit(partial(bot_port.request_bot_turns, match.pk, list(numbers), match.step_version,
                             slow=slow_seats(seats, numbers)))


def log_row(match, index, entry, by, **fields):
    """The MatchAction of one engine log entry, at the match's current version: a seat's move, or a
    chance entry (no seat) kept whole."""
    return MatchAction(match=match, index=index, seat=entry.get("seat"),
                       action=entry["action"] if "seat" in entry else entry, by=by, version=match.version, **fields)


def play_quick_bots_at_start(match, seats, asked, now):
    """The first step, begun by the start: its quick bots choose at once when a person waits in it
    too, as for every later step (record_action); their moves join the start's version, after the
    chance entries (`match.state` is the state after them; the caller writes the log). Returns the
    bot seats still to ask."""
    if not (asked and settings.QUICK_BOTS_INLINE and _waits_for_a_person(seats, match.state)):
        return asked
    settled = play_quick_bots(match, seats, Settled(match.state, [], True, asked), now)
    match.state = settled.state
    return settled.asked


def _waits_for_a_person(seats, state):
    return any(not seats[n].is_bot for n in engine.to_act(state))


def save_labels(seats, state):
    """The seats' public labels as `state` has them, those that changed written: set at the start,
    they can change during a game (base: a side chosen after the start)."""
    changed = []
    for seat, labels in zip(seats, engine.seat_labels(state)):
        if seat.labels != labels:
            seat.labels = labels
            changed.append(seat)
    live_sql.save_seat_labels(changed)


def _record_history(match, seats):
    """Results and ratings of a finished match, in the transaction that finishes it."""
    try:
        record_finished_match(match, seats, locked=True)
    except Exception:  # noqa: BLE001 - the game is over either way; the sweep records it later
        log.exception("match %s: the history record failed", match.pk)


def do_submit(match_id, user, action, *, client_id=None, step=None, seat=None):
    """A player's action. Resubmitting a client_id already accepted answers the first result.
    `step`, when given, must be the current step (a move for a past turn is refused); `seat`,
    when given, must be the user's own."""
    with transaction.atomic():
        match, seats, mine = lock_seat(match_id, user)
        if seat is not None and seat != mine.number:
            raise ServiceError("not_your_seat", seat=seat, your_seat=mine.number)
        done, made = live_sql.earlier_moves(match, mine.number, client_id)
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
