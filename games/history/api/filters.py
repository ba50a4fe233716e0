"""Filters of /api/matches/."""
from datetime import timezone

import django_filters
from django.core.exceptions import ValidationError
from django_filters.fields import IsoDateTimeField

from games import engine, presentation
from games.history.models import MatchRecord, SeatResult, with_labels
from games.history.ratings import MODES, PLAYER_COUNTS, registered_modes


def _wonder_choices():
    """Every wonder id of every registered game, each once."""
    ids = {}
    for game in engine.games():
        ids.update(dict.fromkeys(presentation.get(game).wonder_sides()))
    return [(wonder, wonder) for wonder in ids]


def _side_choices():
    """Every side a wonder of a registered game has, each once."""
    sides = {}
    for game in engine.games():
        for wonder_sides in presentation.get(game).wonder_sides().values():
            sides.update(dict.fromkeys(wonder_sides))
    return [(side, side) for side in sides]


class InstantField(IsoDateTimeField):
    """An ISO 8601 date-time as an instant in UTC: ISO 8601 allows offsets up to 23:59, the
    database refuses those beyond 15:59; an instant outside the years 1-9999 is not valid."""

    def to_python(self, value):
        instant = super().to_python(value)
        if instant is None:
            return None
        try:
            return instant.astimezone(timezone.utc)
        except OverflowError:
            raise ValidationError(self.error_messages["invalid"], code="invalid") from None


class InstantFilter(django_filters.IsoDateTimeFilter):
    field_class = InstantField


class MatchFilter(django_filters.FilterSet):
    player = django_filters.CharFilter(
        method="filter_nothing", max_length=150,
        label="Matches a player (username) sat in; with wonder, the wonder that player had.",
    )
    game = django_filters.ChoiceFilter(
        choices=lambda: [(g, g) for g in engine.games()], method="filter_game",
        label="The game (an engine game id): " + ", ".join(engine.games()) + ".",
    )
    mode = django_filters.ChoiceFilter(
        choices=lambda: [(m, m) for m in registered_modes()], label="The rating mode (engine.rating_mode of the config): " + ", ".join(MODES) + ".",
    )
    players = django_filters.TypedChoiceFilter(
        choices=[(n, n) for n in PLAYER_COUNTS], coerce=int,
        label="Player count (" + ", ".join(map(str, PLAYER_COUNTS)) + ").",
    )
    wonder = django_filters.ChoiceFilter(choices=_wonder_choices(), method="filter_nothing",
                                         label="Matches in which a seat had this wonder (id).")
    side = django_filters.ChoiceFilter(choices=_side_choices(), method="filter_nothing",
                                       label="With wonder: the side it was played on.")
    finished_after = InstantFilter(
        field_name="finished_at", lookup_expr="gte", label="Finished at or after (ISO 8601).")
    finished_before = InstantFilter(
        field_name="finished_at", lookup_expr="lt", label="Finished before (ISO 8601).")
    rated = django_filters.TypedChoiceFilter(
        choices=[("true", "true"), ("false", "false")], coerce=lambda v: v == "true",
        label="Only rated (true) or unrated (false) matches.",
    )

    class Meta:
        model = MatchRecord
        fields = ["player", "game", "mode", "players", "wonder", "side", "finished_after", "finished_before", "rated"]

    def filter_game(self, queryset, name, value: str):
        return queryset.filter(mode__in=engine.info(value)["rating_modes"])

    def filter_nothing(self, queryset, name, value: str):
        return queryset  # player, wonder and side are applied together in filter_queryset

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        data = self.form.cleaned_data
        seat, labels = {}, {}
        if data.get("player"):
            seat["user__username"] = data["player"]
        if data.get("wonder"):
            labels["wonder"] = data["wonder"]
            if data.get("side"):
                labels["side"] = data["side"]
        if seat or labels:
            seats = with_labels(SeatResult.objects.filter(**seat), **labels)
            queryset = queryset.filter(match_id__in=seats.values("match_id"))
        return queryset
