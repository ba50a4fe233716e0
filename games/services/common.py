"""What every service module shares: the refusal, the lock (and the user's seat under it), the
seats, after-commit hooks."""
import logging
from dataclasses import dataclass

from django.apps import apps
from django.core.cache import caches
from django.db import transaction

from games import bots, engine
from games.models import Match

from . import live_sql

log = logging.getLogger("games.services")


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


def after_commit(func):
    """Run `func` once the current transaction commits. A failure (a broadcast, an enqueue) is
    logged and never undoes or hides what was committed: the caller still answers, and the other
    callbacks still run. Django's own `robust=True` cannot be relied on here: it names the failed
    callback by `__qualname__`, which a functools.partial lacks, and that error escapes."""

    def run_after_commit():
        try:
            func()
        except Exception:  # noqa: BLE001 - committed is committed; the sweep and resyncs recover
            log.exception("after commit: %s failed", _described(func))

    transaction.on_commit(run_after_commit)


def _described(func):
    """A callback's name and its plain arguments, for the log: an update's payloads (each seat's
    hand among them) stay out of it."""
    inner = getattr(func, "func", func)
    args = [a for a in getattr(func, "args", ()) if isinstance(a, (int, str, list, tuple))]
    return getattr(inner, "__qualname__", repr(inner)) + (repr(tuple(args)) if args else "")


def lock_match(match_id):
    """The match row, locked for the rest of the transaction (the caller is inside one)."""
    match = live_sql.lock_match_row(match_id)
    if match is None:
        raise ServiceError("no_such_match", match=match_id)
    return match


def lock_seat(match_id, user, *, seated=True, open_only=False):
    """The opening of every write a person makes at a match: (match, seats, the user's seat or None)
    with the match row locked for the rest of the transaction. Refusals, in this order:
    no_such_match; not_open (facts: status) when `open_only` and the table has started;
    not_seated when `seated` and the user has no seat."""
    match = lock_open_match(match_id) if open_only else lock_match(match_id)
    seats = match_seats(match)
    mine = user_seat(seats, user)
    if seated and mine is None:
        raise ServiceError("not_seated")
    return match, seats, mine


def lock_open_match(match_id):
    """The match row, locked, if its table is still open; ServiceError not_open otherwise."""
    match = lock_match(match_id)
    if match.status != Match.Status.OPEN:
        raise ServiceError("not_open", status=match.status)
    return match


def user_related():
    """select_related paths for a seat's user and their display name (accounts' Profile)."""
    return ("user__profile",) if apps.is_installed("accounts") else ("user",)


def match_seats(match):
    """The match's seats in number order, with their users (and profiles) loaded."""
    return live_sql.seats_of(match)


def user_seat(seats, user):
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in seats if s.user_id == user.pk), None)


def iso(moment):
    return moment.isoformat() if moment else None


def player_range(info):
    """(fewest, most) players of a game with any of its options: an option may widen the range
    (the base game's Cities expansion declares ``"players": {"cities": [2, 8]}``); the engine's
    normalize_config decides whether a count fits the options chosen."""
    low, high = info["min_players"], info["max_players"]
    for option in info["options"]:
        ranges = option.get("players")
        if isinstance(ranges, dict):
            high = max([high] + [r[1] for r in ranges.values()])
    return low, high


def game_info(game):
    """The engine's static facts of `game`; ServiceError("unsupported_game") for an unknown id."""
    try:
        return engine.info(game)
    except engine.ConfigError as error:
        raise ServiceError(error.code, **error.facts) from None


def bot_levels(game):
    return tuple(game_info(game)["bot_levels"])


def bot_level_id(level):
    """A bot level as a client sent it, the old ids (random, greedy, search) read as the levels
    they became; anything else as it is, for the caller to refuse."""
    return bots.level_id(level) if isinstance(level, str) else level


def take_window_turn(name, limit, window, now, refusal):
    """Count one more use of `name` (a rate's key) in the current window of `window` seconds, in
    the shared cache (every process counts together); ServiceError `refusal` (facts: limit,
    window) when the window is full, and nothing is counted then."""
    cache = caches["shared"]
    key = f"{name}:{int(now // window)}"
    if cache.add(key, 1, timeout=window * 2):
        return
    try:
        count = cache.incr(key)
    except ValueError:  # the window's counter expired between the two calls
        cache.set(key, 1, timeout=window * 2)
        return
    if count > limit:
        cache.decr(key)
        raise ServiceError(refusal, limit=limit, window=window)
