"""7 Wonders Architects' replay: what ``static/replay.js`` draws a frame (``engine.reveal``) with.
The replay draws each step on the game page's own table (``static/table.js`` and ``static/board.css``,
which replay.js loads: the match page names only the game's replay script), so ``replay_data`` also
gives their addresses and the icon sheets'."""
from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.engine.architects.catalogue import CENTRAL  # the central deck's id in a take action
from games.presentation.plural import Plural, ngettext_lazy

from . import BOARD_WORDS
from .catalogue import card_name, page_catalogue, wonder_name

# What the match page loads before static/replay.js: the game page's table and its style.
REPLAY_SCRIPTS = ("games/architects/table.js",)
REPLAY_STYLES = ("games/architects/board.css",)

REPLAY_WORDS = {
    "turn": _("Turn %(turn)s: %(name)s"),
    "central": _("Central deck"),
    "deck_of": _("Deck of %(wonder)s"),
    "cards_left": _("%(count)s left"),
    "conflict": _("Conflict tokens"),
    "conflict_state": _("%(battle)s of %(tokens)s on the battle side"),
    "cat_with": _("with %(name)s"),
    "cat_free": _("in the middle of the table"),
    "cat": _("The cat"),
    "progress_row": _("Progress tokens"),
    "stages": _("Built stages"),
    "military": _("Military tokens"),
    "shields": _("Shields"),
    "points": ngettext_lazy("%(count)s point", "%(count)s points"),
    "total": _("Points so far"),
    "thinking": _("is choosing"),
    "no_tokens": _("none"),
    "looking": _("Looking at: %(cards)s"),
}


# The coach's review (issue 28): an action as done ("did_") and as the search's other choice
# ("instead_", after "less win chance than"), picked by the action (review_action_text).
INSTEAD = "the search's choice, after: less win chance than"
REVIEW_WORDS = {
    "did_take_central": _("took from the central deck"),
    "did_take_deck": _("took from the deck of %(wonder)s"),
    "did_peek": _("peeked at the central deck"),
    "did_decline": _("declined the extra card"),
    "did_progress": _("took the progress token %(token)s"),
    "did_progress_pile": _("took a progress token from the pile"),
    "did_look": _("looked at the deck of %(wonder)s"),
    "did_keep": _("kept %(card)s"),
    "did_build": _("built stage %(stage)s"),
    "instead_take_central": pgettext_lazy(INSTEAD, "taking from the central deck"),
    "instead_take_deck": pgettext_lazy(INSTEAD, "taking from the deck of %(wonder)s"),
    "instead_peek": pgettext_lazy(INSTEAD, "peeking at the central deck"),
    "instead_decline": pgettext_lazy(INSTEAD, "declining the extra card"),
    "instead_progress": pgettext_lazy(INSTEAD, "taking the progress token %(token)s"),
    "instead_progress_pile": pgettext_lazy(INSTEAD, "taking a progress token from the pile"),
    "instead_look": pgettext_lazy(INSTEAD, "looking at the deck of %(wonder)s"),
    "instead_keep": pgettext_lazy(INSTEAD, "keeping %(card)s"),
    "instead_build": pgettext_lazy(INSTEAD, "building stage %(stage)s"),
}


def replay_data(language):
    """What static/replay.js draws a frame with: card kinds, tokens, wonders, words, and where the
    table's drawing and its style are (its icons are in the page: cards/sprites.py)."""
    with translation.override(language):
        words = {**{key: text.forms() if isinstance(text, Plural) else str(text) for key, text in BOARD_WORDS.items()},
                 **{key: text.forms() if isinstance(text, Plural) else str(text) for key, text in REPLAY_WORDS.items()}}
    return {"catalogue": page_catalogue(language), "words": words,
            "assets": {"table": static("games/architects/table.js"), "style": static("games/architects/board.css")}}


def review_action_text(action, form, labels):
    """A reviewed action in words, in the active language: `form` "did" ("took from the deck of
    Giza") or "instead" ("taking from the deck of Giza"); None for an action without words.
    `labels`: the seats' public labels (engine.seat_labels), whose wonders name their decks."""
    kind = action.get("type")
    if kind == "take":
        kind = "take_central" if action.get("deck") == CENTRAL else "take_deck"
    elif kind == "progress" and action.get("token") == "pile":
        kind = "progress_pile"
    text = REVIEW_WORDS.get(f"{form}_{kind}")
    if text is None:
        return None
    language = translation.get_language()
    catalogue = page_catalogue(language)
    deck = action.get("deck")
    wonder = labels[deck].get("wonder") if isinstance(deck, int) and 0 <= deck < len(labels) else None
    token = str(action.get("token", "")).split("-")[0]
    return str(text) % {
        "wonder": wonder_name(wonder, language) if wonder else "",
        "token": catalogue["tokens"].get(token, {}).get("name", token),
        "card": card_name(action["card"], language) if action.get("card") else "",
        "stage": action.get("stage", ""),
    }
