"""The action log and replay.

``action_log(state)`` is the list of entries that rebuild the state (``action_log(state, start)``
those from index ``start`` on, ``log_length(state)`` how many there are: the site stores a move's
new entries without copying the whole log three times a move):

- chance entries, all first in a log written by ``new_game``: ``{"chance": "wonders",
  "wonders": [...], "sides": [...]}`` then ``{"chance": "deal", "age": a, "hands": [[...] per
  seat]}`` for ages 1..3 (Age III's also lists the drawn ``guilds``);
- one ``{"seat": s, "action": {...}}`` per accepted ``apply``, in order, with the canonical
  action (a replaced pending choice is logged too; replaying it replaces it again).

The log holds hidden information (future deals): give it to players only once the game is
over. ``replay(config, log)`` takes the entries in order without any RNG: the ``wonders`` entry
first, then each deal entry wherever it stands (its hands wait for their age, and an age that
is due waits for its deal: ``state.receive_deal``) and each action re-applied; it equals the
snapshot taken after the same entries.
"""

from ..errors import ConfigError
from .rules import apply
from .state import initial_state, normalize_config, receive_deal


def action_log(state, start=0):
    return [dict(e) for e in state["log"][start:]]


def log_length(state):
    return len(state["log"])


def replay(config, log):
    cfg = normalize_config(config)
    state = initial_state(cfg, list(log[:1]))
    for entry in log[1:]:
        if not isinstance(entry, dict):
            raise ConfigError("bad_log", entry=entry)
        if "chance" in entry:
            state, _ = receive_deal(state, entry)
        elif "seat" in entry and "action" in entry:
            state, _ = apply(state, entry["seat"], entry["action"])
        else:
            raise ConfigError("bad_log", entry=entry)
    return state
