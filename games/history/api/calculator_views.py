"""The score-sheet calculator's API: POST /api/score-sheet/ scores a table of any game that scores
one (engine.table_games), its body's shape per game in that game's site folder
(``games/presentation/<id>/calculator_api.py``)."""
from drf_spectacular.utils import OpenApiExample, PolymorphicProxySerializer, extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from cards.language import api_language
from games import engine, presentation
from games.history import categories
from games.history.api.common import LANG_PARAMETER, calculator_games, default_calculator_game, errors, wonder_name
from games.history.api.examples import ARCHITECTS_TABLE_EXAMPLE, SCORE_REQUEST_EXAMPLE
from wonders_site.api_errors import error_body


def serializers_of(game):
    """(request, answer) serializers of `game`'s calculator API."""
    site = presentation.get(game)
    return site.REQUEST_SERIALIZER, site.ANSWER_SERIALIZER


class ScoreSheetView(APIView):
    throttle_classes = [AnonRateThrottle, UserRateThrottle, ScopedRateThrottle]
    throttle_scope = "score_sheet"

    @extend_schema(
        summary="Score a game played on a real table.",
        description="`game` says which game was played (`base` when left out; the games that score a table: "
        + ", ".join(engine.table_games()) + "). The base game: the seats in order (clockwise), each with "
        "wonder, side, stages built, the cards built (ids or names in any language), coins and conflict tokens, "
        "and for the game played (`mode`: the plain game, the 2-player variant with the Free City as the third "
        "seat, Cities, Cities with teams) each Cities seat's debt tokens; science wildcards, masks and Olympia "
        "B's copied guild are placed where they give the most; a Cities sheet has `black` and takes debts off "
        "`treasury`; a team sheet gives each seat its team, the team's total and coins and the team's rank. 7 Wonders "
        "Architects: the seats in turn order, each with wonder, the numbers of the stages built, blue cards "
        "with and without the cat, whether it holds the cat, Military Victory tokens and progress tokens; the "
        "answer gives each scoring token's points. The answer is the engine's score sheet, each category under "
        "its API name, with the tie-break's value (`tiebreak`). A table that could not exist is a 400 listing "
        "each problem (`details.problems`: code, seat, field, value, message): for the base game an unknown "
        "wonder or card, a wonder twice, the same structure twice in a city, more stages than the side has, "
        "more copies of a card than the deck has at that player count, impossible conflict tokens; for "
        "Architects an unknown wonder, stage or token, a stage above an unbuilt level, the cat twice, more "
        "blue cards, progress tokens or Military Victory tokens than the table's game holds.",
        parameters=[LANG_PARAMETER],
        request=PolymorphicProxySerializer(
            "ScoreTable", serializers=[serializers_of(game)[0] for game in calculator_games()],
            resource_type_field_name=None),
        responses={200: PolymorphicProxySerializer(
            "ScoredTableOfAnyGame", serializers=[serializers_of(game)[1] for game in calculator_games()],
            resource_type_field_name=None), **errors(400, 429)},
        examples=[
            OpenApiExample("a table of three", SCORE_REQUEST_EXAMPLE, request_only=True),
            OpenApiExample("an Architects table", ARCHITECTS_TABLE_EXAMPLE, request_only=True),
            OpenApiExample("unknown card", error_body("impossible_table", "This table could not exist.", {"problems": [
                {"code": "unknown_card", "message": "There is no card 'Tempel'.", "seat": 0, "field": "cards",
                 "value": "Tempel"}]}), response_only=True, status_codes=["400"]),
        ],
    )
    def post(self, request):
        lang = api_language(request)
        default = default_calculator_game()
        game = request.data.get("game", default) if isinstance(request.data, dict) else default
        if not isinstance(game, str) or game not in calculator_games():
            raise exceptions.ValidationError({"game": [f"Choose one of {', '.join(calculator_games())}."]})
        body = serializers_of(game)[0](data=request.data)
        body.is_valid(raise_exception=True)
        table = {"seats": [dict(seat) for seat in body.validated_data["seats"]]}
        if "mode" in body.validated_data:
            table["mode"] = body.validated_data["mode"]
        try:
            seats = engine.score_table(game, table)
        except engine.TableError as error:
            return Response(error_body("impossible_table", "This table could not exist.", {"problems": error.problems}),
                            status=status.HTTP_400_BAD_REQUEST)
        tiebreak = engine.info(game)["tiebreak"]
        words = presentation.get(game)
        names = {}
        for seat in seats:
            # each category under its API name, whatever flat fields the engine's sheet carries
            sheet = seat.pop("categories")
            fields = categories.api_fields(game, sheet=sheet)
            for key, points in sheet.items():
                seat[fields[key]] = points
            seat["tiebreak"] = seat[tiebreak]
            seat["wonder_name"] = wonder_name(game, seat["wonder"], lang)
            for named in [*seat.get("cards", []), seat.get("copied_guild"), *seat.get("progress_tokens", [])]:
                if named:
                    names[named] = str(words.calculator_value(named, lang))
        return Response({"seats": seats, "names": names})
