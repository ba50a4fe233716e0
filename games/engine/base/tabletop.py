"""The base game's tabletop scoring: the score sheet of a game played on a real table.

Reached through ``games.engine.score_table("base", table)`` (the game object's ``score_table``).

A table is described seat by seat, clockwise (each seat's left neighbour is the next seat)::

    {"mode": "base" (default) | "base-2p" | "cities" | "cities-2p" | "cities-teams",
     "seats": [{"name": "Ann" (optional), "wonder": id or name, "side": "A" | "B",
                "stages": number of stages built, "cards": [card ids or names, any language],
                "coins": coins at the end, "military": [conflict tokens: 1, 3, 5 or -1],
                "debt": -1 debt tokens taken (Cities only)}, ...]}

The mode is one of the game's rating modes (``table_modes``): the plain game at 3-7 seats; the
2-player variant, three cities of which the third is the Free City (scored like any city, never
ranked: its row has ``free_city`` and no rank); Cities at 3-8 seats (black cards, Petra and
Byzantium, debts taken off the treasury, masks inside science, a ``black`` category), and with the
2-player variant (``cities-2p``: three cities, the Free City third); Cities with
teams at 4, 6 or 8 seats (seats 2k and 2k + 1 are partners: each row gets ``team``, ``team_total``
and ``team_coins``, and the rank of its team). The Cities-only checks are in ``cities_tabletop``.

``score_table(data)`` checks that such a table could exist, then builds the engine's cities and
returns ``engine.scores`` for them: every category, total, coins, rank, with the science
wildcards (Babylon, the Scientists Guild) and Olympia B's copied guild placed where they give
the most. A table that could not exist raises ``TableError`` with one problem per fault, each
with a code, the seat and field, the value and a message.

What makes a table impossible: a seat count the mode does not seat, an unknown wonder or card, a
Cities card, wonder or debt at a table without Cities, a wonder at two seats, a side other
than A or B, more stages than the side has, the same structure twice in one city (two "Loom"
cards, say), more copies of a card on the table than the deck has at that player count (a guild
exists once), a card that is not in the deck at that player count, more cards and stages than
there are turns, conflict tokens that are not 1, 3, 5 or -1, or more tokens than battles.
"""
from collections import Counter
from functools import lru_cache

from ..errors import TableError
from ..tables import fold, problem as _problem, quoted, whole_number as _int
from . import catalogue as _cat
from . import cities_tabletop as _cities
from .scoring import BASE_CATEGORIES as SCORE_CATEGORIES, scores
from .two_players_setup import FREE_CITY
from .two_players_view import free_city_sheet

MAX_COINS = 999
MAX_STAGES = 4
MAX_CARDS = 30
VICTORY_TOKENS = (1, 3, 5)


@lru_cache(maxsize=1)
def _index():
    """Names (folded) -> structure keys, keys -> cards, names -> wonder ids; every expansion's."""
    cat = _cat.get()
    cards = [*cat.card_list, *(card for card in cat.cards.values() if card.expansion != "base")]
    card_names = {}
    for card in cards:
        keys = {card.id, *card.names.values()}
        for name in keys:
            card_names.setdefault(fold(name), set()).add(card.key)
    by_key = {}
    for card in cards:
        by_key.setdefault(card.key, []).append(card)
    wonder_names = {}
    for wonder in cat.wonders.values():
        for name in {wonder.id, *wonder.names.values(), *wonder.city.values()}:
            wonder_names.setdefault(fold(name), set()).add(wonder.id)
    return card_names, by_key, wonder_names


def copies_at(cards, players):
    """Copies of a structure (all its ids) in the deck at a player count (the base cards of the
    7-player deck at 8); a guild, like every Cities card, has one."""
    total = 0
    for card in cards:
        if card.color == "purple" or card.expansion != "base":
            total += 1
        else:
            total += sum(1 for threshold in card.copies if threshold <= min(players, 7))
    return total


def table_modes():
    """{mode: [seat counts]}: the tables the calculator scores (each a rating mode of the game)."""
    return {mode: list(facts.seats) for mode, facts in _cities.MODES.items()}


def parse_table(data):
    """Check a table; returns (engine players, card ids per seat) or raises TableError."""
    players, built_ids, _mode = _parse(data)
    return players, built_ids


def _parse(data):
    cat = _cat.get()
    card_names, by_key, wonder_names = _index()
    problems = []
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise TableError([_problem("bad_table", "Send an object with a list of seats.", field="seats")])
    mode = _cities.MODES.get(data.get("mode", "base")) if isinstance(data.get("mode", "base"), str) else None
    if mode is None:
        raise TableError([_problem("bad_mode", f"The mode is one of {', '.join(_cities.MODES)}.", field="mode",
                                   value=data.get("mode"), allowed=list(_cities.MODES))])
    seats = data["seats"]
    n = len(seats)
    if n not in mode.seats:
        raise TableError([_problem(
            "bad_player_count", f"A {mode.id} table has {mode.seats_in_words} seats, not {n}.", field="seats",
            value=n, allowed=list(mode.seats),
        )])
    players, built_ids, keys_on_table = [], [], Counter()
    wonders_seen = {}
    for s, seat in enumerate(seats):
        if not isinstance(seat, dict):
            problems.append(_problem("bad_seat", "Each seat is an object.", seat=s))
            players.append(None)
            built_ids.append([])
            continue
        # Wonder and side.
        raw_wonder = seat.get("wonder")
        matches = wonder_names.get(fold(raw_wonder)) if isinstance(raw_wonder, str) else None
        wonder = None
        if not matches:
            problems.append(_problem("unknown_wonder", f"There is no wonder {quoted(raw_wonder)}.", s, "wonder", raw_wonder))
        elif len(matches) > 1:
            problems.append(_problem("ambiguous_wonder", f"{quoted(raw_wonder)} names several wonders.", s, "wonder",
                                     raw_wonder, candidates=sorted(matches)))
        else:
            wonder = next(iter(matches))
            if wonder in wonders_seen:
                problems.append(_problem("duplicate_wonder", f"{wonder} is already at seat {wonders_seen[wonder]}.",
                                         s, "wonder", raw_wonder, other_seat=wonders_seen[wonder]))
            wonders_seen.setdefault(wonder, s)
            if cat.wonders[wonder].expansion != "base" and not mode.cities:
                problems.append(_cities.needs_cities(s, "wonder", raw_wonder))
        side = seat.get("side", "A")
        if side not in ("A", "B"):
            problems.append(_problem("bad_side", "The side is A or B.", s, "side", side))
            side = None
        stages = seat.get("stages", 0)
        stage_count = len(cat.wonders[wonder].sides[side]) if wonder and side else None
        if not _int(stages) or stages < 0:
            problems.append(_problem("bad_stages", "Stages built is a whole number from 0.", s, "stages", stages))
            stages = 0
        elif stages > MAX_STAGES and stage_count is None:
            problems.append(_problem("too_many_stages", f"No wonder has more than {MAX_STAGES} stages.",
                                     s, "stages", stages, stage_count=MAX_STAGES))
            stages = 0
        elif stage_count is not None and stages > stage_count:
            problems.append(_problem("too_many_stages", f"{wonder} side {side} has {stage_count} stages, not {stages}.",
                                     s, "stages", stages, stage_count=stage_count))
            stages = stage_count
        coins = seat.get("coins", 0)
        if not _int(coins) or not 0 <= coins <= MAX_COINS:
            problems.append(_problem("bad_coins", f"Coins are a whole number from 0 to {MAX_COINS}.", s, "coins", coins))
            coins = 0
        tokens = seat.get("military", [])
        if not isinstance(tokens, list) or len(tokens) > 50 or any(
            not _int(t) or t not in (-1, *VICTORY_TOKENS) for t in tokens
        ):
            problems.append(_problem("bad_military", "Conflict tokens are 1, 3, 5 (victories) or -1 (defeats).",
                                     s, "military", tokens))
            tokens = []
        else:
            counts = Counter(tokens)
            over = [t for t in VICTORY_TOKENS if counts[t] > 2]
            if over or len(tokens) > 6:
                problems.append(_problem(
                    "too_many_tokens",
                    "A city fights two battles an age: at most two victory tokens of each age, six tokens in all.",
                    s, "military", tokens))
                tokens = []
        # Cards.
        raw_cards = seat.get("cards", [])
        ids, keys = [], []
        if not isinstance(raw_cards, list) or len(raw_cards) > MAX_CARDS:
            problems.append(_problem("bad_cards", f"Cards are a list of at most {MAX_CARDS} card ids or names.",
                                     s, "cards", raw_cards if isinstance(raw_cards, list) else None))
            raw_cards = []
        for raw in raw_cards:
            found = card_names.get(fold(raw)) if isinstance(raw, str) else None
            if not found:
                problems.append(_problem("unknown_card", f"There is no card {quoted(raw)}.", s, "cards", raw))
                continue
            if len(found) > 1:
                problems.append(_problem("ambiguous_card", f"{quoted(raw)} names several cards.", s, "cards", raw,
                                         candidates=sorted(c.id for k in found for c in by_key[k])))
                continue
            key = next(iter(found))
            if by_key[key][0].expansion != "base" and not mode.cities:
                problems.append(_cities.needs_cities(s, "cards", raw, card=by_key[key][0].id))
                continue
            if key in keys:
                problems.append(_problem("duplicate_structure",
                                         f"A city never builds the same structure twice ({by_key[key][0].id}).",
                                         s, "cards", raw, card=by_key[key][0].id))
                continue
            if copies_at(by_key[key], n) == 0:
                problems.append(_problem("not_in_deck", f"{by_key[key][0].id} is not in the deck at {n} players.",
                                         s, "cards", raw, card=by_key[key][0].id, players=n))
                continue
            keys.append(key)
            ids.append(by_key[key][0].id)
        keys_on_table.update(keys)
        if wonder and side:
            stage_fx = [st.fx for st in cat.wonders[wonder].sides[side][:stages]]
            extra = sum(1 for fx in stage_fx if fx.play_seventh_card) * 3
            extra += sum(1 for fx in stage_fx if fx.build_from_discard)
            turns = mode.turns(n)
            if len(ids) + stages > turns + extra:
                problems.append(_problem(
                    "too_many_structures",
                    f"{len(ids)} cards and {stages} stages need more than the {turns + extra} turns this city had.",
                    s, "cards", len(ids) + stages, allowed=turns + extra))
        debt = _cities.read_debt(seat, s, mode, problems)
        players.append({
            "wonder": wonder, "side": side, "coins": coins, "hand": [], "built": ids,
            "stages": ["?"] * stages, "tokens": list(tokens), "free_used": 0,
            **({"diplomacy": 0, "debt": debt} if mode.cities else {}),
        })
        built_ids.append(ids)
    for key, count in sorted(keys_on_table.items()):
        have = copies_at(by_key[key], n)
        if count > have:
            card_id = by_key[key][0].id
            problems.append(_problem("too_many_copies",
                                     f"{card_id} is built {count} times; the deck has {have} at {n} players.",
                                     field="cards", value=card_id, copies=have, built=count))
    problems.extend(_cities.deck_problems(built_ids, n))
    if problems:
        raise TableError(problems)
    return players, built_ids, mode


SHEET_FIELDS = ("military", "treasury", "wonder_points", "civilian", "science", "commercial", "guilds", "total",
                "coins", "rank")


def sheet_fields(sheet):
    """An engine sheet in the API's words: the wonder's points are `wonder_points`."""
    return {field: sheet["wonder" if field == "wonder_points" else field] for field in SHEET_FIELDS}


def score_table(data):
    """The engine's score sheet for a described table (one dict per seat, in seat order)."""
    players, _, mode = _parse(data)
    state = {"players": players, "config": mode.config(len(players))}
    if mode.free_city:
        sheets = [*scores(state), {**free_city_sheet(state), "seat": FREE_CITY, "rank": None}]
    else:
        sheets = scores(state)
    categories = [*SCORE_CATEGORIES, *(["black"] if mode.cities else [])]
    out = []
    for seat, player, sheet in zip(data["seats"], players, sheets):
        out.append({
            "seat": sheet["seat"],
            "name": str(seat.get("name") or "")[:50],
            "wonder": player["wonder"],
            "side": player["side"],
            "stages": len(player["stages"]),
            "cards": list(player["built"]),
            **sheet_fields(sheet),
            "categories": {key: sheet[key] for key in categories},
            "copied_guild": sheet.get("copied_guild"),
            **_cities.extra_fields(mode, player, sheet),
        })
    return out
