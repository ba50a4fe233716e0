"""The score categories of a game, with the words a page shows for them.

The categories and their order come from the engine (``info(game)["score_categories"]``); this
module only holds their translated labels, one per category key. A key without a label here is
shown as it is (add its label, and its Italian and Portuguese text, when a game brings it)."""
from django.utils.translation import gettext_lazy

from games import engine

LABELS = {
    "military": gettext_lazy("Military"),
    "treasury": gettext_lazy("Treasury"),
    "wonder": gettext_lazy("Wonder"),
    "civilian": gettext_lazy("Civilian"),
    "science": gettext_lazy("Science"),
    "commercial": gettext_lazy("Commercial"),
    "guilds": gettext_lazy("Guilds"),
}


def keys(game):
    """The game's category keys, in the engine's order."""
    return list(engine.info(game)["score_categories"])


def labelled(game):
    """[(key, label)] of the game's categories, in the engine's order."""
    return [(key, LABELS.get(key, key)) for key in keys(game)]
