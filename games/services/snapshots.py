"""Reads: what a connection, the lobby or a page is shown of a match. Nothing here writes.

Views come from `engine.view` only; the raw state, the log and the seed never leave.
"""
from django.conf import settings
from django.utils import timezone

from accounts.services import display_name
from games import engine
from games.models import Match, Seat

from . import live_sql
from .common import iso, match_seats, user_related, user_seat

RUNNING_LISTED = 50
# The lobby's stream goes to every viewer at every change: it lists this many open tables (the
# oldest) and says how many there are in all.
OPEN_LISTED = 50


def seat_info(seat):
    return {
        "seat": seat.number,
        "name": display_name(seat.user) if seat.user_id else "",
        "human": seat.user_id is not None,
        "bot": seat.bot_level or None,
        "taken_over": seat.taken_over,
        "missed_turns": seat.missed_turns,
        "empty": seat.is_empty,
        "labels": seat.labels,
    }


def match_info(match, seats, mine=None):
    host = next((s.number for s in seats if s.user_id and s.user_id == match.host_id), None)
    info = {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "players": match.players,
        "options": match.options,
        "turn_seconds": match.turn_seconds,
        "rated": match.rated,  # an unrated table offers the "Suggest" hint (services/hints.py)
        "host": host,
        "created_at": iso(match.created_at),
        "started_at": iso(match.started_at),
        "finished_at": iso(match.finished_at),
    }
    if mine is not None:
        info["invite_code"] = match.invite_code
    if match.status == Match.Status.FINISHED:
        rematch = Match.objects.filter(rematch_of_id=match.pk).exclude(status=Match.Status.FINISHED) \
            .order_by("-created_at").values_list("pk", flat=True).first()
        info["rematch"] = rematch
    return info


def legal_for(state, seat):
    """The legal actions a seat's page shows (none for a bot or a taken-over seat)."""
    if state is None or seat is None or seat.is_bot:
        return []
    return engine.legal_actions(state, seat.number)


def blocked_for(state, seat, legal):
    """Why the seat's hand cards cannot be built ({} when the seat has nothing to decide)."""
    if not legal:
        return {}
    return engine.hints(state, seat.number).get("blocked", {})


def chat_entry(message):
    """A chat line as it leaves the server: the speaker's seat and public name, the text and the
    time; nothing else (never the user's id, nothing of the game)."""
    return {
        "type": "chat",
        "seat": message.seat,
        "name": display_name(message.user) if message.user_id else "",
        "text": message.text,
        "at": iso(message.created_at),
    }


def recent_chat(match_id, limit=None):
    """The match's latest chat lines (settings.CHAT_HISTORY), oldest first."""
    limit = limit or settings.CHAT_HISTORY
    return [chat_entry(row) for row in reversed(live_sql.recent_chat(match_id, limit))]


def seat_of(match_id, user):
    """(match exists, the user's seat number or None)."""
    seats = list(Seat.objects.filter(match_id=match_id).only("number", "user_id"))
    if not seats and not Match.objects.filter(pk=match_id).exists():
        return False, None
    mine = user_seat(seats, user)
    return True, (mine.number if mine else None)


def current_version(match_id):
    return live_sql.match_version(match_id)


def snapshot(match_id, user):
    """The full picture for one connection (its seat's view, or the spectators' view), or None
    when there is no such match. Keys: see docs/protocol.md. A spectator's is shared between
    sockets (spectators.py); this builds it for one."""
    match = live_sql.match_row(match_id)
    if match is None:
        return None
    seats = match_seats(match)
    mine = user_seat(seats, user)
    # A person who left (or was taken over) watches their old seat as a spectator.
    left = mine.number if mine is not None and mine.taken_over else None
    if left is not None:
        mine = None
    out = snapshot_without_chat(match, seats, mine, left)
    out["chat"] = recent_chat(match.pk)
    return out


def snapshot_without_chat(match, seats, mine=None, left=None):
    """A snapshot of `match` for `mine` (a Seat, None for a spectator), every key but `chat`."""
    state = match.state
    out = {
        "type": "snapshot",
        "version": match.version,
        "step": match.step,
        "status": match.status,
        "deadline": iso(match.deadline),
        "match": match_info(match, seats, mine),
        "seats": [seat_info(s) for s in seats],
        "you": mine.number if mine else None,
        "left_seat": left,
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
            for events in live_sql.shown_events(match)
            for event in events
            if event.get("type") != "chosen"
        ]
    return out


def _holiday(user):
    """The date (ISO) until which `user` pauses notifications, if they are on holiday today."""
    profile = getattr(user, "profile", None)
    if profile is None or not profile.on_holiday(timezone.now().date()):
        return None
    return profile.holiday_until.isoformat()


def table_summary(match, seats):
    host = next((s for s in seats if s.user_id and s.user_id == match.host_id), None)
    return {
        "id": match.pk,
        "status": match.status,
        "players": match.players,
        "game": match.game,
        "options": match.options,
        "turn_seconds": match.turn_seconds,
        "pace": match.pace,
        "missed_limit": match.missed_limit,
        "rated": match.rated,
        "host_holiday_until": _holiday(host.user) if host else None,
        "host": display_name(host.user) if host else "",
        "seats": [
            {"seat": s.number, "name": display_name(s.user) if s.user_id else "", "bot": s.bot_level or None,
             "empty": s.is_empty}
            for s in seats
        ],
        "filled": sum(1 for s in seats if not s.is_empty),
        "created_at": iso(match.created_at),
        "started_at": iso(match.started_at),
    }


def lobby_tables():
    """What the lobby lists: open tables (oldest first) and the latest running games."""
    fields = ("id", "game", "status", "players", "options", "turn_seconds", "pace", "missed_limit", "rated", "host_id",
              "created_at", "started_at")
    open_tables = Match.objects.filter(status=Match.Status.OPEN)
    open_ = list(open_tables.order_by("created_at").only(*fields)[:OPEN_LISTED])
    open_total = len(open_) if len(open_) < OPEN_LISTED else open_tables.count()
    running = list(
        Match.objects.filter(status=Match.Status.RUNNING).order_by("-started_at").only(*fields)[:RUNNING_LISTED]
    )
    ids = [m.pk for m in open_ + running]
    by_match = {}
    for seat in Seat.objects.filter(match_id__in=ids).select_related(*user_related()).order_by("number"):
        by_match.setdefault(seat.match_id, []).append(seat)
    return {
        "open": [table_summary(m, by_match.get(m.pk, [])) for m in open_],
        "open_total": open_total,
        "running": [table_summary(m, by_match.get(m.pk, [])) for m in running],
    }
