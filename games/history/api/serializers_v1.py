"""Version 1 of the history API's answers (``versioning.py``), kept readable for one version: the
answers that changed in version 2, as they were. Each keeps its component name, so the schema of
version 1 (``/api/schema/?version=1``) names its parts as it always did.

- a score sheet row (and a row of ``unranked_sheets``) has a field per score category of every
  registered game, named by ``categories.api_field`` (``wonder_points``: the base game's wonder
  category, since ``wonder`` is a seat label); a category only some games have is not required;
- a player's ``average_points`` likewise;
- each row of ``hands`` is ``{"age", "turn", "hands"}``.

Drop this module, and ``to_v1`` in ``views.py``, when version 1 goes."""
from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from games.history.api import serializers as latest


# Its component keeps the name ScoreSheetRow: the match detail's rows had it before they had a team.
@extend_schema_serializer(component_name="ScoreSheetRow")
class MatchSheetRowSerializer(latest.ScoreSheetRowSerializer):
    team = serializers.IntegerField(allow_null=True, help_text=latest.TEAM_HELP)


@extend_schema_serializer(component_name="UnrankedSheet")
class UnrankedSheetSerializer(latest.CategoryPointsSerializer):
    city = serializers.CharField(help_text="Which city: free_city (the 2-player variant's Free City).")
    name = serializers.CharField(help_text="The city in words, in ?lang=.")
    wonder = serializers.CharField()
    wonder_name = serializers.CharField(help_text="In ?lang=.")
    side = serializers.CharField(allow_null=True)
    total = serializers.IntegerField()
    coins = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True, help_text="Always null: the city scores but is not ranked.")


class TurnHandsSerializer(serializers.Serializer):
    age = serializers.IntegerField()
    turn = serializers.IntegerField()
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="The hand of each seat at the start of the turn.")


@extend_schema_serializer(component_name="MatchDetail")
class MatchDetailSerializer(latest.MatchDetailSerializer):
    score_sheet = MatchSheetRowSerializer(many=True, allow_null=True, help_text="Once the match is over.")
    unranked_sheets = UnrankedSheetSerializer(
        many=True, help_text="Once the match is over: cities that score without being ranked (the 2-player "
        "variant's Free City, which no player owns); empty in other games.")
    hands = TurnHandsSerializer(many=True, allow_null=True, help_text="Once the match is over: every hand of every "
                                "turn; null in a game without hands (Architects).")


@extend_schema_serializer(component_name="Stats")
class StatsSerializer(latest.StatsSerializer):
    average_points = latest.AveragePointsSerializer()
