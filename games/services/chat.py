"""The table chat: short public lines said by the people seated at a match.

Only a person seated at the match (not a spectator, not a bot, not a seat a bot has taken over)
may speak; a line is cleaned (control characters out, spaces at both ends trimmed) and must keep
1 to ChatMessage.TEXT_MAX characters. One player may say CHAT_RATE_LIMIT lines per
CHAT_RATE_WINDOW_SECONDS at one match, counted in the "shared" cache as the socket limits are
(games/socket_limits.py), so every server process agrees. The line is stored under the match
lock and leaves after commit to the whole match group (every seat and every spectator): only the
speaker's seat, public name, the text and the time (snapshots.chat_entry), never anything of the
game. The replay and the match page read the stored lines (games/history/chat.py).
"""
import time
import unicodedata
from functools import partial

from django.conf import settings
from django.db import transaction

from games.models import ChatMessage

from . import broadcast
from .common import ServiceError, after_commit, lock_seat, take_window_turn
from .snapshots import chat_entry

clock = time.time

# Characters that change the direction of the text around them: a line could make the next one
# read backwards. Zero-width joiners (emoji sequences) stay.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_text(text):
    """The line as it will be shown: tabs and line breaks become spaces, every other control
    character (Unicode category Cc) and the bidirectional overrides go, the ends are trimmed."""
    kept = []
    for char in text:
        if char in "\t\n\r\v\f\x85\u2028\u2029":
            kept.append(" ")
        elif unicodedata.category(char) == "Cc" or char in BIDI_CONTROLS:
            continue
        else:
            kept.append(char)
    return "".join(kept).strip()


def check_text(text):
    """The cleaned line, or ServiceError chat_empty / chat_too_long (facts: limit)."""
    if not isinstance(text, str):
        raise ServiceError("chat_empty")
    cleaned = clean_text(text)
    if not cleaned:
        raise ServiceError("chat_empty")
    if len(cleaned) > ChatMessage.TEXT_MAX:
        raise ServiceError("chat_too_long", limit=ChatMessage.TEXT_MAX, length=len(cleaned))
    return cleaned


def take_chat_turn(match_id, user_id):
    """Count one more line from this player at this match in the current window; ServiceError
    chat_rate_limited (facts: limit, window) when the window is full (nothing is counted then)."""
    take_window_turn(f"chat:rate:{match_id}:{user_id}", settings.CHAT_RATE_LIMIT, settings.CHAT_RATE_WINDOW_SECONDS,
                     clock(), "chat_rate_limited")


def do_send_chat(match_id, user, text):
    """Say `text` at the match as the user's seat. Returns the line as it was sent to the table
    (snapshots.chat_entry). Refusals: not_seated, chat_empty, chat_too_long, chat_rate_limited,
    no_such_match."""
    cleaned = check_text(text)
    with transaction.atomic():
        match, _, mine = lock_seat(match_id, user)
        if mine.taken_over:  # who left the game watches: a spectator
            raise ServiceError("not_seated")
        take_chat_turn(match.pk, user.pk)
        message = ChatMessage.objects.create(match=match, seat=mine.number, user=user, text=cleaned,
                                             version=match.version)
        message.user = mine.user  # the profile read with the seat: the name without another query
        entry = chat_entry(message)
        after_commit(partial(broadcast.send, broadcast.match_group(match.pk), {"type": "game.chat", "payload": entry}))
        return entry
