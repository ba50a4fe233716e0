"""Config, chance and the state right after setup; the action log (its replay: ``replay.py``).

Config: ``{"game": "architects", "players": 2..7, "wonders": None | [per seat wonder id or None]}``
(``None`` = drawn at random). Each seat's wonder brings its own 25-card deck.

Chance is drawn once by ``new_game`` from ``random.Random(seed)`` and written as the first log
entries, so ``replay`` never touches a RNG:

- ``{"chance": "setup", "wonders": [...], "decks": [[card ids, top first] per seat],
  "central": [...], "progress": [token ids: the first 3 face up, the rest the pile, top first]}``;
- ``{"chance": "reshuffles", "orders": [[a permutation of 0..24], ...]}``: how Halicarnassus'
  returned cards are shuffled back into their deck, one order per use of its power (two stages
  carry it, so ``new_game`` draws two). A deck of m cards is reordered by the order's indices
  below m. Such an entry may stand anywhere in a log; its orders queue up. Should a log have no
  order left when one is needed, the deck keeps its order (the returned cards on top).

The state is a plain JSON dict::

    {"version": 1, "config", "phase": "play" | "over", "turn": 1.., "active": seat,
     "step": "take" | "act",          # before / after the turn's card
     "peeked": bool,                  # the cat holder looked at the central top this turn
     "players": [{"wonder", "cards": [ids in front], "built": [stage numbers], "tokens": [ids],
                  "military": number of Military Victory tokens}],
     "decks": [[ids, top first] per seat: the deck between that seat and its left neighbour],
     "central": [ids, top first], "discard": [ids],
     "progress_row": [ids face up], "progress_pile": [ids, top first],
     "conflict": {"tokens": k, "battle": how many show their battle side}, "battle_due": bool,
     "cat": seat | None, "used": [token ids used this turn],
     "prompts": [{"kind", ...}],      # decisions the active seat must take first, head first
     "looking": None | {"deck": seat, "cards": [ids]},   # Halicarnassus' cards in hand
     "reshuffles": [[order], ...], "end": None | "wonder_complete" | "no_card", "log": [...]}
"""
import random

from . import catalogue as _cat
from .. import options as _options
from ..errors import ConfigError

STATE_VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 7
FACE_UP_TOKENS = 3
HALICARNASSUS_USES = 2
DECK_SIZE = 25


def normalize_config(config):
    if not isinstance(config, dict):
        raise ConfigError("bad_config", field="config")
    game = config.get("game")
    if game != "architects":
        raise ConfigError("unsupported_game", game=game)
    # Keys and player counts, read from INFO (options.check_config): a base game's "sides" is refused.
    _options.check_config("architects", config)
    n = config["players"]
    wonders = config.get("wonders")
    if wonders is not None:
        if not isinstance(wonders, (list, tuple)) or len(wonders) != n:
            raise ConfigError("bad_wonders", wonders=wonders, players=n)
        wonders = list(wonders)
        given = [w for w in wonders if w is not None]
        unknown = [w for w in given if w not in _cat.get().wonders]
        if unknown:
            raise ConfigError("unknown_wonder", wonders=unknown)
        if len(set(given)) != len(given):
            raise ConfigError("duplicate_wonder", wonders=wonders)
    return {"game": game, "players": n, "wonders": wonders}


def draw_chance(cfg, seed):
    rng = random.Random(seed)
    cat = _cat.get()
    n = cfg["players"]
    wonders = list(cfg["wonders"] or [None] * n)
    free = [w for w in cat.wonder_ids if w not in wonders]
    rng.shuffle(free)
    wonders = [w if w is not None else free.pop() for w in wonders]
    decks = [_shuffled(cat.decks[w], rng) for w in wonders]
    central = _shuffled(cat.decks[_cat.CENTRAL], rng)
    progress = _shuffled(cat.token_ids, rng)
    return [
        {"chance": "setup", "wonders": wonders, "decks": decks, "central": central, "progress": progress},
        {"chance": "reshuffles", "orders": draw_orders(rng)},
    ]


def draw_orders(rng):
    return [_shuffled(range(DECK_SIZE), rng) for _ in range(HALICARNASSUS_USES)]


def _shuffled(items, rng):
    items = list(items)
    rng.shuffle(items)
    return items


def initial_state(cfg, entry):
    n = cfg["players"]
    if not _is_setup(entry, n):
        raise ConfigError("bad_log", entry=0)
    conflict = _cat.get().conflict_tokens[n]
    return {
        "version": STATE_VERSION,
        "config": cfg,
        "phase": "play",
        "turn": 1,
        "active": 0,
        "step": "take",
        "peeked": False,
        "players": [{"wonder": w, "cards": [], "built": [], "tokens": [], "military": 0} for w in entry["wonders"]],
        "decks": [list(deck) for deck in entry["decks"]],
        "central": list(entry["central"]),
        "discard": [],
        "progress_row": list(entry["progress"][:FACE_UP_TOKENS]),
        "progress_pile": list(entry["progress"][FACE_UP_TOKENS:]),
        "conflict": {"tokens": conflict, "battle": 0},
        "battle_due": False,
        "cat": None,
        "used": [],
        "prompts": [],
        "looking": None,
        "reshuffles": [],
        "end": None,
        "log": [_copy(entry)],
    }


def receive_orders(state, entry):
    """A ``reshuffles`` chance entry: its orders queue up (returns a new state)."""
    orders = entry.get("orders")
    if not (isinstance(orders, list) and all(_is_order(order) for order in orders)):
        raise ConfigError("bad_log", entry=entry)
    new = dict(state)
    new["reshuffles"] = state["reshuffles"] + [list(order) for order in orders]
    new["log"] = state["log"] + [_copy(entry)]
    return new


def _is_order(order):
    return isinstance(order, list) and sorted(order) == list(range(DECK_SIZE))


def _is_setup(entry, n):
    cat = _cat.get()
    if not isinstance(entry, dict) or entry.get("chance") != "setup":
        return False
    wonders, decks = entry.get("wonders"), entry.get("decks")
    if not (isinstance(wonders, list) and len(wonders) == n and len(set(wonders)) == n
            and all(w in cat.wonders for w in wonders)):
        return False
    return (isinstance(decks, list) and len(decks) == n
            and all(sorted(deck) == sorted(cat.decks[w]) for deck, w in zip(decks, wonders))
            and sorted(entry.get("central") or []) == sorted(cat.decks[_cat.CENTRAL])
            and sorted(entry.get("progress") or []) == sorted(cat.token_ids))


def action_log(state, start=0):
    return [_copy(entry) for entry in state["log"][start:]]


def log_length(state):
    return len(state["log"])


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


copy = _copy

_LISTS_OF_IDS = ("central", "discard", "progress_row", "progress_pile", "used")
_LISTS_OF_LISTS = ("decks", "reshuffles")
# Shared with the state before the move: scalars, and fields the rules replace but never change in
# place (the config is set once; battles.py puts a new "conflict" dict).
_SHARED = frozenset(("version", "phase", "turn", "active", "step", "peeked", "battle_due", "cat", "end",
                     "config", "conflict"))
_COPIED = frozenset(_LISTS_OF_IDS + _LISTS_OF_LISTS + ("players",))  # by copy_state's own lines


def copy_state(state):
    """A copy of `state` for the next move, without its log: a shallow copy first, then the lists
    the docstring's schema says hold ids or numbers copied flat, the active player's dict one level
    down, any other field whole (``_copy``) but the scalars and those never changed in place
    (``_SHARED``). A move changes the active player alone, but a battle, which copies each player
    before it changes them (``battles.resolve``); the other players' dicts are shared with the
    state before the move. The walk of every id and number was half of what a search's rollout
    cost, and copying every player a fifth at 7 players; tests/engine/architects/test_rollout.py
    checks on played games that the copy equals the state and shares only what is said here, and
    that no move changes the state it is given."""
    new = state.copy()
    del new["log"]
    for key in _LISTS_OF_IDS:
        new[key] = list(state[key])
    for key in _LISTS_OF_LISTS:
        new[key] = [list(inner) for inner in state[key]]
    players = new["players"] = list(state["players"])
    active = state["active"]
    players[active] = copy_player(players[active])
    for key, value in new.items():
        if key not in _SHARED and key not in _COPIED and isinstance(value, (dict, list)):
            new[key] = _copy(value)
    return new


def copy_player(player):
    """A copy of one player's dict sharing none of its lists."""
    return {k: list(v) if type(v) is list else v for k, v in player.items()}

