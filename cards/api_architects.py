"""REST API of the Architects catalogue: its cards and wonders (served by /api/cards/ and
/api/wonders/ when asked for `?expansion=architects`) and /api/progress-tokens/."""
import django_filters
from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_view
from rest_framework import serializers, viewsets

from cards.api_cache import cached_answer
from cards.api_fields import LANG_PARAMETER, LanguageContextMixin, NamesSerializer
from cards.architects_data import CENTRAL_DECK
from cards.language import pick
from cards.models import (
    ArchitectsCard,
    ArchitectsDeckCount,
    ArchitectsProgressToken,
    ArchitectsStage,
    ArchitectsWonder,
)
from cards.models.architects import ARCHITECTS_COLORS, KINDS

ARCHITECTS = "architects"


def _names(rows) -> dict:
    return {row.language: row.name for row in rows}


class _Named(serializers.ModelSerializer):
    """`name` and `effect_text` in the asked language, `names` in every language."""

    name = serializers.SerializerMethodField()
    names = serializers.SerializerMethodField()
    effect_text = serializers.SerializerMethodField()

    def get_name(self, row) -> str:
        return pick(row.texts.all(), self.context["lang"]).name

    def get_names(self, row):
        return _names(row.texts.all())

    def get_effect_text(self, row) -> str:
        return pick(row.texts.all(), self.context["lang"]).text


def _with_names_schema(serializer_class):
    serializer_class.get_names = extend_schema_field(NamesSerializer)(serializer_class.get_names)
    return serializer_class


class DecksField(serializers.DictField):
    """{deck id: copies}: each wonder's own deck (by the wonder's id) and "central"."""

    child = serializers.IntegerField()


@_with_names_schema
class ArchitectsCardSerializer(_Named):
    """A kind of 7 Wonders Architects card (all its copies alike) and its copies in each deck."""

    expansion = serializers.SerializerMethodField()
    decks = serializers.SerializerMethodField()
    total = serializers.SerializerMethodField()

    class Meta:
        model = ArchitectsCard
        fields = ["id", "name", "names", "expansion", "kind", "color", "resource", "coins", "science", "shields",
                  "horns", "points", "cat", "decks", "total", "effect_text"]
        extra_kwargs = {"resource": {"allow_null": True}, "science": {"allow_null": True}}

    def get_expansion(self, card) -> str:
        return ARCHITECTS

    def to_representation(self, card):
        data = super().to_representation(card)
        for field in ("resource", "science"):  # null for the kinds that have none
            data[field] = data[field] or None
        return data

    @extend_schema_field(DecksField(help_text="Copies of this card in each deck: a wonder's id, or central."))
    def get_decks(self, card):
        return {row.deck: row.count for row in card.decks.all()}

    def get_total(self, card) -> int:
        return sum(row.count for row in card.decks.all())


class ArchitectsCardFilter(django_filters.FilterSet):
    expansion = django_filters.ChoiceFilter(choices=[(ARCHITECTS, ARCHITECTS)], method="filter_nothing")
    kind = django_filters.ChoiceFilter(choices=[(k, k) for k in KINDS])
    color = django_filters.ChoiceFilter(choices=[(c, c) for c in ARCHITECTS_COLORS])
    deck = django_filters.CharFilter(method="filter_deck", label="Cards with copies in this deck")
    q = django_filters.CharFilter(method="filter_name", label="Text in the card's name (any language)")

    class Meta:
        model = ArchitectsCard
        fields = ["expansion", "kind", "color", "deck", "q"]

    def filter_nothing(self, queryset, name, value):
        return queryset

    def filter_deck(self, queryset, name, value):
        from wonders_site.api_errors import BadQueryParameter

        decks = [CENTRAL_DECK, *ArchitectsWonder.objects.values_list("id", flat=True)]
        if value not in decks:
            raise BadQueryParameter("deck", value, decks)
        return queryset.filter(decks__deck=value, decks__count__gt=0).distinct()

    def filter_name(self, queryset, name, value):
        return queryset.filter(texts__name__icontains=value.strip()).distinct()


def architects_card_queryset():
    return ArchitectsCard.objects.prefetch_related("texts", Prefetch("decks", queryset=ArchitectsDeckCount.objects.all()))


class StageCostSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="How many resources.")
    same = serializers.BooleanField(help_text="True: all identical; false: all different.")


class ArchitectsStageSerializer(serializers.ModelSerializer):
    cost = serializers.SerializerMethodField()

    class Meta:
        model = ArchitectsStage
        fields = ["number", "level", "cost", "points", "power"]

    @extend_schema_field(StageCostSerializer)
    def get_cost(self, stage):
        return {"count": stage.cost_count, "same": stage.cost_same}


@_with_names_schema
class ArchitectsWonderSerializer(_Named):
    """A 7 Wonders Architects wonder: its power and its five stage tiles (layout: tiles per level)."""

    expansion = serializers.SerializerMethodField()
    power = serializers.SerializerMethodField()
    power_text = serializers.SerializerMethodField()
    stages = ArchitectsStageSerializer(many=True)
    layout = serializers.SerializerMethodField()
    total_points = serializers.SerializerMethodField()

    class Meta:
        model = ArchitectsWonder
        fields = ["id", "name", "names", "expansion", "power", "power_text", "stages", "layout", "total_points",
                  "unverified_note"]

    def get_expansion(self, wonder) -> str:
        return ARCHITECTS

    def get_power(self, wonder) -> str | None:
        return wonder.power or None

    def get_power_text(self, wonder) -> str:
        return pick(wonder.texts.all(), self.context["lang"]).text

    def get_layout(self, wonder) -> list[int]:
        """Tiles per level, bottom to top."""
        levels = [stage.level for stage in wonder.stages.all()]
        return [levels.count(level) for level in sorted(set(levels))]

    def get_total_points(self, wonder) -> int:
        return sum(stage.points for stage in wonder.stages.all())


def architects_wonder_queryset():
    return ArchitectsWonder.objects.prefetch_related("texts", "stages")


@_with_names_schema
class ProgressTokenSerializer(_Named):
    """A 7 Wonders Architects progress token."""

    facts = serializers.DictField(help_text="The effect's numbers and triggers, as the rules engine reads them.")

    class Meta:
        model = ArchitectsProgressToken
        fields = ["id", "name", "names", "copies", "effect", "facts", "effect_text"]


@extend_schema_view(
    list=extend_schema(parameters=[LANG_PARAMETER],
                       summary="The 14 progress tokens of 7 Wonders Architects (15 with both Culture copies)."),
    retrieve=extend_schema(parameters=[LANG_PARAMETER], summary="One progress token."),
)
class ProgressTokenViewSet(LanguageContextMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = ProgressTokenSerializer
    pagination_class = None
    queryset = ArchitectsProgressToken.objects.prefetch_related("texts")

    @cached_answer([])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @cached_answer([])
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)
