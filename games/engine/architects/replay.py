"""Replay: a log's entries taken in order, without any RNG (the log's shape is ``state.py``'s).

Apart from ``state.py`` because it applies actions (``turns.py``), which build on ``state.py``.
"""
from ..errors import ConfigError
from .state import initial_state, receive_orders
from .turns import apply


def replay(cfg, log):
    if not log:
        raise ConfigError("bad_log", entry=0)
    state = initial_state(cfg, log[0])
    for entry in log[1:]:
        if not isinstance(entry, dict):
            raise ConfigError("bad_log", entry=entry)
        if entry.get("chance") == "reshuffles":
            state = receive_orders(state, entry)
        elif "seat" in entry and "action" in entry:
            state, _ = apply(state, entry["seat"], entry["action"])
        else:
            raise ConfigError("bad_log", entry=entry)
    return state
