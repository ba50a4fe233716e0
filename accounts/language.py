"""Sending a player to the site in their own language."""
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import translate_url
from django.utils import translation


def url_in_language(url: str, language: str) -> str:
    """The same page under `language`'s prefix; the URL unchanged if it is not a translatable page."""
    current = translation.get_language_from_path(urlsplit(url).path)
    if not current or current == language:
        return url
    # translate_url resolves against the active language's prefix, so resolve in the URL's own.
    with translation.override(current):
        return translate_url(url, language)


def remember_language(response, language: str):
    """Set the cookie LocaleMiddleware reads, as django.views.i18n.set_language does."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
