"""The WebSocket protocol's client messages: parsing, validation and the per-connection rate.

Everything here is pure (no Django, no I/O) so the rules are easy to test. See docs/protocol.md
for the whole protocol; error codes raised here:

- `too_large`: the frame is over MAX_MESSAGE_BYTES (facts: `limit`);
- `not_json`: not a JSON text (binary frames included);
- `bad_message`: not an object, a field missing or of the wrong type, or an action nested deeper
  than MAX_DEPTH (facts: `field`);
- `unknown_type`: a `type` this endpoint does not take (facts: `type`, `expected`).
"""
import json
import re
import time
from collections import deque

MAX_MESSAGE_BYTES = 16 * 1024
MAX_DEPTH = 8  # an action is a few levels deep; a deeper one is refused before anything reads it
RATE_WINDOW_SECONDS = 10
CLIENT_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")

GAME_TYPES = ("act", "resync", "deadline", "ping", "concede", "chat", "suggest")
LOBBY_TYPES = ("resync", "ping")


class ProtocolError(Exception):
    def __init__(self, code, **facts):
        self.code = code
        self.facts = facts
        super().__init__(code, facts)


def _int(msg, field, required):
    value = msg.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError("bad_message", field=field)
    return value


def parse(text_data, bytes_data, expected=GAME_TYPES):
    """A validated client message (a dict with `type`), or ProtocolError."""
    if text_data is None:
        if bytes_data is not None and len(bytes_data) > MAX_MESSAGE_BYTES:
            raise ProtocolError("too_large", limit=MAX_MESSAGE_BYTES)
        raise ProtocolError("not_json")
    if len(text_data) > MAX_MESSAGE_BYTES or len(text_data.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", limit=MAX_MESSAGE_BYTES)
    try:
        msg = json.loads(text_data)
    except (ValueError, RecursionError):  # thousands of nested brackets exhaust the parser's stack
        raise ProtocolError("not_json") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", field="type")
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", field="type")
    if kind not in expected:
        raise ProtocolError("unknown_type", type=kind[:40], expected=list(expected))
    out = {"type": kind}
    if kind == "act":
        client_id = msg.get("client_id")
        if not isinstance(client_id, str) or not CLIENT_ID.fullmatch(client_id):
            raise ProtocolError("bad_message", field="client_id")
        action = msg.get("action")
        if not isinstance(action, dict) or depth(action) > MAX_DEPTH:
            raise ProtocolError("bad_message", field="action")
        out.update(client_id=client_id, action=action, step=_int(msg, "step", True), seat=_int(msg, "seat", False))
    elif kind in ("resync", "deadline"):
        out["version"] = _int(msg, "version", False)
    elif kind == "chat":
        text = msg.get("text")
        if not isinstance(text, str):  # its length and characters are the chat service's to judge
            raise ProtocolError("bad_message", field="text")
        out["text"] = text
    return out


def depth(value):
    """How deeply lists and objects nest in a JSON value (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


class RateLimiter:
    """At most `limit` messages in any `window` seconds (a sliding window)."""

    def __init__(self, limit, window=RATE_WINDOW_SECONDS, clock=time.monotonic):
        self.limit = limit
        self.window = window
        self.clock = clock
        self.times = deque()

    def allow(self):
        now = self.clock()
        while self.times and now - self.times[0] >= self.window:
            self.times.popleft()
        if len(self.times) >= self.limit:
            return False
        self.times.append(now)
        return True


def error(code, facts=None, client_id=None, about=None):
    """An `error` message; `client_id` when it answers an act, `about` names the message type it
    answers when that is not a move (`"chat"`)."""
    msg = {"type": "error", "code": code, "facts": facts or {}}
    if client_id is not None:
        msg["client_id"] = client_id
    if about is not None:
        msg["for"] = about
    return msg
