"""What the catalogue API's endpoints share: the `lang` parameter and names in every language."""
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from cards.language import CONTENT_LANGUAGES, api_language

LANG_PARAMETER = OpenApiParameter(
    "lang", OpenApiTypes.STR, enum=list(CONTENT_LANGUAGES), default="en",
    description="Language of names and texts.",
)


class NamesSerializer(serializers.Serializer):
    """{"en", "it", "pt-br"}: a name per language ("pt-br" is not a Python identifier)."""

    def get_fields(self):
        return {language: serializers.CharField() for language in CONTENT_LANGUAGES}

    def to_representation(self, instance):
        return {language: instance.get(language, "") for language in CONTENT_LANGUAGES}


class LanguageContextMixin:
    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["lang"] = api_language(self.request)
        return context
