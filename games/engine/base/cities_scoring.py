"""7 Wonders: Cities — scoring (shared/specs/cities.md B.4 masks, B.8 teams, B.9).

Masks: at the end each mask copies the science symbol of one green card of either neighbouring
city; two masks never copy the same card, but two identical cards (one in each neighbouring
city, or one there and one in the owner's own city) are different cards. Only green cards can be
copied ([REC]: not Babylon's symbol, a Scientists Guild or another mask). The masks and the
owner's wild symbols are placed together to maximise the science points: a brute force over how
many masks copy each symbol (at most 3 masks, bounded by the green cards on offer).

Teams: partners add their totals; the higher team total wins; a tie goes to the team with more
coins in the treasury (the coins held, debts not taken off), else the teams share the rank
([REC] B.8, B.11 #7). Each sheet gets ``team``, ``team_total`` and ``team_coins``, and its seat
the rank of its team.
"""

from . import catalogue as _cat
from .science import plain_science_points
from ..seating import left_of, right_of


def copyable_symbols(players, seat):
    """How many green cards of each symbol (compass, gear, tablet) the two neighbours hold."""
    cards = _cat.get().cards
    n = len(players)
    counts = [0, 0, 0]
    for nb in (left_of(seat, n), right_of(seat, n)):
        for cid in players[nb]["built"]:
            card = cards[cid]
            if card.color == "green" and card.fx.science >= 0:
                counts[card.fx.science] += 1
    return counts


def best_with_masks(symbols, wild, copyable, masks):
    best = plain_science_points(symbols, wild)
    for a in range(min(masks, copyable[0]) + 1):
        for b in range(min(masks - a, copyable[1]) + 1):
            c = min(masks - a - b, copyable[2])
            got = (symbols[0] + a, symbols[1] + b, symbols[2] + c)
            best = max(best, plain_science_points(got, wild))
    return best


def rank_teams(sheets):
    teams = {}
    for sheet in sheets:
        team = sheet["seat"] // 2
        total, coins = teams.get(team, (0, 0))
        teams[team] = (total + sheet["total"], coins + sheet["coins"])
    for sheet in sheets:
        team = sheet["seat"] // 2
        mine = teams[team]
        sheet["team"] = team
        sheet["team_total"], sheet["team_coins"] = mine
        sheet["rank"] = 1 + sum(1 for other in teams.values() if other > mine)
    return sheets
