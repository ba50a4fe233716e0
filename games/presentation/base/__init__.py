"""7 Wonders (base game) on the site: its name, its options, its board's words, its rule refusals,
its rating modes and score categories. The rest of its site side sits in this folder: its cards
and wonders in words (``catalogue.py``), the score-sheet calculator (``calculator.py``), the board
(``templates/board.html``, ``static/board.js``); ``games.presentation`` finds them.
"""
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from games.presentation.plural import ngettext_lazy

from .catalogue import page_catalogue, pick, words_data

# Options the lobby leaves off its form (their defaults apply): none, the board draws Cities too.
LOBBY_HIDDEN_OPTIONS = ()

# The rating modes of engine.rating_mode, in words.
MODE_NAMES = {"base": _("7 Wonders, 3 to 7 players"), "base-2p": _("7 Wonders, 2 players (with the Free City)"),
              "cities": _("7 Wonders with Cities, 3 to 8 players"),
              "cities-2p": _("7 Wonders with Cities, 2 players (with the Free City)"),
              "cities-teams": _("7 Wonders with Cities, teams of two")}

# Refusal codes of the base game's rules, in words (the site's own codes are in games/views/words.py).
RULE_ERRORS = {
    "bad_sides": _("Choose side A, side B or random."),
    "bad_wonders": _("Choose a wonder (or random) for each seat."),
    "unknown_wonder": _("There is no such wonder."),
    "duplicate_wonder": _("Each wonder can be chosen once."),
    "unknown_card": _("There is no such card."),
    "card_not_in_hand": _("That card is not in your hand."),
    "card_not_in_discard": _("That card is not in the discard pile."),
    "duplicate_structure": _("Your city already has a structure of that name."),
    "cannot_afford": _("You cannot pay for that."),
    "bad_payment": _("That payment is not possible."),
    "not_free": _("That card is not free for you."),
    "no_free_build": _("Olympia's free build is not available."),
    "no_stage_left": _("Every stage of your wonder is built."),
    "stage_already_built": _("That stage is already built."),
    "stage_out_of_order": _("Stages are built in order."),
    "must_build": _("A card of the discard pile can be built: choose one."),
    "bad_side": _("Choose side A or B."),
    "bad_debt_payment": _("You can pay at most what you owe and what you hold."),
    "own_debt_first": _("Settle your own debt first, then the Free City's."),
    "unsupported_expansion": _("That expansion is not available."),
    "bad_teams": _("Teams need the Cities expansion and 4, 6 or 8 players."),
    "wonder_needs_expansion": _("Petra and Byzantium need the Cities expansion."),
    # Generic codes of games.engine.options.check_config, in the base game's words (its one
    # option that needs another is teams).
    "option_needs": _("Teams need the Cities expansion."),
    "option_players": _("Teams are played with 4, 6 or 8 players."),
    "no_debt_due": _("No debt is due now: there is nothing to pay."),
}

# The words static/board.js draws the base game's board with (%(name)s placeholders are filled by the script).
BOARD_WORDS = {
    "free_city": _("Free City"),
    "free_city_pile": _("Cards in its face-down pile"),
    "free_city_unranked": _("The Free City scores like any city but belongs to no player: it is not ranked."),
    "choose_for_free_city": _("Now choose the Free City's card: it must build or use a card for its wonder when it can."),
    "for_free_city": _("For the Free City: %(action)s"),
    "free_city_controller": _("decided by %(name)s this turn"),
    "age": _("Age %(age)s"),
    "turn": _("turn %(turn)s of 6"),
    "turn_of": _("turn %(turn)s of %(turns)s"),  # Cities: 7 turns an age, 6 at 8 players
    "pass_left": _("cards pass to the left"),
    "pass_right": _("cards pass to the right"),
    "choose_card": _("Choose a card, then what to do with it."),
    "waiting_others": _("Waiting for the others. You can change your choice until everyone has chosen."),
    # The hand's action bar (static/board.js renderChoices): a button per play, its cost beside it.
    "act_build": _("Build"),
    "act_stage": _("Stage %(stage)s"),
    "act_discard": _("Discard"),
    "act_gain": ngettext_lazy("+%(count)s coin", "+%(count)s coins"),
    "act_coins": ngettext_lazy("%(count)s coin", "%(count)s coins"),
    "act_no_coins": _("no coins"),
    "act_free": _("free"),
    "act_chain": _("free: chain"),
    "act_olympia": _("free: Olympia"),
    "act_cheapest": _("the cheapest"),
    "act_other_payments": ngettext_lazy("Another way to pay", "%(count)s other ways to pay"),
    "pay_title": _("%(action)s: who do you pay?"),
    "actions_for": _("%(card)s: what to do"),
    "your_choice_title": _("Your choice"),
    "build": _("Build %(card)s"),
    "build_free": _("Build %(card)s for free"),
    "build_chain": _("Build %(card)s for free (chain)"),
    "build_olympia": _("Build %(card)s for free (Olympia, once per age)"),
    "wonder_stage": _("Build stage %(stage)s of your wonder with %(card)s"),
    "discard": _("Discard %(card)s for 3 coins"),
    "build_discarded": _("Build %(card)s from the discard for free"),
    "pass": _("Pass: nothing in the discard can be built"),
    "side": _("Side %(side)s"),
    "pay_bank": _("%(coins)s to the bank"),
    "pay_left": _("%(coins)s to the left (%(name)s)"),
    "pay_right": _("%(coins)s to the right (%(name)s)"),
    "free_by_chain": _("Free: chain"),
    "free_from_discard": _("Free, from the discard pile"),
    "build_for": ngettext_lazy("Build for %(count)s coin", "Build for %(count)s coins"),
    "build_own_resources": _("Your resources are enough"),
    "help_build_discarded": _("Halicarnassus: choose one card of the discard pile and build it for free."),
    "discard_pile_title": _("The discard pile"),
    "discard_pile": ngettext_lazy("%(count)s card discarded", "%(count)s cards discarded"),
    "produces": _("Produces"),
    "sells_to_you": _("You may buy"),
    "price_every": ngettext_lazy("%(count)s coin a unit", "%(count)s coins a unit"),
    "price_one_for": _("1 coin a unit:"),
    "price_rest": _("(the rest 2)"),
    "or": _("or"),
    "science": _("Science"),
    "sym_compass": _("compass"),
    "sym_gear": _("gear"),
    "sym_tablet": _("tablet"),
    "pay_nothing": _("costs nothing"),
    "cannot_build": _("Cannot be built now"),
    "prompt_seventh_card": _("Babylon: play the last card of the age too."),
    "prompt_build_discarded": _("Halicarnassus: build one card of the discard pile for free."),
    "olympia_ready": _("Olympia: you may build one structure for free this age."),
    "kind_seventh_card": _("Babylon's seventh card"),
    "kind_build_discarded": _("Halicarnassus' pick from the discard"),
    "shields": _("Shields"),
    "military": _("Military tokens"),
    "hand_size": _("Cards in hand"),
    "stages": _("Wonder stages"),
    "stage_n": _("Stage %(stage)s"),
    "built": _("built"),
    "not_built": _("not built"),
    "your_city": _("Your city"),
    "left_neighbour": _("Left neighbour"),
    "right_neighbour": _("Right neighbour"),
    "other_cities": _("Other cities"),
    "no_cards": _("No structures yet."),
    "zoom_city": _("Show the city of %(name)s at full size"),
    "close_city": _("Close this city"),
    "tie_break": _("Ties are broken by coins; equal coins share the rank."),
    # Cities with teams: the rulebook is silent on a tie of team totals; our ruling (spec B.8).
    "team_tie_break": _("Teams are ranked by their total. Equal totals: the team with more coins (debts not taken off) "
                        "ranks first; equal coins share the rank."),
    "copied_guild": _("copies %(card)s"),
    "ev_age_start": _("Age %(age)s begins."),
    "ev_build": _("%(name)s built %(card)s."),
    "ev_wonder": _("%(name)s built stage %(stage)s of their wonder."),
    "ev_discard": _("%(name)s discarded a card."),
    "ev_turn": _("Age %(age)s, turn %(turn)s:"),
    "ev_leftovers": _("%(count)s leftover cards went to the discard pile."),
    "ev_seventh_card": _("%(name)s played the seventh card:"),
    "ev_built_from_discard": _("%(name)s built %(card)s from the discard pile."),
    "ev_passed": _("%(name)s found nothing to build in the discard pile."),
    "ev_military": _("Military of age %(age)s: %(results)s"),
    "ev_sides_chosen": _("Every wonder side is chosen."),
    "already_built": _("Already in your city"),
    "missing": _("Missing: %(what)s"),
    "needs_coins": ngettext_lazy("Needs %(count)s coin", "Needs %(count)s coins"),
    "passed_title": _("Hands you passed on"),
    "passed_help": _("What you handed on this age, newest first, as it left you: the players after you take from it."),
    "passed_turn": _("Turn %(turn)s, to %(name)s"),
    # Cities: debt, diplomacy, coin losses, teams.
    "diplomacy": _("Diplomacy tokens"),
    "debt": _("Debt tokens"),
    "team_n": _("Team %(team)s"),
    "partner_of": _("partner of %(name)s"),
    "partner_hand": _("Your partner's hand (%(name)s)"),
    "partner_hand_help": _("Partners may show each other their hands: only you and your partner see these cards."),
    "kind_debt": _("their coin loss"),
    "debt_title": _("Pay or take debt"),
    "debt_owed": _("Coins owed: %(owed)s. Coins you hold: %(coins)s. Each coin you do not pay becomes a debt token worth -1 point."),
    "pay_debt": _("Pay %(coins)s — debt tokens taken: %(debt)s"),
    "debt_coins_left": ngettext_lazy("%(count)s coin left", "%(count)s coins left"),
    "debt_title_free_city": _("The Free City's debt: pay or take debt"),
    "debt_owed_free_city": _("Coins the Free City owes: %(owed)s. Coins it holds: %(coins)s. Each coin it does not pay becomes a debt token worth -1 point to the Free City."),
    "debt_waiting": _("Waiting for the players who owe coins: %(names)s."),
    "losses_waiting": _("Coin losses at the end of this turn: %(losses)s"),
    "loss": _("%(name)s makes every other city lose %(amount)s"),
    "loss_per_victory": _("%(name)s makes every other city lose %(amount)s per victory token"),
    "loss_per_stage": _("%(name)s makes every other city lose %(amount)s per wonder stage built"),
    "ev_debt_due": _("Coin losses due: %(owed)s."),
    "ev_debt_paid": _("%(name)s paid %(paid)s of %(owed)s (debt tokens taken: %(debt)s)."),
    "ev_skips_conflict": _("%(name)s uses a diplomacy token and stays out of this conflict."),
    "ev_fight": _("%(name)s against %(other)s: %(tokens)s"),
    "team_total": _("Team total"),
    "team_coins": _("Team coins"),
    # A cost's amounts: "2 stone" is "2 pietre", "2 pedras".
    "res_coins": ngettext_lazy("%(count)s coin", "%(count)s coins"),
    "res_wood": ngettext_lazy("%(count)s wood", "%(count)s wood"),
    "res_stone": ngettext_lazy("%(count)s stone", "%(count)s stone"),
    "res_clay": ngettext_lazy("%(count)s clay", "%(count)s clay"),
    "res_ore": ngettext_lazy("%(count)s ore", "%(count)s ore"),
    "res_glass": ngettext_lazy("%(count)s glass", "%(count)s glass"),
    "res_textile": ngettext_lazy("%(count)s textile", "%(count)s textiles"),
    "res_papyrus": ngettext_lazy("%(count)s papyrus", "%(count)s papyrus"),
    # The "Suggest" hint's line (board.js hintLine; its facts: games/engine/base/reasons.py).
    "hint_points": ngettext_lazy("+%(count)s point", "+%(count)s points"),
    "hint_science": _("a science symbol (%(symbol)s)"),
    "hint_science_wild": _("a science symbol of your choice"),
    "hint_shields": ngettext_lazy("%(count)s shield", "%(count)s shields"),
    "hint_produces": _("%(resources)s for your city"),
    "hint_discount_raw": _("raw materials for %(count)s coin from %(whom)s"),
    "hint_discount_manufactured": _("manufactured goods for %(count)s coin from %(whom)s"),
    "hint_from_left": _("your left neighbour"),
    "hint_from_right": _("your right neighbour"),
    "hint_from_both": _("both neighbours"),
    "hint_left_neighbour": _("%(name)s, your left neighbour"),
    "hint_right_neighbour": _("%(name)s, your right neighbour"),
    "hint_denies_lacks": _("it leaves the hand before %(who)s, who lacks %(resources)s"),
    "hint_denies_points": ngettext_lazy("it leaves the hand before %(who)s, to whom it is worth %(count)s point",
                                        "it leaves the hand before %(who)s, to whom it is worth %(count)s points"),
    "hint_res_wood": _("wood"), "hint_res_stone": _("stone"), "hint_res_clay": _("clay"), "hint_res_ore": _("ore"),
    "hint_res_glass": _("glass"), "hint_res_textile": _("textile"), "hint_res_papyrus": _("papyrus"),
    "hint_sym_compass": _("compass"), "hint_sym_gear": _("gear"), "hint_sym_tablet": _("tablet"),
}


# A score sheet key whose card the game page names next to a category's points (Olympia B's guild).
CATEGORY_NOTES = {"guilds": "copied_guild"}


def error_words():
    return RULE_ERRORS


def board_words():
    return BOARD_WORDS


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
        "expansions": {
            "label": _("Expansions"),
            "choices": {"cities": _("Cities (black cards, debt, diplomacy; up to 8 players)")},
        },
        "teams": {
            "label": _("Teams of two"),
            "choices": {False: _("every player for themselves"), True: _("teams of two partners side by side")},
        },
    }


def category_label(category, language):
    """The words of a score category of the engine (its key when the data has none)."""
    texts = words_data()["score_categories"].get(category)
    return pick(texts, language, category) if texts else category


def tiebreak_label(language):
    """The words of the score sheet's tie-break column."""
    return _("Coins")


def unranked_sheets(spectator_view):
    """The cities that score without being ranked, from the spectators' view of a finished
    game: the 2-player variant's Free City (its sheet, its wonder and side, its name in the
    active language); none in any other game."""
    free_city = spectator_view.get("free_city") or {}
    sheet = free_city.get("score")
    if not sheet:
        return []
    city = spectator_view["players"][free_city["city"]]
    return [{"city": "free_city", "name": str(BOARD_WORDS["free_city"]), "wonder": city["wonder"],
             "side": city.get("side"), "sheet": sheet, "note": str(BOARD_WORDS["free_city_unranked"])}]
