"""REST API of the catalogue: /api/cards/ and /api/wonders/.

Without `expansion` (or with `expansion=base`) they list the base game, as they always did;
`expansion=architects` lists 7 Wonders Architects' cards and wonders (cards.api_architects),
which have other fields: the response schema is one or the other."""
import django_filters
from django.db.models import Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, extend_schema_view
from rest_framework import serializers, viewsets

from cards.api_cache import cached_answer
from cards.api_fields import LANG_PARAMETER, LanguageContextMixin, NamesSerializer  # noqa: F401 - shared
from cards.language import pick
from cards.models import COLORS, Card, CardText, Wonder, WonderStage
from cards.models.catalogue import COST_KEYS, EXPANSION_COLORS, EXPANSIONS
from cards.catalogue_data import deck_players, filter_player_counts
from cards.api_architects import (
    ARCHITECTS,
    ArchitectsCardFilter,
    ArchitectsCardSerializer,
    ArchitectsWonderSerializer,
    architects_card_queryset,
    architects_wonder_queryset,
)
from drf_spectacular.utils import PolymorphicProxySerializer
from wonders_site.api_errors import BadQueryParameter

GAMES = ("base", "cities", "two_players", ARCHITECTS)
EXPANSION_PARAMETER = OpenApiParameter(
    "expansion", OpenApiTypes.STR, enum=list(GAMES), default="base",
    description="base: the base game's (the default). cities: 7 Wonders Cities' black cards, guilds, leaders "
                "(kind leader, playable false: they need Leaders) and tokens (kind token), or Petra and Byzantium. "
                "two_players: the 2-player variant's Border and Free City cards (kind variant). architects: 7 Wonders Architects' cards, with their "
                "kind and their copies in each deck, or its wonders, with their stage tiles (other fields: see "
                "ArchitectsCard, ArchitectsWonder). age and players filter the base game only.",
)
ARCHITECTS_CARD_PARAMETERS = [
    OpenApiParameter("kind", OpenApiTypes.STR, enum=["resource", "gold", "science", "military", "points"],
                     description="Architects only: the kind of card."),
    OpenApiParameter("deck", OpenApiTypes.STR,
                     description="Architects only: cards with copies in this deck (a wonder's id, or central)."),
]


def asked_expansion(view) -> str:
    request = getattr(view, "request", None)
    if request is None or not hasattr(request, "query_params"):
        return "base"
    expansion = request.query_params.get("expansion", "base")
    if expansion not in GAMES:
        raise BadQueryParameter("expansion", expansion, GAMES)
    return expansion


def asks_for_architects(view) -> bool:
    return asked_expansion(view) == ARCHITECTS


class CostSerializer(serializers.Serializer):
    coins = serializers.IntegerField()
    wood = serializers.IntegerField()
    stone = serializers.IntegerField()
    clay = serializers.IntegerField()
    ore = serializers.IntegerField()
    glass = serializers.IntegerField()
    textile = serializers.IntegerField()
    papyrus = serializers.IntegerField()


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
        fields = ["id", "name", "names", "expansion", "kind", "playable", "age", "color", "cost", "copies",
                  "chain_from", "chain_to", "effect_text", "effects"]

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


# The counts a deck is dealt for, then 8 (with Cities), which plays with the 7-player deck.
BASE_PLAYER_COUNTS = filter_player_counts()


@extend_schema_field(OpenApiTypes.INT)
class PlayerCountFilter(django_filters.TypedChoiceFilter):
    """A player count of the base game, documented as an integer."""


class CardFilter(django_filters.FilterSet):
    age = django_filters.TypedChoiceFilter(choices=[(a, a) for a in (1, 2, 3)], coerce=int)
    color = django_filters.ChoiceFilter(choices=[(c, c) for c in COLORS + EXPANSION_COLORS])
    expansion = django_filters.ChoiceFilter(choices=[(e, e) for e in EXPANSIONS])
    players = PlayerCountFilter(
        choices=[(n, n) for n in BASE_PLAYER_COUNTS], coerce=int, method="filter_players",
        label="Cards in the deck at this player count (" + ", ".join(map(str, BASE_PLAYER_COUNTS)) + "; "
              "8, with Cities, plays with the 7-player deck)",
    )
    q = django_filters.CharFilter(method="filter_name", label="Text in the card's name (any language)")

    class Meta:
        model = Card
        fields = ["age", "color", "expansion", "players", "q"]

    def filter_players(self, queryset, name, value):
        return queryset.filter(min_players__lte=deck_players(value))

    def filter_name(self, queryset, name, value):
        return queryset.filter(texts__name__icontains=value.strip()).distinct()


def card_queryset():
    return Card.objects.prefetch_related(
        Prefetch("texts", queryset=CardText.objects.all()),
        Prefetch("chain_from", queryset=Card.objects.only("id")),
        Prefetch("chain_to", queryset=Card.objects.only("id")),
    )


CARD_RESPONSE = PolymorphicProxySerializer(
    component_name="CatalogueCard", serializers=[CardSerializer, ArchitectsCardSerializer],
    resource_type_field_name=None,
)


@extend_schema_view(
    list=extend_schema(parameters=[LANG_PARAMETER, EXPANSION_PARAMETER, *ARCHITECTS_CARD_PARAMETERS],
                       responses=PolymorphicProxySerializer(
                           component_name="CatalogueCard", serializers=[CardSerializer, ArchitectsCardSerializer],
                           resource_type_field_name=None, many=True),
                       summary="The card catalogue, filterable: the base game's or Architects'."),
    retrieve=extend_schema(parameters=[LANG_PARAMETER, EXPANSION_PARAMETER], responses=CARD_RESPONSE,
                           summary="One card (an Architects card with expansion=architects)."),
)
class CardViewSet(LanguageContextMixin, viewsets.ReadOnlyModelViewSet):
    pagination_class = None
    queryset = card_queryset()

    @property
    def filterset_class(self):
        return ArchitectsCardFilter if asks_for_architects(self) else CardFilter

    def get_serializer_class(self):
        return ArchitectsCardSerializer if asks_for_architects(self) else CardSerializer

    def get_queryset(self):
        if asks_for_architects(self):
            return architects_card_queryset()
        # Each expansion is its own list; the retrieve of one card by id works whatever its expansion.
        if self.action == "list":
            return card_queryset().filter(expansion=asked_expansion(self))
        return card_queryset()

    # Cached per catalogue version (cards/api_cache.py); the query parameters the answers depend on:
    # the filters of both games (a filter the asked game does not have is ignored, like any other).
    @cached_answer(["expansion", "age", "color", "players", "q", "kind", "deck"])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @cached_answer(["expansion"])
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)


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


WONDER_RESPONSE = PolymorphicProxySerializer(
    component_name="CatalogueWonder", serializers=[WonderSerializer, ArchitectsWonderSerializer],
    resource_type_field_name=None,
)


@extend_schema_view(
    list=extend_schema(parameters=[LANG_PARAMETER, EXPANSION_PARAMETER],
                       responses=PolymorphicProxySerializer(
                           component_name="CatalogueWonder", serializers=[WonderSerializer, ArchitectsWonderSerializer],
                           resource_type_field_name=None, many=True),
                       summary="The seven wonders: the base game's (both sides) or Architects' (stage tiles)."),
    retrieve=extend_schema(parameters=[LANG_PARAMETER, EXPANSION_PARAMETER], responses=WONDER_RESPONSE,
                           summary="One wonder (an Architects wonder with expansion=architects)."),
)
class WonderViewSet(LanguageContextMixin, viewsets.ReadOnlyModelViewSet):
    pagination_class = None
    queryset = Wonder.objects.prefetch_related(
        "texts", Prefetch("stages", queryset=WonderStage.objects.prefetch_related("texts"))
    )

    def get_serializer_class(self):
        return ArchitectsWonderSerializer if asks_for_architects(self) else WonderSerializer

    def get_queryset(self):
        if asks_for_architects(self):
            return architects_wonder_queryset()
        if self.action == "list":
            return self.queryset.filter(expansion=asked_expansion(self))
        return self.queryset

    @cached_answer(["expansion"])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @cached_answer(["expansion"])
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)
