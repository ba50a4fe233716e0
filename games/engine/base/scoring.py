"""Scoring, in the rulebook's order (002 l.384-392, 396-470).

``scores(state)`` works at any moment (a running total during play, the result at the end) and
returns one dict per seat::

    {"seat", "military", "treasury", "wonder", "civilian", "science", "commercial", "guilds",
     "total", "coins", "rank", "copied_guild" (Olympia B stage 3 only, else absent)}

- military: sum of the conflict tokens (may be negative);
- treasury: coins // 3;
- wonder: points of the built stages;
- civilian: points of blue cards; commercial: points of yellow cards (Haven, Lighthouse,
  Chamber of Commerce, Arena); guilds: points of purple cards (Scientists give a symbol, so
  they count under science);
- science: for each symbol its count squared, plus 7 per complete set; each wildcard
  (Babylon's stage, Scientists Guild, a copied Scientists Guild) is placed where it adds most,
  chosen at the end (002 l.622, l.1020) — every split of the wildcards is tried;
- Olympia B's copy (002 l.697-709): every guild of either neighbour that the city does not
  already have (a city never holds two structures of the same name) is tried and the one giving
  the highest total is kept; it counts once, in guilds (or science for Scientists), "as if
  built": it counts as a purple card of the Olympia city for that city's own Shipowners-style
  counts (002 l.1011), and never changes the owner's or anybody else's score.
- rank: 1 = best; higher total wins, then more coins, then the seats share the rank
  (002 l.380).

Board resources never count as cards (002 l.1022): only built cards are counted by colour.

Cities (``cities_scoring.py``): ``black`` holds the black cards' points (on the sheets of a
Cities game only: INFO's ``option_score_categories``), debts are taken off ``treasury`` (one point per -1 token),
masks copy neighbours' green cards inside ``science``, and a team game ranks teams.
"""

from . import catalogue as _cat
from .cities_scoring import best_with_masks, copyable_symbols, rank_teams
from .city import COLOR_INDEX, count, profile
from .science import plain_science_points
from ..seating import left_of, right_of
from .two_players_setup import seat_count

CATEGORY_OF_COLOR = {
    "blue": "civilian", "yellow": "commercial", "purple": "guilds", "green": "science",
    "red": "military", "brown": "civilian", "grey": "civilian", "black": "black",
}
BASE_CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
CATEGORIES = BASE_CATEGORIES + ("black",)  # black: only on the sheets of a Cities game
PURPLE = COLOR_INDEX["purple"]


def science_points(symbols, wild, copyable=None, masks=0):
    """Best science score; with Cities' `masks`, each copies one of the `copyable` neighbours'
    green symbols (counts per symbol, each a different card: cities_scoring.py)."""
    if masks and copyable and any(copyable):
        return best_with_masks(symbols, wild, copyable, masks)
    return plain_science_points(symbols, wild)


def _points(fx, seat, players, profiles, extra_purple):
    pts = fx.points
    for counts, scope, amount in fx.points_per:
        pts += amount * count(counts, scope, seat, players, profiles, extra_purple)
    return pts


def score_seat(state, seat, profiles=None, copy=None):
    """Score sheet of one seat; `copy` = id of a guild counted as if built (Olympia B)."""
    cards = _cat.get().cards
    players = state["players"]
    if profiles is None:
        profiles = [profile(p) for p in players]
    p = players[seat]
    prof = profiles[seat]
    extra = 1 if copy else 0
    sheet = dict.fromkeys(CATEGORIES, 0)
    sheet["military"] = sum(p["tokens"])
    sheet["treasury"] = p["coins"] // 3 - p.get("debt", 0)
    for fx in prof.stage_fx:
        sheet["wonder"] += _points(fx, seat, players, profiles, extra)
    built = list(p["built"]) + ([copy] if copy else [])
    wild = prof.science_wild
    symbols = list(prof.science)
    for cid in built:
        card = cards[cid]
        if card.fx.points or card.fx.points_per:
            sheet[CATEGORY_OF_COLOR[card.color]] += _points(card.fx, seat, players, profiles,
                                                           extra)
    if copy:
        fx = cards[copy].fx
        wild += fx.science_choice
        if fx.science >= 0:
            symbols[fx.science] += 1
    copyable = None
    if prof.masks:
        copyable = copyable_symbols(players, seat)
    sheet["science"] += science_points(symbols, wild, copyable, prof.masks)
    sheet["total"] = sum(sheet[c] for c in CATEGORIES)
    sheet["coins"] = p["coins"]
    return sheet


def copy_candidates(state, seat, profiles=None):
    """Guild ids Olympia B could copy: neighbours' guilds whose name the city lacks."""
    cards = _cat.get().cards
    players = state["players"]
    n = len(players)
    if profiles is None:
        profiles = [profile(q) for q in players]
    names = profiles[seat].names
    out = []
    for nb in (left_of(seat, n), right_of(seat, n)):
        for cid in players[nb]["built"]:
            card = cards[cid]
            if card.color == "purple" and card.key not in names and cid not in out:
                out.append(cid)
    return out


def city_sheets(state):
    """Every city's sheet (the Free City's too), not ranked."""
    players = state["players"]
    profiles = [profile(p) for p in players]
    sheets = []
    for s in range(len(players)):
        sheet = score_seat(state, s, profiles)
        if profiles[s].copy_guild:
            sheet["copied_guild"] = None
            for gid in sorted(copy_candidates(state, s, profiles)):
                alt = score_seat(state, s, profiles, copy=gid)
                if alt["total"] > sheet["total"]:
                    sheet = alt
                    sheet["copied_guild"] = gid
        sheet["seat"] = s
        sheets.append(sheet)
    config = state.get("config") or {}
    if "cities" not in (config.get("expansions") or ()):
        for sheet in sheets:
            del sheet["black"]  # always 0 here: a base game has no black card
    return sheets


def scores(state):
    """The seats' sheets, ranked among the seats (the 2-player variant's Free City is no seat:
    ``two_players_view.free_city_sheet``), by team in a team game."""
    sheets = city_sheets(state)[:seat_count(state)]
    if (state.get("config") or {}).get("teams"):
        return rank_teams(sheets)
    for sheet in sheets:
        better = sum(1 for o in sheets
                     if (o["total"], o["coins"]) > (sheet["total"], sheet["coins"]))
        sheet["rank"] = better + 1
    return sheets
