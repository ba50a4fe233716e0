"""The base game's replay: ``static/replay.js`` draws each frame (``engine.reveal``) on the same
table as the game page, with ``static/tableau.js`` and ``static/tableau.css`` (loaded before it:
``REPLAY_SCRIPTS``, ``REPLAY_STYLES``), so it needs the game page's catalogue (every card's and
stage's effects), the icon sprite and the board's words in the page's language."""
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.presentation.plural import Plural

from . import BOARD_WORDS
from .catalogue import card_name, page_catalogue

# What the match page loads before static/replay.js (games/templatetags/boards.py).
REPLAY_SCRIPTS = ("games/base/tableau.js",)
REPLAY_STYLES = ("games/base/tableau.css",)


# The coach's review (issue 28): an action as done ("did_") and as the search's other choice
# ("instead_", after "less win chance than"), picked by the action's type (review_action_text).
INSTEAD = "the search's choice, after: less win chance than"
REVIEW_WORDS = {
    "did_build": _("built %(card)s"),
    "did_wonder": _("built a wonder stage with %(card)s"),
    "did_discard": _("discarded %(card)s"),
    "did_build_discarded": _("built %(card)s from the discard pile"),
    "did_pass": _("passed"),
    "did_pay_debt": _("paid %(coins)s of the debt"),
    "did_side": _("chose side %(side)s"),
    "instead_build": pgettext_lazy(INSTEAD, "building %(card)s"),
    "instead_wonder": pgettext_lazy(INSTEAD, "building a wonder stage with %(card)s"),
    "instead_discard": pgettext_lazy(INSTEAD, "discarding %(card)s"),
    "instead_build_discarded": pgettext_lazy(INSTEAD, "building %(card)s from the discard pile"),
    "instead_pass": pgettext_lazy(INSTEAD, "passing"),
    "instead_pay_debt": pgettext_lazy(INSTEAD, "paying %(coins)s of the debt"),
    "instead_side": pgettext_lazy(INSTEAD, "choosing side %(side)s"),
    # The 2-player variant: an action a seat takes for the Free City (its "city" is "free_city").
    "review_free_city": _("%(action)s for the Free City"),
}


def replay_data(language):
    """The catalogue and the board's words, in `language` (the icons are in the page: cards/sprites.py)."""
    with translation.override(language):
        words = {key: text.forms() if isinstance(text, Plural) else str(text) for key, text in BOARD_WORDS.items()}
    return {"catalogue": page_catalogue(language), "words": words}


def review_action_text(action, form, labels):
    """A reviewed action in words, in the active language: `form` "did" ("discarded Baths") or
    "instead" ("discarding Baths"); None for an action without words. `labels`: the seats' public
    labels (engine.seat_labels), unused here."""
    text = REVIEW_WORDS.get(f"{form}_{action.get('type')}")
    if text is None:
        return None
    language = translation.get_language()
    text = str(text) % {"card": card_name(action["card"], language) if action.get("card") else "",
                        "coins": action.get("coins", ""), "side": action.get("side", "")}
    return str(REVIEW_WORDS["review_free_city"]) % {"action": text} if action.get("city") == "free_city" else text


def replay_table_data(config):
    """What a frame (``engine.reveal``) does not say and the table draws: whether teams of two are
    played (Cities), each seat's partner being the other seat of its pair (seats 2k and 2k + 1)."""
    return {"teams": bool((config or {}).get("teams"))}
