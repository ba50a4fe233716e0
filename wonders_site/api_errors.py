"""One JSON shape for every API error: {"error": {"code", "message", "details"}}."""
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.views import exception_handler as drf_exception_handler


class BadQueryParameter(exceptions.ValidationError):
    """A query parameter with a value the endpoint does not accept (400)."""

    def __init__(self, parameter: str, value: str, allowed=None):
        details = {"parameter": parameter, "value": value}
        if allowed is not None:
            details["allowed"] = list(allowed)
        super().__init__(detail=details, code="bad_parameter")
        self.parameter = parameter
        self.value = value
        self.details = details


def error_body(code: str, message: str, details=None) -> dict:
    return {"error": {"code": code, "message": message, "details": details or {}}}


def exception_handler(exc, context):
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, BadQueryParameter):
        response.data = error_body(
            "bad_parameter", f"Unsupported value {exc.value!r} for parameter {exc.parameter!r}", exc.details
        )
        return response
    if isinstance(exc, exceptions.NotFound):
        response.data = error_body("not_found", str(exc.detail))
    elif isinstance(exc, exceptions.ValidationError):
        response.data = error_body("invalid", "The request is not valid.", exc.detail)
    elif isinstance(exc, exceptions.Throttled):
        response.data = error_body("throttled", str(exc.detail), {"wait": exc.wait})
    elif isinstance(exc, exceptions.APIException):
        response.data = error_body(exc.default_code, str(exc.detail))
    return response


def json_404(request, exception=None):
    """404 handler: JSON under /api/, HTML elsewhere."""
    from django.views.defaults import page_not_found

    if request.path.startswith("/api/"):
        return JsonResponse(error_body("not_found", "No such resource."), status=status.HTTP_404_NOT_FOUND)
    return page_not_found(request, exception)


def server_error(request):
    """500 handler: JSON under /api/, otherwise the site's own page in the request's language
    (templates/500.html stands alone: whatever failed may fail again inside the site's layout)."""
    from django.shortcuts import render

    if request.path.startswith("/api/"):
        return JsonResponse(error_body("server_error", "Something went wrong on our side."),
                            status=status.HTTP_500_INTERNAL_SERVER_ERROR)
    return render(request, "500.html", status=status.HTTP_500_INTERNAL_SERVER_ERROR)


def bad_request(request, exception=None):
    """400 handler (a body too large, a form that cannot be read, input refused before any view):
    the error shape under /api/, the site's 400 page elsewhere."""
    from django.core.exceptions import RequestDataTooBig
    from django.views.defaults import bad_request as page

    if request.path.startswith("/api/"):
        if isinstance(exception, RequestDataTooBig):
            body = error_body("too_large", "The request body is too large.")
        else:
            body = error_body("bad_request", "The request could not be read.")
        return JsonResponse(body, status=status.HTTP_400_BAD_REQUEST)
    return page(request, exception)


HOSTILE_INPUT_DESCRIPTIONS = {
    "400": "A query parameter, a header or the body is not valid (error.code says which: bad_parameter, "
    "bad_header, parse_error, invalid...).",
    "401": "A token was sent and is not valid (unknown, expired or revoked): send none, or a valid one.",
}


def document_hostile_input(result, generator, request, public):
    """Schema hook after wonders_site.api_schema.document_errors (the schema view's own settings,
    wonders_site/urls.py): every operation may answer 400 (a header the site refuses:
    wonders_site.middleware.RefuseHostileInput), and 401 wherever a token may be sent (the
    operation's security names the Token scheme), an invalid token being refused even where none
    is needed."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            codes = ["400"]
            if any("knoxApiToken" in scheme for scheme in operation.get("security", [])):
                codes.append("401")
            for code in codes:
                responses.setdefault(code, {"description": HOSTILE_INPUT_DESCRIPTIONS[code], "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    return result
