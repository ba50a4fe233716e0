"""The base game's score-sheet calculator in words: its seat form (``templates/calculator_seat.html``),
the table the form sends to ``engine.score_table`` and the words of the engine's table problems.

A table has a mode, one of the game's rating modes (``engine.table_modes``): the plain game, the
2-player variant (the third seat is the Free City), Cities (black cards, Petra and Byzantium, debt
tokens), both together (``cities-2p``) and Cities with teams (seats 2k and 2k + 1 partners). The form follows the mode: its
seats' legends, the cards and wonders offered, the debt field."""
from django.utils.translation import gettext_lazy as _, ngettext

from games.engine import options as engine_options
from . import BOARD_WORDS, catalogue

FREE_CITY_SEAT = 2  # the 2-player variant's table: the two players, then the Free City

# The engine's table problems in words; a code missing here shows the engine's message.
TABLE_PROBLEMS = {
    "unknown_wonder": _("Choose a wonder."),
    "ambiguous_wonder": _("This names several wonders."),
    "duplicate_wonder": _("This wonder is already at another seat."),
    "bad_side": _("The side is A or B."),
    "bad_stages": _("Stages built is a whole number from 0."),
    "too_many_stages": _("This side of the wonder has fewer stages."),
    "bad_coins": _("Coins are a whole number from 0 to 999."),
    "bad_military": _("Conflict tokens are 1, 3, 5 (victories) or -1 (defeats)."),
    "too_many_tokens": _("A city fights two battles an age: at most two victory tokens of each value, six tokens in all."),
    "bad_cards": _("The cards were not understood."),
    "unknown_card": _("There is no such card."),
    "ambiguous_card": _("This names several cards."),
    "duplicate_structure": _("A city never builds the same structure twice."),
    "not_in_deck": _("This card is not in the deck at this player count."),
    "too_many_structures": _("More cards and stages than this city had turns."),
    "too_many_copies": _("More copies of this card than the deck has at this player count."),
    "needs_cities": _("This belongs to the Cities expansion: choose a Cities table."),
    "bad_debt": _("Debt tokens are a whole number from 0 to 999."),
    "too_many_black_cards": _("More black cards of one age than the game deals at this player count."),
    "too_many_guilds": _("More guilds than the game deals at this player count."),
    "bad_player_count": _("This table does not seat that many players."),
}


def _whole_number_field(value, default=0):
    try:
        return int(str(value).strip() or default)
    except ValueError:
        return value


def _numbers(text):
    out = []
    for part in str(text).replace(",", " ").split():
        try:
            out.append(int(part))
        except ValueError:
            out.append(part)
    return out


def _cities(mode):
    return engine_options.is_on(engine_options.mode_options("base", mode), "expansions", "cities")


def _teams(mode):
    return bool(engine_options.mode_options("base", mode).get("teams"))


FREE_CITY_MODES = ("base-2p", "cities-2p")  # the 2-player variant's tables, with Cities and without


def _free_city(mode):
    return mode in FREE_CITY_MODES


def calculator_words():
    """The calculator page's words for this game."""
    return {
        "lead": _("Played on a real table? Describe each city, clockwise, and get the score sheet: science "
                  "wildcards, masks and Olympia's copied guild are placed where they give the most."),
        "help": _("Conflict tokens: 1, 3 or 5 for each victory (Ages I, II, III), -1 for each defeat, separated "
                  "by spaces."),
    }


def calculator_tiebreak_note(mode):
    """The sentence under the sheet: how ties are broken (teams: our ruling, spec B.8)."""
    return BOARD_WORDS["team_tie_break" if _teams(mode) else "tie_break"]


def calculator_players_label(mode, seats):
    """The words of a seat count in the form's player select."""
    if _free_city(mode):
        return _("2 players and the Free City")
    return str(seats)


def _legend(mode, index):
    number = index + 1
    if _free_city(mode) and index == FREE_CITY_SEAT:
        return str(BOARD_WORDS["free_city"])
    seat = _("Seat %(number)s") % {"number": number}
    if _teams(mode):
        return f"{seat} · {BOARD_WORDS['team_n'] % {'team': index // 2 + 1}}"
    return seat


def calculator_seat(data, index, language, mode="base"):
    """The values of seat `index` of the calculator's form (`data`: the GET or POST query), with
    the card picker and the wonders of the `mode` in `language`."""
    prefix = f"seat-{index}-"
    cards = data.getlist(prefix + "cards")
    chosen = set(cards)
    cities = _cities(mode)
    return {
        "legend": _legend(mode, index),
        "wonder": data.get(prefix + "wonder", ""),
        "side": data.get(prefix + "side", "A"),
        "stages": data.get(prefix + "stages", "0"),
        "coins": data.get(prefix + "coins", "0"),
        "military": data.get(prefix + "military", ""),
        "debt": data.get(prefix + "debt", "0") if cities else None,
        "cards": cards,
        "wonders": catalogue.wonder_choices(language, cities),
        "groups": [{"age": g["age"], "cards": [{**c, "checked": c["id"] in chosen} for c in g["cards"]]}
                   for g in catalogue.card_picker(language, cities)],
    }


def calculator_table_seat(form):
    """A seat of engine.score_table's table from the form's values (what is not a number stays as
    typed: the engine names it as a problem)."""
    seat = {"wonder": form["wonder"], "side": form["side"], "stages": _whole_number_field(form["stages"]),
            "coins": _whole_number_field(form["coins"]), "military": _numbers(form["military"]),
            "cards": form["cards"]}
    if form.get("debt") is not None:
        seat["debt"] = _whole_number_field(form["debt"])
    return seat


def calculator_notes(row, language):
    """Words under a scored seat's wonder: Olympia B's copied guild, the debts, the team's total,
    the Free City's place outside the ranking."""
    notes = []
    if row.get("copied_guild"):
        notes.append(_("copies %(guild)s") % {"guild": catalogue.card_name(row["copied_guild"], language)})
    if row.get("debt"):
        notes.append(ngettext("%(count)s debt token", "%(count)s debt tokens", row["debt"]) % {"count": row["debt"]})
    if row.get("team") is not None:
        total = row["team_total"]
        notes.append(ngettext("Team %(team)s: %(count)s point", "Team %(team)s: %(count)s points", abs(total))
                     % {"team": row["team"] + 1, "count": total})
    if row.get("free_city"):
        notes.append(str(BOARD_WORDS["free_city_unranked"]))
    return notes


def calculator_value(value, language):
    """A table problem's value in words: a card or wonder id becomes its name."""
    if not isinstance(value, str):
        return value
    cards, wonders = catalogue.names(language)
    if value in cards:
        return cards[value]["name"]
    return wonders.get(value, value)
