"""The only write path for matches: lock, validate, apply, persist; then, after commit, tell.

One module per topic:

- ``lobby``: create a table, join, leave, bots at seats, start;
- ``play``: a player's move, and ``record_action``, which every accepted action goes through;
- ``bots``: bot turns (Celery tasks, or in-process without a broker), stalled bots;
- ``deadlines``: turn timers, take-overs, the periodic sweep;
- ``concede``: a person leaves a running game, a bot takes the seat;
- ``rematch``: a new table from a finished match's seats;
- ``chat``: the table chat (seated people speak, everybody at the match hears);
- ``broadcast``: the channel-layer groups and what is sent to them;
- ``snapshots``: reads (a connection's snapshot, the lobby list); nothing there writes;
- ``common``: ``ServiceError``, the match lock, after-commit hooks.

Conventions. A function whose name starts with ``do_`` writes: it opens a transaction, locks the
match row first (``select_for_update``; on SQLite the IMMEDIATE transaction mode serialises
writers instead) and changes the match only through the engine. ``check_*`` validates without
writing; ``record_*`` writes inside a lock its caller holds. What the outside world hears of a
change (updates, the lobby list, bot turns) is queued with ``common.after_commit``, so nothing is
sent, and no bot is asked to play, before the change is durable. Refusals are ``ServiceError``
with a stable code.

Callers use the names re-exported here.
"""
from .bot_watch import requeue_lost_bot_turns
from .bots import do_play_bot_turn, enqueue_bot_turns
from .broadcast import (
    LOBBY_GROUP, match_group, public_events, seat_group, send_many, spectators_group, update_payloads,
)
from .chat import do_send_chat
from .common import Accepted, ServiceError, match_seats, player_range
from .concede import do_concede
from .deadlines import TAKEOVER_AFTER, do_expire_deadline, do_sweep_deadlines
from .lobby import (
    TURN_SECONDS_MAX, TURN_SECONDS_MIN, do_create_match, do_join, do_leave, do_set_bot, do_start, match_for_invite,
)
from .play import do_submit
from .rematch import do_rematch, open_rematch
from .snapshots import current_version, lobby_tables, recent_chat, seat_of, snapshot

__all__ = [
    "Accepted", "LOBBY_GROUP", "ServiceError", "TAKEOVER_AFTER", "TURN_SECONDS_MAX", "TURN_SECONDS_MIN",
    "current_version", "do_concede", "do_send_chat", "do_create_match", "do_expire_deadline", "do_join", "do_leave", "do_play_bot_turn",
    "do_rematch", "do_set_bot", "do_start", "do_submit", "do_sweep_deadlines", "enqueue_bot_turns", "lobby_tables",
    "match_for_invite", "match_group", "open_rematch", "match_seats", "player_range", "public_events", "recent_chat", "requeue_lost_bot_turns", "seat_group",
    "seat_of", "send_many", "snapshot", "spectators_group", "update_payloads",
]
