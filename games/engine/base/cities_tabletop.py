"""The calculator's tables beyond the plain game (``tabletop.py``): the 2-player variant and Cities.

A table names its mode, one of the game's rating modes; ``MODES`` says what each seats and what
it changes:

- ``base``: 3-7 seats, 18 turns;
- ``base-2p``: three cities, the third the Free City (scored, never ranked), the 3-player deck;
- ``cities``: 3-8 seats; black cards, the three Cities guilds, Petra and Byzantium; seven turns
  an age (six at 8 players, whose base deck is the 7-player one); debt tokens on the treasury;
- ``cities-2p``: the 2-player variant with Cities, three cities (the Free City third, scored,
  never ranked; it takes debts too), the 3-player deck with 3 black cards an age and seven turns;
- ``cities-teams``: the same at 4, 6 or 8 seats, seats 2k and 2k + 1 partners.

What only a Cities table can break: an age holds ``min(n, 7)`` black cards drawn from its nine
(shared/specs/cities.md B.7), so a table with more black cards of one age could not exist; the
guilds are players + 2 (9 at 8) in every mode. Debts are a whole number of -1 tokens.
"""
from . import catalogue as _cat
from .info import info
from .cities_setup import cities_on, deck_players, teams_on, turns_per_age
from ..tables import problem, whole_number

MAX_DEBT = 999


class TableMode:
    """A rating mode as a table: its seat counts; its options are the mode's (INFO's
    mode_options), so what Cities and teams change comes from the game's own setup."""

    def __init__(self, mode_id, seats, free_city=False):
        self.id = mode_id
        self.seats = tuple(seats)
        self.free_city = free_city
        self.options = info()["mode_options"][mode_id]
        self.cities = cities_on(self.options)
        self.teams = teams_on(self.options)

    @property
    def seats_in_words(self):
        counts = list(self.seats)
        if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
            return f"{counts[0]} to {counts[-1]}"
        return ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]}" if len(counts) > 1 else str(counts[0])

    def turns(self, seats):
        """The turns a city plays in the game (three ages)."""
        return 3 * turns_per_age(self.config(seats))

    def config(self, seats):
        """The engine config whose scoring this table follows (the Free City's table: 2 players)."""
        return {"game": "base", "players": 2 if self.free_city else seats, **self.options}


MODES = {
    "base": TableMode("base", range(3, 8)),
    "base-2p": TableMode("base-2p", (3,), free_city=True),
    "cities": TableMode("cities", range(3, 9)),
    "cities-2p": TableMode("cities-2p", (3,), free_city=True),
    "cities-teams": TableMode("cities-teams", (4, 6, 8)),
}


def needs_cities(seat, field, value, **facts):
    what = "Debt tokens belong" if field == "debt" else f"{value} belongs"
    return problem("needs_cities", f"{what} to the Cities expansion: choose a Cities table.",
                   seat, field, value, **facts)


def read_debt(seat, index, mode, problems):
    """The seat's debt tokens (0 when left out); a problem when it is not a whole number from 0,
    or when a table without Cities has any."""
    debt = seat.get("debt", 0)
    if not whole_number(debt) or not 0 <= debt <= MAX_DEBT:
        problems.append(problem("bad_debt", f"Debt tokens are a whole number from 0 to {MAX_DEBT}.",
                                index, "debt", debt))
        return 0
    if debt and not mode.cities:
        problems.append(needs_cities(index, "debt", debt))
        return 0
    return debt


def deck_problems(built_ids, seats):
    """More black cards of an age, or more guilds, on the table than the game dealt."""
    cards = _cat.get().cards
    drawn = deck_players(seats)
    black_by_age, guilds = {}, 0
    for ids in built_ids:
        for card_id in ids:
            card = cards[card_id]
            if card.color == "black":
                black_by_age[card.age] = black_by_age.get(card.age, 0) + 1
            elif card.color == "purple":
                guilds += 1
    out = []
    for age, count in sorted(black_by_age.items()):
        if count > drawn:
            out.append(problem("too_many_black_cards",
                               f"{count} black cards of age {age}; the game deals {drawn} at {seats} players.",
                               field="cards", value=count, age=age, allowed=drawn))
    if guilds > drawn + 2:
        out.append(problem("too_many_guilds", f"{guilds} guilds; the game deals {drawn + 2} at {seats} players.",
                           field="cards", value=guilds, allowed=drawn + 2))
    return out


def extra_fields(mode, player, sheet):
    """A scored row's fields beyond the plain game's: the Free City, debts, the team."""
    out = {"free_city": bool(sheet.get("free_city"))}
    if mode.cities:
        out["debt"] = player["debt"]
    if mode.teams:
        out.update(team=sheet["team"], team_total=sheet["team_total"], team_coins=sheet["team_coins"])
    return out
