"""7 Wonders Architects in words: a first, minimal version (the site's pages for this game are
still to be built; refine freely).

Names of the wonders, card kinds and progress tokens come from the game's data file
(``cards/data/architects/architects.json``), which has English and Italian names: the spec gives
no Portuguese ones, so pt-br shows the English names. The English token names and the science
symbol names are unverified (listed in the data file). Card ids in a match are per copy
(``giza-blue_cat-2``); names are per kind, and ``card_name`` accepts either.
"""
import json
from functools import lru_cache
from pathlib import Path

from django.utils.translation import gettext_lazy as _, pgettext_lazy

DATA_FILE = Path(__file__).resolve().parents[2] / "cards" / "data" / "architects" / "architects.json"
COLOUR_ORDER = ("grey", "yellow", "green", "red", "blue")

CATEGORY_WORDS = {
    "wonder": {"en": "Wonder", "it": "Meraviglia", "pt-br": "Maravilha"},
    "blue": {"en": "Blue cards", "it": "Carte blu", "pt-br": "Cartas azuis"},
    "cat": {"en": "Cat", "it": "Gatto", "pt-br": "Gato"},
    "military": {"en": "Military", "it": "Militare", "pt-br": "Militar"},
    "progress": {"en": "Progress tokens", "it": "Segnalini Progresso", "pt-br": "Fichas de progresso"},
}

RULE_ERRORS = {
    "bad_wonders": _("Choose a wonder (or random) for each seat."),
    "unknown_wonder": _("There is no such wonder."),
    "duplicate_wonder": _("Each wonder can be chosen once."),
    "deck_unavailable": _("You cannot take a card from that deck now."),
    "cannot_build": _("That stage cannot be built that way now."),
    "token_unavailable": _("That progress token cannot be taken now."),
    "card_not_looked_at": _("That card is not among the cards you are looking at."),
}

BOARD_WORDS = {
    "take": _("Take the top card of %(deck)s"),
    "central_deck": _("the central deck"),
    "peek": _("Look at the top card of the central deck (cat)"),
    "decline": _("No extra card"),
    "build": _("Build stage %(stage)s"),
    "progress": _("Take a progress token"),
    "progress_pile": _("the top of the pile, unseen"),
    "look": _("Look at the top five cards of %(deck)s"),
    "keep": _("Keep %(card)s"),
    "battle_due": _("A battle comes at the end of this turn."),
    "tie_break": _("Ties are broken by built stages; then the victory is shared."),
}

# No card is named next to a category's points in this game.
CATEGORY_NOTES = {}


@lru_cache(maxsize=1)
def _data():
    with open(DATA_FILE, encoding="utf-8") as file:
        return json.load(file)

# No game page draws an Architects table yet: the lobby does not offer the game until one does.
HAS_BOARD = False
MODE_NAMES = {"architects": "7 Wonders Architects"}


def _pick(texts, language, fallback):
    return texts.get(language) or texts.get("en") or fallback


def game_name():
    return _("7 Wonders Architects")


def error_words():
    return RULE_ERRORS


def board_words():
    return BOARD_WORDS


def option_words(language):
    return {
        "wonders": {
            "label": pgettext_lazy("the seven wonders", "Choose the wonders"),
            "choices": dict(names(language)[1]),
            "seat_label": _("Wonder of seat %(seat)s"),
            "empty": pgettext_lazy("wonder", "random"),
        },
    }


@lru_cache(maxsize=8)
def page_catalogue(language):
    """Card kinds, wonders (stages: level, cost, points, power) and progress tokens in one language."""
    data = _data()
    kinds = {k["id"]: {"name": _pick(k["names"], language, k["id"]), "color": k["color"]} for k in data["card_kinds"]}
    wonders = {w["id"]: {"name": _pick(w["names"], language, w["id"]), "power": w["power"],
                         "stages": [dict(s) for s in w["stages"]]} for w in data["wonders"]}
    tokens = {t["id"]: {"name": _pick(t["names"], language, t["id"]), "copies": t["copies"], "effect": t["effect"]}
              for t in data["progress_tokens"]}
    return {"cards": kinds, "wonders": wonders, "tokens": tokens}


@lru_cache(maxsize=8)
def names(language):
    """(card kinds {kind: {"name", "color", "age": None}}, wonders {id: name}) in `language`."""
    catalogue = page_catalogue(language)
    cards = {kind: {"name": card["name"], "color": card["color"], "age": None}
             for kind, card in catalogue["cards"].items()}
    return cards, {wonder_id: wonder["name"] for wonder_id, wonder in catalogue["wonders"].items()}


def _kind(card_id):
    parts = card_id.split("-")
    return parts[1] if len(parts) == 3 else card_id


def card_name(card_id, language):
    card = names(language)[0].get(_kind(card_id))
    return card["name"] if card else card_id


def wonder_name(wonder_id, language):
    return names(language)[1].get(wonder_id, wonder_id)


def wonder_sides():
    """Architects' wonders have no sides."""
    return {wonder["id"]: () for wonder in _data()["wonders"]}


@lru_cache(maxsize=8)
def wonder_choices(language):
    return sorted(names(language)[1].items(), key=lambda item: item[1])


def card_picker(language):
    """Empty: there is no score-sheet calculator for this game yet."""
    return []


def city_groups(card_ids, language):
    """[(colour, [card name])] of the cards in front of a player, greys first."""
    cards = names(language)[0]
    groups = {}
    for card_id in card_ids:
        card = cards.get(_kind(card_id))
        if card:
            groups.setdefault(card["color"], []).append(card["name"])
    return [(colour, groups[colour]) for colour in COLOUR_ORDER if colour in groups]


def category_label(category, language):
    texts = CATEGORY_WORDS.get(category)
    return _pick(texts, language, category) if texts else category


# ---------------------------------------------------------------------------------------------
# History pages (a finished match's cities, the tie-break's words) and the score-sheet
# calculator. Kept apart from the board's words above.

def token_name(token_id, language):
    """A progress token's name; ids are per copy (``culture-2``) or per kind (``culture``)."""
    kind = token_id.split("-")[0]
    token = page_catalogue(language)["tokens"].get(kind)
    return token["name"] if token else token_id


def city_summaries(frame, language):
    """The players of a replay frame (``engine.reveal``) in words, for the match page without
    script: [{"wonder", "side": "", "facts": [words], "stages": [{"number", "points", "built"}],
    "tokens": [progress token names], "groups": [(colour, [card names])]}]."""
    from django.utils.translation import gettext, ngettext

    wonders = page_catalogue(language)["wonders"]
    out = []
    for seat, player in enumerate(frame["players"]):
        stages = wonders.get(player["wonder"], {}).get("stages", [])
        built = set(player["built"])
        facts = [
            gettext("%(built)s of %(count)s stages built") % {"built": len(built), "count": len(stages)},
            ngettext("%(count)s military victory token", "%(count)s military victory tokens",
                     player["military"]) % {"count": player["military"]},
        ]
        if frame.get("cat") == seat:
            facts.append(gettext("holds the cat"))
        out.append({
            "wonder": wonder_name(player["wonder"], language),
            "side": "",
            "facts": facts,
            "stages": [{"number": stage["stage"], "points": stage["points"], "built": stage["stage"] in built}
                       for stage in stages],
            "tokens": [token_name(token, language) for token in player["tokens"]],
            "groups": city_groups(player["cards"], language),
        })
    return out


def tiebreak_label(language):
    """The words of the score sheet's tie-break column: the stages built."""
    return _("Stages built")
