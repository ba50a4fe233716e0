"""Middleware of the site's own."""


class OneThreadForTheChain:
    """Last in MIDDLEWARE, sync only: under ASGI (daphne), Django then runs the whole middleware
    chain and the view in one worker thread per request.

    Every middleware but WhiteNoise can run async, so Django ran those after WhiteNoise in async
    mode, and an async-mode MiddlewareMixin calls each of its process_request/process_response in
    a thread of its own: a dozen trips between the event loop and a thread per request, which cost
    more than the cached catalogue answer itself (bench/bench_cards_api.py: daphne's CPU per
    request). With a sync-only middleware innermost, the chain adapts once at the top and once
    around the view. Nothing changes under WSGI or the test client (sync already)."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        # The innermost place every request passes, so hostile input is refused here too, right
        # before the view (RefuseHostileInput, below; it reads nothing until a request asks).
        self.get_response = RefuseHostileInput(get_response)

    def __call__(self, request):
        return self.get_response(request)


# ---------------------------------------------------------------------------------------------
# Hostile input (issue 30, item 4): what the database, the JSON decoder or a token check would fail
# on is refused here, before any view: a 400 or 404 in the API's one error shape under /api/, the
# site's 400 or 404 page elsewhere, never a 500.

# PostgreSQL text cannot hold NUL: a path, a query or a header with one never reaches a query.
NUL = "\x00"
# The deepest JSON body the API reads (a score sheet is five levels deep); Python's decoder gives
# up with a RecursionError near a thousand, and a deep body costs every recursive step after it.
MAX_JSON_DEPTH = 32
# What a session key is made of (Django's: 32 lowercase letters and digits).
_SESSION_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _api(request):
    return request.path_info.startswith("/api/")


def _refuse(request, status, code, message, details=None, exception=None):
    """The API's error answer, or the site's page for that status (its handler, through the
    exception Django turns into it)."""
    from django.core.exceptions import BadRequest
    from django.http import Http404, JsonResponse

    from wonders_site.api_errors import error_body

    if _api(request):
        return JsonResponse(error_body(code, message, details), status=status)
    raise (Http404 if status == 404 else BadRequest)(message)


def json_depth(value):
    """How deep a decoded JSON value nests (a scalar 0, [] 1, [[]] 2), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            deepest = max(deepest, depth)
            continue
        deepest = max(deepest, depth + 1)
        stack.extend((child, depth + 1) for child in item)
    return deepest


def _json_too_deep(request):
    """Whether the body is JSON nested deeper than MAX_JSON_DEPTH (a body the decoder cannot read
    at all is the parser's to refuse)."""
    import json

    if "json" not in request.META.get("CONTENT_TYPE", "").lower():
        return False
    try:
        body = request.body
        if b"[" * MAX_JSON_DEPTH not in body and body.count(b"[") + body.count(b"{") <= MAX_JSON_DEPTH:
            return False  # the common case: too few brackets to be that deep, nothing decoded twice
        return json_depth(json.loads(body)) > MAX_JSON_DEPTH
    except RecursionError:
        return True
    except ValueError:  # not JSON, not UTF-8: the parser answers that
        return False


def _bad_authorization(value):
    """Whether an Authorization header cannot be a token: bytes that are not UTF-8 (a WSGI server
    hands headers over as latin-1), or a NUL."""
    try:
        text = value.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return True
    return NUL in text


class RefuseHostileInput:
    """Refuses, before the view, the input that would fail deeper down: a NUL in the path (404:
    no resource is named so), in a query parameter (400 bad_parameter) or in a header (400
    bad_header); an Authorization header that is not UTF-8 (400 bad_header, under /api/, where a
    token is read); a JSON body nested deeper than MAX_JSON_DEPTH (400 parse_error). A session
    cookie that cannot be a session key (an escaped NUL in a quoted cookie, say) is no session.
    Too large bodies and unreadable forms end in the site's handler400, which answers JSON under
    /api/ (wonders_site.api_errors.bad_request)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        refusal = self.refusal(request)
        if refusal is not None:
            return refusal
        self.drop_bad_session(request)
        return self.get_response(request)

    @staticmethod
    def refusal(request):
        if NUL in request.path_info:
            return _refuse(request, 404, "not_found", "No such resource.")
        for name, value in request.META.items():
            if name.startswith("HTTP_") and isinstance(value, str) and NUL in value:
                header = name[5:].replace("_", "-").title()
                return _refuse(request, 400, "bad_header", f"The {header} header holds a NUL character.",
                               {"header": header})
        if _api(request) and _bad_authorization(request.META.get("HTTP_AUTHORIZATION", "")):
            return _refuse(request, 400, "bad_header", "The Authorization header is not UTF-8.",
                           {"header": "Authorization"})
        for name, values in request.GET.lists():
            if NUL in name or any(NUL in value for value in values):
                return _refuse(request, 400, "bad_parameter", f"The parameter {name!r} holds a NUL character.",
                               {"parameter": name.replace(NUL, "")})
        if _api(request) and request.method in ("POST", "PUT", "PATCH") and _json_too_deep(request):
            return _refuse(request, 400, "parse_error", f"The JSON body nests deeper than {MAX_JSON_DEPTH} levels.",
                           {"max_depth": MAX_JSON_DEPTH})
        return None

    @staticmethod
    def drop_bad_session(request):
        from django.conf import settings

        key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        if key and (len(key) > 64 or not set(key) <= _SESSION_KEY_CHARS) and hasattr(request, "session"):
            request.session = type(request.session)(None)
