"""The base game's score-sheet calculator API (POST /api/score-sheet/ with "game": "base" or no
game): the table it takes and its answer. ``games.history.api.calculator_views`` asks the game's
site side for ``REQUEST_SERIALIZER`` and ``ANSWER_SERIALIZER``."""
from rest_framework import serializers

from games import engine
from games.history.api.serializers import ScoreSheetRowSerializer, WonderSideSerializer

GAME = "base"


class TableSeatSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, max_length=50)
    wonder = serializers.CharField(max_length=80, help_text="A wonder id (rhodes) or name, city or wonder, any language.")
    side = serializers.ChoiceField(choices=["A", "B"], default="A")
    stages = serializers.IntegerField(min_value=0, max_value=4, default=0, help_text="Stages built.")
    cards = serializers.ListField(child=serializers.CharField(max_length=80), default=list, max_length=30,
                                  help_text="Card ids (lumber_yard) or names in any language.")
    coins = serializers.IntegerField(min_value=0, max_value=999, default=0)
    military = serializers.ListField(child=serializers.IntegerField(min_value=-1, max_value=5), default=list,
                                     max_length=6, help_text="Conflict tokens: 1, 3, 5 for victories, -1 for defeats.")
    debt = serializers.IntegerField(min_value=0, max_value=999, default=0,
                                    help_text="Cities: the -1 debt tokens taken (each a point off the treasury line).")


TABLE_MODES = engine.table_modes(GAME)
TABLE_SEATS = engine.table_players(GAME)


class TableSerializer(serializers.Serializer):
    game = serializers.RegexField(f"^{GAME}$", required=False, default=GAME,
                                  help_text=f"{GAME} (or left out): the base game.")
    mode = serializers.ChoiceField(
        choices=list(TABLE_MODES), default="base",
        help_text="The game that was played, a rating mode: " + "; ".join(
            f"{mode}: {', '.join(map(str, seats))} seats" for mode, seats in TABLE_MODES.items())
        + ". base-2p and cities-2p: the two players, then the Free City (scored, not ranked). cities-teams: seats 2k and "
        "2k + 1 are partners.")
    seats = TableSeatSerializer(
        many=True, max_length=TABLE_SEATS[1],
        help_text=f"{TABLE_SEATS[0]} to {TABLE_SEATS[1]} seats as the mode allows, clockwise: each seat's left "
        "neighbour is the next.")


class ScoredSeatSerializer(ScoreSheetRowSerializer, WonderSideSerializer):
    name = serializers.CharField()
    stages = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField(), help_text="The card ids understood.")
    rank = serializers.IntegerField(allow_null=True, help_text="1 = best; null for the Free City (never ranked). "
                                    "With teams, the team's rank.")
    free_city = serializers.BooleanField(help_text="The Free City of a base-2p or cities-2p table.")
    debt = serializers.IntegerField(required=False, help_text="Cities: the debt tokens (already off `treasury`).")
    team = serializers.IntegerField(required=False, help_text="cities-teams: 0-based (seats 2k and 2k + 1).")
    team_total = serializers.IntegerField(required=False, help_text="cities-teams: the partners' points added up.")
    team_coins = serializers.IntegerField(required=False, help_text="cities-teams: the partners' coins (debts "
                                          "not taken off), the tie-break of equal team totals.")


class ScoredTableSerializer(serializers.Serializer):
    seats = ScoredSeatSerializer(many=True)
    names = serializers.DictField(child=serializers.CharField(), help_text="Card names in ?lang=.")


REQUEST_SERIALIZER = TableSerializer
ANSWER_SERIALIZER = ScoredTableSerializer
