"""What a player sees when django-axes has locked their login out (AXES_LOCKOUT_CALLABLE)."""
from django.shortcuts import render

from axes.helpers import get_cool_off


def locked_out(request, original_response=None, credentials=None):
    """A page in the request's language, status 429, saying when to try again."""
    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else None
    response = render(request, "accounts/locked_out.html", {"minutes": minutes}, status=429)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response
