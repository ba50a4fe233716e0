"""Display names are what other players read at a table, in a log and on a leaderboard, so nobody
may pose as someone else with one: a name is normalised (NFKC, one space between words), may not
carry invisible or direction-changing characters, and is unique ignoring case among display names
and usernames of other players (the database enforces the display-name half).

Look-alike letters from other scripts (a Cyrillic "а" for a Latin "a") are not caught here."""
import unicodedata

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Controls, format characters (zero-width, bidi overrides and isolates), private use, unassigned,
# surrogates, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})


def normalize_display_name(raw):
    return " ".join(unicodedata.normalize("NFKC", raw or "").split())


def check_display_name(name, user=None):
    """ValidationError if `name` (normalised) may not be the display name of `user` (None: a new user)."""
    from accounts.models import Profile

    if any(unicodedata.category(char) in REFUSED_CATEGORIES for char in name):
        raise ValidationError(_("Use visible letters, digits and punctuation only."), code="invisible_characters")
    others = Profile.objects.filter(display_name__iexact=name)
    users = get_user_model().objects.filter(username__iexact=name)
    if user is not None and user.pk is not None:
        others, users = others.exclude(user=user), users.exclude(pk=user.pk)
    if others.exists() or users.exists():
        raise ValidationError(_("Another player already goes by that name."), code="name_taken")


def free_display_name(user):
    """The username, or the username and the account number when another player goes by it."""
    try:
        check_display_name(user.get_username(), user)
    except ValidationError:
        return f"{user.get_username()}#{user.pk}"
    return user.get_username()


def fold(text):
    """Text as the player search compares it: NFKC, case-folded, accents dropped, one space
    between words ("  JOÃO  Pé" -> "joao pe")."""
    decomposed = unicodedata.normalize("NFKD", normalize_display_name(text).casefold())
    return " ".join("".join(char for char in decomposed if not unicodedata.combining(char)).split())


def search_key(display_name, username):
    """What a profile is found by: its display name and its username, folded, one per line (a
    search never spans both)."""
    return f"{fold(display_name)}\n{fold(username)}"
