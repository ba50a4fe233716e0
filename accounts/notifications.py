"""A player's notification settings in links: the signed one-click unsubscribe link every e-mail
carries (body and List-Unsubscribe header), and the settings page's address.

The token is django.core.signing over the user's id with a salt of its own: it cannot be forged
without SECRET_KEY, names nobody else, and needs no row; it does not expire (an old e-mail's
link still unsubscribes).
"""
from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils import translation

UNSUBSCRIBE_SALT = "accounts.notifications.unsubscribe"


def unsubscribe_token(user_id):
    return signing.dumps({"u": user_id}, salt=UNSUBSCRIBE_SALT, compress=True)


def user_of_token(token):
    """The user id the token was made for, or None for a token that does not verify."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    user_id = data.get("u") if isinstance(data, dict) else None
    return user_id if isinstance(user_id, int) else None


def site_url(path):
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_url(user_id, language):
    with translation.override(language):
        return site_url(reverse("accounts:unsubscribe", args=[unsubscribe_token(user_id)]))


def settings_url(language):
    with translation.override(language):
        return site_url(reverse("accounts:notifications"))
