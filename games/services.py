"""The only write path for matches: lock, validate, apply, persist; then, after commit, broadcast.

Every function that changes a match (the lobby's create/join/leave/seat/start and the game's
submit, bot turns and deadlines) runs in one transaction that first locks the match row
(`select_for_update`; on SQLite the IMMEDIATE transaction mode serialises writers instead).
What the outside world hears of a change is queued with `transaction.on_commit`, so nothing is
sent, and no bot is asked to play, before the change is durable.

Who hears what (group names below):

- `match.<id>`: every connection to the match. A table change (join, leave, bots, start,
  the table closing) sends `match.changed`; each connection then sends its client a fresh
  snapshot, built for that connection's seat.
- `match.<id>.seat.<n>`: the connections of seat n. After each accepted action: an `update`
  with `engine.view(state, n)` and seat n's legal actions.
- `match.<id>.spectators`: everybody else; the same update with `engine.view(state, None)`.
- `lobby`: the open and running tables, after any change that the lobby lists.

Views come from `engine.view` only; the raw state, the log and the seed never leave.
"""
import logging
import random
import threading
from collections import deque
from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.apps import apps
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.services import display_name
from games import engine
from games.models import Match, MatchAction, Seat

log = logging.getLogger(__name__)

TAKEOVER_AFTER = 3  # deadlines missed in a row before a bot takes the seat for good
TURN_SECONDS_MIN = 10
TURN_SECONDS_MAX = 24 * 3600
BOTS_QUEUE = "bots"
LOBBY_GROUP = "lobby"
RUNNING_LISTED = 50

# Engine events that may be shown to anybody are the game's `info()["public_events"]` (public by
# the engine's contract; this is a second fence: an event type the server does not know is not
# forwarded).
# Events the server adds: a seat played by the deadline, a seat taken over by a bot.
SERVER_EVENTS = {"timed_out", "taken_over"}


class ServiceError(Exception):
    """A refused request: a stable code and the facts behind it (JSON-serialisable)."""

    def __init__(self, code, **facts):
        self.code = code
        self.facts = facts
        super().__init__(code, facts)

    def as_dict(self):
        return {"code": self.code, "facts": self.facts}


@dataclass(frozen=True)
class Accepted:
    version: int
    duplicate: bool = False


# ---------------------------------------------------------------------------------------------
# groups and sending


def match_group(match_id):
    return f"match.{match_id}"


def seat_group(match_id, number):
    return f"match.{match_id}.seat.{number}"


def spectators_group(match_id):
    return f"match.{match_id}.spectators"


def _send(group, message):
    _send_many([(group, message)])


def _send_many(messages):
    """Send (group, message) pairs in one trip to the channel layer: one event loop for all the
    groups of a match, not one per group."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all():
        for group, message in messages:
            await layer.group_send(group, message)

    async_to_sync(send_all)()


def _after_commit(func):
    """Run `func` once the current transaction commits; a failure is logged, not raised."""
    transaction.on_commit(func, robust=True)


# ---------------------------------------------------------------------------------------------
# reading helpers


def _lock(match_id):
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except (Match.DoesNotExist, ValueError, TypeError):
        raise ServiceError("no_such_match", match=match_id) from None


def _user_related():
    """select_related paths for a seat's user and their display name (accounts' Profile)."""
    return ("user__profile",) if apps.is_installed("accounts") else ("user",)


def match_seats(match):
    return list(match.seats.select_related(*_user_related()).order_by("number"))


def _user_seat(seats, user):
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def seat_info(seat):
    return {
        "seat": seat.number,
        "name": display_name(seat.user) if seat.user_id else "",
        "human": seat.user_id is not None,
        "bot": seat.bot_level or None,
        "taken_over": seat.taken_over,
        "missed_turns": seat.missed_turns,
        "empty": seat.is_empty,
        "wonder": seat.wonder or None,
        "side": seat.side or None,
    }


def _iso(moment):
    return moment.isoformat() if moment else None


def match_info(match, seats, mine=None):
    host = next((s.number for s in seats if s.user_id and s.user_id == match.host_id), None)
    info = {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "players": match.players,
        "sides": match.sides,
        "assignment": match.assignment,
        "wonders": list(match.wonders or []),
        "turn_seconds": match.turn_seconds,
        "host": host,
        "created_at": _iso(match.created_at),
        "started_at": _iso(match.started_at),
        "finished_at": _iso(match.finished_at),
    }
    if mine is not None:
        info["invite_code"] = match.invite_code
    return info


def public_events(game, events):
    allowed = set(engine.info(game)["public_events"])
    out = []
    for event in events:
        if event.get("type") in allowed:
            out.append(event)
        else:
            log.warning("event type %r not forwarded", event.get("type"))
    return out


def legal_for(state, seat):
    """The legal actions a seat's page shows (none for a bot or a taken-over seat)."""
    if state is None or seat is None or seat.is_bot:
        return []
    return engine.legal_actions(state, seat.number)


def blocked_for(state, seat, legal):
    """Why the seat's hand cards cannot be built ({} when the seat has nothing to decide)."""
    if not legal:
        return {}
    return engine.blocked_builds(state, seat.number)


# ---------------------------------------------------------------------------------------------
# snapshots and the lobby list


def seat_of(match_id, user):
    """(match exists, the user's seat number or None)."""
    seats = list(Seat.objects.filter(match_id=match_id).only("number", "user_id"))
    if not seats and not Match.objects.filter(pk=match_id).exists():
        return False, None
    mine = _user_seat(seats, user)
    return True, (mine.number if mine else None)


def current_version(match_id):
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()


def snapshot(match_id, user):
    """The full picture for one connection (its seat's view, or the spectators' view), or None
    when there is no such match. Keys: see docs/protocol.md."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    seats = match_seats(match)
    mine = _user_seat(seats, user)
    state = match.state
    out = {
        "type": "snapshot",
        "version": match.version,
        "step": match.step,
        "status": match.status,
        "deadline": _iso(match.deadline),
        "match": match_info(match, seats, mine),
        "seats": [seat_info(s) for s in seats],
        "you": mine.number if mine else None,
        "view": None,
        "legal": [],
        "blocked": {},
        "events": [],
    }
    if state is not None:
        out["view"] = engine.view(state, mine.number if mine else None)
        out["legal"] = legal_for(state, mine)
        out["blocked"] = blocked_for(state, mine, out["legal"])
        out["events"] = [
            event
            # Only up to the version read above: a turn committed since then (its plays name cards
            # still in hands at this version) reaches the client as the next update.
            for events in match.actions.filter(version__lte=match.version)
            .exclude(events=[]).order_by("index").values_list("events", flat=True)
            for event in events
            if event.get("type") != "chosen"
        ]
    return out


def _table_summary(match, seats):
    host = next((s for s in seats if s.user_id and s.user_id == match.host_id), None)
    return {
        "id": match.pk,
        "status": match.status,
        "players": match.players,
        "sides": match.sides,
        "assignment": match.assignment,
        "turn_seconds": match.turn_seconds,
        "host": display_name(host.user) if host else "",
        "seats": [
            {"seat": s.number, "name": display_name(s.user) if s.user_id else "", "bot": s.bot_level or None,
             "empty": s.is_empty}
            for s in seats
        ],
        "filled": sum(1 for s in seats if not s.is_empty),
        "created_at": _iso(match.created_at),
        "started_at": _iso(match.started_at),
    }


def lobby_tables():
    """What the lobby lists: open tables (oldest first) and the latest running games."""
    fields = ("id", "status", "players", "sides", "assignment", "turn_seconds", "host_id", "created_at",
              "started_at")
    open_ = list(Match.objects.filter(status=Match.Status.OPEN).order_by("created_at").only(*fields))
    running = list(
        Match.objects.filter(status=Match.Status.RUNNING).order_by("-started_at").only(*fields)[:RUNNING_LISTED]
    )
    ids = [m.pk for m in open_ + running]
    by_match = {}
    for seat in Seat.objects.filter(match_id__in=ids).select_related(*_user_related()).order_by("number"):
        by_match.setdefault(seat.match_id, []).append(seat)
    return {
        "open": [_table_summary(m, by_match.get(m.pk, [])) for m in open_],
        "running": [_table_summary(m, by_match.get(m.pk, [])) for m in running],
    }


def _lobby_changed():
    _send(LOBBY_GROUP, {"type": "lobby.tables", "payload": {"type": "tables", **lobby_tables()}})


def _match_changed(match_id, version):
    _send(match_group(match_id), {"type": "match.changed", "version": version})


def _table_changed(match, *, lobby=True):
    _after_commit(partial(_match_changed, match.pk, match.version))
    if lobby:
        _after_commit(_lobby_changed)


# ---------------------------------------------------------------------------------------------
# the lobby: create, join, leave, bots, start


def game_info(game):
    """The engine's static facts of `game`; ServiceError("unsupported_game") for an unknown id."""
    try:
        return engine.info(game)
    except engine.ConfigError as error:
        raise ServiceError(error.code, **error.facts) from None


def bot_levels(game):
    return tuple(game_info(game)["bot_levels"])


def _option_choices(info, name):
    return next((o["choices"] for o in info["options"] if o["name"] == name), [])


def _check_options(game, players, sides, assignment, wonders, turn_seconds, bots):
    info = game_info(game)
    low, high = info["min_players"], info["max_players"]
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise ServiceError("bad_player_count", players=players, allowed=[low, high])
    if sides not in Match.Sides.values:
        raise ServiceError("bad_sides", sides=sides)
    if assignment not in Match.Assignment.values:
        raise ServiceError("bad_assignment", assignment=assignment)
    if assignment == Match.Assignment.CHOSEN:
        wonders = [w or None for w in (wonders or [])]
        if len(wonders) != players:
            raise ServiceError("bad_wonders", wonders=wonders, players=players)
        unknown = [w for w in wonders if w is not None and w not in _option_choices(info, "wonders")]
        if unknown:
            raise ServiceError("unknown_wonder", wonders=unknown)
        given = [w for w in wonders if w is not None]
        if len(set(given)) != len(given):
            raise ServiceError("duplicate_wonder", wonders=wonders)
    else:
        wonders = []
    if not isinstance(turn_seconds, int) or isinstance(turn_seconds, bool) or (
        turn_seconds and not TURN_SECONDS_MIN <= turn_seconds <= TURN_SECONDS_MAX
    ):
        raise ServiceError("bad_turn_seconds", turn_seconds=turn_seconds, allowed=[TURN_SECONDS_MIN, TURN_SECONDS_MAX])
    bots = list(bots or [])
    bots += [""] * (players - len(bots))
    if len(bots) != players or any(b not in ("", *info["bot_levels"]) for b in bots) or bots[0]:
        raise ServiceError("bad_bots", bots=bots)
    return wonders, bots


def create_match(user, *, game="base", players, sides="A", assignment="random", wonders=None, turn_seconds=0, bots=None):
    """A new open table; `user` is its host at seat 0. `bots`: a level or "" per seat."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required")
    wonders, bots = _check_options(game, players, sides, assignment, wonders, turn_seconds, bots)
    now = timezone.now()
    with transaction.atomic():
        match = Match.objects.create(
            host=user, game=game, players=players, sides=sides, assignment=assignment, wonders=wonders,
            turn_seconds=turn_seconds, version=1,
        )
        Seat.objects.bulk_create(
            [Seat(match=match, number=0, user=user, joined_at=now)]
            + [Seat(match=match, number=n, bot_level=bots[n]) for n in range(1, players)]
        )
        _after_commit(_lobby_changed)
    return match


def _open_match(match_id):
    match = _lock(match_id)
    if match.status != Match.Status.OPEN:
        raise ServiceError("not_open", status=match.status)
    return match


def match_for_invite(code):
    match = Match.objects.filter(invite_code=code).first()
    if match is None:
        raise ServiceError("bad_invite")
    return match


def join(match_id, user):
    """Sit `user` at the first empty seat of an open table (no-op if already seated)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required")
    with transaction.atomic():
        match = _lock(match_id)
        seats = match_seats(match)
        mine = _user_seat(seats, user)
        if mine is not None:
            return mine.number
        if match.status != Match.Status.OPEN:
            raise ServiceError("not_open", status=match.status)
        empty = next((s for s in seats if s.is_empty), None)
        if empty is None:
            raise ServiceError("table_full", players=match.players)
        empty.user = user
        empty.joined_at = timezone.now()
        empty.save(update_fields=["user", "joined_at"])
        match.version += 1
        match.save(update_fields=["version"])
        _table_changed(match)
        return empty.number


def leave(match_id, user):
    """Free the user's seat at an open table. The host passes the table to the next player (the
    lowest seat number); a table nobody sits at any more is closed. True if the table is gone."""
    with transaction.atomic():
        match = _open_match(match_id)
        seats = match_seats(match)
        mine = _user_seat(seats, user)
        if mine is None:
            raise ServiceError("not_seated")
        mine.user = None
        mine.joined_at = None
        mine.save(update_fields=["user", "joined_at"])
        others = [s for s in seats if s.user_id and s.pk != mine.pk]
        if not others:
            match_id = match.pk
            match.delete()
            _after_commit(partial(_match_changed, match_id, None))
            _after_commit(_lobby_changed)
            return True
        if match.host_id == user.pk:
            match.host_id = others[0].user_id
        match.version += 1
        match.save(update_fields=["host", "version"])
        _table_changed(match)
        return False


def set_bot(match_id, user, number, level):
    """The host puts a bot of `level` at an empty seat, changes its level, or ("") removes it."""
    with transaction.atomic():
        match = _open_match(match_id)
        if match.host_id != getattr(user, "pk", None):
            raise ServiceError("not_host")
        seats = match_seats(match)
        seat = next((s for s in seats if s.number == number), None)
        if seat is None:
            raise ServiceError("no_such_seat", seat=number)
        if level not in ("", *bot_levels(match.game)):
            raise ServiceError("bad_bot_level", level=level, allowed=list(bot_levels(match.game)))
        if seat.user_id is not None:
            raise ServiceError("seat_taken", seat=number)
        if seat.bot_level == level:
            return
        seat.bot_level = level
        seat.save(update_fields=["bot_level"])
        match.version += 1
        match.save(update_fields=["version"])
        _table_changed(match)


def engine_config(match):
    config = {"game": match.game, "players": match.players, "sides": match.sides}
    if match.assignment == Match.Assignment.CHOSEN and match.wonders:
        config["wonders"] = [w or None for w in match.wonders]
    return config


def start(match_id, user):
    """The host starts a full table: the engine deals, the chance entries open the log."""
    with transaction.atomic():
        match = _open_match(match_id)
        if match.host_id != getattr(user, "pk", None):
            raise ServiceError("not_host")
        seats = match_seats(match)
        empty = [s.number for s in seats if s.is_empty]
        if empty or len(seats) != match.players:
            raise ServiceError("seats_not_filled", empty=empty)
        config = engine_config(match)
        try:
            state = engine.new_game(config, match.seed)
        except engine.ConfigError as error:
            raise ServiceError(error.code, **error.facts) from None
        now = timezone.now()
        match.config = config
        match.state = state
        match.status = Match.Status.RUNNING
        match.started_at = now
        match.version += 1
        MatchAction.objects.bulk_create(
            [
                MatchAction(match=match, index=i, seat=None, action=entry, by=MatchAction.By.CHANCE,
                            version=match.version)
                for i, entry in enumerate(engine.action_log(state))
            ]
        )
        for seat, player in zip(seats, state["players"]):
            seat.wonder = player["wonder"]
            seat.side = player["side"] or ""
        Seat.objects.bulk_update(seats, ["wonder", "side"])
        bots = _begin_step(match, seats, now)
        match.save()
        _table_changed(match)
        _after_commit(partial(enqueue_bot_turns, match.pk, bots, match.step_version))
    return match


# ---------------------------------------------------------------------------------------------
# the game: every accepted action goes through _record


def _begin_step(match, seats, now):
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


def _record(match, seats, number, new_state, events, by, client_id=None, extra_events=(), now=None):
    """Append the action to the log and save the snapshot and version (the caller holds the lock
    inside a transaction); queue the broadcast and any bot turns for after the commit."""
    now = now or timezone.now()
    start = len(match.state["log"])
    entries = new_state["log"][start:]
    match.version += 1
    shown = list(extra_events) + public_events(match.game, events)
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
    bots = []
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
        bots = _begin_step(match, seats, now)
    else:
        match.bots_pending = any(seats[n].is_bot for n in engine.to_act(new_state))
    match.save()
    if finished:
        _record_history(match, seats)
    payloads = _update_payloads(match, seats, shown)
    _after_commit(partial(_broadcast_update, match.pk, payloads))
    if finished:
        _after_commit(_lobby_changed)
    if bots:
        _after_commit(partial(enqueue_bot_turns, match.pk, bots, match.step_version))


def _record_history(match, seats):
    """Results and ratings of a finished match, in the transaction that finishes it."""
    try:
        from games.history import record_finished_match
    except ImportError:  # history arrives with its own change
        return
    try:
        record_finished_match(match, seats)
    except Exception:  # noqa: BLE001 - the game is over either way; the record can be redone
        log.exception("match %s: the history record failed", match.pk)


def _update_payloads(match, seats, events):
    """One `update` per seat with a human at it, and one for spectators (group -> payload)."""
    state = match.state
    common = {
        "type": "update",
        "version": match.version,
        "step": match.step,
        "status": match.status,
        "deadline": _iso(match.deadline),
        "events": events,
        "seats": [seat_info(s) for s in seats],
    }
    payloads = {spectators_group(match.pk): {
        **common, "you": None, "view": engine.view(state, None), "legal": [], "blocked": {},
    }}
    for seat in seats:
        if seat.user_id is not None:
            legal = legal_for(state, seat)
            payloads[seat_group(match.pk, seat.number)] = {
                **common, "you": seat.number, "view": engine.view(state, seat.number),
                "legal": legal, "blocked": blocked_for(state, seat, legal),
            }
    return payloads


def _broadcast_update(match_id, payloads):
    _send_many([(group, {"type": "game.update", "payload": payload}) for group, payload in payloads.items()])


def submit(match_id, user, action, *, client_id=None, step=None, seat=None):
    """A player's action. Resubmitting a client_id already accepted answers the first result.
    `step`, when given, must be the current step (a move for a past turn is refused); `seat`,
    when given, must be the user's own."""
    with transaction.atomic():
        match = _lock(match_id)
        seats = match_seats(match)
        mine = _user_seat(seats, user)
        if mine is None:
            raise ServiceError("not_seated")
        if seat is not None and seat != mine.number:
            raise ServiceError("not_your_seat", seat=seat, your_seat=mine.number)
        if client_id is not None:
            done = MatchAction.objects.filter(match=match, seat=mine.number, client_id=client_id).first()
            if done is not None:
                return Accepted(version=done.version, duplicate=True)
        if match.status == Match.Status.OPEN:
            raise ServiceError("not_started")
        if match.status == Match.Status.FINISHED:
            raise ServiceError("game_over")
        if mine.taken_over:
            raise ServiceError("seat_taken_over", seat=mine.number)
        if step is not None and step != match.step:
            raise ServiceError("stale_step", step=step, current_step=match.step)
        try:
            new_state, events = engine.apply(match.state, mine.number, action)
        except engine.IllegalAction as error:
            raise ServiceError(error.code, **error.facts) from None
        if mine.missed_turns:
            mine.missed_turns = 0
            mine.save(update_fields=["missed_turns"])
        _record(match, seats, mine.number, new_state, events, MatchAction.By.PLAYER, client_id=client_id)
        return Accepted(version=match.version)


# ---------------------------------------------------------------------------------------------
# bots and deadlines


def _rng(match, number):
    return random.Random(f"{match.seed}:{match.version}:{number}")


def bot_action(level, state, number, rng):
    """The action a bot of `level` picks for seat `number`, from that seat's view and legal
    actions only."""
    from games import bots

    return bots.get(level).choose(engine.view(state, number), engine.legal_actions(state, number), rng)


def play_bot_turn(match_id, number, version):
    """The body of tasks.play_bot_turn: play for a bot seat if the step that asked for it is
    still the current one and the seat still has to act; otherwise do nothing (a repeated or
    late task). Returns what happened: played, stale, done, not_bot or gone."""
    with transaction.atomic():
        try:
            match = _lock(match_id)
        except ServiceError:
            return "gone"
        if match.status != Match.Status.RUNNING or match.step_version != version:
            return "stale"
        seats = match_seats(match)
        if not 0 <= number < len(seats) or not seats[number].is_bot:
            return "not_bot"
        if number not in engine.to_act(match.state):
            return "done"
        action = bot_action(seats[number].bot_level, match.state, number, _rng(match, number))
        new_state, events = engine.apply(match.state, number, action)
        _record(match, seats, number, new_state, events, MatchAction.By.BOT)
        return "played"


_drain = threading.local()


def enqueue_bot_turns(match_id, numbers, version):
    """Ask bots to play. With a broker: one Celery task per seat on the bots queue. Eager (no
    REDIS_URL): the same task runs in-process, and a bot turn that asks for more bot turns
    queues them for the loop already running instead of recursing; the loop ends when no bot
    has anything left to do (a human must act, or the game is over)."""
    from games import tasks

    jobs = [(match_id, n, version) for n in numbers]
    if not jobs:
        return
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        for args in jobs:
            tasks.play_bot_turn.apply_async(args, queue=BOTS_QUEUE)
        return
    queue = getattr(_drain, "queue", None)
    if queue is not None:
        queue.extend(jobs)
        return
    _drain.queue = deque(jobs)
    try:
        while _drain.queue:
            args = _drain.queue.popleft()
            result = tasks.play_bot_turn.apply(args)
            if result.failed():
                log.error("bot turn %s failed: %r", args, result.result)
    finally:
        _drain.queue = None


def expire_deadline(match_id, now=None):
    """Play the greedy bot for every human seat that still has to act after the deadline; a
    seat that misses TAKEOVER_AFTER deadlines in a row is taken over by a bot for good.
    Returns how many actions were played."""
    now = now or timezone.now()
    played = 0
    if not Match.objects.filter(pk=match_id, status=Match.Status.RUNNING, deadline__lte=now).exists():
        return 0  # the common case, without taking the write lock
    with transaction.atomic():
        try:
            match = _lock(match_id)
        except ServiceError:
            return 0
        if match.status != Match.Status.RUNNING or match.deadline is None or match.deadline > now:
            return 0
        seats = match_seats(match)
        while match.status == Match.Status.RUNNING and match.deadline is not None and match.deadline <= now:
            late = [n for n in engine.to_act(match.state) if not seats[n].is_bot]
            if not late:
                match.deadline = None
                match.save(update_fields=["deadline"])
                break
            seat = seats[late[0]]
            timeout_bot = game_info(match.game)["timeout_bot"]
            action = bot_action(timeout_bot, match.state, seat.number, _rng(match, seat.number))
            new_state, events = engine.apply(match.state, seat.number, action)
            seat.missed_turns += 1
            extra = [{"type": "timed_out", "seat": seat.number, "missed_turns": seat.missed_turns}]
            if seat.missed_turns >= TAKEOVER_AFTER:
                seat.taken_over = True
                seat.bot_level = timeout_bot
                extra.append({"type": "taken_over", "seat": seat.number, "bot": timeout_bot})
            seat.save(update_fields=["missed_turns", "taken_over", "bot_level"])
            _record(match, seats, seat.number, new_state, events, MatchAction.By.TIMEOUT, extra_events=extra, now=now)
            played += 1
    return played


def requeue_stalled_bots(now=None):
    """Ask again the bots of steps that have waited for them too long (a lost task)."""
    now = now or timezone.now()
    stalled = Match.objects.filter(
        status=Match.Status.RUNNING, bots_pending=True,
        step_started_at__lte=now - timedelta(seconds=settings.BOT_STALL_SECONDS),
    ).values_list("pk", flat=True)
    count = 0
    for match_id in list(stalled):
        match = Match.objects.filter(pk=match_id).only("state", "step_version").first()
        if match is None or match.state is None:
            continue
        bots = set(Seat.objects.filter(match_id=match_id).exclude(bot_level="").values_list("number", flat=True))
        numbers = [n for n in engine.to_act(match.state) if n in bots]
        enqueue_bot_turns(match_id, numbers, match.step_version)
        count += len(numbers)
    return count


def sweep_deadlines(now=None):
    """One sweep: every running match past its deadline, then stalled bots. Returns the number
    of actions played for late seats."""
    now = now or timezone.now()
    due = Match.objects.filter(status=Match.Status.RUNNING, deadline__lte=now).values_list("pk", flat=True)
    played = sum(expire_deadline(match_id, now) for match_id in list(due))
    requeue_stalled_bots(now)
    # A match whose history failed to record at the finish (the error was logged) is recorded now.
    from games.history import record_missing

    record_missing()
    return played
