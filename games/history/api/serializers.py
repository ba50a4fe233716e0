"""Serializers of the history API. Most answers are built as plain dicts by the views (one query
each, no per-row work); these classes describe them for the OpenAPI schema, and the schema tests
check that every answer matches."""
from django.core.exceptions import ImproperlyConfigured
from rest_framework import serializers

from games import engine
from games.history import categories
from games.history.api.common import CALCULATOR_GAME


class PerCategorySerializer(serializers.Serializer):
    """One field per score category of every registered game; a category that only some games
    have is left out of the other games' answers."""

    # The category fields (named by categories.api_field) come before the fields a subclass
    # declares, and are built when the serializer is used: the schema follows the registry.

    def category_field(self, **options):
        raise NotImplementedError

    def get_fields(self):
        declared = super().get_fields()
        every_game = engine.games()
        fields = {}
        for name, key, games in categories.registered_api_fields():
            if name in declared:
                raise ImproperlyConfigured(
                    f"{type(self).__name__}: the category {key!r} would replace the field {name!r}")
            notes = []
            if name != key:
                notes.append(f"Points of the score category {key}; the name {key} alone is the seat label.")
            if games != every_game:
                notes.append("Only in matches of: " + ", ".join(games) + ".")
            fields[name] = self.category_field(required=games == every_game, help_text=" ".join(notes) or None)
        fields.update(declared)
        return fields


class CategoryPointsSerializer(PerCategorySerializer):
    def category_field(self, **options):
        return serializers.IntegerField(**options)


class AveragePointsSerializer(PerCategorySerializer):
    def category_field(self, **options):
        return serializers.FloatField(allow_null=True, **options)


class ScoreSheetRowSerializer(CategoryPointsSerializer):
    seat = serializers.IntegerField(help_text="0-based, clockwise.")
    total = serializers.IntegerField()
    tiebreak = serializers.IntegerField(
        help_text="The value that breaks a tie on points (engine info: tiebreak): coins in the base game, built "
        "stages in Architects.")
    coins = serializers.IntegerField(allow_null=True, help_text="Coins at the end; null in a game without coins "
                                     "(Architects).")
    rank = serializers.IntegerField(help_text="1 = best; a tie on points and on the tie-break shares the rank.")
    copied_guild = serializers.CharField(allow_null=True, help_text="Olympia B: the neighbour's guild copied.")


class WonderSideSerializer(serializers.Serializer):
    wonder = serializers.CharField()
    wonder_name = serializers.CharField(help_text="In ?lang=.")
    side = serializers.CharField(allow_null=True, help_text="A or B; null in a game whose wonders have no sides "
                                 "(Architects).")


class SeatSummarySerializer(WonderSideSerializer):
    seat = serializers.IntegerField()
    username = serializers.CharField(allow_null=True, help_text="Null for a bot seat.")
    display_name = serializers.CharField()
    bot_level = serializers.CharField(help_text="'' for a person; random/greedy for a bot or a taken-over seat.")
    abandoned = serializers.BooleanField(help_text="The person left and a bot finished the game for the seat.")
    rank = serializers.IntegerField()
    total = serializers.IntegerField()


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    mode = serializers.CharField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    unrated_reason = serializers.CharField(help_text="'' when rated; bots or abandoned.")
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField()
    seats = SeatSummarySerializer(many=True)


class MatchSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    username = serializers.CharField(allow_null=True)
    display_name = serializers.CharField()
    bot_level = serializers.CharField()
    taken_over = serializers.BooleanField()
    wonder = serializers.CharField(allow_null=True)
    wonder_name = serializers.CharField(allow_null=True)
    side = serializers.CharField(allow_null=True)


OPTIONS_HELP = ("The options the game declares (engine info: options) as the match's config set them, "
                "and turn_seconds.")


class RatingMoveSerializer(serializers.Serializer):
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    ordinal_before = serializers.FloatField()
    mu_after = serializers.FloatField()
    sigma_after = serializers.FloatField()
    ordinal_after = serializers.FloatField()


class RatingChangeSerializer(RatingMoveSerializer):
    username = serializers.CharField()
    rank = serializers.IntegerField()


class LogEntrySerializer(serializers.Serializer):
    index = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text="Null for chance entries (the deals).")
    by = serializers.CharField(help_text="chance, player, bot or timeout.")
    at = serializers.DateTimeField(allow_null=True)
    entry = serializers.JSONField(help_text="The engine's log entry: a chance entry or {seat, action}.")


class TurnHandsSerializer(serializers.Serializer):
    age = serializers.IntegerField()
    turn = serializers.IntegerField()
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="The hand of each seat at the start of the turn.")


class MatchDetailSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["open", "running", "finished"])
    mode = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.DictField(help_text=OPTIONS_HELP)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    rated = serializers.BooleanField(allow_null=True, help_text="Null until the match is over.")
    unrated_reason = serializers.CharField()
    seats = MatchSeatSerializer(many=True)
    score_sheet = ScoreSheetRowSerializer(many=True, allow_null=True, help_text="Once the match is over.")
    rating_changes = RatingChangeSerializer(many=True)
    live = serializers.JSONField(
        allow_null=True, help_text="While the match runs: the spectators' view (engine.view(state, None)), nothing more.")
    log = LogEntrySerializer(many=True, allow_null=True, help_text="Once the match is over: the whole action log.")
    hands = TurnHandsSerializer(many=True, allow_null=True, help_text="Once the match is over: every hand of every "
                                "turn; null in a game without hands (Architects).")


class FramePlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    wonder = serializers.CharField()
    side = serializers.CharField(allow_null=True)
    coins = serializers.IntegerField()
    hand = serializers.ListField(child=serializers.CharField())
    built = serializers.ListField(child=serializers.CharField())
    stages = serializers.ListField(child=serializers.CharField(), help_text="The cards under the wonder.")
    tokens = serializers.ListField(child=serializers.IntegerField())
    total = serializers.IntegerField(help_text="The score at that moment.")


class FrameSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="The last log entry applied.")
    age = serializers.IntegerField()
    turn = serializers.IntegerField()
    phase = serializers.CharField()
    events = serializers.ListField(child=serializers.JSONField())
    discard = serializers.ListField(child=serializers.CharField())
    players = FramePlayerSerializer(many=True)


class ReplaySerializer(serializers.Serializer):
    match = serializers.IntegerField()
    frames = FrameSerializer(many=True)
    names = serializers.DictField(child=serializers.CharField(), help_text="Card and wonder names in ?lang=.")


class StatsRatingSerializer(serializers.Serializer):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField(help_text="mu - 3 sigma, what the leaderboard sorts by.")
    provisional = serializers.BooleanField(help_text="True while sigma is high (about the first five rated matches).")
    rated_games = serializers.IntegerField()


class RatingSerializer(StatsRatingSerializer):
    mode = serializers.CharField()
    wins = serializers.IntegerField()


class TotalsSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    podiums = serializers.IntegerField()
    abandoned = serializers.IntegerField()


class RecentMatchSerializer(WonderSideSerializer):
    match = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    mode = serializers.CharField()
    players = serializers.IntegerField()
    rated = serializers.BooleanField()
    rank = serializers.IntegerField()
    total = serializers.IntegerField()


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    joined = serializers.DateTimeField()
    totals = TotalsSerializer()
    ratings = RatingSerializer(many=True)
    recent_matches = RecentMatchSerializer(many=True)


class BestScoreSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    match = serializers.IntegerField()


class WonderResultSerializer(WonderSideSerializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()
    average_score = serializers.FloatField()


class StreaksSerializer(serializers.Serializer):
    current_wins = serializers.IntegerField(help_text="Matches won in a row up to the latest.")
    best_wins = serializers.IntegerField()
    current_podiums = serializers.IntegerField(help_text="Matches in the first three in a row up to the latest.")
    best_podiums = serializers.IntegerField()


class StatsSerializer(TotalsSerializer):
    username = serializers.CharField()
    mode = serializers.CharField()
    players = serializers.IntegerField(allow_null=True, help_text="The player-count filter, if any.")
    rating = StatsRatingSerializer()
    rank = serializers.IntegerField(allow_null=True, help_text="On the leaderboard; null while provisional.")
    percentile = serializers.FloatField(
        allow_null=True, help_text="Share of ranked players rated below, in percent; null while provisional.")
    ranked_players = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    average_score = serializers.FloatField(allow_null=True)
    best_score = BestScoreSerializer(allow_null=True)
    average_points = AveragePointsSerializer()
    wonders = WonderResultSerializer(many=True)
    streaks = StreaksSerializer()


class RatingPointSerializer(RatingMoveSerializer):
    match = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    players = serializers.IntegerField()
    rank = serializers.IntegerField()


class RatingHistorySerializer(serializers.Serializer):
    username = serializers.CharField()
    mode = serializers.CharField()
    results = RatingPointSerializer(many=True, help_text="Oldest first.")


class LeaderRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated matches in this mode.")
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()


class LeaderboardSerializer(serializers.Serializer):
    mode = serializers.CharField()
    provisional_sigma = serializers.FloatField(help_text="Players with sigma at or above this are provisional and left off.")
    results = LeaderRowSerializer(many=True)


class WonderStatSerializer(WonderSideSerializer):
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    average_score = serializers.FloatField(allow_null=True)


class WonderStatsSerializer(serializers.Serializer):
    mode = serializers.CharField()
    players = serializers.IntegerField(allow_null=True)
    results = WonderStatSerializer(many=True)


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


CALCULATOR_FACTS = engine.info(CALCULATOR_GAME)


class TableSerializer(serializers.Serializer):
    game = serializers.RegexField(f"^{CALCULATOR_GAME}$", required=False, default=CALCULATOR_GAME,
                                  help_text=f"{CALCULATOR_GAME} (or left out): the base game.")
    seats = TableSeatSerializer(
        many=True, max_length=CALCULATOR_FACTS["max_players"],
        help_text=f"{CALCULATOR_FACTS['min_players']} to {CALCULATOR_FACTS['max_players']} seats, clockwise: "
        "each seat's left neighbour is the next.")


class ScoredSeatSerializer(ScoreSheetRowSerializer, WonderSideSerializer):
    name = serializers.CharField()
    stages = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField(), help_text="The card ids understood.")


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


class MeSerializer(PlayerSerializer):
    email = serializers.CharField()


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
