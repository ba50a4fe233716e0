"""REST API of the catalogue: /api/cards/ and /api/wonders/."""
import django_filters
from django.db.models import Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, extend_schema_view
from rest_framework import serializers, viewsets

from cards.language import CONTENT_LANGUAGES, api_language, pick
from cards.models import COLORS, Card, CardText, Wonder, WonderStage
from cards.models.catalogue import COST_KEYS, EXPANSIONS
from cards.catalogue_data import deck_player_counts

LANG_PARAMETER = OpenApiParameter(
    "lang", OpenApiTypes.STR, enum=list(CONTENT_LANGUAGES), default="en",
    description="Language of names and texts.",
)


class CostSerializer(serializers.Serializer):
    coins = serializers.IntegerField()
    wood = serializers.IntegerField()
    stone = serializers.IntegerField()
    clay = serializers.IntegerField()
    ore = serializers.IntegerField()
    glass = serializers.IntegerField()
    textile = serializers.IntegerField()
    papyrus = serializers.IntegerField()


class NamesSerializer(serializers.Serializer):
    """{"en", "it", "pt-br"}: a name per language ("pt-br" is not a Python identifier)."""

    def get_fields(self):
        return {language: serializers.CharField() for language in CONTENT_LANGUAGES}

    def to_representation(self, instance):
        return {language: instance.get(language, "") for language in CONTENT_LANGUAGES}


def _names(rows, field="name") -> dict:
    return {row.language: getattr(row, field) for row in rows}


class CardSerializer(serializers.ModelSerializer):
    name = serializers.SerializerMethodField()
    names = serializers.SerializerMethodField()
    cost = CostSerializer()
    copies = serializers.ListField(child=serializers.IntegerField())
    chain_from = serializers.SerializerMethodField()
    chain_to = serializers.SerializerMethodField()
    effect_text = serializers.SerializerMethodField()
    effects = serializers.ListField(child=serializers.DictField(), help_text="Structured effects (see cards/data/README.md).")

    class Meta:
        model = Card
        fields = ["id", "name", "names", "expansion", "age", "color", "cost", "copies", "chain_from",
                  "chain_to", "effect_text", "effects"]

    def _text(self, card):
        return pick(card.texts.all(), self.context["lang"])

    def get_name(self, card) -> str:
        return self._text(card).name

    @extend_schema_field(NamesSerializer)
    def get_names(self, card):
        return _names(card.texts.all())

    def get_chain_from(self, card) -> list[str]:
        return sorted(c.id for c in card.chain_from.all())

    def get_chain_to(self, card) -> list[str]:
        return sorted(c.id for c in card.chain_to.all())

    def get_effect_text(self, card) -> str:
        return self._text(card).effect_text


BASE_PLAYER_COUNTS = deck_player_counts()


@extend_schema_field(OpenApiTypes.INT)
class PlayerCountFilter(django_filters.TypedChoiceFilter):
    """A player count of the base game, documented as an integer."""


class CardFilter(django_filters.FilterSet):
    age = django_filters.TypedChoiceFilter(choices=[(a, a) for a in (1, 2, 3)], coerce=int)
    color = django_filters.ChoiceFilter(choices=[(c, c) for c in COLORS])
    expansion = django_filters.ChoiceFilter(choices=[(e, e) for e in EXPANSIONS])
    players = PlayerCountFilter(
        choices=[(n, n) for n in BASE_PLAYER_COUNTS], coerce=int, method="filter_players",
        label="Cards in the deck at this player count (" + ", ".join(map(str, BASE_PLAYER_COUNTS)) + ")",
    )
    q = django_filters.CharFilter(method="filter_name", label="Text in the card's name (any language)")

    class Meta:
        model = Card
        fields = ["age", "color", "expansion", "players", "q"]

    def filter_players(self, queryset, name, value):
        return queryset.filter(min_players__lte=value)

    def filter_name(self, queryset, name, value):
        return queryset.filter(texts__name__icontains=value.strip()).distinct()


def card_queryset():
    return Card.objects.prefetch_related(
        Prefetch("texts", queryset=CardText.objects.all()),
        Prefetch("chain_from", queryset=Card.objects.only("id")),
        Prefetch("chain_to", queryset=Card.objects.only("id")),
    )


class LanguageContextMixin:
    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["lang"] = api_language(self.request)
        return context


@extend_schema_view(
    list=extend_schema(parameters=[LANG_PARAMETER], summary="The card catalogue, filterable."),
    retrieve=extend_schema(parameters=[LANG_PARAMETER], summary="One card."),
)
class CardViewSet(LanguageContextMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = CardSerializer
    filterset_class = CardFilter
    pagination_class = None
    queryset = card_queryset()


class StageSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    cost = CostSerializer()
    effect_text = serializers.CharField()
    effects = serializers.ListField(child=serializers.DictField())


class SidesSerializer(serializers.Serializer):
    A = StageSerializer(many=True)
    B = StageSerializer(many=True)


class WonderSerializer(serializers.ModelSerializer):
    name = serializers.SerializerMethodField()
    names = serializers.SerializerMethodField()
    city = serializers.SerializerMethodField()
    sides = serializers.SerializerMethodField()

    class Meta:
        model = Wonder
        fields = ["id", "name", "names", "city", "expansion", "starting_resource", "sides"]

    def get_name(self, wonder) -> str:
        return pick(wonder.texts.all(), self.context["lang"]).name

    def get_city(self, wonder) -> str:
        return pick(wonder.texts.all(), self.context["lang"]).city

    @extend_schema_field(NamesSerializer)
    def get_names(self, wonder):
        return _names(wonder.texts.all())

    @extend_schema_field(SidesSerializer)
    def get_sides(self, wonder):
        sides = {"A": [], "B": []}
        for stage in wonder.stages.all():
            sides[stage.side].append({
                "number": stage.number,
                "cost": {key: stage.cost.get(key, 0) for key in COST_KEYS},
                "effect_text": pick(stage.texts.all(), self.context["lang"]).effect_text,
                "effects": stage.effects,
            })
        return sides


@extend_schema_view(
    list=extend_schema(parameters=[LANG_PARAMETER], summary="The seven wonders, both sides."),
    retrieve=extend_schema(parameters=[LANG_PARAMETER], summary="One wonder."),
)
class WonderViewSet(LanguageContextMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = WonderSerializer
    pagination_class = None
    queryset = Wonder.objects.prefetch_related(
        "texts", Prefetch("stages", queryset=WonderStage.objects.prefetch_related("texts"))
    )
