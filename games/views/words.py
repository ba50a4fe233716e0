"""The words of the play pages: refusal codes (services, engine, protocol) and the words the
scripts show. Strings reach the scripts through gettext, as JSON in the page."""
from django.utils.translation import gettext_lazy as _

from games.presentation.plural import Plural, ngettext_lazy  # noqa: F401 - Plural: what as_text sends as forms


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
    "unknown_option": _("This game has no option %(option)s; its settings are %(allowed)s."),
    "option_needs": _("The option %(option)s needs %(needs)s."),
    "option_players": _("The option %(option)s is played with %(allowed)s players."),
    "unsupported_game": _("There is no such game here."),
    "bad_turn_seconds": _("The turn timer is off (0) or from 10 seconds to 24 hours."),
    "bad_bots": _("Seat 1 is the host's; the other seats are open or given to a bot."),
    "bad_bot_level": _("There is no such bot."),
    "not_started": _("The game has not started yet."),
    "game_over": _("The game is over."),
    "seat_taken_over": _("A bot plays this seat now."),
    "stale_step": _("That move was for a turn that is over."),
    "client_id_reused": _("That move reused the id of an earlier move: it was not played."),
    "too_many_open_tables": _("You already host as many open tables as you can: start or close one first."),
    "too_many_moves": _("You have changed your choice too often this turn: your last choice stands."),
    "not_your_seat": _("You can only play for your own seat."),
    "not_your_turn": _("You have nothing to decide now."),
    "unknown_action": _("That is not a move of this game."),
    "bad_action": _("That move is incomplete."),
    "too_large": _("The message is too large."),
    "not_json": _("The message could not be read."),
    "bad_message": _("The message is incomplete."),
    "unknown_type": _("The server does not know that message."),
    "rate_limited": _("Too many messages: wait a few seconds."),
    "too_many_sockets": _("You have too many game pages open: close some and reload this one."),
    "too_many_spectators": _("This table has as many spectators as it can take: try again later."),
    "not_running": _("The game is not being played."),
    "not_finished": _("The game is not over yet."),
    "chat_empty": _("Write something first."),
    "chat_too_long": _("A message has at most %(limit)s characters."),
    "chat_rate_limited": _("You are writing too fast: wait a few seconds."),
    "session_ended": _("You were logged out: log in again to play and write."),
    "hint_refused_rated": _("Suggestions are given only at unrated tables, and not while you play a rated game."),
    "hint_rate_limited": _("You have asked for suggestions often: wait a minute."),
    "hint_busy": _("The server is busy thinking for other players: try again in a moment."),
    "hint_failed": _("No suggestion could be found this time: try again."),
}

# Words the board scripts and lobby.js use (%(name)s placeholders are filled in by the scripts).
UI = {
    "connecting": _("Connecting…"),
    "connected": _("Connected"),
    "reconnecting": _("Connection lost, reconnecting…"),
    "deadline": _("Time left: %(time)s"),
    "no_deadline": _("No turn timer"),
    "your_hand": _("Your hand"),
    "nothing_to_do": _("Nothing to decide now."),
    "your_choice": _("Your choice: %(action)s"),
    "cancel": _("Back"),
    "chosen": _("has chosen"),
    "thinking": _("is choosing"),
    "prompt_other": _("%(name)s is deciding (%(kind)s)…"),
    "coins": _("Coins"),
    "players": _("Players"),
    "player_column": _("Player"),
    "status_column": _("Status"),
    "category_column": _("Category"),
    "log": _("What happened"),
    "you": _("you"),
    "bot_easy": _("easy bot (random)"),
    "bot_medium": _("medium bot (greedy)"),
    "bot_hard": _("hard bot (search)"),
    "taken_over": _("played by a bot"),
    "spectating": _("You are watching this game."),
    "seat_n": _("Seat %(seat)s"),
    "score_sheet": _("Score sheet"),
    "rank": _("Rank"),
    "total": _("Total"),
    "ev_game_over": _("The game is over."),
    "ev_timed_out": ngettext_lazy("%(name)s ran out of time; a bot played for them (%(count)s turn in a row).",
                                  "%(name)s ran out of time; a bot played for them (%(count)s turns in a row)."),
    "ev_taken_over": _("%(name)s missed too many deadlines in a row: a bot plays their seat from now on."),
    "gone": _("This table was closed."),
    "open_tables": _("Open tables"),
    "running_games": _("Games being played"),
    "no_open_tables": _("No open table: create one."),
    "more_open_tables": _("%(count)s open tables in all: the oldest are listed."),
    "no_running_games": _("No game is being played."),
    "open_table": _("Open the table"),
    "watch": _("Watch"),
    "seats_filled": _("%(filled)s of %(players)s seats taken"),
    "timer_seconds": _("%(seconds)s s per turn"),
    "timer_off": _("no timer"),
    "unrated_table": _("not rated"),
    "pace_hours": _("turn-based, %(hours)s h a move"),
    "pace_days": _("turn-based, %(days)s days a move"),
    "host_holiday": _("host on holiday until %(date)s"),
    "empty_seat": _("empty seat"),
    "host": _("host"),
    # The moments every table shares (static/js/table-moments.js).
    "your_turn_title": _("Your turn"),
    "still_choosing": _("Still choosing: %(names)s"),
    "you_left": _("You left this game: a bot plays your seat and you are watching."),
    "ev_left": _("%(name)s left the game: a bot plays their seat from now on."),
    "winner_is": _("%(name)s wins!"),
    "shared_win": _("Shared win: %(names)s"),
    "team_wins": _("Team %(team)s wins: %(names)s"),
    "conflict_title_age": _("End of Age %(age)s: the conflicts"),
    "conflict_title_battle": _("The battle"),
    "conflict_won": _("%(winner)s beats %(loser)s (shields %(score)s): %(winner)s %(gain)s, %(loser)s %(loss)s"),
    "conflict_tie": _("%(name)s and %(other)s are even (shields %(score)s): no token"),
    "conflict_diplomacy": _("%(name)s stays out of the conflicts (diplomacy)"),
    # The "Suggest" hint at unrated tables (static/js/table-hints.js).
    "hint_suggest": _("Suggest"),
    "hint_thinking": _("Thinking…"),
    "hint_help": _("The hard bot's choice for your seat, with its reason: nothing is played until you choose it."),
    "hint_tag": _("Suggested"),
}


def _t(mapping):
    return {key: str(value) for key, value in mapping.items()}



def as_text(mapping):
    return {key: value.forms() if isinstance(value, Plural) else str(value) for key, value in mapping.items()}


def error_text(error, game=None):
    """A refusal in words (the game's own codes from its presentation module); the facts fill the
    placeholders a text has (allowed ranges and the like)."""
    from games import presentation

    known = {**ERRORS, **(presentation.get(game).error_words() if game else {})}
    text = str(known.get(error.code, error.code))
    facts = dict(error.facts)
    if isinstance(facts.get("allowed"), list) and len(facts["allowed"]) == 2:
        facts["low"], facts["high"] = facts["allowed"]
    if "option" not in facts and isinstance(facts.get("options"), list) and facts["options"]:
        facts["option"] = facts["options"][0]  # the services name every unknown option
    # Lists and {option: value} read as words: "sides, wonders", "expansions cities".
    for key, value in list(facts.items()):
        if isinstance(value, list):
            facts[key] = ", ".join(str(item) for item in value)
        elif isinstance(value, dict):
            facts[key] = ", ".join(f"{name} {item}" for name, item in value.items())
    try:
        return text % facts if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return text


def language():
    """The page's language as the catalogue names it (en, it, pt-br)."""
    from django.utils.translation import get_language

    code = (get_language() or "en").lower()
    return code if code in ("en", "it", "pt-br") else "en"
