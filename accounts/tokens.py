"""API tokens (django-rest-knox): only a hash of each token is stored, each expires after
API_TOKEN_DAYS, a player holds at most API_TOKENS_PER_USER (the oldest go first), can list and
revoke theirs, and all of them are revoked when the password changes (signals.py)."""
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from knox.models import AuthToken


def token_lifetime():
    return timedelta(days=settings.API_TOKEN_DAYS)


@transaction.atomic
def do_issue_token(user):
    """A new token for `user`: (its row, the token itself, shown to the client only now)."""
    row, token = AuthToken.objects.create(user=user, expiry=token_lifetime())
    kept = AuthToken.objects.filter(user=user).order_by("-created").values_list("digest", flat=True)
    AuthToken.objects.filter(user=user).exclude(digest__in=list(kept[: settings.API_TOKENS_PER_USER])).delete()
    return row, token


def live_tokens(user):
    """The user's tokens that still work, newest first (expired ones are dropped on the way)."""
    from django.utils import timezone

    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()
    return list(AuthToken.objects.filter(user=user).order_by("-created"))


def do_revoke_token(user, token_key):
    """Revoke the user's token that starts with `token_key`; how many were revoked (0 or 1)."""
    deleted, _ = AuthToken.objects.filter(user=user, token_key=token_key).delete()
    return deleted


def do_revoke_all_tokens(user):
    AuthToken.objects.filter(user=user).delete()
