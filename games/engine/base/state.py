"""Game configuration, chance and the initial state.

Config (a plain dict; ``normalize_config`` fills defaults and validates)::

    {"game": "base", "players": 2..7,
     "sides": "A" | "B" | "random" | "choose" | [per seat "A"/"B"/"random"],
     "wonders": None | [per seat wonder id or None (= random)],
     "variants": [],
     "expansions": ["cities"], "teams": bool}   # only with an expansion (cities_setup.py)

``game`` is only ``"base"`` here; ``variants`` must be empty. Any other key is refused
(``unknown_option``), and so are a player count outside the range of the options chosen and an
option without the one it needs (``games.engine.options.check_config``, from INFO). ``players: 2`` is the 2-player
variant (``two_players_setup.py``): three cities around the table, the two seats and the Free
City, which is the last entry of ``players`` (``FREE_CITY``) and no seat; ``draw_chance`` and
``start_age`` ask its hooks.

Chance. Everything random is drawn once by ``new_game`` from ``random.Random(seed)``:
wonder assignment, sides when ``random``, the n + 2 guilds of Age III and the deal of each age.
The outcomes are the first entries of the action log (``{"chance": ...}``); the state keeps the
hands of the ages not yet started in ``decks`` (never shown in a view). ``replay`` rebuilds the
state from those entries and never touches a RNG, so a log prefix replays to the exact snapshot
at that point. A log may also hold a deal entry further on (chance may occur at any point):
its hands wait in ``decks`` for their age, and an age that is due before its deal entry has come
waits in phase ``deal`` (nobody acts) until it comes. ``new_game`` never leads there.

The state is a plain JSON-serialisable dict (only dict/list/str/int/bool/None)::

    {"version": 1, "config": {...}, "phase": "sides"|"play"|"prompt"|"over"|"deal",
     "age": 0..3, "turn": 0..6,                # 0 before Age I starts
     "players": [{"wonder", "side", "coins", "hand", "built", "stages", "tokens", "free_used",
                  "passed"}],
     "pending": [action or None per seat],   # choices of the current simultaneous step
     "prompts": [{"seat", "kind"}],           # extra decisions, head first
     "discard": [card ids], "decks": {"2": [[hand]...], "3": ...}, "log": [...]}

``stages`` lists the face-down cards under the wonder (their count is the stages built);
``tokens`` the military tokens (+1/+3/+5/-1) in the order taken; ``free_used`` the last age in
which Olympia A's free build was used (0 = never); ``passed`` the hands the seat has passed on
in this age, a list per pass (what it saw and still remembers: its view shows them).
"""

import random

from . import catalogue as _cat
from . import cities_setup as _cities
from . import two_players_setup as _two
from .. import options as _options
from ..errors import ConfigError
from .two_players_setup import is_two_players, two_players_on

SIDES = ("A", "B")
STATE_VERSION = 1
HAND_SIZE = 7
TURNS_PER_AGE = 6
START_COINS = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 7


def cities_of(cfg):
    """How many cities the table has: one per seat, and the Free City in the 2-player variant."""
    return 3 if two_players_on(cfg) else cfg["players"]


def normalize_config(config):
    if not isinstance(config, dict):
        raise ConfigError("bad_config", field="config")
    game = config.get("game", "base")
    if game != "base":
        raise ConfigError("unsupported_game", game=game)
    # Keys, player counts and what an option needs, read from INFO (options.check_config).
    _options.check_config("base", config, extra_keys=("variants",))
    n = config["players"]
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
    expansions, teams = _cities.check(config, n, wonders)
    out = {"game": game, "players": n, "sides": sides, "wonders": wonders, "variants": variants}
    if expansions:  # kept out of a plain base config, which reads as it always did
        out.update(expansions=expansions, teams=teams)
    return out


def draw_chance(cfg, seed):
    """The chance entries of a new game (log entries), drawn from random.Random(seed)."""
    rng = random.Random(seed)
    n = cfg["players"]
    two_players = two_players_on(cfg)
    wonders = list(cfg["wonders"] or [None] * n) + [None] * (cities_of(cfg) - n)
    free = [w for w in _cities.wonder_pool(cfg) if w not in wonders]
    rng.shuffle(free)
    wonders = [w if w is not None else free.pop() for w in wonders]
    sides_cfg = cfg["sides"]
    wants = [sides_cfg[s] if isinstance(sides_cfg, list) else sides_cfg for s in range(n)]
    if two_players:
        wants.append(_two.free_city_side(cfg))
    sides = []
    for want in wants:
        if want == "random":
            sides.append(rng.choice(SIDES))
        elif want == "choose":
            sides.append(None)
        else:
            sides.append(want)
    entries = [{"chance": "wonders", "wonders": wonders, "sides": sides}]
    deck = _two.deck_config(cfg) if two_players else cfg
    guilds = draw_guilds(deck["players"], rng, count=_two.guild_count() if two_players else None, cfg=deck)
    for age in (1, 2, 3):
        entries.append(deal_entry(age, deck["players"], guilds, rng, deck))
    return entries


def draw_guilds(players, rng, count=None, cfg=None):
    """The guilds shuffled into Age III, sorted: n + 2 of them unless `count` says otherwise
    (with Cities: 7 + 2 at 8 players, from the 13 guilds)."""
    cfg = cfg or {"players": players}
    guild_ids = sorted(g.id for g in _cities.guild_pool(cfg))
    if count is None:
        count = _cities.guild_count(cfg) if _cities.cities_on(cfg) else players + 2
    return sorted(rng.sample(guild_ids, count))


def deal_entry(age, players, guilds, rng, cfg=None):
    """The chance entry dealing an age: its cards (Age III's with `guilds`, and the black cards
    with Cities) shuffled into hands."""
    cfg = cfg or {"players": players}
    size = _cities.hand_size(cfg)
    deck = _cities.age_deck(age, cfg, guilds, rng)
    if len(deck) != size * players:
        raise ConfigError("bad_deck_size", age=age, players=players, cards=len(deck),
                          expected=size * players)
    deck.sort()
    rng.shuffle(deck)
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    entry = {"chance": "deal", "age": age, "hands": hands}
    if age == 3:
        entry["guilds"] = list(guilds)
    return entry


def initial_state(cfg, chance):
    """The state right after setup, built from chance entries only (no RNG): the ``wonders``
    entry, then any number of ``deal`` entries. Age I starts once every side is known, if its
    deal is there (else the game waits for it: ``receive_deal``)."""
    n = cities_of(cfg)
    head = chance[0] if chance else None
    if not _is_wonders_entry(head, n):
        raise ConfigError("bad_log", entry=0)
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
            "passed": [],
            **_cities.new_player_fields(cfg),
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
        "decks": {},
        "log": [dict(e) for e in chance],
        **_cities.new_state_fields(cfg),
    }
    for entry in chance[1:]:
        _store_deal(state, entry)
    if all(p["side"] is not None for p in players):
        start_age(state, 1, [])
    return state


def receive_deal(state, entry):
    """A ``deal`` entry met anywhere in a log: the age's hands are kept in ``decks`` until the age
    starts; a game that was waiting for exactly this deal starts that age now. Returns
    (new state, events); raises ConfigError(bad_log) for an entry that is not such a deal."""
    new = dict(state)
    new["log"] = state["log"] + [dict(entry)]
    _store_deal(new, entry)
    events = []
    if new["phase"] == "deal" and str(new["age"] + 1) in new["decks"]:
        start_age(new, new["age"] + 1, events)
    return new, events


def _is_wonders_entry(entry, players):
    if not isinstance(entry, dict) or entry.get("chance") != "wonders":
        return False
    wonders, sides = entry.get("wonders"), entry.get("sides")
    return (isinstance(wonders, list) and len(wonders) == players
            and all(w in _cat.get().wonders for w in wonders)
            and isinstance(sides, list) and len(sides) == players
            and all(side in SIDES or side is None for side in sides))


def _store_deal(state, entry):
    """Keep a deal entry's hands in ``decks`` (mutates `state`, a private copy)."""
    if not _is_deal_entry(entry, state):
        raise ConfigError("bad_log", entry=entry)
    state["decks"] = {**state["decks"], str(entry["age"]): [list(hand) for hand in entry["hands"]]}


def _is_deal_entry(entry, state):
    """A deal of an age neither started nor dealt yet: a hand of HAND_SIZE known card ids per seat."""
    if not isinstance(entry, dict) or entry.get("chance") != "deal":
        return False
    age, hands = entry.get("age"), entry.get("hands")
    cards = _cat.get().cards
    size = _cities.hand_size(state["config"])
    return (type(age) is int and state["age"] < age <= 3 and str(age) not in state["decks"]
            and isinstance(hands, list) and len(hands) == len(state["players"])
            and all(isinstance(hand, list) and len(hand) == size
                    and all(isinstance(c, str) and c in cards for c in hand) for hand in hands))


def start_age(state, age, events):
    """Deal an age's hands (mutates `state`, which must be a private copy). When the log has not
    dealt that age yet (its deal entry comes later), the game waits in phase ``deal`` and
    ``receive_deal`` starts the age."""
    if str(age) not in state["decks"]:
        state["phase"] = "deal"
        return
    decks = dict(state["decks"])
    hands = decks.pop(str(age))
    state["decks"] = decks
    players = []
    for p, hand in zip(state["players"], hands):
        p = dict(p)
        p["hand"] = list(hand)
        p["passed"] = []
        players.append(p)
    state["players"] = players
    state["age"] = age
    state["turn"] = 1
    state["phase"] = "play"
    state["pending"] = [None] * len(players)
    state["prompts"] = []
    events.append({"type": "age_start", "age": age})
    if is_two_players(state):
        _two.draw_for_controller(state)
