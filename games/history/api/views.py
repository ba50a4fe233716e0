"""Views of the history API. Each answer is a few indexed queries over the history tables
(``games.history.models``); nothing here writes except the token login.

What a match shows depends on its status: an open table its seats; a running match its seats and
the spectators' view (``engine.view(state, None)``), never a hand, the log or the seed; a finished
match its score sheet, the whole action log and every hand, and its replay."""
from django.contrib.auth import authenticate
from django.db.models import Count, Q, Sum
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, mixins, status, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from cards.language import api_language
from accounts.services import display_name
from games import engine
from games.history.api import serializers as s
from games.history.api.common import (
    LANG_PARAMETER, MODE_DESCRIPTION, MODE_PARAMETER, PLAYERS_PARAMETER, USERNAME_PARAMETER, card_name, errors,
    player_or_404, query_int, query_mode, query_players, wonder_name,
)
from games.history.api.filters import MatchFilter
from games.history.api.pagination import NewestFirstCursor
from games.engine.base import catalogue as _cat
from games.history.queries import match_options
from games.history.timeline import hands_by_turn, match_timeline
from games.history.models import MatchRecord, PlayerRating, RatingChange, SeatResult, WonderStat
from games.history.ratings import PROVISIONAL_SIGMA, initial, is_provisional, ordinal
from wonders_site.api_errors import error_body

CATEGORY_FIELDS = s.CATEGORIES
RECENT = 10


class NotFinished(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "not_finished"
    default_detail = "The replay opens when the match is over."


def _rate(part, whole):
    return round(part / whole, 4) if whole else None


def _round(value, digits=2):
    return None if value is None else round(float(value), digits)


# ---------------------------------------------------------------------------------------------
# matches

MATCH_LIST_EXAMPLE = {
    "next": "http://testserver/api/matches/?cursor=cD0yMDI2LTExLTIx",
    "previous": None,
    "results": [{
        "id": 42, "mode": "base", "players": 3, "rated": True, "unrated_reason": "",
        "started_at": "2026-11-21T14:02:11Z", "finished_at": "2026-11-21T14:31:40Z",
        "seats": [
            {"seat": 0, "username": "ann", "display_name": "Ann", "bot_level": "", "abandoned": False,
             "wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A", "rank": 1, "total": 61},
            {"seat": 1, "username": "bo", "display_name": "Bo", "bot_level": "", "abandoned": False,
             "wonder": "rhodes", "wonder_name": "The Colossus of Rhodes", "side": "A", "rank": 2, "total": 54},
            {"seat": 2, "username": "cy", "display_name": "Cy", "bot_level": "", "abandoned": False,
             "wonder": "ephesus", "wonder_name": "The Temple of Artemis in Ephesus", "side": "A", "rank": 3,
             "total": 47},
        ],
    }],
}

SHEET_EXAMPLE = {"seat": 0, "military": 9, "treasury": 3, "wonder_points": 10, "civilian": 17, "science": 13,
                 "commercial": 4, "guilds": 5, "total": 61, "coins": 9, "rank": 1, "copied_guild": None}

MATCH_DETAIL_EXAMPLE = {
    "id": 42, "status": "finished", "mode": "base", "players": 3,
    "options": {"sides": "A", "wonders": None, "turn_seconds": 0},
    "created_at": "2026-11-21T14:00:02Z", "started_at": "2026-11-21T14:02:11Z",
    "finished_at": "2026-11-21T14:31:40Z", "rated": True, "unrated_reason": "",
    "seats": [{"seat": 0, "username": "ann", "display_name": "Ann", "bot_level": "", "taken_over": False,
               "wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A"}],
    "score_sheet": [SHEET_EXAMPLE],
    "rating_changes": [{"username": "ann", "rank": 1, "mu_before": 25.0, "sigma_before": 8.333,
                        "ordinal_before": 0.0, "mu_after": 27.6, "sigma_after": 8.06, "ordinal_after": 3.42}],
    "live": None,
    "log": [{"index": 4, "seat": 0, "by": "player", "at": "2026-11-21T14:02:40Z",
             "entry": {"seat": 0, "action": {"type": "build", "card": "lumber_yard", "pay": {"left": 0, "right": 0}}}}],
    "hands": [{"age": 1, "turn": 1, "hands": [["lumber_yard", "baths", "altar", "loom_1", "press_1", "stockade",
                                                "apothecary"]]}],
}


def seat_summaries(match_ids, lang):
    """The seats of these matches: {match_id: [seat dict]}. Two index lookups (the seats, then
    their players by id), not a join the planner might hash over every user."""
    from django.contrib.auth import get_user_model

    rows = list(
        SeatResult.objects.filter(match_id__in=match_ids)
        .order_by("match_id", "seat")
        .values_list("match_id", "seat", "user_id", "bot_level", "abandoned", "wonder", "side", "rank", "total")
    )
    user_ids = {row[2] for row in rows if row[2] is not None}
    names = {
        pk: (username, display or username)
        for pk, username, display in get_user_model().objects.filter(pk__in=user_ids).values_list(
            "pk", "username", "profile__display_name")
    }
    out = {}
    for match_id, seat, user_id, bot_level, abandoned, wonder, side, rank, total in rows:
        username, display = names.get(user_id, (None, ""))
        out.setdefault(match_id, []).append({
            "seat": seat,
            "username": username,
            "display_name": display,
            "bot_level": bot_level,
            "abandoned": abandoned,
            "wonder": wonder,
            "wonder_name": wonder_name(wonder, lang),
            "side": side,
            "rank": rank,
            "total": total,
        })
    return out


@extend_schema_view(
    list=extend_schema(
        summary="Finished matches, newest first (cursor-paginated).",
        description="Every finished match, newest first. " + MODE_DESCRIPTION
        + " `player` and `wonder` together mean: matches in which that player had that wonder.",
        parameters=[LANG_PARAMETER],
        responses={200: s.MatchSummarySerializer(many=True), **errors(400, 429)},
        examples=[OpenApiExample("a page", MATCH_LIST_EXAMPLE, response_only=True, status_codes=["200"])],
    ),
    retrieve=extend_schema(
        summary="One match: score sheet; once over, the action log and every hand.",
        description="An open table shows its seats; a running match its seats and the spectators' view "
        "(`live`), never a hand, the log or the seed; a finished match its score sheet, rating changes, "
        "the whole action log (`log`) and every hand of every turn (`hands`).",
        parameters=[LANG_PARAMETER],
        responses={200: s.MatchDetailSerializer, **errors(400, 404, 429)},
        examples=[OpenApiExample("a finished match", MATCH_DETAIL_EXAMPLE, response_only=True, status_codes=["200"])],
    ),
)
class MatchViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    filterset_class = MatchFilter
    pagination_class = NewestFirstCursor
    serializer_class = s.MatchSummarySerializer
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self):
        return MatchRecord.objects.all()

    def list(self, request, *args, **kwargs):
        lang = api_language(request)
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset)
        seats = seat_summaries([record.match_id for record in page], lang)
        data = [
            {
                "id": record.match_id, "mode": record.mode, "players": record.players, "rated": record.rated,
                "unrated_reason": record.unrated_reason, "started_at": record.started_at,
                "finished_at": record.finished_at, "seats": seats.get(record.match_id, []),
            }
            for record in page
        ]
        # Plain dicts in the documented shape (the schema tests hold it): a serializer here would
        # cost more than the queries.
        return self.get_paginated_response(data)

    def _match(self, pk):
        from games.models import Match

        return get_object_or_404(Match.objects.select_related("record"), pk=pk)

    def retrieve(self, request, pk=None):
        from games.models import Match

        lang = api_language(request)
        match = self._match(pk)
        seats = list(match.seats.select_related("user__profile").order_by("number"))
        finished = match.status == Match.Status.FINISHED
        record = getattr(match, "record", None) if finished else None
        data = {
            "id": match.pk,
            "status": match.status,
            "mode": record.mode if record else match.game,
            "players": match.players,
            "options": match_options(match),
            "created_at": match.created_at,
            "started_at": match.started_at,
            "finished_at": match.finished_at,
            "rated": record.rated if record else None,
            "unrated_reason": record.unrated_reason if record else "",
            "seats": [
                {
                    "seat": seat.number,
                    "username": seat.user.get_username() if seat.user_id else None,
                    "display_name": display_name(seat.user) if seat.user_id else "",
                    "bot_level": seat.bot_level,
                    "taken_over": seat.taken_over,
                    "wonder": seat.wonder or None,
                    "wonder_name": wonder_name(seat.wonder, lang) if seat.wonder else None,
                    "side": seat.side or None,
                }
                for seat in seats
            ],
            "score_sheet": None,
            "rating_changes": [],
            "live": None,
            "log": None,
            "hands": None,
        }
        if match.status == Match.Status.RUNNING and match.state is not None:
            data["live"] = engine.view(match.state, None)
        if finished and (match.score_sheet or match.state):
            data["score_sheet"] = score_sheet_rows(match)
            data["rating_changes"] = [
                {"username": row.pop("user__username"), **row}
                for row in RatingChange.objects.filter(match=match).order_by("rank", "user_id").values(
                    "user__username", "rank", "mu_before", "sigma_before", "ordinal_before", "mu_after",
                    "sigma_after", "ordinal_after")
            ]
        if finished and match.state is not None:
            data["log"] = log_rows(match)
            data["hands"] = hands_by_turn(match_timeline(match))
        return Response(data)

    @extend_schema(
        summary="The replay of a finished match: the table after every step.",
        description="Frames, from the deal to the end: every hand, city, coins, tokens, the discard pile and the "
        "running total of each seat, with the events of each step. 409 while the match is not over.",
        parameters=[LANG_PARAMETER],
        responses={200: s.ReplaySerializer, **errors(400, 404, 409, 429)},
        examples=[OpenApiExample("a replay", {"match": 42, "frames": [
            {"index": 3, "age": 1, "turn": 1, "phase": "play", "events": [], "discard": [], "players": [
                {"seat": 0, "wonder": "giza", "side": "A", "coins": 3, "built": [], "stages": [], "tokens": [],
                 "total": 1, "hand": ["lumber_yard", "baths", "altar", "loom_1", "press_1", "stockade",
                                      "apothecary"]}]}],
            "names": {"lumber_yard": "Lumber Yard", "giza": "The Pyramids of Giza"}},
            response_only=True, status_codes=["200"])],
    )
    def replay(self, request, pk=None):
        from games.models import Match

        lang = api_language(request)
        match = self._match(pk)
        if match.status != Match.Status.FINISHED or match.state is None:
            raise NotFinished()
        frames = match_timeline(match)
        return Response({"match": match.pk, "frames": frames, "names": names_of(frames, lang)})


def names_of(frames, lang):
    """Names (in `lang`) of every card and wonder the frames mention."""
    cat = _cat.get()
    names = {w: wonder_name(w, lang) for w in cat.wonder_ids}
    names.update({c: card_name(c, lang) for c in cat.cards})
    return names


def score_sheet_rows(match):
    sheets = match.score_sheet or engine.scores(match.state)
    out = []
    for sheet in sorted(sheets, key=lambda x: x["seat"]):
        out.append({
            "seat": sheet["seat"],
            **{field: sheet["wonder" if field == "wonder_points" else field] for field in CATEGORY_FIELDS},
            "total": sheet["total"], "coins": sheet["coins"], "rank": sheet["rank"],
            "copied_guild": sheet.get("copied_guild"),
        })
    return out


def log_rows(match):
    rows = list(match.actions.order_by("index").values("index", "seat", "by", "created_at", "action"))
    if rows:
        return [
            {"index": r["index"], "seat": r["seat"], "by": r["by"], "at": r["created_at"],
             "entry": dict(r["action"]) if r["seat"] is None else {"seat": r["seat"], "action": r["action"]}}
            for r in rows
        ]
    return [
        {"index": i, "seat": e.get("seat"), "by": "chance" if "chance" in e else "player", "at": None, "entry": e}
        for i, e in enumerate(engine.action_log(match.state))
    ]


# ---------------------------------------------------------------------------------------------
# players


def _rating_dict(rating, mode):
    if rating is None:
        mu, sigma = initial()
        return {"mode": mode, "mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma),
                "provisional": is_provisional(sigma), "rated_games": 0, "wins": 0}
    return {"mode": rating.mode, "mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal,
            "provisional": rating.provisional, "rated_games": rating.rated_games, "wins": rating.wins}


def player_payload(user, lang):
    totals = SeatResult.objects.filter(user=user).aggregate(
        games=Count("id"), wins=Count("id", filter=Q(rank=1)), podiums=Count("id", filter=Q(rank__lte=3)),
        abandoned=Count("id", filter=Q(abandoned=True)),
    )
    ratings = [_rating_dict(r, r.mode) for r in PlayerRating.objects.filter(user=user).order_by("mode")]
    recent = [
        {**row, "wonder_name": wonder_name(row["wonder"], lang)}
        for row in SeatResult.objects.filter(user=user).order_by("-finished_at", "-match_id").values(
            "match", "finished_at", "mode", "players", "rated", "wonder", "side", "rank", "total")[:RECENT]
    ]
    return {
        "username": user.get_username(),
        "display_name": display_name(user),
        "joined": user.date_joined,
        "totals": totals,
        "ratings": ratings,
        "recent_matches": recent,
    }


PLAYER_EXAMPLE = {
    "username": "ann", "display_name": "Ann", "joined": "2026-10-01T09:00:00Z",
    "totals": {"games": 31, "wins": 12, "podiums": 25, "abandoned": 0},
    "ratings": [{"mode": "base", "mu": 31.2, "sigma": 6.1, "ordinal": 12.9, "provisional": False,
                 "rated_games": 28, "wins": 11}],
    "recent_matches": [{"match": 42, "finished_at": "2026-11-21T14:31:40Z", "mode": "base", "players": 3,
                        "rated": True, "wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A",
                        "rank": 1, "total": 61}],
}

STATS_EXAMPLE = {
    "username": "ann", "mode": "base", "players": None,
    "rating": {"mu": 31.2, "sigma": 6.1, "ordinal": 12.9, "provisional": False, "rated_games": 28},
    "rank": 14, "percentile": 97.4, "ranked_players": 512,
    "games": 31, "wins": 12, "podiums": 25, "abandoned": 0, "win_rate": 0.3871,
    "average_score": 52.3, "best_score": {"total": 71, "match": 17},
    "average_points": {"military": 8.1, "treasury": 3.2, "wonder_points": 9.4, "civilian": 14.5, "science": 9.9,
                       "commercial": 3.1, "guilds": 4.1},
    "wonders": [{"wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A", "games": 5, "wins": 3,
                 "win_rate": 0.6, "average_score": 58.2}],
    "streaks": {"current_wins": 2, "best_wins": 4, "current_podiums": 6, "best_podiums": 11},
}


def streaks(ranks):
    """Win and podium streaks from ranks, oldest first."""
    out = {"current_wins": 0, "best_wins": 0, "current_podiums": 0, "best_podiums": 0}
    wins = podiums = 0
    for rank in ranks:
        wins = wins + 1 if rank == 1 else 0
        podiums = podiums + 1 if rank <= 3 else 0
        out["best_wins"] = max(out["best_wins"], wins)
        out["best_podiums"] = max(out["best_podiums"], podiums)
    out["current_wins"], out["current_podiums"] = wins, podiums
    return out


def rank_of(rating, mode):
    """(rank, percentile, ranked players) on the leaderboard of the mode: one index scan."""
    board = PlayerRating.objects.filter(mode=mode, provisional=False)
    if rating is None or rating.provisional:
        return None, None, board.count()
    counts = board.aggregate(
        ranked=Count("id"), above=Count("id", filter=Q(ordinal__gt=rating.ordinal)),
        below=Count("id", filter=Q(ordinal__lt=rating.ordinal)),
    )
    ranked = counts["ranked"]
    return counts["above"] + 1, round(100.0 * counts["below"] / ranked, 1) if ranked else None, ranked


def player_stats(user, mode, players, lang):
    """A player's statistics in a mode: the rating row, one leaderboard count, and one read of the
    player's results (a few columns per finished match), summed up here."""
    rating = PlayerRating.objects.filter(user=user, mode=mode).first()
    rank, percentile, ranked = rank_of(rating, mode)
    rows = SeatResult.objects.filter(user=user, mode=mode)
    if players:
        rows = rows.filter(players=players)
    columns = ("match_id", "rank", "total", "abandoned", "wonder", "side") + CATEGORY_FIELDS
    results = list(rows.order_by("finished_at", "match_id").values_list(*columns))
    games = len(results)
    wins = sum(1 for r in results if r[1] == 1)
    best = None
    per_wonder = {}
    sums = [0] * len(CATEGORY_FIELDS)
    for r in results:
        if best is None or r[2] > best[1]:
            best = (r[0], r[2])
        entry = per_wonder.setdefault((r[4], r[5]), [0, 0, 0])
        entry[0] += 1
        entry[1] += r[1] == 1
        entry[2] += r[2]
        for k, value in enumerate(r[6:]):
            sums[k] += value
    rating_data = _rating_dict(rating, mode)
    rating_data.pop("mode")
    rating_data.pop("wins")
    return {
        "username": user.get_username(),
        "mode": mode,
        "players": players,
        "rating": rating_data,
        "rank": rank,
        "percentile": percentile,
        "ranked_players": ranked,
        "games": games,
        "wins": wins,
        "podiums": sum(1 for r in results if r[1] <= 3),
        "abandoned": sum(1 for r in results if r[3]),
        "win_rate": _rate(wins, games),
        "average_score": _round(sum(r[2] for r in results) / games) if games else None,
        "best_score": {"total": best[1], "match": best[0]} if best else None,
        "average_points": {field: _round(sums[k] / games) if games else None for k, field in enumerate(CATEGORY_FIELDS)},
        "wonders": [
            {"wonder": wonder, "wonder_name": wonder_name(wonder, lang), "side": side, "games": n, "wins": w,
             "win_rate": _rate(w, n), "average_score": _round(points / n)}
            for (wonder, side), (n, w, points) in sorted(per_wonder.items())
        ],
        "streaks": streaks([r[1] for r in results]),
    }


class PlayerViewSet(viewsets.ViewSet):
    lookup_field = "username"
    lookup_value_regex = r"[\w.@+-]+"

    @extend_schema(
        summary="A player: profile, totals, ratings, recent matches.",
        parameters=[USERNAME_PARAMETER, LANG_PARAMETER], responses={200: s.PlayerSerializer, **errors(400, 404, 429)},
        examples=[OpenApiExample("a player", PLAYER_EXAMPLE, response_only=True, status_codes=["200"])],
    )
    def retrieve(self, request, username=None):
        lang = api_language(request)
        user = player_or_404(username)
        return Response(player_payload(user, lang))

    @extend_schema(
        summary="A player's statistics in a mode.",
        description=MODE_DESCRIPTION + " Rank and percentile are on the leaderboard of that mode (null while "
        "provisional). Streaks count matches in a row up to the latest, all player counts unless `players`.",
        parameters=[USERNAME_PARAMETER, MODE_PARAMETER, PLAYERS_PARAMETER, LANG_PARAMETER],
        responses={200: s.StatsSerializer, **errors(400, 404, 429)},
        examples=[OpenApiExample("statistics", STATS_EXAMPLE, response_only=True, status_codes=["200"])],
    )
    def stats(self, request, username=None):
        mode = query_mode(request)
        players = query_players(request)
        lang = api_language(request)
        user = player_or_404(username)
        return Response(player_stats(user, mode, players, lang))

    @extend_schema(
        summary="A player's rating after each rated match, oldest first (to plot).",
        parameters=[USERNAME_PARAMETER, MODE_PARAMETER, OpenApiParameter("limit", OpenApiTypes.INT, required=False,
                                                     description="The latest N changes (1-5000, default 1000).")],
        responses={200: s.RatingHistorySerializer, **errors(400, 404, 429)},
        examples=[OpenApiExample("history", {"username": "ann", "mode": "base", "results": [
            {"match": 42, "finished_at": "2026-11-21T14:31:40Z", "players": 3, "rank": 1, "mu_before": 25.0,
             "sigma_before": 8.333, "ordinal_before": 0.0, "mu_after": 27.6, "sigma_after": 8.06,
             "ordinal_after": 3.42}]}, response_only=True, status_codes=["200"])],
    )
    def rating_history(self, request, username=None):
        mode = query_mode(request)
        limit = query_int(request, "limit", 1, 5000, 1000)
        user = player_or_404(username)
        rows = list(
            RatingChange.objects.filter(user=user, mode=mode).order_by("-finished_at", "-match_id").values(
                "match", "finished_at", "players", "rank", "mu_before", "sigma_before", "ordinal_before",
                "mu_after", "sigma_after", "ordinal_after")[:limit]
        )
        rows.reverse()
        return Response({"username": user.get_username(), "mode": mode, "results": rows})


# ---------------------------------------------------------------------------------------------
# leaderboard and wonder statistics


LEADERBOARD_EXAMPLE = {
    "mode": "base", "provisional_sigma": PROVISIONAL_SIGMA,
    "results": [{"rank": 1, "username": "ann", "display_name": "Ann", "mu": 38.1, "sigma": 5.2, "ordinal": 22.5,
                 "games": 140, "wins": 61, "win_rate": 0.4357}],
}


def leaderboard_rows(mode, limit):
    rows = (
        PlayerRating.objects.filter(mode=mode, provisional=False)
        .order_by("-ordinal", "user_id")
        .values("user__username", "user__profile__display_name", "mu", "sigma", "ordinal", "rated_games", "wins")
        [:limit]
    )
    out = []
    previous, rank = None, 0
    for position, row in enumerate(rows, start=1):
        if row["ordinal"] != previous:
            rank, previous = position, row["ordinal"]
        out.append({
            "rank": rank,
            "username": row["user__username"],
            "display_name": row["user__profile__display_name"] or row["user__username"],
            "mu": row["mu"], "sigma": row["sigma"], "ordinal": row["ordinal"],
            "games": row["rated_games"], "wins": row["wins"],
            "win_rate": _rate(row["wins"], row["rated_games"]) or 0.0,
        })
    return out


class LeaderboardView(APIView):
    @extend_schema(
        summary="The leaderboard of a mode: players by ordinal (mu - 3 sigma).",
        description=MODE_DESCRIPTION + " Only rated matches count: every seat a person from start to end (no bot, "
        "no abandoned seat). Provisional players (sigma at or above `provisional_sigma`, about their first five "
        "rated matches) are left off.",
        parameters=[MODE_PARAMETER, OpenApiParameter("limit", OpenApiTypes.INT, required=False,
                                                     description="How many players (1-200, default 50).")],
        responses={200: s.LeaderboardSerializer, **errors(400, 429)},
        examples=[OpenApiExample("leaderboard", LEADERBOARD_EXAMPLE, response_only=True, status_codes=["200"])],
    )
    def get(self, request):
        mode = query_mode(request)
        limit = query_int(request, "limit", 1, 200, 50)
        return Response({"mode": mode, "provisional_sigma": PROVISIONAL_SIGMA, "results": leaderboard_rows(mode, limit)})


def wonder_stats(mode, players, lang):
    rows = WonderStat.objects.filter(mode=mode)
    if players:
        rows = rows.filter(players=players)
    counted = {
        (row["wonder"], row["side"]): row
        for row in rows.values("wonder", "side").annotate(
            n=Sum("seats"), w=Sum("wins"), points=Sum("total_points")).order_by()
    }
    out = []
    cat = _cat.get()
    for wonder in cat.wonder_ids:
        for side in sorted(cat.wonders[wonder].sides):
            row = counted.get((wonder, side), {"n": 0, "w": 0, "points": 0})
            out.append({
                "wonder": wonder, "wonder_name": wonder_name(wonder, lang), "side": side,
                "matches": row["n"], "wins": row["w"], "win_rate": _rate(row["w"], row["n"]),
                "average_score": _round(row["points"] / row["n"]) if row["n"] else None,
            })
    return out


class WonderStatsView(APIView):
    @extend_schema(
        summary="Every wonder and side: matches, win rate, average score.",
        description=MODE_DESCRIPTION + " Every finished match counts, rated or not. A shared first place counts "
        "as a win for each seat that shares it.",
        parameters=[MODE_PARAMETER, PLAYERS_PARAMETER, LANG_PARAMETER],
        responses={200: s.WonderStatsSerializer, **errors(400, 429)},
        examples=[OpenApiExample("wonders", {"mode": "base", "players": 4, "results": [
            {"wonder": "giza", "wonder_name": "The Pyramids of Giza", "side": "A", "matches": 812, "wins": 203,
             "win_rate": 0.25, "average_score": 51.7}]}, response_only=True, status_codes=["200"])],
    )
    def get(self, request):
        mode = query_mode(request)
        players = query_players(request)
        lang = api_language(request)
        return Response({"mode": mode, "players": players, "results": wonder_stats(mode, players, lang)})


# ---------------------------------------------------------------------------------------------
# the score-sheet calculator


SCORE_REQUEST_EXAMPLE = {"seats": [
    {"name": "Ann", "wonder": "giza", "side": "A", "stages": 3,
     "cards": ["lumber_yard", "Baths", "Tempio", "workshop", "library"], "coins": 7, "military": [1, 3, -1]},
    {"name": "Bo", "wonder": "Rhodes", "side": "B", "stages": 2, "cards": ["stockade", "barracks"], "coins": 4,
     "military": [1, 3, 5, 5]},
    {"name": "Cy", "wonder": "olympia", "side": "B", "stages": 3, "cards": ["Scientists Guild", "scriptorium"],
     "coins": 2, "military": [-1, -1, -1]},
]}


class ScoreSheetView(APIView):
    throttle_classes = [AnonRateThrottle, UserRateThrottle, ScopedRateThrottle]
    throttle_scope = "score_sheet"

    @extend_schema(
        summary="Score a game played on a real table.",
        description="The seats in order (clockwise), each with wonder, side, stages built, the cards built (ids "
        "or names in any language), coins and conflict tokens. The answer is the engine's score sheet: science "
        "wildcards and Olympia B's copied guild are placed where they give the most. A table that could not "
        "exist is a 400 listing each problem (`details.problems`: code, seat, field, value, message): unknown "
        "wonder or card, a wonder twice, the same structure twice in a city, more stages than the side has, "
        "more copies of a card than the deck has at that player count, impossible conflict tokens.",
        parameters=[LANG_PARAMETER],
        request=s.TableSerializer,
        responses={200: s.ScoredTableSerializer, **errors(400, 429)},
        examples=[
            OpenApiExample("a table of three", SCORE_REQUEST_EXAMPLE, request_only=True),
            OpenApiExample("unknown card", error_body("impossible_table", "This table could not exist.", {"problems": [
                {"code": "unknown_card", "message": "There is no card 'Tempel'.", "seat": 0, "field": "cards",
                 "value": "Tempel"}]}), response_only=True, status_codes=["400"]),
        ],
    )
    def post(self, request):
        lang = api_language(request)
        body = s.TableSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            seats = engine.score_table("base", {"seats": [dict(seat) for seat in body.validated_data["seats"]]})
        except engine.TableError as error:
            return Response(error_body("impossible_table", "This table could not exist.", {"problems": error.problems}),
                            status=status.HTTP_400_BAD_REQUEST)
        for seat in seats:
            seat["wonder_name"] = wonder_name(seat["wonder"], lang)
        names = {c: card_name(c, lang) for seat in seats for c in seat["cards"]}
        for seat in seats:
            if seat["copied_guild"]:
                names[seat["copied_guild"]] = card_name(seat["copied_guild"], lang)
        return Response({"seats": seats, "names": names})


# ---------------------------------------------------------------------------------------------
# the user's own endpoints


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The authenticated user: profile, totals, ratings, recent matches.",
        description="Authenticate with a token (`Authorization: Token <key>`, from POST /api/auth/token/) "
        "or the site's session.",
        parameters=[LANG_PARAMETER],
        responses={200: s.MeSerializer, **errors(400, 401, 429)},
        examples=[OpenApiExample("me", {**PLAYER_EXAMPLE, "email": "ann@example.org"}, response_only=True,
                                 status_codes=["200"])],
    )
    def get(self, request):
        lang = api_language(request)
        return Response({**player_payload(request.user, lang), "email": request.user.email})


def _locked_out(request, credentials):
    from django.conf import settings

    if not getattr(settings, "AXES_ENABLED", False):
        return False
    from axes.handlers.proxy import AxesProxyHandler

    return AxesProxyHandler.is_locked(request, credentials)


def _lockout_response(request):
    from axes.helpers import get_cool_off

    cool_off = get_cool_off(request)
    wait = int(cool_off.total_seconds()) if cool_off else None
    response = Response(error_body("locked_out", "Too many failed logins; try again later.", {"wait": wait}),
                        status=status.HTTP_429_TOO_MANY_REQUESTS)
    if wait:
        response["Retry-After"] = str(wait)
    return response


class TokenView(APIView):
    authentication_classes = []
    permission_classes = []
    throttle_classes = [AnonRateThrottle, UserRateThrottle, ScopedRateThrottle]
    throttle_scope = "auth_token"

    @extend_schema(
        summary="Get your API token from your username and password.",
        description="Returns the user's token (made on first use). Send it as `Authorization: Token <key>`.",
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, **errors(400, 403, 429)},
        examples=[OpenApiExample("token", {"token": "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"}, response_only=True,
                                 status_codes=["200"])],
    )
    def post(self, request):
        body = s.TokenRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        credentials = {"username": body.validated_data["username"]}
        if _locked_out(request._request, credentials):
            return _lockout_response(request._request)
        user = authenticate(request._request, username=body.validated_data["username"],
                            password=body.validated_data["password"])
        if getattr(request._request, "axes_locked_out", False):
            # This failure locked the login: answer in the API's shape, not with the HTML page
            # that django-axes' middleware would put in place of any response.
            request._request.axes_locked_out = False
            return _lockout_response(request._request)
        if user is None or not user.is_active:
            return Response(error_body("invalid_credentials", "Wrong username or password."),
                            status=status.HTTP_400_BAD_REQUEST)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
