"""7 Wonders (base game): its cards and wonders in words, read from the catalogue data files
(``cards/data``, read and checked by ``cards.catalogue_data``; the Cities expansion's file too),
and a finished game's cities in words for the match page. Nothing here asks the engine's tables.
Answers are cached (the files do not change while the site runs) and shared: read them, never
change them.
"""
import json
from functools import lru_cache
from pathlib import Path

from cards.catalogue_data import COLORS, read_cards, read_wonders

WORDS_FILE = Path(__file__).resolve().parent / "words.json"
# The Cities expansion's cards and wonders (black cards, its guilds, Petra, Byzantium): the table
# and the match pages name them; the base game's catalogue readers do not read this file.
CITIES_FILE = Path(__file__).resolve().parents[3] / "cards" / "data" / "cities" / "cities.json"

# The data's colours are listed in the order a city shows its cards (raw materials first), the
# Cities expansion's black cards last.
COLOUR_ORDER = (*COLORS, "black")


@lru_cache(maxsize=1)
def _records():
    return read_cards(), read_wonders()


@lru_cache(maxsize=1)
def _records_with_cities():
    """The base game's cards and wonders, then the Cities expansion's."""
    cards, wonders = _records()
    with open(CITIES_FILE, encoding="utf-8") as file:
        cities = json.load(file)
    return [*cards, *cities["cards"]], [*wonders, *cities["wonders"]]


@lru_cache(maxsize=1)
def words_data():
    with open(WORDS_FILE, encoding="utf-8") as file:
        return json.load(file)


def pick(texts, language, fallback=""):
    return texts.get(language) or texts.get("en") or fallback


@lru_cache(maxsize=8)
def page_catalogue(language):
    """Names and texts of the cards and wonders in one language, for the game page."""
    def pick(texts):
        return texts.get(language) or texts.get("en", "")

    card_records, wonder_records = _records_with_cities()
    cards = {}
    for card in card_records:
        cost = {k: v for k, v in card["cost"].items() if v}
        cards[card["id"]] = {"name": pick(card["names"]), "color": card["color"], "age": card["age"],
                             "cost": cost, "text": pick(card["text"]), "chain_to": card["chain_to"],
                             "effects": card["effects"]}  # the tableau draws a built card's icons from them
    wonders = {}
    for wonder in wonder_records:
        wonders[wonder["id"]] = {
            "name": pick(wonder["names"]), "city": pick(wonder["city"]), "resource": wonder["starting_resource"],
            "sides": {side: [{"cost": {k: v for k, v in stage["cost"].items() if v}, "text": pick(stage["text"]),
                              "effects": stage["effects"]}
                             for stage in content["stages"]]
                      for side, content in wonder["sides"].items()},
        }
    return {"cards": cards, "wonders": wonders}


@lru_cache(maxsize=8)
def board_faces(language):
    """Every card of the game (Cities' too) as the catalogue draws it (cards_ui.card_face takes
    these dicts): the game page draws its hand and its cities' cards with them."""
    card_records = _records_with_cities()[0]
    by_id = {card["id"]: card for card in card_records}

    def face(card):
        return {"id": card["id"], "name": pick(card["names"], language, card["id"]),
                "effect_text": pick(card["text"], language), "color": card["color"], "age": card["age"],
                "cost": card["cost"], "effects": card["effects"], "copies": []}
    return [{**face(card), "chains": [face(by_id[other]) for other in card["chain_to"] if other in by_id]}
            for card in card_records]


def board_context(language):
    """What the board template draws with besides the page's data: the card faces."""
    return {"faces": board_faces(language)}


@lru_cache(maxsize=8)
def names(language):
    """(cards {id: {"name", "color", "age"}}, wonders {id: name}) in `language`, Cities' too."""
    card_records, wonder_records = _records_with_cities()
    cards = {card["id"]: {"name": pick(card["names"], language, card["id"]), "color": card["color"],
                          "age": card["age"]}
             for card in card_records}
    wonders = {wonder["id"]: pick(wonder["names"], language, wonder["id"]) for wonder in wonder_records}
    return cards, wonders


def card_name(card_id, language):
    card = names(language)[0].get(card_id)
    return card["name"] if card else card_id


def wonder_name(wonder_id, language):
    return names(language)[1].get(wonder_id, wonder_id)


@lru_cache(maxsize=1)
def wonder_sides():
    """{wonder id: its sides in order}, wonders in the data files' order, Cities' (Petra,
    Byzantium) last: the history's statistics and filters list them all."""
    return {wonder["id"]: tuple(sorted(wonder["sides"])) for wonder in _records_with_cities()[1]}


@lru_cache(maxsize=16)
def wonder_choices(language, cities=False):
    """[(wonder id, name)] of the base game's wonders (with `cities`, Petra and Byzantium too),
    sorted by name in `language`."""
    offered = {wonder["id"] for wonder in (_records_with_cities() if cities else _records())[1]}
    return sorted(((w, name) for w, name in names(language)[1].items() if w in offered), key=lambda item: item[1])


@lru_cache(maxsize=16)
def card_picker(language, cities=False):
    """The cards a city may have built, one group per age: [{"age", "cards": [{"id", "name",
    "color"}]}], each group by colour, then name; with `cities`, the Cities cards (black cards
    and guilds) too. One entry per structure of an age: cards with the same English name are the
    same structure (the Age I and Age II Looms are two)."""
    cards = names(language)[0]
    by_age = {}
    for card in (_records_with_cities() if cities else _records())[0]:
        by_age.setdefault(card["age"], []).append(card)
    groups = []
    for age in sorted(by_age):
        seen, items = set(), []
        for card in sorted(by_age[age], key=lambda c: (COLOUR_ORDER.index(c["color"]), cards[c["id"]]["name"])):
            structure = (card["names"].get("en") or card["id"]).strip().lower()
            if structure in seen:
                continue
            seen.add(structure)
            items.append({"id": card["id"], "name": cards[card["id"]]["name"], "color": card["color"]})
        groups.append({"age": age, "cards": items})
    return groups


def city_groups(card_ids, language):
    """[(colour, [card name])] of a city's cards, colours in the order a city shows them."""
    cards = names(language)[0]
    groups = {}
    for card_id in card_ids:
        groups.setdefault(cards[card_id]["color"], []).append(cards[card_id]["name"])
    return [(colour, groups[colour]) for colour in COLOUR_ORDER if colour in groups]


def city_summaries(frame, language):
    """The cities of a replay frame (``engine.reveal``) in words, for the match page without
    script: [{"wonder", "side", "facts": [words], "stages_label": "", "stages": [], "tokens": [],
    "groups"}]."""
    from django.utils.translation import gettext, ngettext

    out = []
    for player in frame["players"]:
        stages = len(player["stages"])
        out.append({
            "wonder": wonder_name(player["wonder"], language),
            "side": player["side"] or "",
            "facts": [
                ngettext("%(count)s stage", "%(count)s stages", stages) % {"count": stages},
                ngettext("%(count)s coin", "%(count)s coins", player["coins"]) % {"count": player["coins"]},
                gettext("military %(points)s") % {"points": sum(player["tokens"])},
            ],
            "stages_label": "",
            "stages": [],
            "tokens": [],
            "groups": city_groups(player["built"], language),
        })
    return out
