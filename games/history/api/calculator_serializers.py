"""Serializers of the score-sheet calculator's API (POST /api/score-sheet/): the table each game
that scores one takes, and its answer. Kept apart from the history's serializers."""
from rest_framework import serializers

from games import engine
from games.history.api.common import CALCULATOR_GAME
from games.history.api.serializers import CategoryPointsSerializer, ScoreSheetRowSerializer, WonderSideSerializer

# The score-sheet calculator.


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


TABLE_MODES = engine.table_modes(CALCULATOR_GAME)
TABLE_SEATS = engine.table_players(CALCULATOR_GAME)


class TableSerializer(serializers.Serializer):
    game = serializers.RegexField(f"^{CALCULATOR_GAME}$", required=False, default=CALCULATOR_GAME,
                                  help_text=f"{CALCULATOR_GAME} (or left out): the base game.")
    mode = serializers.ChoiceField(
        choices=list(TABLE_MODES), default="base",
        help_text="The game that was played, a rating mode: " + "; ".join(
            f"{mode}: {', '.join(map(str, seats))} seats" for mode, seats in TABLE_MODES.items())
        + ". base-2p: the two players, then the Free City (scored, not ranked). cities-teams: seats 2k and "
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
    free_city = serializers.BooleanField(help_text="The Free City of a base-2p table.")
    debt = serializers.IntegerField(required=False, help_text="Cities: the debt tokens (already off `treasury`).")
    team = serializers.IntegerField(required=False, help_text="cities-teams: 0-based (seats 2k and 2k + 1).")
    team_total = serializers.IntegerField(required=False, help_text="cities-teams: the partners' points added up.")
    team_coins = serializers.IntegerField(required=False, help_text="cities-teams: the partners' coins (debts "
                                          "not taken off), the tie-break of equal team totals.")


class ScoredTableSerializer(serializers.Serializer):
    seats = ScoredSeatSerializer(many=True)
    names = serializers.DictField(child=serializers.CharField(), help_text="Card names in ?lang=.")


# The calculator of 7 Wonders Architects (body {"game": "architects", "seats": [...]}).

ARCHITECTS_FACTS = engine.info("architects")


class ArchitectsTableSeatSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, max_length=50)
    wonder = serializers.CharField(max_length=80, help_text="A wonder id (giza) or name, any language.")
    built = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=5), default=list,
                                  max_length=5, help_text="The numbers of the stages built (1-5, bottom up).")
    blue_cards = serializers.IntegerField(min_value=0, max_value=99, default=0,
                                          help_text="Blue cards without the cat icon (3 points each).")
    cat_cards = serializers.IntegerField(min_value=0, max_value=99, default=0,
                                         help_text="Blue cards with the cat icon (2 points each).")
    holds_cat = serializers.BooleanField(default=False, help_text="The cat pawn is in front of this player.")
    military_tokens = serializers.IntegerField(min_value=0, max_value=99, default=0,
                                               help_text="Military Victory tokens.")
    progress_tokens = serializers.ListField(
        child=serializers.CharField(max_length=80), default=list, max_length=15,
        help_text="Progress token ids (culture) or names, any language; Culture may be there twice.")


class ArchitectsTableSerializer(serializers.Serializer):
    game = serializers.RegexField("^architects$", help_text="architects: 7 Wonders Architects.")
    seats = ArchitectsTableSeatSerializer(
        many=True, max_length=ARCHITECTS_FACTS["max_players"],
        help_text=f"{ARCHITECTS_FACTS['min_players']} to {ARCHITECTS_FACTS['max_players']} seats in turn order.")


class ScoredArchitectsSeatSerializer(CategoryPointsSerializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    wonder = serializers.CharField()
    wonder_name = serializers.CharField(help_text="In ?lang=.")
    built = serializers.ListField(child=serializers.IntegerField(), help_text="The stages built.")
    blue_cards = serializers.IntegerField()
    cat_cards = serializers.IntegerField()
    holds_cat = serializers.BooleanField()
    military_tokens = serializers.IntegerField()
    progress_tokens = serializers.ListField(child=serializers.CharField(), help_text="Token ids understood.")
    progress_points = serializers.DictField(child=serializers.IntegerField(),
                                           help_text="The points of each scoring progress token (both Cultures "
                                           "together under culture).")
    total = serializers.IntegerField()
    stages = serializers.IntegerField(help_text="Stages built: the tie-break.")
    tiebreak = serializers.IntegerField(help_text="The tie-break's value: the stages built.")
    rank = serializers.IntegerField(help_text="1 = best; more points, then more stages built, else shared.")


class ScoredArchitectsTableSerializer(serializers.Serializer):
    seats = ScoredArchitectsSeatSerializer(many=True)
    names = serializers.DictField(child=serializers.CharField(), help_text="Token names in ?lang=.")


# The request and answer serializers of the calculator per game that scores a table.
TABLE_SERIALIZERS = {"base": (TableSerializer, ScoredTableSerializer),
                     "architects": (ArchitectsTableSerializer, ScoredArchitectsTableSerializer)}
