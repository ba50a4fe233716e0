"""The lobby: create a table, join, leave, bots at empty seats, start the game.

`check_*` validates without writing; every `do_*` runs in one transaction that first locks the
match row, and tells the outside world only after commit.
"""
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import engine
from games.models import Match, MatchAction, Seat

from . import broadcast, live_sql, play, turn_clock
from .common import (
    ServiceError, after_commit, bot_level_id, bot_levels, game_info, lock_open_match, lock_seat, match_seats,
    player_range,
)

TURN_SECONDS_MIN = 10
TURN_SECONDS_MAX = 24 * 3600
# Turn-based tables: the move deadlines a host may choose (1 hour, 12 hours, 24 hours, 3 days), and
# how many deadlines in a row a seat may miss before a bot takes it for good.
TURN_BASED_DEADLINES = (3600, 12 * 3600, 24 * 3600, 3 * 24 * 3600)
MISSED_LIMITS = range(1, 11)


def check_pace(pace, turn_seconds, missed_limit):
    """The pace is the site's, never the engine's: any game can be played at either."""
    if pace not in Match.Pace.values:
        raise ServiceError("bad_pace", pace=pace, allowed=list(Match.Pace.values))
    if pace == Match.Pace.TURN_BASED and turn_seconds not in TURN_BASED_DEADLINES:
        raise ServiceError("bad_deadline", turn_seconds=turn_seconds, allowed=list(TURN_BASED_DEADLINES))
    if isinstance(missed_limit, bool) or missed_limit not in MISSED_LIMITS:
        raise ServiceError("bad_missed_limit", missed_limit=missed_limit,
                           allowed=[MISSED_LIMITS.start, MISSED_LIMITS.stop - 1])


def check_options(game, players, options, turn_seconds, bots):
    """The engine config of a new table (the engine validates the player count and the game's
    options), and the bot level per seat. Raises ServiceError with the engine's codes."""
    info = game_info(game)
    if not isinstance(players, int) or isinstance(players, bool):
        raise ServiceError("bad_player_count", players=players, allowed=list(player_range(info)))
    options = dict(options or {})
    # The engine refuses a count or an option its game does not declare for these options, and
    # says why (engine.options.check_config).
    config = {"game": game, "players": players, **options}
    try:
        engine.normalize_config(config)
    except engine.ConfigError as error:
        raise ServiceError(error.code, **error.facts) from None
    if not isinstance(turn_seconds, int) or isinstance(turn_seconds, bool) or (
        turn_seconds and not TURN_SECONDS_MIN <= turn_seconds <= TURN_SECONDS_MAX
        and turn_seconds not in TURN_BASED_DEADLINES
    ):
        raise ServiceError("bad_turn_seconds", turn_seconds=turn_seconds, allowed=[TURN_SECONDS_MIN, TURN_SECONDS_MAX])
    bots = [bot_level_id(level) for level in bots or []]
    bots += [""] * (players - len(bots))
    if len(bots) != players or any(b not in ("", *info["bot_levels"]) for b in bots) or bots[0]:
        raise ServiceError("bad_bots", bots=bots)
    return options, bots


def do_create_match(user, *, game=None, players, turn_seconds=0, pace=Match.Pace.LIVE, missed_limit=3, bots=None,
                    rated=True, **options):
    """A new open table; `user` is its host at seat 0 (`game`: the registry's first when None).
    `bots`: a level or "" per seat; `options`: the game's options (engine.info(game)["options"]),
    e.g. sides="B" for the base game. `pace`: real time ("live") or turn-based ("turn", with
    `turn_seconds` one of TURN_BASED_DEADLINES); `missed_limit`: deadlines in a row before a bot
    takes a seat. `rated`: whether the finished game moves the ratings of the people seated."""
    game = engine.games()[0] if game is None else game
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required")
    options, bots = check_options(game, players, options, turn_seconds, bots)
    check_pace(pace, turn_seconds, missed_limit)
    now = timezone.now()
    with transaction.atomic():
        # The host's row is the lock: two tables created at once cannot both slip under the limit.
        get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
        hosting = Match.objects.filter(host=user, status=Match.Status.OPEN).count()
        if hosting >= settings.OPEN_TABLES_PER_USER:
            raise ServiceError("too_many_open_tables", limit=settings.OPEN_TABLES_PER_USER)
        match = Match.objects.create(
            host=user, game=game, players=players, options=options, turn_seconds=turn_seconds, version=1,
            pace=pace, missed_limit=missed_limit, rated=bool(rated),
        )
        Seat.objects.bulk_create(
            [Seat(match=match, number=0, user=user, joined_at=now)]
            + [Seat(match=match, number=n, bot_level=bots[n]) for n in range(1, players)]
        )
        after_commit(broadcast.lobby_changed)
    return match


def match_for_invite(code):
    match = Match.objects.filter(invite_code=code).first()
    if match is None:
        raise ServiceError("bad_invite")
    return match


def do_join(match_id, user):
    """Sit `user` at the first empty seat of an open table (no-op if already seated)."""
    if user is None or not user.is_authenticated:
        raise ServiceError("login_required")
    with transaction.atomic():
        match, seats, mine = lock_seat(match_id, user, seated=False)
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
        broadcast.table_changed_after_commit(match)
        return empty.number


def do_leave(match_id, user):
    """Free the user's seat at an open table. The host passes the table to the next player (the
    lowest seat number); a table nobody sits at any more is closed. True if the table is gone."""
    with transaction.atomic():
        match, seats, mine = lock_seat(match_id, user, open_only=True)
        mine.user = None
        mine.joined_at = None
        mine.save(update_fields=["user", "joined_at"])
        others = [s for s in seats if s.user_id and s.pk != mine.pk]
        if not others:
            match_id = match.pk
            match.delete()
            after_commit(partial(broadcast.match_changed, match_id, None))
            after_commit(broadcast.lobby_changed)
            return True
        if match.host_id == user.pk:
            match.host_id = others[0].user_id
        match.version += 1
        match.save(update_fields=["host", "version"])
        broadcast.table_changed_after_commit(match)
        return False


def do_set_bot(match_id, user, number, level):
    """The host puts a bot of `level` at an empty seat, changes its level, or ("") removes it."""
    level = bot_level_id(level)
    with transaction.atomic():
        match = lock_open_match(match_id)
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
        broadcast.table_changed_after_commit(match)


def engine_config(match):
    return {"game": match.game, "players": match.players, **match.options}


def do_start(match_id, user):
    """The host starts a full table: the engine deals, the chance entries open the log."""
    with transaction.atomic():
        match = lock_open_match(match_id)
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
        dealt = engine.log_length(state)
        asked = play.begin_step(match, seats, now)
        asked = play.play_quick_bots_at_start(match, seats, asked, now)
        # The log: the deal's chance entries, then the first step's quick bots' moves (the same version).
        live_sql.insert_actions([
            play.log_row(match, i, entry, MatchAction.By.CHANCE if i < dealt else MatchAction.By.BOT)
            for i, entry in enumerate(engine.action_log(match.state))
        ])
        play.save_labels(seats, match.state)
        turn_clock.save_marks(seats)
        live_sql.save_match(match)
        broadcast.table_changed_after_commit(match)
        play.ask_bots_after_commit(match, seats, asked)
    return match
