"""JSON text for the live path: the WebSocket messages and the JSON columns PostgreSQL is sent,
and the JSON columns it reads back (`loads`).

orjson, not the standard library's encoder: every move writes the match's whole state (and its log
rows' events) and sends an update to each seat and spectator, and at 500 tables the standard
encoder was about a twelfth of a daphne's CPU (py-spy; docs/releasing.md, "JSON"). The text is
the standard encoder's with `separators=(",", ":")` and `ensure_ascii=False`: the same keys in the
same order, dict keys that are not strings written as strings. A value orjson will not write
(an integer beyond 64 bits) falls back to the standard encoder, so nothing is refused that was
accepted before. Reading is the same: orjson parses the match's whole state on every move in
half the standard parser's time, and what it refuses goes to the standard parser.
"""
import json

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps_bytes(value):
    """`value` as UTF-8 JSON bytes."""
    try:
        return orjson.dumps(value, option=OPTIONS)
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def dumps(value):
    """`value` as JSON text."""
    return dumps_bytes(value).decode()


def loads(text):
    """The value of JSON `text` (str or bytes), as the standard parser reads it; its
    json.JSONDecodeError when the text is not JSON."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
