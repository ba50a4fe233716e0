"""7 Wonders Architects' score-sheet calculator API (POST /api/score-sheet/ with "game":
"architects"): the table it takes and its answer."""
from rest_framework import serializers

from games import engine
from games.history.api.serializers import CategoryPointsSerializer

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


REQUEST_SERIALIZER = ArchitectsTableSerializer
ANSWER_SERIALIZER = ScoredArchitectsTableSerializer
