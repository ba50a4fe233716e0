"""Game configuration, chance and the initial state.

Config (a plain dict; ``normalize_config`` fills defaults and validates)::

    {"game": "base", "players": 3..7,
     "sides": "A" | "B" | "random" | "choose" | [per seat "A"/"B"/"random"],
     "wonders": None | [per seat wonder id or None (= random)],
     "variants": []}

``game`` is only ``"base"`` for now; ``variants`` is kept for later (2-player, Cities,
Architects plug in there and in ``game``) and must be empty.

Chance. Everything random is drawn once by ``new_game`` from ``random.Random(seed)``:
wonder assignment, sides when ``random``, the n + 2 guilds of Age III and the deal of each age.
The outcomes are the first entries of the action log (``{"chance": ...}``); the state keeps the
hands of the ages not yet started in ``decks`` (never shown in a view). ``replay`` rebuilds the
initial state from those entries alone and never touches a RNG, so a log prefix replays to the
exact snapshot at that point.

The state is a plain JSON-serialisable dict (only dict/list/str/int/bool/None)::

    {"version": 1, "config": {...}, "phase": "sides"|"play"|"prompt"|"over",
     "age": 1..3, "turn": 1..6,
     "players": [{"wonder", "side", "coins", "hand", "built", "stages", "tokens", "free_used"}],
     "pending": [action or None per seat],   # choices of the current simultaneous step
     "prompts": [{"seat", "kind"}],           # extra decisions, head first
     "discard": [card ids], "decks": {"2": [[hand]...], "3": ...}, "log": [...]}

``stages`` lists the face-down cards under the wonder (their count is the stages built);
``tokens`` the military tokens (+1/+3/+5/-1) in the order taken; ``free_used`` the last age in
which Olympia A's free build was used (0 = never).
"""

import random

from . import catalogue as _cat
from ..errors import ConfigError

SIDES = ("A", "B")
STATE_VERSION = 1
HAND_SIZE = 7
TURNS_PER_AGE = 6
START_COINS = 3


def normalize_config(config):
    if not isinstance(config, dict):
        raise ConfigError("bad_config", field="config")
    game = config.get("game", "base")
    if game != "base":
        raise ConfigError("unsupported_game", game=game)
    n = config.get("players")
    if not isinstance(n, int) or isinstance(n, bool) or not 3 <= n <= 7:
        raise ConfigError("bad_player_count", players=n, allowed=[3, 7])
    sides = config.get("sides", "A")
    if isinstance(sides, (list, tuple)):
        sides = list(sides)
        if len(sides) != n or any(s not in ("A", "B", "random") for s in sides):
            raise ConfigError("bad_sides", sides=sides)
    elif sides not in ("A", "B", "random", "choose"):
        raise ConfigError("bad_sides", sides=sides)
    wonders = config.get("wonders")
    if wonders is not None:
        cat = _cat.get()
        wonders = list(wonders)
        if len(wonders) != n:
            raise ConfigError("bad_wonders", wonders=wonders, players=n)
        given = [w for w in wonders if w is not None]
        unknown = [w for w in given if w not in cat.wonders]
        if unknown:
            raise ConfigError("unknown_wonder", wonders=unknown)
        if len(set(given)) != len(given):
            raise ConfigError("duplicate_wonder", wonders=wonders)
    variants = list(config.get("variants") or [])
    if variants:
        raise ConfigError("unsupported_variant", variants=variants)
    return {"game": game, "players": n, "sides": sides, "wonders": wonders, "variants": variants}


def draw_chance(cfg, seed):
    """The chance entries of a new game (log entries), drawn from random.Random(seed)."""
    rng = random.Random(seed)
    cat = _cat.get()
    n = cfg["players"]
    wonders = list(cfg["wonders"] or [None] * n)
    free = [w for w in cat.wonder_ids if w not in wonders]
    rng.shuffle(free)
    wonders = [w if w is not None else free.pop() for w in wonders]
    sides_cfg = cfg["sides"]
    sides = []
    for s in range(n):
        want = sides_cfg[s] if isinstance(sides_cfg, list) else sides_cfg
        if want == "random":
            sides.append(rng.choice(SIDES))
        elif want == "choose":
            sides.append(None)
        else:
            sides.append(want)
    entries = [{"chance": "wonders", "wonders": wonders, "sides": sides}]
    guilds = draw_guilds(n, rng)
    for age in (1, 2, 3):
        entries.append(deal_entry(age, n, guilds, rng))
    return entries


def draw_guilds(players, rng):
    """The n + 2 guilds shuffled into Age III, sorted."""
    guild_ids = sorted(g.id for g in _cat.get().guilds)
    return sorted(rng.sample(guild_ids, players + 2))


def deal_entry(age, players, guilds, rng):
    """The chance entry dealing an age: its cards (Age III's with `guilds`) shuffled into hands."""
    deck = _cat.get().deck_cards(age, players)
    if age == 3:
        deck = deck + guilds
    if len(deck) != HAND_SIZE * players:
        raise ConfigError("bad_deck_size", age=age, players=players, cards=len(deck),
                          expected=HAND_SIZE * players)
    deck.sort()
    rng.shuffle(deck)
    hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(players)]
    entry = {"chance": "deal", "age": age, "hands": hands}
    if age == 3:
        entry["guilds"] = list(guilds)
    return entry


def initial_state(cfg, chance):
    """The state right after setup, built from the chance entries only (no RNG)."""
    n = cfg["players"]
    head = chance[0]
    if head.get("chance") != "wonders":
        raise ConfigError("bad_log", entry=0)
    decks = {}
    for e in chance[1:]:
        if e.get("chance") != "deal":
            raise ConfigError("bad_log", entry=e)
        decks[str(e["age"])] = [list(h) for h in e["hands"]]
    players = []
    for s in range(n):
        players.append({
            "wonder": head["wonders"][s],
            "side": head["sides"][s],
            "coins": START_COINS,
            "hand": [],
            "built": [],
            "stages": [],
            "tokens": [],
            "free_used": 0,
        })
    state = {
        "version": STATE_VERSION,
        "config": cfg,
        "phase": "sides",
        "age": 0,
        "turn": 0,
        "players": players,
        "pending": [None] * n,
        "prompts": [],
        "discard": [],
        "decks": decks,
        "log": [dict(e) for e in chance],
    }
    if all(p["side"] is not None for p in players):
        start_age(state, 1, [])
    return state


def start_age(state, age, events):
    """Deal an age's hands (mutates `state`, which must be a private copy)."""
    decks = dict(state["decks"])
    hands = decks.pop(str(age))
    state["decks"] = decks
    players = []
    for p, hand in zip(state["players"], hands):
        p = dict(p)
        p["hand"] = list(hand)
        players.append(p)
    state["players"] = players
    state["age"] = age
    state["turn"] = 1
    state["phase"] = "play"
    state["pending"] = [None] * len(players)
    state["prompts"] = []
    events.append({"type": "age_start", "age": age})
