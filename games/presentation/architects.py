"""7 Wonders Architects in words: names, the board's words (``BOARD_WORDS``, drawn by
``static/js/architects.js`` in ``templates/games/boards/architects.html``), rule refusals, what
each progress token and wonder power does.

Names of the wonders, card kinds and progress tokens come from the game's data file
(``cards/data/architects/architects.json``), which has English and Italian names: the spec gives
no Portuguese ones, so pt-br shows the English names. The English token names and the science
symbol names are unverified (listed in the data file). Card ids in a match are per copy
(``giza-blue_cat-2``); names are per kind, and ``card_name`` accepts either.
"""
import json
from functools import lru_cache
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from games.presentation.plural import Plural, ngettext_lazy

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
    # the parts of the table
    "choices_title": _("Your move"),
    "table_title": _("The table"),
    "players_title": _("Players"),
    "central_title": _("Central deck"),
    "deck_of": _("Deck of %(wonder)s"),
    "your_left": _("your left"),
    "your_right": _("your right"),
    "cards_left": _("%(count)s left"),
    "face_down": _("face down"),
    "empty_deck": _("empty"),
    "you_peeked": _("You saw its top card: %(card)s"),
    "conflict": _("Conflict tokens"),
    "conflict_state": _("%(battle)s of %(tokens)s on the battle side"),
    "cat_title": _("The cat"),
    "cat_with": _("with %(name)s"),
    "cat_free": _("in the middle of the table"),
    "progress_row": _("Progress tokens"),
    "pile_left": ngettext_lazy("%(count)s face down in the pile", "%(count)s face down in the pile"),
    "discard_size": ngettext_lazy("Discard pile: %(count)s card", "Discard pile: %(count)s cards"),
    "last_battle": _("Last battle (turn %(turn)s)"),
    "battle_line": _("%(name)s — shields: %(shields)s, military tokens won: %(tokens)s"),
    "battle_due": _("A battle comes at the end of this turn."),
    # whose turn, what to do
    "turn_of": _("Turn %(turn)s: %(name)s"),
    "your_turn": _("Your turn."),
    "waiting_for": _("Waiting for %(name)s."),
    "step_take": _("Take a card from one of the three places."),
    "step_act": _("Build the stages your cards pay for and take your progress tokens."),
    "prompt_extra_card": _("%(token)s gives you one more card: take it or pass."),
    "prompt_alexandria": _("Alexandria's power: take the top card of any deck."),
    "prompt_babylon": _("Babylon's power: take a progress token without science cards."),
    "prompt_halicarnassus": _("Halicarnassus' power: look at the top five cards of one of your decks."),
    "prompt_keep": _("Keep one of these cards; the others go back into the deck, shuffled."),
    "looking_other": _("%(name)s is looking at %(count)s cards of a deck."),
    "end_wonder_complete": _("%(name)s completed their wonder: the game is over."),
    "end_no_card": _("No card was left to take: the game is over."),
    "tie_break": _("Ties are broken by built stages; then the victory is shared."),
    "built_stages": _("Built stages"),
    # a player
    "wonder_stages": pgettext_lazy("architects", "Wonder stages"),
    "stage_n": pgettext_lazy("architects", "Stage %(stage)s"),
    "built": _("built"),
    "next": _("can be built now"),
    "open_stage": _("next to build"),
    "cost_same": _("%(count)s identical"),
    "cost_different": _("%(count)s different"),
    "points": ngettext_lazy("%(count)s point", "%(count)s points"),
    "power": _("power"),
    "shields": _("Shields"),
    "horns": _("Horns"),
    "military_tokens": _("Military tokens"),
    "progress_tokens": _("Progress tokens"),
    "has_cat": _("has the cat"),
    "no_cards": _("No cards yet."),
    "no_tokens": _("none"),
    "colour_grey": _("Resources"),
    "colour_yellow": _("Coins"),
    "colour_green": _("Science"),
    "colour_red": _("Shields"),
    "colour_blue": _("Victory points"),
    # the choices
    "take_central": _("Take the top card of the central deck (face down)"),
    "take_deck": _("Take %(card)s from the deck of %(wonder)s"),
    "central_deck": _("the central deck"),
    "peek": _("Look at the top card of the central deck (cat)"),
    "decline": _("No extra card"),
    "build": _("Build stage %(stage)s"),
    "paying": _("paying %(cards)s"),
    "with_engineering": _("with Engineering"),
    "progress_take": _("Take %(token)s"),
    "spending": _("spending %(cards)s"),
    "progress_pile": _("the top of the pile, unseen"),
    "look": _("Look at the top five cards of the deck of %(wonder)s"),
    "keep": _("Keep %(card)s"),
    # what happened
    "ev_peeked": _("%(name)s looked at the top card of the central deck."),
    "ev_took_from_deck": _("%(name)s took %(card)s from the deck of %(wonder)s."),
    "ev_took_from_central": _("%(name)s took %(card)s from the central deck."),
    "ev_cat_moved": _("%(name)s takes the cat."),
    "ev_conflict_flipped": _("%(name)s turned %(count)s conflict tokens to the battle side."),
    "ev_declined": _("%(name)s took no extra card."),
    "ev_stage_built": _("%(name)s built stage %(stage)s."),
    "ev_progress_taken": _("%(name)s took %(token)s."),
    "ev_looked": _("%(name)s looked at %(count)s cards of the deck of %(wonder)s."),
    "ev_deck_reshuffled": _("The deck of %(wonder)s was shuffled."),
    "ev_battle": _("Battle: %(results)s."),
    "ev_turn_start": _("Turn %(turn)s: %(name)s."),
}

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
    """What js/replay-architects.js draws a frame with: card kinds, tokens, wonders, words."""
    with translation.override(language):
        words = {**{key: text.forms() if isinstance(text, Plural) else str(text) for key, text in BOARD_WORDS.items()},
                 **{key: text.forms() if isinstance(text, Plural) else str(text) for key, text in REPLAY_WORDS.items()}}
    return {"catalogue": page_catalogue(language), "words": words}


# No card is named next to a category's points in this game.
CATEGORY_NOTES = {}


@lru_cache(maxsize=1)
def _data():
    with open(DATA_FILE, encoding="utf-8") as file:
        return json.load(file)

# The game page draws this game's table (static/js/architects.js): the lobby offers it.
HAS_BOARD = True
BOARD_TEMPLATE = "games/boards/architects.html"
BOARD_SCRIPT = "js/architects.js"
# The replay of a finished match draws its frames (engine.reveal) with this script.
REPLAY_SCRIPT = "js/replay-architects.js"
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
    facts = ("resource", "coins", "science", "shields", "horns", "points", "cat")
    kinds = {k["id"]: {"name": _pick(k["names"], language, k["id"]), "color": k["color"],
                       **{fact: k[fact] for fact in facts if fact in k}} for k in data["card_kinds"]}
    with translation.override(language):
        wonders = {w["id"]: {"name": _pick(w["names"], language, w["id"]), "power": w["power"],
                             "power_text": (_pick(w.get("power_text") or {}, language, "")
                                            or str(POWER_TEXTS.get(w["power"], ""))),
                             "stages": [dict(s) for s in w["stages"]]} for w in data["wonders"]}
        tokens = {t["id"]: {"name": _pick(t["names"], language, t["id"]), "copies": t["copies"],
                            "effect": t["effect"],
                            "text": _pick(t.get("text") or {}, language, "") or str(TOKEN_TEXTS.get(t["id"], ""))}
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


def tiebreak_label(language):
    """The words of the score sheet's tie-break column: the stages built."""
    return pgettext_lazy("architects", "Stages built")


# The score-sheet calculator: this game's seat form (its template below), the table the form sends
# to engine.score_table ("architects": games/engine/architects/tabletop.py), and the words of the
# engine's table problems.

CALCULATOR_SEAT_TEMPLATE = "history/calculator/architects_seat.html"

TABLE_PROBLEMS = {
    "unknown_wonder": _("Choose a wonder."),
    "ambiguous_wonder": _("This names several wonders."),
    "duplicate_wonder": _("This wonder is already at another seat."),
    "bad_stages": _("The stages built were not understood."),
    "unknown_stage": _("This wonder has no such stage."),
    "stage_out_of_order": _("A stage is built only once every stage of the levels below it is built."),
    "bad_blue_cards": _("Blue cards are a whole number from 0."),
    "bad_cat_cards": _("Blue cards with the cat are a whole number from 0."),
    "bad_holds_cat": _("The cat was not understood."),
    "two_cats": _("Only one player can hold the cat."),
    "bad_military_tokens": _("Military Victory tokens are a whole number from 0."),
    "too_many_military": _("More Military Victory tokens than the battles of this table could give."),
    "bad_progress_tokens": _("The progress tokens were not understood."),
    "unknown_token": _("There is no such progress token."),
    "ambiguous_token": _("This names several progress tokens."),
    "too_many_cards": _("More blue cards of this kind than the decks at this table hold."),
    "too_many_copies": _("More copies of this progress token than the game has."),
}


def calculator_words():
    """The calculator page's words for this game."""
    return {
        "lead": _("Played on a real table? For each player give the wonder and its built stages, the blue "
                  "cards, the cat, the Military Victory tokens and the progress tokens, and get the score "
                  "sheet."),
        "help": _("Stage points follow the wonder chosen. Ties go to the player with more built stages."),
    }


def _whole(value):
    try:
        return int(str(value).strip() or 0)
    except ValueError:
        return value


def calculator_players_label(mode, seats):
    return str(seats)


def calculator_tiebreak_note(mode):
    return BOARD_WORDS["tie_break"]


def calculator_seat(data, index, language, mode="architects"):
    """The values of seat `index` of the calculator's form (`data`: the GET or POST query): the
    wonder's five stages (with their points once a wonder is chosen) and one box per progress
    token copy (Culture twice). Its one table mode changes nothing."""
    prefix = f"seat-{index}-"
    catalogue = page_catalogue(language)
    wonder = data.get(prefix + "wonder", "")
    built = data.getlist(prefix + "built")
    tokens = data.getlist(prefix + "tokens")
    stages = catalogue["wonders"].get(wonder, {}).get("stages") or [{"stage": n} for n in range(1, 6)]
    return {
        "legend": _("Seat %(number)s") % {"number": index + 1},
        "wonder": wonder,
        "wonder_options": [{"id": wonder_id, "name": name,
                            "points": " ".join(str(stage["points"]) for stage in catalogue["wonders"][wonder_id]["stages"])}
                           for wonder_id, name in wonder_choices(language)],
        "built": built,
        "stages": [{"number": stage["stage"], "points": stage.get("points"), "checked": str(stage["stage"]) in built}
                   for stage in stages],
        "blue_cards": data.get(prefix + "blue_cards", "0"),
        "cat_cards": data.get(prefix + "cat_cards", "0"),
        "holds_cat": bool(data.get(prefix + "cat")),
        "military_tokens": data.get(prefix + "military_tokens", "0"),
        "tokens": tokens,
        "token_choices": [
            {"id": kind, "copy": copy, "name": token["name"], "checked": tokens.count(kind) >= copy}
            for kind, token in sorted(catalogue["tokens"].items(), key=lambda item: item[1]["name"])
            for copy in range(1, token["copies"] + 1)
        ],
    }


def calculator_table_seat(form):
    """A seat of engine.score_table's table from the form's values."""
    return {"wonder": form["wonder"], "built": [_whole(number) for number in form["built"]],
            "blue_cards": _whole(form["blue_cards"]), "cat_cards": _whole(form["cat_cards"]),
            "holds_cat": form["holds_cat"], "military_tokens": _whole(form["military_tokens"]),
            "progress_tokens": form["tokens"]}


def calculator_notes(row, language):
    """Words under a scored seat's wonder: what each scoring progress token gives."""
    return [_("%(token)s: %(points)s points") % {"token": token_name(kind, language), "points": points}
            for kind, points in row.get("progress_points", {}).items()]


def calculator_value(value, language):
    """A table problem's value in words: a progress token or a wonder by its name."""
    if isinstance(value, str):
        if value in page_catalogue(language)["tokens"]:
            return token_name(value, language)
        return wonder_name(value, language)
    return value
