"""Serializers of the history API. Most answers are built as plain dicts by the views (one query
each, no per-row work); these classes describe them for the OpenAPI schema, and the schema tests
check that every answer matches.

These describe the latest version of the answers (``versioning.py``): a score sheet row nests its
points under ``categories``, keyed by the engine's category ids, so no field depends on the games
registered. ``serializers_v1.py`` describes version 1 (a field per category: the flat classes
below, ``PerCategorySerializer``, which the score-sheet calculator's answer still uses)."""
from django.core.exceptions import ImproperlyConfigured
from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from games import bots, engine
from games.history import categories


class PerCategorySerializer(serializers.Serializer):
    """One field per score category of every registered game; a category that only some games
    have is left out of the other games' answers. The flat shape: version 1 of the history's
    answers and the score-sheet calculator's answer (the history's version 2 nests categories:
    ``category_points``)."""

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


CATEGORIES_HELP = (
    "Points per score category, keyed by the engine's category id (engine info: score_categories, then those "
    "an option brings: the base game's black with Cities), in the engine's order. Which ids a row has depends "
    "on the match's game; the schema names none of them, so registering a game changes no field.")
TIEBREAK_HELP = ("The value that breaks a tie on points (engine info: tiebreak): coins in the base game, built "
                 "stages in Architects.")
TEAM_HELP = ("A team game (Cities with teams): the seat's team, 0-based (seats 2k and 2k + 1 are partners; see "
             "`teams`); null without teams. The rank is the team's.")


def category_points(help_text=CATEGORIES_HELP, **options):
    """A score sheet's points per category: an object keyed by the engine's category ids."""
    return serializers.DictField(child=serializers.IntegerField(), help_text=help_text, **options)


# Its component keeps the name ScoreSheetRow (the rows of version 1 had it too).
@extend_schema_serializer(component_name="ScoreSheetRow")
class MatchSheetRowSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="0-based, clockwise.")
    categories = category_points()
    total = serializers.IntegerField()
    tiebreak = serializers.IntegerField(help_text=TIEBREAK_HELP)
    coins = serializers.IntegerField(allow_null=True, help_text="Coins at the end; null in a game without coins "
                                     "(Architects).")
    rank = serializers.IntegerField(help_text="1 = best; a tie on points and on the tie-break shares the rank.")
    copied_guild = serializers.CharField(allow_null=True, help_text="Olympia B: the neighbour's guild copied; "
                                         "null otherwise.")
    team = serializers.IntegerField(allow_null=True, help_text=TEAM_HELP)


class TeamSerializer(serializers.Serializer):
    team = serializers.IntegerField(help_text="0-based; the `team` of its seats' score sheet rows.")
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="The partners, side by side.")
    total = serializers.IntegerField(help_text="The partners' points added up: the higher team total wins.")
    coins = serializers.IntegerField(help_text="The partners' coins added up (debts not taken off): the "
                                     "tie-break of equal team totals; equal coins share the rank.")
    rank = serializers.IntegerField(help_text="1 = best; every partner has it on the score sheet.")


class UnrankedSheetSerializer(serializers.Serializer):
    city = serializers.CharField(help_text="Which city: free_city (the 2-player variant's Free City).")
    name = serializers.CharField(help_text="The city in words, in ?lang=.")
    wonder = serializers.CharField()
    wonder_name = serializers.CharField(help_text="In ?lang=.")
    side = serializers.CharField(allow_null=True)
    categories = category_points()
    total = serializers.IntegerField()
    coins = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True, help_text="Always null: the city scores but is not ranked.")


BOT_LEVELS = [("", "a person"),
              *((level, f"a bot of level {level} (the {policy} bot)") for level, policy in bots.LEVELS.items())]
BOT_LEVEL_HELP = "The level of the bot that plays a bot seat or a taken-over one; '' for a person."


class WonderSideSerializer(serializers.Serializer):
    wonder = serializers.CharField()
    wonder_name = serializers.CharField(help_text="In ?lang=.")
    side = serializers.CharField(allow_null=True, help_text="A or B; null in a game whose wonders have no sides "
                                 "(Architects).")


class SeatSummarySerializer(WonderSideSerializer):
    seat = serializers.IntegerField()
    username = serializers.CharField(allow_null=True, help_text="Null for a bot seat.")
    display_name = serializers.CharField()
    bot_level = serializers.ChoiceField(choices=BOT_LEVELS, help_text=BOT_LEVEL_HELP)
    abandoned = serializers.BooleanField(help_text="The person left and a bot finished the game for the seat.")
    rank = serializers.IntegerField()
    total = serializers.IntegerField()
    team = serializers.IntegerField(
        allow_null=True, help_text="A team game (Cities with teams): the seat's team, 0-based (seats 2k and 2k + 1 "
        "are partners), as in the match detail's `teams`; null without teams. The rank is the team's.")


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
    bot_level = serializers.ChoiceField(choices=BOT_LEVELS, help_text=BOT_LEVEL_HELP)
    taken_over = serializers.BooleanField()
    wonder = serializers.CharField(allow_null=True)
    wonder_name = serializers.CharField(allow_null=True)
    side = serializers.CharField(allow_null=True)


OPTIONS_HELP = ("The options the game declares (engine info: options) as the match's config set them, "
                "and turn_seconds.")


class RatingMoveSerializer(serializers.Serializer):
    rating_before = serializers.IntegerField(help_text="The number shown: 1500 + 25 x ordinal, never below 0.")
    rating_after = serializers.IntegerField(help_text="The number shown after the match.")
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


class StepHandsSerializer(serializers.Serializer):
    step = serializers.DictField(help_text="Where in the game, in the game's own terms (engine.frame_hands): the "
                                 "base game's age and turn.")
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="The hand of each seat at the start of the step.")


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
    score_sheet = MatchSheetRowSerializer(many=True, allow_null=True, help_text="Once the match is over.")
    teams = TeamSerializer(many=True, allow_null=True, help_text="Once a team game is over: each team's "
                           "seats, total, coins and rank, best first; null in a game without teams.")
    unranked_sheets = UnrankedSheetSerializer(
        many=True, help_text="Once the match is over: cities that score without being ranked (the 2-player "
        "variant's Free City, which no player owns); empty in other games.")
    rating_changes = RatingChangeSerializer(many=True)
    live = serializers.JSONField(
        allow_null=True, help_text="While the match runs: the spectators' view (engine.view(state, None)), nothing more.")
    log = LogEntrySerializer(many=True, allow_null=True, help_text="Once the match is over: the whole action log.")
    hands = StepHandsSerializer(many=True, allow_null=True, help_text="Once the match is over: every hand of every "
                                "step; null in a game without hands (Architects).")


class FramePlayerSerializer(serializers.Serializer):
    """A player of a frame: seat and total in every game (the engine's contract), the rest as the
    game's engine.reveal gives them (the base game: wonder, side, coins, hand, built cards, the cards
    under the wonder, conflict tokens; Architects: wonder, cards, built stage numbers, progress
    tokens, Military Victory tokens)."""

    seat = serializers.IntegerField()
    wonder = serializers.CharField(required=False, help_text="In a game with wonders.")
    total = serializers.IntegerField(help_text="The score at that moment.")


class FrameSerializer(serializers.Serializer):
    """A step of the replay: the game's engine.reveal at that step (index, events and players in
    every game; the base game adds age, turn, phase and the discard pile, Architects the turn, the
    decks, the progress tokens, the conflict tokens and the cat)."""

    index = serializers.IntegerField(help_text="The last log entry applied.")
    turn = serializers.IntegerField(required=False, help_text="In a game played in turns.")
    phase = serializers.CharField(required=False)
    events = serializers.ListField(child=serializers.JSONField())
    players = FramePlayerSerializer(many=True)


class ReplaySerializer(serializers.Serializer):
    match = serializers.IntegerField()
    frames = FrameSerializer(many=True)
    names = serializers.DictField(child=serializers.CharField(), help_text="Card and wonder names in ?lang=.")


class StatsRatingSerializer(serializers.Serializer):
    rating = serializers.IntegerField(help_text="The number shown: 1500 + 25 x (mu - 3 sigma), never below 0; "
                                      "a new player's is 1500.")
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


class FoundPlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    games = serializers.IntegerField(help_text="Finished matches, rated or not, of every game.")
    ratings = RatingSerializer(many=True, help_text="One per mode the player has a rating in (provisional too).")


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
    average_points = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        help_text="The average points per score category of the mode's matches (null without a match), keyed by "
        "the engine's category id, in the engine's order.")
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
    rank = serializers.IntegerField(allow_null=True, help_text="Null for a provisional player.")
    username = serializers.CharField(allow_null=True, help_text="Null for a bot.")
    display_name = serializers.CharField(help_text="A bot's: its level.")
    is_bot = serializers.BooleanField()
    bot_level = serializers.CharField(help_text='A bot\'s level (easy, medium, hard); "" for a person.')
    rating = serializers.IntegerField(help_text="The number shown: 1500 + 25 x ordinal, never below 0.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    provisional = serializers.BooleanField()
    movement = serializers.IntegerField(
        allow_null=True, help_text="The rating's change since a week ago; null for a bot or a player first rated "
        "this week.")
    games = serializers.IntegerField(allow_null=True, help_text="Rated matches in this mode; null for a bot.")
    wins = serializers.IntegerField(allow_null=True)
    win_rate = serializers.FloatField(allow_null=True)


class LeaderboardSerializer(serializers.Serializer):
    mode = serializers.CharField()
    who = serializers.ChoiceField(choices=["everyone", "people"])
    provisional_sigma = serializers.FloatField(
        help_text="Players with sigma at or above this are provisional: listed, without a rank.")
    results = LeaderRowSerializer(many=True)


class BotRatingSerializer(serializers.Serializer):
    mode = serializers.CharField()
    level = serializers.ChoiceField(choices=["easy", "medium", "hard"])
    rating = serializers.IntegerField(help_text="The number shown: 1500 + 25 x (mu - 3 sigma).")
    mu = serializers.FloatField(help_text="Fitted from bot tournaments (manage.py calibrate_bots); fixed.")
    sigma = serializers.FloatField()


class BotRatingsSerializer(serializers.Serializer):
    results = BotRatingSerializer(many=True, help_text="Per mode, weakest first.")


class WonderStatSerializer(WonderSideSerializer):
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    average_score = serializers.FloatField(allow_null=True)


class WonderStatsSerializer(serializers.Serializer):
    mode = serializers.CharField()
    players = serializers.IntegerField(allow_null=True)
    results = WonderStatSerializer(many=True)


class MeSerializer(PlayerSerializer):
    email = serializers.CharField()


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`; it is shown only once.")
    token_key = serializers.CharField(help_text="The token's first characters: how it is listed and revoked.")
    expiry = serializers.DateTimeField()


class TokenListItemSerializer(serializers.Serializer):
    token_key = serializers.CharField(help_text="The token's first characters.")
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField()
