"""What a player sees when django-axes has locked their login out (AXES_LOCKOUT_CALLABLE)."""
from axes.helpers import get_cool_off
from django.http import JsonResponse
from django.shortcuts import render

from wonders_site.api_errors import error_body


def locked_out(request, original_response=None, credentials=None):
    """A page in the request's language, status 429, saying when to try again."""
    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else None
    if request.path.startswith("/api/"):
        response = JsonResponse(
            error_body("locked_out", "Too many failed logins: try again later.", {"retry_after_minutes": minutes}),
            status=429,
        )
    else:
        response = render(request, "accounts/locked_out.html", {"minutes": minutes}, status=429)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response
