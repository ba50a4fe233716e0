"""Scoring ([R] seed 003 «Fine della partita»; the token values from spec C.1 and C.3).

``scores(state)`` works at any moment and gives per seat::

    {"seat", "wonder", "blue", "cat", "military", "progress", "total", "stages", "rank"}

- wonder: the points of the built stages; blue: the points of the blue cards;
- cat: the cat's points for its holder; military: each Military Victory token's points;
- progress: Decoration (one value while the wonder is being built, another once complete),
  Politics (per cat icon on the player's blue cards), Strategy (per Military Victory token),
  Education (per progress token held, itself included), Culture (one value for one, another
  for both); the other tokens give no points.
- rank: 1 = best; more points, then more built stages (``stages``, the tie-break), then the
  tied seats share the rank.
"""
from . import catalogue as _cat
from .stages import is_complete

CATEGORIES = ("wonder", "blue", "cat", "military", "progress")
TIEBREAK = "stages"


def progress_breakdown(player):
    """{token kind: points} of the player's scoring progress tokens (both Cultures together under
    "culture"); tokens that score nothing are left out."""
    cat = _cat.get()
    kinds = [cat.token(t) for t in player["tokens"]]
    out = {}
    cultures = 0
    for token in kinds:
        facts = token.facts
        if token.effect == "wonder_points":
            out[token.id] = facts["complete"] if is_complete(player) else facts["building"]
        elif token.effect == "points_per_cat_icon":
            out[token.id] = facts["points"] * sum(1 for card in player["cards"] if cat.kind(card).cat)
        elif token.effect == "points_per_military_token":
            out[token.id] = facts["points"] * player["military"]
        elif token.effect == "points_per_progress_token":
            out[token.id] = facts["points"] * len(kinds)
        elif token.effect == "culture":
            cultures += 1
    if cultures:
        culture = next(t for t in kinds if t.effect == "culture")
        out[culture.id] = culture.facts["both"] if cultures >= 2 else culture.facts["one"]
    return out


def progress_points(player):
    return sum(progress_breakdown(player).values())


def score_sheet(state, seat):
    cat = _cat.get()
    player = state["players"][seat]
    wonder = cat.wonders[player["wonder"]]
    sheet = {
        "seat": seat,
        "wonder": sum(wonder.stage(number).points for number in player["built"]),
        "blue": sum(cat.kind(card).points for card in player["cards"] if cat.kind(card).color == "blue"),
        "cat": cat.cat_points if state["cat"] == seat else 0,
        "military": cat.military_token_points * player["military"],
        "progress": progress_points(player),
    }
    sheet["total"] = sum(sheet[c] for c in CATEGORIES)
    sheet[TIEBREAK] = len(player["built"])
    return sheet


def scores(state):
    sheets = [score_sheet(state, seat) for seat in range(len(state["players"]))]
    for sheet in sheets:
        better = [s for s in sheets if (s["total"], s[TIEBREAK]) > (sheet["total"], sheet[TIEBREAK])]
        sheet["rank"] = 1 + len(better)
    return sheets
