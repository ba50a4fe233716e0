"""The one check that a message sent to a client shows nothing hidden (used by the in-process
leak test and by the real-stack tests)."""

from games import engine

NEVER_KEYS = {"decks", "log", "seed", "hands", "state", "config"}
# A view may describe decks by what lies face up (Architects: each deck's owner, size and top
# card, which engine.hidden_ids never lists); a raw deck (a list of card ids) is never allowed.
PUBLIC_DECK_FIELDS = {"owner", "wonder", "size", "top"}


def _public_decks(value):
    return isinstance(value, list) and all(isinstance(d, dict) and set(d) <= PUBLIC_DECK_FIELDS for d in value)


def forbidden_for(state, seat):
    """Ids `seat` (None: a spectator) must not see at this state: the engine's own answer
    (``engine.hidden_ids``), so every registered game is checked by what it declares hidden."""
    return engine.hidden_ids(state, seat)


def strings_and_keys(value, strings, keys):
    if isinstance(value, dict):
        for key, item in value.items():
            if not (key == "decks" and _public_decks(item)):
                keys.add(key)
            strings_and_keys(item, strings, keys)
    elif isinstance(value, list):
        for item in value:
            strings_and_keys(item, strings, keys)
    elif isinstance(value, str):
        strings.add(value)


def check_message(message, seat, states):
    """Fails if `message` (to `seat`, None for a spectator) has an engine-internal key or a card
    hidden from that seat at the state of its version (`states`: version -> engine state).
    Returns 1 if the message carried a view (and was checked against a state), else 0."""
    strings, keys = set(), set()
    strings_and_keys(message, strings, keys)
    assert not keys & NEVER_KEYS, f"{message.get('type')} has keys {sorted(keys & NEVER_KEYS)}"
    if message.get("view") is None or "version" not in message:
        return 0
    known = [v for v in states if v <= message["version"]]
    assert known, f"{message['type']} v{message['version']} has a view before the game started"
    leaked = strings & forbidden_for(states[max(known)], seat)
    assert not leaked, f"{message['type']} v{message['version']} to seat {seat} shows {sorted(leaked)}"
    return 1
