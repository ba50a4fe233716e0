"""Cached answers of the catalogue API: cards, wonders, progress tokens and the rules reference.

What they serve changes only when the catalogue is loaded (cards/catalogue_version.py), so an
answer is serialised once per catalogue version, not per request (what that saves:
docs/releasing.md, "Site measurements moved from docstrings"). A read-only handler decorated with
`cached_answer(params)`:

- runs after DRF's `initial()`, so authentication, throttling and content negotiation still
  happen on every request, cached or not;
- keys its answer by the catalogue's version, the path, the negotiated media type, the language
  (`?lang=`, validated and normalised: a bad one is still its coded 400) and the values of
  `params`, the query parameters that can change the answer, sorted. Others are ignored by the
  views, so they are left out of the key (`?lang=it&utm=x` is `?lang=it`);
- stores the rendered JSON (its bytes, their gzip and the content type) in the `default` cache
  (per process) for ANSWER_SECONDS, only for a 200: an error (a bad filter's 400, a 404) is never
  stored, and is produced again by the view on each request;
- serves the gzip to a client that accepts it (`Content-Encoding` set, so GZipMiddleware leaves
  it alone): compressing 40 kB on every request cost about a third of a cached answer's time.
  GZipMiddleware pads what it compresses against BREACH; these answers are public data that
  echo nothing of the request and carry no secret, so one compression serves every client;
- sends a strong ETag per representation (a digest of the version and the key; `-gzip` after it
  for the compressed one), `Vary: Accept, Accept-Encoding` and `Cache-Control: public,
  max-age=CATALOGUE_API_MAX_AGE, must-revalidate`, and answers 304 without a body to an
  If-None-Match that matches (Django's `get_conditional_response`).

Only JSON answers are cached (the browsable API renders as before). CATALOGUE_API_CACHE=false
turns the whole thing off (the bench's "before").
"""
import functools
import gzip
import hashlib
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers, quote_etag
from rest_framework.response import Response

from cards import catalogue_version
from cards.language import api_language

ANSWER_SECONDS = 24 * 3600  # a new load changes the key; old answers just age out (or are culled)
CACHE_PREFIX = "catalogue-api:"


def cached_answer(params):
    """Decorate a GET handler (`list`, `retrieve`, `get`) of a read-only catalogue view; `params`
    are the query parameters its answer depends on besides `lang`."""
    params = tuple(sorted(set(params) - {"lang"}))

    def decorate(handler):
        @functools.wraps(handler)
        def wrapper(view, request, *args, **kwargs):
            return serve(view, request, params, lambda: handler(view, request, *args, **kwargs))

        return wrapper

    return decorate


def answer_key(request, params, language: str) -> str:
    query = sorted((name, value) for name in params for value in request.query_params.getlist(name))
    return "\n".join((request.path, request.accepted_media_type or "", language, urlencode(query)))


def serve(view, request, params, produce):
    renderer = getattr(request, "accepted_renderer", None)
    if not settings.CATALOGUE_API_CACHE or renderer is None or renderer.format != "json":
        return produce()
    language = api_language(request)
    digest = hashlib.sha256(f"{catalogue_version.current()}\n{answer_key(request, params, language)}".encode())
    name = digest.hexdigest()[:40]
    stored = cache.get(CACHE_PREFIX + name)
    if stored is None:
        answer = produce()
        if not isinstance(answer, Response) or answer.status_code != 200:
            return answer
        _render(view, request, answer)
        stored = (answer["Content-Type"], answer.content, _compressed(answer.content))
        cache.set(CACHE_PREFIX + name, stored, ANSWER_SECONDS)
    content_type, body, compressed = stored
    if compressed is not None and re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(compressed, content_type=content_type)
        response["Content-Encoding"] = "gzip"
        name += "-gzip"
    else:
        response = HttpResponse(body, content_type=content_type)
    response["ETag"] = quote_etag(name)
    patch_vary_headers(response, ("Accept", "Accept-Encoding"))
    patch_cache_control(response, public=True, max_age=settings.CATALOGUE_API_MAX_AGE, must_revalidate=True)
    return get_conditional_response(request, etag=response["ETag"], response=response)


def _compressed(body: bytes):
    """The gzip of an answer worth compressing (GZipMiddleware's threshold: 200 bytes), else None."""
    if len(body) < 200:
        return None
    compressed = gzip.compress(body, compresslevel=9, mtime=0)
    return compressed if len(compressed) < len(body) else None


def _render(view, request, response):
    """Render a DRF answer now, as `finalize_response` would later, to store its bytes."""
    response.accepted_renderer = request.accepted_renderer
    response.accepted_media_type = request.accepted_media_type
    response.renderer_context = view.get_renderer_context()
    response.render()
