"""Views of the history API. Each answer is a few indexed queries over the history tables
(``games.history.models``); nothing here writes. The user's own endpoints (me, tokens) are in
``account.py``.

What a match shows depends on its status: an open table its seats; a running match its seats and
the spectators' view (``engine.view(state, None)``), never a hand, the log or the seed; a finished
match its score sheet, the whole action log and every hand, and its replay.

Answers are in the version the request asked for (``versioning.py``): the views build the latest
and ``to_v1`` turns what changed back into version 1; each changed operation documents both
(``extend_schema(versions=...)``)."""
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, mixins, status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from wonders_site.api_errors import BadQueryParameter

from cards.language import api_language
from accounts.services import display_name
from games import engine
from games.history import categories
from games.history.api import serializers as s
from games.history.api import serializers_v1 as s1
from games.history.api.common import (
    LANG_PARAMETER, MODE_DESCRIPTION, MODE_PARAMETER, PLAYERS_PARAMETER, USERNAME_PARAMETER,
    errors, player_or_404, query_choice, query_int, query_mode, query_players, wonder_name,
)
from games.history.api.filters import MatchFilter
from games.history.api.pagination import NewestFirstCursor, PlayerSearchPages
from games.history.players import SEARCH_MIN_LENGTH, player_rows, search_profiles, search_query
from games.history.api.versioning import LATEST, V1, is_v1
from games.history.timeline import hands_by_step, match_timeline
from games.history.models import MatchRecord, RatingChange
from games.history.leaderboard import WHO, bot_rows
from games.history.ratings import PROVISIONAL_SIGMA, display_of_ordinal, game_of_mode, registered_modes
from games.history.api.examples import (
    LEADERBOARD_EXAMPLE, MATCH_DETAIL_EXAMPLE, MATCH_DETAIL_EXAMPLE_V1, MATCH_LIST_EXAMPLE, PLAYER_EXAMPLE,
    STATS_EXAMPLE, STATS_EXAMPLE_V1,
)
from games.history.queries import (
    leaderboard_rows, log_rows, match_options, names_of, player_payload, player_stats,
    score_sheet_rows, seat_summaries, seat_teams, team_rows, unranked_rows, wonder_stats,
)


# Version 1's answers, as its schema names their media type.
V1_MEDIA_TYPE = f"application/json; version={V1}"


class NotFinished(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "not_finished"
    default_detail = "The replay opens when the match is over."


@extend_schema_view(
    list=extend_schema(
        summary="Finished matches, newest first (cursor-paginated).",
        description="Every finished match, newest first. " + MODE_DESCRIPTION
        + " `player` and `wonder` together mean: matches in which that player had that wonder.",
        parameters=[LANG_PARAMETER],
        responses={200: s.MatchSummarySerializer(many=True), **errors(400, 429)},
        examples=[OpenApiExample("a page", MATCH_LIST_EXAMPLE, response_only=True, status_codes=["200"])],
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
        match_ids = [record.match_id for record in page]
        seats = seat_summaries(match_ids, lang)
        teams = seat_teams(match_ids)
        data = [
            {
                "id": record.match_id, "mode": record.mode, "players": record.players, "rated": record.rated,
                "unrated_reason": record.unrated_reason, "started_at": record.started_at,
                "finished_at": record.finished_at,
                "seats": [{**seat, "team": teams.get(record.match_id, {}).get(seat["seat"])}
                          for seat in seats.get(record.match_id, [])],
            }
            for record in page
        ]
        # Plain dicts in the documented shape (the schema tests hold it): a serializer here would
        # cost more than the queries.
        return self.get_paginated_response(data)

    def _match(self, pk):
        from games.models import Match

        return get_object_or_404(Match.objects.select_related("record"), pk=pk)

    # Each version its answer's shape and example; the words are the same.
    @extend_schema(versions=[V1], responses={200: s1.MatchDetailSerializer, **errors(400, 404, 429)}, examples=[
        OpenApiExample("a finished match", MATCH_DETAIL_EXAMPLE_V1, response_only=True, status_codes=["200"],
                       media_type=V1_MEDIA_TYPE)])
    @extend_schema(versions=[LATEST], responses={200: s.MatchDetailSerializer, **errors(400, 404, 429)}, examples=[
        OpenApiExample("a finished match", MATCH_DETAIL_EXAMPLE, response_only=True, status_codes=["200"])])
    @extend_schema(
        summary="One match: score sheet; once over, the action log and every hand.",
        description="An open table shows its seats; a running match its seats and the spectators' view "
        "(`live`), never a hand, the log or the seed; a finished match its score sheet (each row's points per "
        "score category under `categories`; version 1: a field per category), rating changes, the whole action "
        "log (`log`) and every hand of every step (`hands`: the step in the game's own terms, the base game's age "
        "and turn; version 1: `age` and `turn` beside `hands`).",
        parameters=[LANG_PARAMETER],
    )
    def retrieve(self, request, pk=None):
        from games.models import Match

        lang = api_language(request)
        match = self._match(pk)
        seats = list(match.seats.select_related("user__profile").order_by("number"))
        finished = match.status == Match.Status.FINISHED
        record = getattr(match, "record", None) if finished else None
        labels = engine.seat_labels(match.state) if match.state is not None else [{} for _seat in seats]
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
                    "wonder": label.get("wonder") or None,
                    "wonder_name": wonder_name(match.game, label["wonder"], lang) if label.get("wonder") else None,
                    "side": label.get("side") or None,
                }
                for seat, label in zip(seats, labels)
            ],
            "score_sheet": None,
            "teams": None,
            "unranked_sheets": [],
            "rating_changes": [],
            "live": None,
            "log": None,
            "hands": None,
        }
        if match.status == Match.Status.RUNNING and match.state is not None:
            data["live"] = engine.view(match.state, None)
        if finished and (match.score_sheet or match.state):
            data["score_sheet"] = score_sheet_rows(match)
            data["teams"] = team_rows(match.score_sheet or engine.scores(match.state))
            data["unranked_sheets"] = unranked_rows(match, lang)
            data["rating_changes"] = [
                with_numbers({"username": row.pop("user__username"), **row})
                for row in RatingChange.objects.filter(match=match).order_by("rank", "user_id").values(
                    "user__username", "rank", "mu_before", "sigma_before", "ordinal_before", "mu_after",
                    "sigma_after", "ordinal_after")
            ]
        if finished and match.state is not None:
            data["log"] = log_rows(match)
            data["hands"] = hands_by_step(match.game, match_timeline(match))
        return Response(to_v1(match.game, data) if is_v1(request) else data)

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
        return Response({"match": match.pk, "frames": frames, "names": names_of(match.game, lang)})


def _flat_categories(game, row):
    """A row of version 1: its `categories` ({category id: points}) back as fields of the row,
    each named by ``categories.api_field``, where they stood (after the seat's own fields)."""
    out = {}
    for key, value in row.items():
        if key == "categories":
            out.update({categories.api_field(game, category): points for category, points in value.items()})
        else:
            out[key] = value
    return out


def to_v1(game, data):
    """A match detail of the latest version as version 1 gave it (serializers_v1.py): the score
    sheet's and the unranked sheets' categories as fields, each hand row {"age", "turn", "hands"}."""
    out = dict(data)
    if data["score_sheet"] is not None:
        out["score_sheet"] = [_flat_categories(game, row) for row in data["score_sheet"]]
    out["unranked_sheets"] = [_flat_categories(game, row) for row in data["unranked_sheets"]]
    if data["hands"] is not None:
        out["hands"] = [{**entry["step"], "hands": entry["hands"]} for entry in data["hands"]]
    return out


class PlayerViewSet(viewsets.ViewSet):
    lookup_field = "username"
    lookup_value_regex = r"[\w.@+-]+"
    pagination_class = PlayerSearchPages  # the search (list) only

    @extend_schema(
        summary="Find players by name: display name or username, any case, any accents, a part of either.",
        description="Every active player whose display name or username contains `search` (compared without "
        "case or accents: `joao` finds João), provisional players and players without a rated match too. "
        "Those whose name starts with it come first, then by display name. Each with the number of finished "
        "matches and a rating per mode they have one in.",
        parameters=[OpenApiParameter(
            "search", OpenApiTypes.STR, required=True,
            description=f"A part of the display name or the username, at least {SEARCH_MIN_LENGTH} letters "
            "(after dropping spaces at the ends).", examples=[OpenApiExample("a name", value="ann")])],
        responses={200: s.FoundPlayerSerializer(many=True), **errors(400, 404, 429)},
        # One player: the schema generator puts it in a page of results.
        examples=[OpenApiExample("a player found", {
            "username": "ann", "display_name": "Anna Bó", "games": 3, "ratings": [
                {"mode": "base", "mu": 27.1, "sigma": 7.2, "ordinal": 5.5, "provisional": True, "rated_games": 3,
                 "wins": 1}]}, response_only=True, status_codes=["200"])],
    )
    def list(self, request):
        raw = request.query_params.get("search", "")
        folded = search_query(raw)
        if folded is None:
            raise BadQueryParameter("search", raw, [f"at least {SEARCH_MIN_LENGTH} letters"])
        paginator = self.pagination_class()
        profiles = paginator.paginate_queryset(search_profiles(folded), request, view=self)
        rows = player_rows(profiles)
        for row in rows:
            for rating in row["ratings"]:
                rating.pop("mode_name")
        return paginator.get_paginated_response(rows)

    @extend_schema(
        summary="A player: profile, totals, ratings, recent matches.",
        parameters=[USERNAME_PARAMETER, LANG_PARAMETER], responses={200: s.PlayerSerializer, **errors(400, 404, 429)},
        examples=[OpenApiExample("a player", PLAYER_EXAMPLE, response_only=True, status_codes=["200"])],
    )
    def retrieve(self, request, username=None):
        lang = api_language(request)
        user = player_or_404(username)
        return Response(player_payload(user, lang))

    @extend_schema(versions=[V1], responses={200: s1.StatsSerializer, **errors(400, 404, 429)}, examples=[
        OpenApiExample("statistics", STATS_EXAMPLE_V1, response_only=True, status_codes=["200"],
                       media_type=V1_MEDIA_TYPE)])
    @extend_schema(versions=[LATEST], responses={200: s.StatsSerializer, **errors(400, 404, 429)}, examples=[
        OpenApiExample("statistics", STATS_EXAMPLE, response_only=True, status_codes=["200"])])
    @extend_schema(
        summary="A player's statistics in a mode.",
        description=MODE_DESCRIPTION + " Rank and percentile are on the leaderboard of that mode (null while "
        "provisional). Streaks count matches in a row up to the latest, all player counts unless `players`. "
        "`average_points`: per score category id of the mode (version 1: each category a field).",
        parameters=[USERNAME_PARAMETER, MODE_PARAMETER, PLAYERS_PARAMETER, LANG_PARAMETER],
    )
    def stats(self, request, username=None):
        mode = query_mode(request)
        players = query_players(request)
        lang = api_language(request)
        user = player_or_404(username)
        stats = player_stats(user, mode, players, lang)
        if is_v1(request):
            stats["average_points"] = _flat_categories(game_of_mode(mode), {"categories": stats["average_points"]})
        return Response(stats)

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
        return Response({"username": user.get_username(), "mode": mode, "results": [with_numbers(row) for row in rows]})


def with_numbers(row):
    """A rating change with the numbers shown (rating_before, rating_after) beside mu and sigma."""
    return {**row, "rating_before": display_of_ordinal(row["ordinal_before"]),
            "rating_after": display_of_ordinal(row["ordinal_after"])}


class LeaderboardView(APIView):
    @extend_schema(
        summary="The leaderboard of a mode: players and bots by ordinal (mu - 3 sigma).",
        description=MODE_DESCRIPTION + " Rated matches count: tables the host left rated, with a person seated; "
        "bots are rated players with a fixed rating fitted from bot tournaments. `rating` is the number shown "
        "(1500 + 25 x ordinal, never below 0). Provisional players (sigma at or above `provisional_sigma`, about "
        "their first five rated matches) are listed without a rank. `movement`: the rating's change since a week "
        "ago.",
        parameters=[MODE_PARAMETER, OpenApiParameter("limit", OpenApiTypes.INT, required=False,
                                                     description="How many rows (1-200, default 50)."),
                    OpenApiParameter("who", OpenApiTypes.STR, required=False, enum=list(WHO),
                                     description="`everyone` (default): people and bots; `people`: people only.")],
        responses={200: s.LeaderboardSerializer, **errors(400, 429)},
        examples=[OpenApiExample("leaderboard", LEADERBOARD_EXAMPLE, response_only=True, status_codes=["200"])],
    )
    def get(self, request):
        mode = query_mode(request)
        limit = query_int(request, "limit", 1, 200, 50)
        who = query_choice(request, "who", WHO, WHO[0])
        return Response({"mode": mode, "who": who, "provisional_sigma": PROVISIONAL_SIGMA,
                         "results": leaderboard_rows(mode, limit, who)})


class BotRatingsView(APIView):
    @extend_schema(
        summary="The bots' ratings: each level's fixed rating in each mode.",
        description="Fitted from bot tournaments (`manage.py calibrate_bots`); games against people do not move "
        "them. Every registered mode the calibration has measured, or only `mode`.",
        parameters=[OpenApiParameter("mode", OpenApiTypes.STR, required=False,
                                     description="A rating mode; every mode when left out.")],
        responses={200: s.BotRatingsSerializer, **errors(400, 429)},
        examples=[OpenApiExample("bots", {"results": [
            {"mode": "base", "level": "easy", "rating": 1146, "mu": -11.2, "sigma": 1.0},
            {"mode": "base", "level": "medium", "rating": 2050, "mu": 25.0, "sigma": 1.0}]},
            response_only=True, status_codes=["200"])],
    )
    def get(self, request):
        modes = [query_mode(request)] if request.query_params.get("mode") is not None else registered_modes()
        return Response({"results": [
            {"mode": mode, "level": row["bot_level"], "rating": row["rating"], "mu": row["mu"], "sigma": row["sigma"]}
            for mode in modes for row in bot_rows(mode)]})


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
