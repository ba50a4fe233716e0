"""7 Wonders Architects' tabletop scoring: the score sheet of a game played on a real table.

Reached through ``games.engine.score_table("architects", table)`` (the game object's
``score_table``). A table is described seat by seat, in turn order::

    {"seats": [{"name": "Ann" (optional), "wonder": id or name (any language),
                "built": [numbers of the stages built, 1-5],
                "blue_cards": blue cards without the cat (3 points each),
                "cat_cards": blue cards with the cat icon (2 points each),
                "holds_cat": true when the cat pawn is in front of this player,
                "military_tokens": Military Victory tokens,
                "progress_tokens": [token ids or names, any language; Culture may be there twice]},
               ...]}

``score_table(data)`` checks that such a table could exist, then scores it with the engine's own
scoring (``scoring.scores``): every category, the points of each scoring progress token, total,
built stages (the tie-break) and rank. A table that could not exist raises ``TableError`` with one
problem per fault, each with a code, the seat and field, the value and a message.

What makes a table impossible: 2 to 7 seats; an unknown wonder, token or stage; a wonder at two
seats; a stage built while a lower level of its wonder is not; more blue cards of a kind than the
decks in play hold (the central deck and the seated wonders' decks); the cat at two seats; more
Military Victory tokens than the battles could give (a battle needs every conflict token flipped
and gives a player at most two tokens, so at most twice the horns in play over the conflict tokens);
more copies of a progress token than the game has.
"""
import json
from collections import Counter
from functools import lru_cache

from ..errors import TableError
from ..tables import fold, problem, quoted, whole_number
from . import catalogue as _cat
from .scoring import CATEGORIES, TIEBREAK, progress_breakdown, scores

MIN_SEATS = 2
MAX_SEATS = 7
BLUE_FIELDS = {"blue_cards": "blue", "cat_cards": "blue_cat"}  # field -> card kind


@lru_cache(maxsize=1)
def _index():
    """Folded names (ids, every language of the data file, a wonder's former names) -> wonder ids and token kinds."""
    with open(_cat.DATA_FILE, encoding="utf-8") as file:
        data = json.load(file)

    def names_of(records):
        found = {}
        for record in records:
            for name in {record["id"], *record["names"].values(), *record.get("former_names", ())}:
                found.setdefault(fold(name), set()).add(record["id"])
        return found

    return names_of(data["wonders"]), names_of(data["progress_tokens"])


def _counts_in_play(wonders):
    """Cards of each kind in the decks on the table: the central deck and the seated wonders'."""
    cat = _cat.get()
    counts = Counter(_cat.kind_of(card) for card in cat.decks[_cat.CENTRAL])
    for wonder in wonders:
        counts.update(_cat.kind_of(card) for card in cat.decks[wonder])
    return counts


def _named(raw, index, code, what, seat, field):
    """(id, problem): the one id `raw` names in `index`."""
    found = index.get(fold(raw)) if isinstance(raw, str) else None
    if not found:
        return None, problem(code, f"There is no {what} {quoted(raw)}.", seat, field, raw)
    if len(found) > 1:
        return None, problem(f"ambiguous_{what}", f"{quoted(raw)} names several of them.", seat, field, raw,
                             candidates=sorted(found))
    return next(iter(found)), None


def _wonder(seat_data, s, wonders_seen, problems):
    wonder, fault = _named(seat_data.get("wonder"), _index()[0], "unknown_wonder", "wonder", s, "wonder")
    if fault:
        problems.append(fault)
        return None
    if wonder in wonders_seen:
        problems.append(problem("duplicate_wonder", f"{wonder} is already at seat {wonders_seen[wonder]}.", s,
                                "wonder", seat_data.get("wonder"), other_seat=wonders_seen[wonder]))
    wonders_seen.setdefault(wonder, s)
    return wonder


def _built(seat_data, s, wonder, problems):
    raw = seat_data.get("built", [])
    if not isinstance(raw, list) or not all(whole_number(n) for n in raw) or len(set(raw)) != len(raw):
        problems.append(problem("bad_stages", "Stages built are a list of different stage numbers.", s, "built",
                                raw if isinstance(raw, list) else None))
        return []
    if wonder is None:
        return []
    stages = _cat.get().wonders[wonder].stages
    numbers = {stage.number for stage in stages}
    unknown = [n for n in raw if n not in numbers]
    if unknown:
        problems.append(problem("unknown_stage", f"{wonder} has stages {min(numbers)} to {max(numbers)}.", s,
                                "built", unknown, stage_count=len(stages)))
        return []
    built = set(raw)
    for stage in stages:
        below = [other.number for other in stages if other.level < stage.level and other.number not in built]
        if stage.number in built and below:
            problems.append(problem("stage_out_of_order",
                                    f"Stage {stage.number} stands on stages {below}, which are not built.",
                                    s, "built", stage.number, missing=below))
    return sorted(built)


def _count(seat_data, s, field, problems, default=0):
    value = seat_data.get(field, default)
    if not whole_number(value) or value < 0:
        problems.append(problem(f"bad_{field}", "This is a whole number from 0.", s, field, value))
        return 0
    return value


def _tokens(seat_data, s, problems):
    raw = seat_data.get("progress_tokens", [])
    if not isinstance(raw, list) or len(raw) > len(_cat.get().token_ids):
        problems.append(problem("bad_progress_tokens", "Progress tokens are a list of token ids or names.", s,
                                "progress_tokens", raw if isinstance(raw, list) else None))
        return []
    kinds = []
    for name in raw:
        kind, fault = _named(name, _index()[1], "unknown_token", "token", s, "progress_tokens")
        if fault:
            problems.append(fault)
        else:
            kinds.append(kind)
    return kinds


def parse_table(data):
    """Check a table; returns the engine's players and the cat's seat, or raises TableError."""
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise TableError([problem("bad_table", "Send an object with a list of seats.", field="seats")])
    seats = data["seats"]
    n = len(seats)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise TableError([problem("bad_player_count", f"A table has {MIN_SEATS} to {MAX_SEATS} seats, not {n}.",
                                  field="seats", value=n)])
    problems, players, wonders_seen, cat_seats = [], [], {}, []
    for s, seat_data in enumerate(seats):
        if not isinstance(seat_data, dict):
            problems.append(problem("bad_seat", "Each seat is an object.", s))
            players.append(None)
            continue
        wonder = _wonder(seat_data, s, wonders_seen, problems)
        built = _built(seat_data, s, wonder, problems)
        blue = {field: _count(seat_data, s, field, problems) for field in BLUE_FIELDS}
        holds_cat = seat_data.get("holds_cat", False)
        if not isinstance(holds_cat, bool):
            problems.append(problem("bad_holds_cat", "Holding the cat is true or false.", s, "holds_cat", holds_cat))
        elif holds_cat:
            cat_seats.append(s)
        military = _count(seat_data, s, "military_tokens", problems)
        tokens = _tokens(seat_data, s, problems)
        cards = [f"table-{kind}-{k}" for field, kind in BLUE_FIELDS.items() for k in range(1, blue[field] + 1)]
        players.append({"wonder": wonder, "built": built, "cards": cards, "military": military,
                        "tokens": [f"{kind}-{k}" for k, kind in enumerate(tokens, start=1)], "kinds": tokens})
    if len(cat_seats) > 1:
        problems.append(problem("two_cats", "The cat is in front of one player at most.", field="holds_cat",
                                value=cat_seats))
    _check_supply(players, n, problems)
    if problems:
        raise TableError(problems)
    return players, (cat_seats[0] if cat_seats else None)


def _check_supply(players, n, problems):
    """Blue cards, Military Victory tokens and progress tokens against what the game holds."""
    cat = _cat.get()
    seated = [p for p in players if p is not None]
    wonders = [p["wonder"] for p in seated]
    if wonders and None not in wonders and len(set(wonders)) == len(wonders) == n:
        in_play = _counts_in_play(wonders)
        for field, kind in BLUE_FIELDS.items():
            on_table = sum(1 for p in seated for card in p["cards"] if _cat.kind_of(card) == kind)
            if on_table > in_play[kind]:
                problems.append(problem("too_many_cards", f"{on_table} {kind} cards; the decks in play hold "
                                        f"{in_play[kind]}.", field=field, value=on_table, available=in_play[kind]))
        horns = sum(cat.kinds[kind].horns * count for kind, count in in_play.items())
        most = 2 * (horns // cat.conflict_tokens[n])
        for s, p in enumerate(players):
            if p is not None and p["military"] > most:
                problems.append(problem("too_many_military", f"At most {most} Military Victory tokens at this "
                                        "table.", s, "military_tokens", p["military"], allowed=most))
    taken = Counter(kind for p in seated for kind in p["kinds"])
    for kind, count in sorted(taken.items()):
        copies = cat.tokens[kind].copies
        if count > copies:
            problems.append(problem("too_many_copies", f"The game has {copies} {kind} token(s), not {count}.",
                                    field="progress_tokens", value=kind, copies=copies, taken=count))


def score_table(data):
    """The score sheet of a described table, one dict per seat, in seat order."""
    players, cat_seat = parse_table(data)
    sheets = scores({"players": players, "cat": cat_seat})
    out = []
    for seat_data, player, sheet in zip(data["seats"], players, sheets):
        out.append({
            "seat": sheet["seat"],
            "name": str(seat_data.get("name") or "")[:50],
            "wonder": player["wonder"],
            "built": list(player["built"]),
            "blue_cards": sum(1 for card in player["cards"] if _cat.kind_of(card) == "blue"),
            "cat_cards": sum(1 for card in player["cards"] if _cat.kind_of(card) == "blue_cat"),
            "holds_cat": cat_seat == sheet["seat"],
            "military_tokens": player["military"],
            "progress_tokens": list(player["kinds"]),
            "progress_points": progress_breakdown(player),
            "categories": {key: sheet[key] for key in CATEGORIES},
            "total": sheet["total"],
            TIEBREAK: sheet[TIEBREAK],
            "rank": sheet["rank"],
        })
    return out
