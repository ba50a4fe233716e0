"""Login lockouts (django-axes) and what a locked-out player sees.

Two limits, so that nobody can lock someone else out cheaply:
- django-axes counts failures per (account, client IP) and per client IP (AXES_LOCKOUT_PARAMETERS):
  a guesser at one address is stopped after AXES_FAILURE_LIMIT failures, while the account's owner,
  from their own address, can still log in;
- an account-wide limit, AXES_ACCOUNT_FAILURE_LIMIT failures from any addresses within the cool-off
  time (much higher), stops a guesser spread over many addresses. django-axes has one failure limit
  for every parameter, so this one is checked here, over the attempts it records.
"""
from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone

from wonders_site.api_errors import error_body


def account_failures(username):
    """Failed logins to `username` from every address within the cool-off time."""
    if not username:
        return 0
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    attempts = AccessAttempt.objects.filter(username=username, attempt_time__gte=since)
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def is_locked(request, credentials):
    """Whether a login with `credentials` from this request must be refused without checking it."""
    if not settings.AXES_ENABLED:
        return False
    if AxesProxyHandler.is_locked(request, credentials):
        return True
    return account_failures((credentials or {}).get("username")) >= settings.AXES_ACCOUNT_FAILURE_LIMIT


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' backend plus the account-wide limit (first in AUTHENTICATION_BACKENDS)."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        super().authenticate(request, username=username, password=password, **kwargs)
        if settings.AXES_ENABLED and account_failures(username) >= settings.AXES_ACCOUNT_FAILURE_LIMIT:
            # Flagged like django-axes' own refusals: its middleware answers with locked_out below
            # and its signal handler does not count this refused attempt.
            request.axes_locked_out = True
            raise AxesBackendPermissionDenied("the account is locked out")


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
