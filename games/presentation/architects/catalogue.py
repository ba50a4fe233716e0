"""7 Wonders Architects: its card kinds, wonders and progress tokens in words, read from the
game's data file (``cards/data/architects/architects.json``), which has English and Italian names:
the spec gives no Portuguese ones, so pt-br shows the English names. The English token names and
the science symbol names are unverified (listed in the data file). Card ids in a match are per copy
(``giza-blue_cat-2``); names are per kind, and ``card_name`` accepts either. Also a finished
game's cities in words for the match page.
"""
import json
from functools import lru_cache
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext_lazy as _

DATA_FILE = Path(__file__).resolve().parents[3] / "cards" / "data" / "architects" / "architects.json"
COLOUR_ORDER = ("grey", "yellow", "green", "red", "blue")

# What each progress token and wonder power does, in our words (the page's tooltips and lists),
# when the data file has no text of its own for them (its texts come first).
TOKEN_TEXTS = {
    "urbanism": _("Once per turn, taking a wood or brick card gives one more card."),
    "arts_and_crafts": _("Once per turn, taking a papyrus or glass card gives one more card."),
    "jewelry": _("Once per turn, taking a stone or coin card gives one more card."),
    "science": _("Once per turn, taking a science card gives one more card."),
    "propaganda": _("Once per turn, taking a shield card with horns gives one more card."),
    "architecture": _("Once per turn, building a stage gives one more card."),
    "economy": _("Once per turn, one coin card counts as two."),
    "engineering": _("Once per turn, a stage may be paid with any resources."),
    "tactics": _("Two more shields in every battle."),
    "decoration": _("At the end: 4 points, or 6 with a complete wonder."),
    "politics": _("At the end: 1 point per cat on your blue cards."),
    "strategy": _("At the end: 1 point per military token."),
    "education": _("At the end: 2 points per progress token, this one included."),
    "culture": _("At the end: 4 points for one Culture token, 12 for both."),
}
POWER_TEXTS = {
    "take_any_deck": _("Take the top card of any deck."),
    "take_central": _("Take the top card of the central deck."),
    "progress_token": _("Take a progress token."),
    "shield": _("One more shield, for good."),
    "look_five": _("Look at the top five cards of one of your decks and keep one."),
    "take_both_neighbours": _("Take the top card of your left and of your right deck."),
}


@lru_cache(maxsize=1)
def _data():
    with open(DATA_FILE, encoding="utf-8") as file:
        return json.load(file)


def pick(texts, language, fallback):
    return texts.get(language) or texts.get("en") or fallback


@lru_cache(maxsize=8)
def page_catalogue(language):
    """Card kinds, wonders (stages: level, cost, points, power) and progress tokens in one language."""
    data = _data()
    facts = ("resource", "coins", "science", "shields", "horns", "points", "cat")
    kinds = {k["id"]: {"name": pick(k["names"], language, k["id"]), "color": k["color"],
                       **{fact: k[fact] for fact in facts if fact in k}} for k in data["card_kinds"]}
    with translation.override(language):
        wonders = {w["id"]: {"name": pick(w["names"], language, w["id"]), "power": w["power"],
                             "power_text": (pick(w.get("power_text") or {}, language, "")
                                            or str(POWER_TEXTS.get(w["power"], ""))),
                             "stages": [dict(s) for s in w["stages"]]} for w in data["wonders"]}
        tokens = {t["id"]: {"name": pick(t["names"], language, t["id"]), "copies": t["copies"],
                            "effect": t["effect"],
                            # the facts its tile draws as icons: the cards that give one more, its shields
                            **{fact: t[fact] for fact in ("on_take", "on_build", "shields") if fact in t},
                            "text": pick(t.get("text") or {}, language, "") or str(TOKEN_TEXTS.get(t["id"], ""))}
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


def token_name(token_id, language):
    """A progress token's name; ids are per copy (``culture-2``) or per kind (``culture``)."""
    kind = token_id.split("-")[0]
    token = page_catalogue(language)["tokens"].get(kind)
    return token["name"] if token else token_id


def city_summaries(frame, language):
    """The players of a replay frame (``engine.reveal``) in words, for the match page: [{"wonder",
    "side": "", "facts": [words], "stages_label", "stages": [{"text", "built"}], "tokens": [progress
    token names], "groups": [(colour, [card names, "name ×n" for copies])]}]."""
    from collections import Counter

    from django.utils.translation import gettext, ngettext, pgettext

    wonders = page_catalogue(language)["wonders"]
    cards = names(language)[0]
    out = []
    for seat, player in enumerate(frame["players"]):
        stages = wonders.get(player["wonder"], {}).get("stages", [])
        built = set(player["built"])
        facts = [
            pgettext("architects", "%(built)s of %(count)s stages built") % {"built": len(built), "count": len(stages)},
            ngettext("%(count)s military victory token", "%(count)s military victory tokens",
                     player["military"]) % {"count": player["military"]},
        ]
        if frame.get("cat") == seat:
            facts.append(gettext("holds the cat"))
        counted = Counter(_kind(card) for card in player["cards"])
        groups = []
        for colour in COLOUR_ORDER:
            kinds = [kind for kind in counted if _colour_of(cards, kind) == colour]
            if kinds:
                groups.append((colour, [cards[kind]["name"] + (f" ×{counted[kind]}" if counted[kind] > 1 else "")
                                        for kind in sorted(kinds, key=lambda kind: cards[kind]["name"])]))
        out.append({
            "wonder": wonder_name(player["wonder"], language),
            "side": "",
            "facts": facts,
            "stages_label": pgettext("architects", "Wonder stages"),
            "stages": [{"built": stage["stage"] in built,
                        "text": (pgettext("architects", "Stage %(number)s: %(points)s points, built")
                                 if stage["stage"] in built else
                                 pgettext("architects", "Stage %(number)s: %(points)s points, not built"))
                        % {"number": stage["stage"], "points": stage["points"]}}
                       for stage in stages],
            "tokens": [token_name(token, language) for token in player["tokens"]],
            "groups": groups,
        })
    return out


def _colour_of(cards, kind):
    card = cards.get(kind)
    return card["color"] if card else None
