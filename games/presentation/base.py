"""7 Wonders (base game) in words: its name, its options, its cards and wonders for the game page."""
from functools import lru_cache

from django.utils.translation import gettext_lazy as _, pgettext_lazy

from cards.catalogue_data import read_cards, read_wonders


def game_name():
    return _("7 Wonders")


def option_words(language):
    wonders = page_catalogue(language)["wonders"]
    return {
        "sides": {
            "label": _("Wonder sides"),
            "choices": {"A": _("side A"), "B": _("side B"), "random": _("random sides"),
                        "choose": _("each player chooses a side")},
        },
        "wonders": {
            "label": pgettext_lazy("the seven wonders", "Choose the wonders"),
            "choices": {wonder_id: wonder["name"] for wonder_id, wonder in wonders.items()},
            "seat_label": _("Wonder of seat %(seat)s"),
            "empty": pgettext_lazy("wonder", "random"),
        },
    }


@lru_cache(maxsize=8)
def page_catalogue(language):
    """Names and texts of the cards and wonders in one language, for the game page."""
    def pick(texts):
        return texts.get(language) or texts.get("en", "")

    cards = {}
    for card in read_cards():
        cost = {k: v for k, v in card["cost"].items() if v}
        cards[card["id"]] = {"name": pick(card["names"]), "color": card["color"], "age": card["age"],
                             "cost": cost, "text": pick(card["text"]), "chain_to": card["chain_to"]}
    wonders = {}
    for wonder in read_wonders():
        wonders[wonder["id"]] = {
            "name": pick(wonder["names"]), "city": pick(wonder["city"]),
            "sides": {side: [{"cost": {k: v for k, v in stage["cost"].items() if v}, "text": pick(stage["text"])}
                             for stage in content["stages"]]
                      for side, content in wonder["sides"].items()},
        }
    return {"cards": cards, "wonders": wonders}
