"""The spectators' snapshot, built once per (match, version) in a server process and shared by every
socket that watches the match there (issue 29: each spectator's resync built the whole snapshot,
and 150 of them kept the seated players' moves waiting).

`spectator_snapshot(match_id, user)` reads one row (the match's version and status, its latest chat
line's id, whether the user holds a seat there), then answers from a per-process cache:

- the body: every key of the snapshot but `chat`, for a spectator (`engine.view(state, None)`,
  no `legal`, no `invite_code`: never a seat's view), as JSON text, keyed by (match, version). A
  new version is a new key, so nothing is invalidated by hand: the old entry ages out. A table
  change, a rematch, a deadline played or a seat taken over all bump the version; what does not
  (a player renaming themselves) shows from the next version on.
- the chat: the latest lines as JSON text, keyed by (match, latest line's id). A chat line does
  not bump the version, so it is keyed apart: a line said since the body was built is in the
  next snapshot all the same, and costs one read of the lines, not a new body.

The cache holds settings.SPECTATOR_SNAPSHOT_CACHE entries (the least recently used go first). A
missing entry is built by one thread while the others asking for the same key wait for it: N
spectators resyncing at one version cost one build. A user who holds a seat (or left one: they
watch with `left_seat`) gets NOT_SPECTATOR and their own snapshot (snapshots.snapshot), never a
shared one.
"""
import threading
from collections import OrderedDict

from django.conf import settings
from django.db.models import Exists, OuterRef, Subquery

from games.models import ChatMessage, Match, Seat
from wonders_site import compact_json

from .common import match_seats
from .snapshots import recent_chat, snapshot_without_chat

NOT_SPECTATOR = "not_spectator"
_NO_MATCH = ("gone",)  # the match went between the two reads (not kept: see _shared)

_lock = threading.Lock()
_entries = OrderedDict()  # key -> a body (version, status, JSON text) or a chat's JSON text; LRU first
_building = {}  # key -> the lock its builder holds


class SharedSnapshot:
    """A spectator's snapshot as it leaves: its JSON text, and what a consumer keeps of it."""

    __slots__ = ("version", "status", "text")
    you = None

    def __init__(self, version, status, text):
        self.version, self.status, self.text = version, status, text


def dumps(value):
    return compact_json.dumps(value)


def spectator_snapshot(match_id, user=None):
    """A SharedSnapshot for a socket without a seat at the match; None when there is no such match;
    NOT_SPECTATOR when `user` holds (or held) a seat there."""
    row = _latest(match_id, user)
    if row is None:
        return None
    version, last_chat, seated, created = row
    if seated:
        return NOT_SPECTATOR
    body = _shared(("body", match_id, created, version), lambda: _body(match_id))
    if body is _NO_MATCH:
        return None
    chat = "[]" if last_chat is None else _shared(("chat", match_id, created, last_chat),
                                                  lambda: dumps(recent_chat(match_id)))
    version, status, text = body
    return SharedSnapshot(version, status, text[:-1] + ',"chat":' + chat + "}")


def _latest(match_id, user):
    """(version, latest chat line's id or None, whether `user` has a seat, when the match was made:
    in the key, so that a match id used again, as a test database does, is not mistaken for another)
    in one query; None when the match does not exist."""
    rows = Match.objects.filter(pk=match_id).annotate(
        last_chat=Subquery(ChatMessage.objects.filter(match_id=OuterRef("pk")).order_by("-id").values("id")[:1]))
    fields = ["version", "last_chat", "created_at"]
    if user is not None and getattr(user, "is_authenticated", False):
        rows = rows.annotate(seated=Exists(Seat.objects.filter(match_id=OuterRef("pk"), user_id=user.pk)))
        fields.append("seated")
    row = rows.values_list(*fields).first()
    if row is None:
        return None
    return row[0], row[1], row[3] if len(row) > 3 else False, row[2]


def _body(match_id):
    """(version, status, JSON text) of the spectators' snapshot of the match as it is now, without
    `chat` (its version may be newer than the one asked for: it is stored under its own key too)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return _NO_MATCH
    body = (match.version, match.status, dumps(snapshot_without_chat(match, match_seats(match))))
    _put(("body", match_id, match.created_at, match.version), body)
    return body


def _shared(key, build):
    found = _get(key)
    if found is not None:
        return found
    with _lock:
        building = _building.setdefault(key, threading.Lock())
    try:
        with building:
            found = _get(key)
            if found is None:
                found = build()
                if found is not _NO_MATCH:
                    _put(key, found)
            return found
    finally:
        with _lock:
            _building.pop(key, None)


def _get(key):
    with _lock:
        found = _entries.get(key)
        if found is not None:
            _entries.move_to_end(key)
        return found


def _put(key, value):
    with _lock:
        _entries[key] = value
        _entries.move_to_end(key)
        while len(_entries) > settings.SPECTATOR_SNAPSHOT_CACHE:
            _entries.popitem(last=False)


def forget_all():
    """Empty the cache (tests)."""
    with _lock:
        _entries.clear()
