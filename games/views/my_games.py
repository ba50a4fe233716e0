"""My games: the tables the signed-in player sits at (services/my_games.py), as a page and as
/api/my-games/ (documented in the OpenAPI schema). The page follows the player's own socket
(/ws/me/) and redraws its list when a table starts or stops waiting on them."""
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from games.services import my_games
from games import presentation
from games.history.api.common import errors
from games.views.lobby import BOT_WORDS, DEFAULT_GAME
from games.views.words import UI, as_text


def last_words(last):
    """The last thing that happened at a table, in words."""
    if last is None:
        return _("The table waits for its players.")
    if last["by"] == "chance":
        return _("The cards were dealt.")
    name = last["name"] or _("a bot")
    if last["by"] == "timeout":
        return _("%(name)s's deadline passed: a bot played for them.") % {"name": name}
    return _("%(name)s moved.") % {"name": name}


@login_required
def my_games_page(request):
    rows = my_games.tables_of(request.user.pk)
    for row in rows:
        row["last_words"] = last_words(row["last"])
        row["deadline_at"] = parse_datetime(row["deadline"]) if row["deadline"] else None
        row["last_at"] = parse_datetime(row["last"]["at"]) if row["last"] else None
        row["just_now"] = row["last_at"] is not None and (timezone.now() - row["last_at"]).total_seconds() < 60
        for player in row["players"]:
            player["label"] = player["name"] or str(BOT_WORDS.get(player["bot"], player["bot"] or ""))
    return render(request, "games/my_games.html", {
        "rows": rows, "waiting": sum(1 for r in rows if r["your_move"]), "section": "play",
        "ui": as_text(UI),
    })


class _Player(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(help_text="Display name; empty for a bot.")
    bot = serializers.CharField(allow_null=True, help_text="The bot level at this seat, or null for a person.")
    you = serializers.BooleanField()


class _Waiting(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()


class _Last(serializers.Serializer):
    at = serializers.DateTimeField()
    seat = serializers.IntegerField(allow_null=True, help_text="Null for the deal (a chance entry).")
    by = serializers.ChoiceField(choices=["chance", "player", "bot", "timeout"],
                                 help_text="timeout: the timeout bot played for a seat whose deadline passed.")
    name = serializers.CharField()


class MyTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    status = serializers.ChoiceField(choices=["open", "running"])
    pace = serializers.ChoiceField(choices=["live", "turn"], help_text="live: real time; turn: turn-based.")
    turn_seconds = serializers.IntegerField(help_text="The turn timer, or a turn-based table's move deadline.")
    your_seat = serializers.IntegerField()
    players = _Player(many=True)
    waiting_on = _Waiting(many=True, help_text="The people the current step waits on.")
    bots_to_move = serializers.BooleanField()
    your_move = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="Your own deadline in this step, if any.")
    step = serializers.IntegerField()
    last = _Last(allow_null=True, help_text="The last entry of the table's log.")
    url = serializers.CharField(help_text="The page that opens the table on your current choice.")


class MyGamesSerializer(serializers.Serializer):
    waiting = serializers.IntegerField(help_text="How many tables wait on you.")
    tables = MyTableSerializer(many=True)


EXAMPLE = {"waiting": 1, "tables": [{
    "id": 12, "game": DEFAULT_GAME, "game_name": str(presentation.get(DEFAULT_GAME).game_name()), "status": "running", "pace": "turn",
    "turn_seconds": 86400, "your_seat": 0,
    "players": [{"seat": 0, "name": "Ann", "bot": None, "you": True},
                {"seat": 1, "name": "Bruno", "bot": None, "you": False},
                {"seat": 2, "name": "", "bot": "medium", "you": False}],
    "waiting_on": [{"seat": 0, "name": "Ann"}], "bots_to_move": False, "your_move": True,
    "deadline": "2026-11-27T09:00:00Z", "step": 7,
    "last": {"at": "2026-11-26T09:00:00Z", "seat": 1, "by": "player", "name": "Bruno"},
    "url": "/en/play/12/game/#game-prompt"}]}


class MyGamesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The tables you sit at: whose move, your deadline, the last thing that happened.",
        description="Open and running tables (not those a bot took from you), the ones waiting on you first, "
        "then by deadline. Authenticate with a token or the site's session.",
        responses={200: MyGamesSerializer, **errors(401, 429)},
        examples=[OpenApiExample("my games", EXAMPLE, response_only=True, status_codes=["200"])],
    )
    def get(self, request):
        rows = my_games.tables_of(request.user.pk)
        return Response({"waiting": sum(1 for r in rows if r["your_move"]), "tables": rows})
