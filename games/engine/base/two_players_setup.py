"""The 2-player variant of the base game (002 l.471-568; our rulings: shared/specs/two-players.md,
Part A), config ``{"game": "base", "players": 2, ...}``: its table and the flow of its turns.

Like Cities, the variant is hooks in the base rules, no fork of them: this module and
``two_players_rules.py`` (the Free City's choices), ``two_players_view.py`` (views, hints,
hidden ids, reveal, the Free City's sheet) and ``two_players_sample.py`` are asked by
``state.py``, ``rules.py``, ``resolution.py``, ``scoring.py``, ``view.py`` and ``sample.py``
when ``is_two_players(state)``. This module imports nothing of the rules.

The table. Three cities in a ring: seat 0, seat 1 and the Free City, the last entry of
``state["players"]`` (``FREE_CITY`` = 2), which no seat owns. Seats and neighbours follow
``seating.py`` over the three cities, so the Free City's left neighbour is seat 0 (the player
"to the left of the Free City", who holds the Free City card in Ages I and III) and its right
neighbour seat 1 (Age II); the two players are each other's other neighbour. Trading, coins,
military and scoring are the base game's over three cities.

The deal (``state.draw_chance`` with the hooks below): the 3-player cards
(``cards/data/two_players.json``: the player count whose cards are used, the guilds in Age
III), 7 cards per city; the Free City's 7 are its face-down pile, kept as its ``hand``. Its
wonder is drawn among those left; its side is the config's for ``A``, ``B`` or ``random``, drawn
at random with ``choose`` or a per-seat list (nobody owns the Free City to choose it). With
Cities the deck is the 3-player one with Cities' (``deck_config``): 3 black cards an age, 8 cards
per city, seven turns (two-players.md A.9 #6, our ruling).

A turn. The controller (``controller``) draws the top card of the pile into their hand
(``draw_for_controller``), chooses a card for their own city, then one for the Free City
(``two_players_rules.py``); the other player chooses one card. The three plays resolve at once
like a base turn, then the players swap hands and control passes to the other player
(``next_turn``).
"""

import json
from functools import lru_cache

from . import catalogue as _cat

FREE_CITY = 2  # the Free City's index among the cities of a 2-player game
SEATS = (0, 1)
FOR_FREE_CITY = "free_city"  # the marker of an action taken for the Free City


@lru_cache(maxsize=1)
def setup():
    """The variant's setup record (cards/data/two_players.json)."""
    with open(_cat.DEFAULT_DATA_DIR / "two_players.json", encoding="utf-8") as fh:
        return json.load(fh)


def two_players_on(cfg):
    return cfg.get("players") == 2


def is_two_players(state):
    return state["config"].get("players") == 2


def seat_count(state):
    """The seats of the table: the cities but the Free City."""
    return len(SEATS) if is_two_players(state) else len(state["players"])


# ---------------------------------------------------------------------------------------------
# setup (asked by state.draw_chance)


def deck_config(cfg):
    """The config whose cards are dealt: the 3-player deck's, with Cities its black cards too (3
    an age, hands of 8: shared/specs/two-players.md A.9 #6, our ruling)."""
    deck = {"players": setup()["deck_players"]}
    if cfg.get("expansions"):
        deck["expansions"] = list(cfg["expansions"])
    return deck


def guild_count():
    return setup()["guilds"]


def free_city_side(cfg):
    """What the config asks of the Free City's side: its own value for A, B or random; random for
    choose or a per-seat list."""
    sides = cfg["sides"]
    return sides if sides in ("A", "B", "random") else "random"


# ---------------------------------------------------------------------------------------------
# the flow of a turn


def controller(state):
    """The seat holding the Free City card this turn (None outside a turn): the player to the
    left of the Free City (seat 0) or to its right (seat 1) on the first turn of an age, as the
    setup record says, then the other player every other turn. With Cities the turn's debts are
    still its own: the controller of the turn in which a loss is settled decides the Free City's
    (seed 001, «Regole per 2 Giocatori»)."""
    if state["phase"] not in ("play", "prompt", "debt"):
        return None
    first = 0 if setup()["first_controller"][str(state["age"])] == "left" else 1
    return first if state["turn"] % 2 == 1 else 1 - first


def decider(state, city):
    """The seat that decides for `city`: the controller for the Free City, else the city's seat."""
    return controller(state) if city == FREE_CITY and is_two_players(state) else city


def draw_for_controller(state):
    """The controller draws the top card of the Free City's pile (mutates `state`, a private copy)."""
    seat = controller(state)
    players = list(state["players"])
    pile = players[FREE_CITY]["hand"]
    if not pile:
        return
    players[FREE_CITY] = {**players[FREE_CITY], "hand": pile[1:]}
    players[seat] = {**players[seat], "hand": players[seat]["hand"] + [pile[0]]}
    state["players"] = players


def next_turn(new):
    """After a turn's resolution (not the sixth): the players take each other's leftover cards,
    and the other player, now holding the Free City card, draws."""
    players = list(new["players"])
    left, right = players[0], players[1]
    players[0] = {**left, "hand": right["hand"]}
    players[1] = {**right, "hand": left["hand"]}
    new["players"] = players
    new["turn"] += 1
    draw_for_controller(new)
