"""The action log and replay.

``action_log(state)`` is the list of entries that rebuild the state:

- chance entries first, written by ``new_game``: ``{"chance": "wonders", "wonders": [...],
  "sides": [...]}`` then ``{"chance": "deal", "age": a, "hands": [[...] per seat]}`` for ages
  1..3 (Age III's also lists the drawn ``guilds``);
- then one ``{"seat": s, "action": {...}}`` per accepted ``apply``, in order, with the
  canonical action (a replaced pending choice is logged too; replaying it replaces it again).

The log holds hidden information (future deals): give it to players only once the game is
over. ``replay(config, log)`` rebuilds the state from the chance entries without any RNG and
re-applies every action; it equals the snapshot taken after the same entries.
"""

from ..errors import ConfigError
from .rules import apply
from .state import initial_state, normalize_config


def action_log(state):
    return [dict(e) for e in state["log"]]


def replay(config, log):
    cfg = normalize_config(config)
    k = 0
    while k < len(log) and "chance" in log[k]:
        k += 1
    if k == 0:
        raise ConfigError("bad_log", entry=0)
    state = initial_state(cfg, list(log[:k]))
    for entry in log[k:]:
        if "chance" in entry:
            raise ConfigError("bad_log", entry=entry)
        state, _ = apply(state, entry["seat"], entry["action"])
    return state
