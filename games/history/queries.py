"""Readers shared by the history pages and the API (no writes here)."""
from games import engine


def match_options(match):
    """A match's options as its game declares them (engine info: options), read from the match's
    config, with the clock (turn_seconds)."""
    config = match.config or {}
    declared = engine.info(config.get("game") or match.game)["options"]
    out = {option["name"]: config.get(option["name"], option.get("default")) for option in declared}
    out["turn_seconds"] = match.turn_seconds
    return out
