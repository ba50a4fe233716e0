"""Shared pieces of the history API: query parameters, names, users, documented errors."""
from django.contrib.auth import get_user_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse
from rest_framework import exceptions, serializers

from cards.api import LANG_PARAMETER
from games import engine, presentation
from games.history.ratings import DEFAULT_MODE, MODES, PLAYER_COUNTS, registered_modes
from wonders_site.api_errors import BadQueryParameter

__all__ = [
    "LANG_PARAMETER", "MODE_PARAMETER", "PLAYERS_PARAMETER", "USERNAME_PARAMETER", "MODE_DESCRIPTION", "query_choice", "query_int",
    "query_mode", "query_players", "wonder_name", "card_name", "player_or_404", "errors", "calculator_games", "default_calculator_game",
]

# The game the score-sheet calculator (its page and POST /api/score-sheet/) scores when none is named.


def calculator_games():
    """The games whose table the engine scores and whose site side has a calculator, in registry order."""
    return [game for game in engine.table_games() if presentation.get(game).has("calculator")]


def default_calculator_game():
    """The calculator's game when none is named: the first of ``calculator_games``."""
    return calculator_games()[0]

MODE_DESCRIPTION = (
    "A mode is a rating ladder, derived by the engine from a match's config (the game, and for some games "
    "its variant). Ratings, leaderboards and statistics are per mode; the player count is a filter."
)
MODE_PARAMETER = OpenApiParameter(
    "mode", OpenApiTypes.STR, enum=list(MODES), default=DEFAULT_MODE, description=MODE_DESCRIPTION,
)
USERNAME_PARAMETER = OpenApiParameter(
    "username", OpenApiTypes.STR, OpenApiParameter.PATH, description="The player's username.",
    examples=[OpenApiExample("a player", value="ann")],
)
PLAYERS_PARAMETER = OpenApiParameter(
    "players", OpenApiTypes.INT, enum=list(PLAYER_COUNTS), required=False,
    description="Only matches with this many players (the player counts of the registered games).",
)


def query_choice(request, name, choices, default=None):
    value = request.query_params.get(name)
    if value is None or value == "":
        return default
    if value not in choices:
        raise BadQueryParameter(name, value, choices)
    return value


def query_int(request, name, low, high, default=None):
    value = request.query_params.get(name)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except ValueError:
        raise BadQueryParameter(name, value, [f"{low}..{high}"]) from None
    if not low <= number <= high:
        raise BadQueryParameter(name, value, [f"{low}..{high}"])
    return number


def query_mode(request):
    return query_choice(request, "mode", registered_modes(), DEFAULT_MODE)


def query_players(request):
    return query_int(request, "players", PLAYER_COUNTS[0], PLAYER_COUNTS[-1])


def wonder_name(game, wonder_id, lang):
    """The name of a wonder of `game` (a match's game, or ``game_of_mode(mode)``) in `lang`."""
    return presentation.get(game).wonder_name(wonder_id, lang)


def card_name(game, card_id, lang):
    return presentation.get(game).card_name(card_id, lang)


def player_or_404(username):
    user = (
        get_user_model().objects.filter(username=username, is_active=True).select_related("profile").first()
    )
    if user is None:
        raise exceptions.NotFound(f"No player named {username!r}.")
    return user


# ---------------------------------------------------------------------------------------------
# errors, as the schema documents them


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="A stable code: bad_parameter, invalid, not_found, throttled...")
    message = serializers.CharField()
    details = serializers.JSONField(help_text="Facts behind the error (an object; may be empty).")


class ErrorSerializer(serializers.Serializer):
    error = ErrorBodySerializer()


def _error_example(code, message, details=None):
    return {"error": {"code": code, "message": message, "details": details or {}}}


ERROR_RESPONSES = {
    400: OpenApiResponse(ErrorSerializer, description="A query parameter or the body is not valid.", examples=[
        OpenApiExample("bad parameter", _error_example(
            "bad_parameter", "Unsupported value 'chess' for parameter 'mode'",
            {"parameter": "mode", "value": "chess", "allowed": ["base"]}), response_only=True, status_codes=["400"]),
    ]),
    401: OpenApiResponse(ErrorSerializer, description="Credentials are missing or wrong.", examples=[
        OpenApiExample("not authenticated", _error_example(
            "not_authenticated", "Authentication credentials were not provided."),
            response_only=True, status_codes=["401"]),
    ]),
    403: OpenApiResponse(ErrorSerializer, description="Not allowed (for a session: the CSRF token is missing)."),
    404: OpenApiResponse(ErrorSerializer, description="No such resource.", examples=[
        OpenApiExample("not found", _error_example("not_found", "No player named 'nobody'."),
                       response_only=True, status_codes=["404"]),
    ]),
    405: OpenApiResponse(ErrorSerializer, description="Method not allowed."),
    409: OpenApiResponse(ErrorSerializer, description="Not yet: the match is not over."),
    429: OpenApiResponse(ErrorSerializer, description="Too many requests; details.wait is in seconds.", examples=[
        OpenApiExample("throttled", _error_example("throttled", "Request was throttled.", {"wait": 12}),
                       response_only=True, status_codes=["429"]),
    ]),
}


def errors(*codes):
    return {code: ERROR_RESPONSES[code] for code in codes}
