"""My games: every table a player sits at (open or running), with what they need to know at a
glance: the game, the players, whom the step waits on, their own deadline, the last thing that
happened. Read by the My games page, /api/my-games/ and the player's own socket (the count of
tables waiting on them, for the header badge). Three queries whatever the number of tables."""
from django.db.models import OuterRef, Subquery
from django.urls import reverse

from accounts.services import display_name
from games import presentation
from games.models import Match, MatchAction, Seat

from .common import iso, user_related

LISTED = 100  # tables a player can sit at is bounded by the open-table limit and their patience


def _last_action(field):
    return Subquery(MatchAction.objects.filter(match=OuterRef("match_id")).order_by("-index").values(field)[:1])


def tables_of(user_id):
    """The tables `user_id` sits at (not given away), those waiting on them first, then by deadline."""
    mine = list(
        Seat.objects.filter(user_id=user_id, taken_over=False,
                            match__status__in=[Match.Status.OPEN, Match.Status.RUNNING])
        .select_related("match")
        .annotate(last_seat=_last_action("seat"), last_by=_last_action("by"), last_at=_last_action("created_at"))
        .order_by("match__status", "-match__started_at", "-match_id")[:LISTED]
    )
    seats_by_match = {}
    for seat in (Seat.objects.filter(match_id__in=[s.match_id for s in mine])
                 .select_related(*user_related()).order_by("number")):
        seats_by_match.setdefault(seat.match_id, []).append(seat)
    rows = [_row(seat, seats_by_match.get(seat.match_id, [])) for seat in mine]
    rows.sort(key=lambda r: (not r["your_move"], r["status"] != Match.Status.RUNNING, r["deadline"] or "~"))
    return rows


def _name(seat):
    return display_name(seat.user) if seat.user_id else ""


def _row(mine, seats):
    match = mine.match
    names = {s.number: _name(s) for s in seats}
    waiting_on = [{"seat": s.number, "name": names[s.number]} for s in seats if s.waiting_since is not None]
    running = match.status == Match.Status.RUNNING
    last = None
    if mine.last_at is not None:
        last = {"at": iso(mine.last_at), "seat": mine.last_seat, "by": mine.last_by,
                "name": names.get(mine.last_seat, "") if mine.last_seat is not None else ""}
    return {
        "id": match.pk,
        "game": match.game,
        "game_name": str(presentation.get(match.game).game_name()),
        "status": match.status,
        "pace": match.pace,
        "turn_seconds": match.turn_seconds,
        "your_seat": mine.number,
        "players": [{"seat": s.number, "name": names[s.number], "bot": s.bot_level or None,
                     "you": s.pk == mine.pk} for s in seats],
        "waiting_on": waiting_on,
        "bots_to_move": running and match.bots_pending,
        "your_move": mine.waiting_since is not None,
        "deadline": iso(mine.deadline),
        "step": match.step,
        "last": last,
        "url": reverse("game", args=[match.pk]) + "#game-prompt" if running else reverse("table", args=[match.pk]),
    }


def waiting_count(user_id):
    return Seat.objects.filter(user_id=user_id, waiting_since__isnull=False,
                               match__status=Match.Status.RUNNING).count()


def waiting_message(user_id):
    """The player's socket message: how many tables wait on them, and which (id, step, game)."""
    rows = list(Seat.objects.filter(user_id=user_id, waiting_since__isnull=False, match__status=Match.Status.RUNNING)
                .order_by("match_id").values_list("match_id", "match__step", "match__game"))
    return {"type": "my_games", "waiting": len(rows),
            "tables": [{"id": m, "step": step, "game": str(presentation.get(game).game_name()),
                        "url": reverse("game", args=[m])} for m, step, game in rows]}
