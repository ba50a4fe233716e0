"""7 Wonders Architects' replay: what ``static/replay.js`` draws a frame (``engine.reveal``) with."""
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.presentation.plural import Plural, ngettext_lazy

from . import BOARD_WORDS
from .catalogue import page_catalogue

REPLAY_WORDS = {
    "turn": _("Turn %(turn)s: %(name)s"),
    "central": _("Central deck"),
    "deck_of": _("Deck of %(wonder)s"),
    "cards_left": _("%(count)s left"),
    "top_card": _("Top: %(card)s"),
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
    "no_tokens": _("none"),
    "looking": _("Looking at: %(cards)s"),
}


def replay_data(language):
    """What static/replay.js draws a frame with: card kinds, tokens, wonders, words."""
    with translation.override(language):
        words = {**{key: text.forms() if isinstance(text, Plural) else str(text) for key, text in BOARD_WORDS.items()},
                 **{key: text.forms() if isinstance(text, Plural) else str(text) for key, text in REPLAY_WORDS.items()}}
    return {"catalogue": page_catalogue(language), "words": words}
