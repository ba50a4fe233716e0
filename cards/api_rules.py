"""REST API of the rules reference and of search: /api/rules/, /api/rules/{slug}/, /api/search/."""
from django.db.models import Prefetch
from django.urls import reverse
from django.utils import translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api_cache import cached_answer
from cards.language import CONTENT_LANGUAGES, api_language, pick
from cards.models import GAMES, CardText, RuleSection, RuleSectionCard, RuleSectionText, WonderText
from cards.search import KINDS, MAX_QUERY_LENGTH, search
from wonders_site.api_errors import BadQueryParameter

LANG_PARAMETER = OpenApiParameter(
    "lang", OpenApiTypes.STR, enum=list(CONTENT_LANGUAGES), default="en",
    description="Language of the titles, bodies and card names.",
)
GAME_PARAMETER = OpenApiParameter(
    "game", OpenApiTypes.STR, enum=GAMES, required=False,
    description="Only the sections of this game (default: every game).",
)
SEARCH_LIMIT = 20


class QueryEmpty(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "query_empty"
    default_detail = "The parameter 'q' is required and must contain at least one word."


class QueryTooLong(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "query_too_long"
    default_detail = f"The parameter 'q' must be at most {MAX_QUERY_LENGTH} characters long."


# --- serializers (they document the responses; the views build plain dicts) ----------------

class AnchorSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="Stable anchor of the subsection, identical in every language.")
    title = serializers.CharField()
    level = serializers.IntegerField(help_text="2 for a subsection, 3 for a sub-subsection.")


class LinkedCardSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    color = serializers.CharField()
    anchor = serializers.CharField(help_text="First subsection mentioning the card, or empty.")
    url = serializers.CharField(help_text="The card in the API.")
    page_url = serializers.CharField(help_text="The card's page in the asked language.")


class LinkedWonderSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    url = serializers.CharField()
    page_url = serializers.CharField()


class RuleSectionSerializer(serializers.Serializer):
    slug = serializers.CharField()
    game = serializers.ChoiceField(choices=GAMES)
    position = serializers.IntegerField()
    language = serializers.CharField(help_text="Language of the text (English when the asked one is missing).")
    title = serializers.CharField()
    summary = serializers.CharField()
    page_url = serializers.CharField()
    anchors = AnchorSerializer(many=True)
    body_html = serializers.CharField(help_text="Sanitised HTML; card links point to the card pages.")
    body_text = serializers.CharField(help_text="The body as plain text.")
    cards = LinkedCardSerializer(many=True)
    wonders = LinkedWonderSerializer(many=True)


class SearchHitSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["rules", "imported", "card", "wonder"])
    id = serializers.CharField(help_text="Section slug, imported section id, card id or wonder id.")
    title = serializers.CharField()
    title_html = serializers.CharField(help_text="The title, escaped, matches in <mark>.")
    heading = serializers.CharField(help_text="The subsection (rules) or rulebook (imported) of the best match.")
    anchor = serializers.CharField()
    snippet_html = serializers.CharField(help_text="Escaped text around the matches, matches in <mark>.")
    url = serializers.CharField(help_text="Page of the hit in the asked language, with its anchor.")
    score = serializers.FloatField()
    source = serializers.ChoiceField(choices=["reference", "imported", "catalogue"])
    source_title = serializers.CharField(help_text="The imported rulebook's title, what a 7 Wonders Architects catalogue hit is, or empty.")


class SearchResponseSerializer(serializers.Serializer):
    query = serializers.CharField()
    lang = serializers.CharField()
    kind = serializers.ChoiceField(choices=list(KINDS))
    fallback = serializers.ChoiceField(
        choices=["prefix", "typo"], allow_null=True,
        help_text="null: exact matches; prefix: only words beginning like the query's; typo: the query was "
                  "corrected to `suggestion` because nothing matched.",
    )
    suggestion = serializers.CharField(allow_null=True, help_text='The corrected query ("did you mean").')
    count = serializers.IntegerField()
    results = SearchHitSerializer(many=True)


# --- views -----------------------------------------------------------------------------------

def _sections():
    return RuleSection.objects.prefetch_related(
        Prefetch("texts", queryset=RuleSectionText.objects.all()),
        Prefetch("card_links", queryset=RuleSectionCard.objects.select_related("card").prefetch_related(
            Prefetch("card__texts", queryset=CardText.objects.all())).order_by("card__age", "card__position")),
        Prefetch("wonders__texts", queryset=WonderText.objects.all()),
    )


def _section_data(section, language: str) -> dict:
    text = pick(section.texts.all(), language)
    with translation.override(language):
        page_url = reverse("rules-section", kwargs={"slug": section.slug})
        cards = [{
            "id": link.card_id,
            "name": pick(link.card.texts.all(), language).name,
            "color": link.card.color,
            "anchor": link.anchor,
            "url": f"/api/cards/{link.card_id}/?lang={language}",
            "page_url": reverse("card-detail", kwargs={"card_id": link.card_id}),
        } for link in section.card_links.all()]
        wonders = [{
            "id": wonder.id,
            "name": pick(wonder.texts.all(), language).name,
            "url": f"/api/wonders/{wonder.id}/?lang={language}",
            "page_url": reverse("wonder-detail", kwargs={"wonder_id": wonder.id}),
        } for wonder in section.wonders.all()]
    return {
        "slug": section.slug, "game": section.game, "position": section.position, "language": text.language,
        "title": text.title, "summary": text.summary, "page_url": page_url,
        "anchors": [{"id": a["id"], "title": a["title"], "level": a.get("level", 2)} for a in text.anchors],
        "body_html": text.body_html, "body_text": text.body_text, "cards": cards, "wonders": wonders,
    }


class RulesListView(APIView):
    @extend_schema(
        summary="The rules reference: every section, in reading order.",
        parameters=[LANG_PARAMETER, GAME_PARAMETER],
        responses={200: RuleSectionSerializer(many=True)},
    )
    @cached_answer(["game"])
    def get(self, request):
        language = api_language(request)
        game = request.query_params.get("game")
        sections = _sections()
        if game is not None:
            if game not in GAMES:
                raise BadQueryParameter("game", game, GAMES)
            sections = sections.filter(game=game)
        return Response([_section_data(section, language) for section in sections])


class RulesSectionView(APIView):
    @extend_schema(
        summary="One section of the rules reference.",
        parameters=[LANG_PARAMETER],
        responses={200: RuleSectionSerializer, 404: OpenApiResponse(description="No section with this slug.")},
    )
    @cached_answer([])
    def get(self, request, slug):
        language = api_language(request)
        section = _sections().filter(slug=slug).first()
        if section is None:
            raise exceptions.NotFound(f"No rules section {slug!r}.")
        return Response(_section_data(section, language))


class SearchView(APIView):
    @extend_schema(
        summary="Search the rules (our reference and imported rulebooks), the cards and the wonders.",
        description=(
            "Full-text search in one language: stemmed (Italian 'monete' finds 'moneta'), "
            "accent-insensitive ('citta' finds 'città'), ranked, with highlighted snippets. When nothing "
            "matches, mistyped words are corrected (`fallback: typo`). Rules sections come back once, at "
            "their best subsection."
        ),
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, required=True,
                             description=f"The question or words, 1 to {MAX_QUERY_LENGTH} characters."),
            LANG_PARAMETER,
            OpenApiParameter("kind", OpenApiTypes.STR, enum=list(KINDS), default="all",
                             description="rules: our sections and imported rulebooks; cards: cards and wonders."),
        ],
        responses={
            200: SearchResponseSerializer,
            400: OpenApiResponse(description="Empty or too long q (codes query_empty, query_too_long), "
                                             "or a bad lang/kind (code bad_parameter)."),
        },
        examples=[
            OpenApiExample("Italian question", parameter_only=("q", OpenApiParameter.QUERY),
                           value="posso comprare risorse dalle carte gialle"),
            OpenApiExample("A hit", response_only=True, value={
                "query": "science points", "lang": "en", "kind": "all", "fallback": None, "suggestion": None,
                "count": 1, "results": [{
                    "kind": "rules", "id": "scoring", "title": "Scoring", "title_html": "Scoring",
                    "heading": "Science", "anchor": "science",
                    "snippet_html": "… each <mark>science</mark> symbol … victory <mark>points</mark> …",
                    "url": "/en/rules/scoring/#science", "score": 4.2, "source": "reference", "source_title": "",
                }],
            }),
        ],
    )
    def get(self, request):
        language = api_language(request)
        kind = request.query_params.get("kind", "all")
        if kind not in KINDS:
            raise BadQueryParameter("kind", kind, list(KINDS))
        query = request.query_params.get("q", "").strip()
        if not query:
            raise QueryEmpty()
        if len(query) > MAX_QUERY_LENGTH:
            raise QueryTooLong()
        results = search(query, language, kind, limit=SEARCH_LIMIT)
        return Response({
            "query": query, "lang": language, "kind": kind, "fallback": results.fallback,
            "suggestion": results.suggestion, "count": len(results), "results": list(results),
        })
