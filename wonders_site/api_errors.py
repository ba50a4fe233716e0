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
