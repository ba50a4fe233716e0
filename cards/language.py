"""The site's content languages and how a request names one."""
from wonders_site.api_errors import BadQueryParameter

CONTENT_LANGUAGES = ("en", "it", "pt-br")
DEFAULT_LANGUAGE = "en"


def api_language(request) -> str:
    """The `?lang=` of an API request (default en); a 400 naming it when unknown."""
    value = request.query_params.get("lang", DEFAULT_LANGUAGE).lower()
    if value not in CONTENT_LANGUAGES:
        raise BadQueryParameter("lang", value, CONTENT_LANGUAGES)
    return value


def pick(texts, language: str):
    """The row of `texts` (prefetched per-language rows) in `language`, falling back to English."""
    by_language = {row.language: row for row in texts}
    return by_language.get(language) or by_language.get(DEFAULT_LANGUAGE)
