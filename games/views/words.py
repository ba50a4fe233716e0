"""The words of the play pages: refusal codes (services, engine, protocol) and the words the
scripts show. Strings reach the scripts through gettext, as JSON in the page."""
from django.utils.translation import gettext_lazy as _, pgettext_lazy

# Codes of refusals (services, engine, protocol) in words. A code missing here is shown as is.
ERRORS = {
    "login_required": _("Please log in first."),
    "no_such_match": _("There is no such table."),
    "bad_invite": _("This invitation link is not valid."),
    "not_open": _("This table has already started."),
    "table_full": _("This table is full."),
    "not_seated": _("You are not seated at this table."),
    "not_host": _("Only the host can do that."),
    "no_such_seat": _("There is no such seat."),
    "seat_taken": _("A player sits there."),
    "seats_not_filled": _("Every seat must be taken before the start."),
    "bad_player_count": _("A table of this game has %(low)s to %(high)s seats."),
    "unknown_option": _("This game has no such option."),
    "unsupported_game": _("There is no such game here."),
    "bad_sides": _("Choose side A, side B or random."),
    "bad_wonders": _("Choose a wonder (or random) for each seat."),
    "unknown_wonder": _("There is no such wonder."),
    "duplicate_wonder": _("Each wonder can be chosen once."),
    "bad_turn_seconds": _("The turn timer is off (0) or from 10 seconds to 24 hours."),
    "bad_bots": _("Seat 1 is the host's; the other seats are open or given to a bot."),
    "bad_bot_level": _("There is no such bot."),
    "not_started": _("The game has not started yet."),
    "game_over": _("The game is over."),
    "seat_taken_over": _("A bot plays this seat now."),
    "stale_step": _("That move was for a turn that is over."),
    "not_your_seat": _("You can only play for your own seat."),
    "not_your_turn": _("You have nothing to decide now."),
    "unknown_action": _("That is not a move of this game."),
    "bad_action": _("That move is incomplete."),
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
    "too_large": _("The message is too large."),
    "not_json": _("The message could not be read."),
    "bad_message": _("The message is incomplete."),
    "unknown_type": _("The server does not know that message."),
    "rate_limited": _("Too many messages: wait a few seconds."),
}

# Words game.js and lobby.js use (%(name)s placeholders are filled in by the scripts).
UI = {
    "connecting": _("Connecting…"),
    "connected": _("Connected"),
    "reconnecting": _("Connection lost, reconnecting…"),
    "age": _("Age %(age)s"),
    "turn": _("turn %(turn)s of 6"),
    "pass_left": _("cards pass to the left"),
    "pass_right": _("cards pass to the right"),
    "deadline": _("Time left: %(time)s"),
    "no_deadline": _("No turn timer"),
    "your_hand": _("Your hand"),
    "choose_card": _("Choose a card, then what to do with it."),
    "waiting_others": _("Waiting for the others. You can change your choice until everyone has chosen."),
    "nothing_to_do": _("Nothing to decide now."),
    "your_choice": _("Your choice: %(action)s"),
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
    "pay_neighbour": _("%(coins)s to %(name)s"),
    "pay_nothing": _("costs nothing"),
    "cannot_build": _("Cannot be built now"),
    "cancel": _("Back"),
    "chosen": _("has chosen"),
    "thinking": _("is choosing"),
    "prompt_seventh_card": _("Babylon: play the last card of the age too."),
    "prompt_build_discarded": _("Halicarnassus: build one card of the discard pile for free."),
    "prompt_other": _("%(name)s is deciding (%(kind)s)…"),
    "olympia_ready": _("Olympia: you may build one structure for free this age."),
    "kind_seventh_card": _("Babylon's seventh card"),
    "kind_build_discarded": _("Halicarnassus' pick from the discard"),
    "coins": _("Coins"),
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
    "players": _("Players"),
    "log": _("What happened"),
    "you": _("you"),
    "bot_random": _("random bot"),
    "bot_greedy": _("greedy bot"),
    "taken_over": _("played by a bot"),
    "spectating": _("You are watching this game."),
    "seat_n": _("Seat %(seat)s"),
    "score_sheet": _("Score sheet"),
    "rank": _("Rank"),
    "total": _("Total"),
    "tie_break": _("Ties are broken by coins; equal coins share the rank."),
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
    "ev_game_over": _("The game is over."),
    "ev_timed_out": _("%(name)s ran out of time; the greedy bot played for them (%(missed)s in a row)."),
    "ev_taken_over": _("%(name)s missed three turns in a row: a bot plays their seat from now on."),
    "ev_sides_chosen": _("Every wonder side is chosen."),
    "gone": _("This table was closed."),
    "open_tables": _("Open tables"),
    "running_games": _("Games being played"),
    "no_open_tables": _("No open table: create one."),
    "no_running_games": _("No game is being played."),
    "open_table": _("Open the table"),
    "watch": _("Watch"),
    "seats_filled": _("%(filled)s of %(players)s seats taken"),
    "timer_seconds": _("%(seconds)s s per turn"),
    "timer_off": _("no timer"),
    "empty_seat": _("empty seat"),
    "host": _("host"),
    "already_built": _("Already in your city"),
    "missing": _("Missing: %(what)s"),
    "needs_coins": _("Needs %(coins)s coins"),
    "res_coin": pgettext_lazy("cost", "coin"),
    "res_coins": pgettext_lazy("cost", "coins"),
    "res_wood": pgettext_lazy("cost", "wood"),
    "res_stone": pgettext_lazy("cost", "stone"),
    "res_clay": pgettext_lazy("cost", "clay"),
    "res_ore": pgettext_lazy("cost", "ore"),
    "res_glass": pgettext_lazy("cost", "glass"),
    "res_textile": pgettext_lazy("cost", "textile"),
    "res_papyrus": pgettext_lazy("cost", "papyrus"),
}


def _t(mapping):
    return {key: str(value) for key, value in mapping.items()}



def as_text(mapping):
    return {key: str(value) for key, value in mapping.items()}


def error_text(error):
    """A refusal in words; the facts fill the placeholders a text has (allowed ranges and the like)."""
    text = str(ERRORS.get(error.code, error.code))
    facts = dict(error.facts)
    if isinstance(facts.get("allowed"), list) and len(facts["allowed"]) == 2:
        facts["low"], facts["high"] = facts["allowed"]
    try:
        return text % facts if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return text


def language():
    """The page's language as the catalogue names it (en, it, pt-br)."""
    from django.utils.translation import get_language

    code = (get_language() or "en").lower()
    return code if code in ("en", "it", "pt-br") else "en"
