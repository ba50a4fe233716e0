"""7 Wonders Architects on the site: its name, its option's words, the board's words
(``BOARD_WORDS``, drawn by ``static/board.js`` in ``templates/board.html``), rule refusals, its
rating mode and score categories. The rest of its site side sits in this folder: its cards,
wonders and progress tokens in words (``catalogue.py``), the replay's drawing (``replay.py``,
``static/replay.js``), the score-sheet calculator (``calculator.py``); ``games.presentation``
finds them.
"""
from django.utils.translation import gettext_lazy as _, pgettext_lazy

from games.presentation.plural import ngettext_lazy

from .catalogue import names, pick

MODE_NAMES = {"architects": "7 Wonders Architects"}
# No card is named next to a category's points in this game.
CATEGORY_NOTES = {}

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
    "other_decks": _("The other decks"),
    "seat_facts": _("Shields, horns and military tokens"),
    "you_tab": _("You"),
    "hint_prompt": _("Choose on the table, or here."),
    "hint_build": _("Build the stage your cards pay for: choose it on your wonder."),
    "hint_token": _("Choose a progress token: your science cards pay for it."),
    "hint_build_or_token": _("Choose a stage of your wonder or a progress token."),
    "choose_payment": _("Which cards pay for this stage?"),
    "choose_set": _("Which science cards do you spend?"),
    "cancel_choice": _("Cancel"),
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
    # The "Suggest" hint's line (board.js hintLine; its facts: games/engine/architects/reasons.py).
    "hint_points": ngettext_lazy("+%(count)s point", "+%(count)s points"),
    "hint_cat": _("the cat"),
    "hint_gain_token": _("a progress token"),
    "hint_needed": _("%(card)s for your next stage"),
    "hint_shield": _("a shield"),
    "hint_coins": ngettext_lazy("+%(count)s coin", "+%(count)s coins"),
    "hint_power": _("its power"),
    "hint_denies_next": _("%(name)s, who plays next, could take it too"),
    "hint_denies_other": _("%(name)s could take it too"),
}


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


def category_label(category, language):
    texts = CATEGORY_WORDS.get(category)
    return pick(texts, language, category) if texts else category


# ---------------------------------------------------------------------------------------------
# History pages (a finished match's cities, the tie-break's words) and the score-sheet
# calculator. Kept apart from the board's words above.


def tiebreak_label(language):
    """The words of the score sheet's tie-break column: the stages built."""
    return pgettext_lazy("architects", "Stages built")
