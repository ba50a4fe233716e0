"""High card on the site: the required core only (no catalogue, no calculator, no replay drawing
of its own), its board in ``templates/board.html`` and ``static/board.js``."""
from django.utils.translation import gettext_lazy as _

MODE_NAMES = {"highcard": _("High card")}
CATEGORY_WORDS = {"card": _("Card"), "unique": _("Unique card")}


def game_name():
    return _("High card")


def option_words(language):
    return {"rounds": {"label": _("Rounds"), "choices": {1: "1", 2: "2", 3: "3"}}}


def board_words():
    return {"keep": _("Keep your card"), "flip": _("Flip your card"), "round": _("Round %(round)s of %(rounds)s"),
            "card_of": _("%(name)s shows %(card)s"), "chosen": _("has chosen")}


def error_words():
    return {"bad_option": _("Choose 1, 2 or 3 rounds.")}


def category_label(category, language):
    return str(CATEGORY_WORDS.get(category, category))


def tiebreak_label(language):
    return _("Card")
