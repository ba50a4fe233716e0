"""The only write path for matches: lock, validate, apply, persist; then, after commit, tell.

One module per topic:

- ``lobby``: create a table, join, leave, bots at seats, start;
- ``play``: a player's move, and ``record_action``, which every accepted action goes through
  (settle, the quick bots, persist, announce);
- ``bots``: a bot turn under the match lock; ``bot_choices``: what a bot chooses (no writes);
- ``bot_port``: where services ask for bot turns; the runner (games/tasks.py) registers at startup;
- ``bot_watch``: lost bot turns asked again;
- ``deadlines``: turn timers, take-overs, the periodic sweep (one query for due deadlines and reminders);
- ``turn_clock``: who a step waits on, each seat's deadline and reminder time (docs/turn-based.md);
- ``notify``: the notifications of turn-based tables (e-mail, reminder, digest; the sent-log), asked
  through ``notify_port`` like bot turns through ``bot_port``; ``my_games``: a player's tables (reads);
- ``concede``: a person leaves a running game, a bot takes the seat;
- ``rematch``: a new table from a finished match's seats;
- ``chat``: the table chat (seated people speak, everybody at the match hears);
- ``hints``: who may ask for the "Suggest" hint (unrated tables only), and what it is computed from;
- ``broadcast``: the channel-layer groups and what is sent to them; ``senders``: the three ways a
  process reaches the channel layer, one installed per process at startup;
- ``snapshots``: reads (a connection's snapshot, the lobby list); nothing there writes;
- ``common``: ``ServiceError``, the match lock (``lock_seat``: the lock and the user's seat),
  after-commit hooks.

Conventions. A function whose name starts with ``do_`` writes: it opens a transaction, locks the
match row first (``select_for_update``; on SQLite the IMMEDIATE transaction mode serialises
writers instead; ``common.lock_seat`` when the user's seat matters) and changes the match only
through the engine. ``check_*`` validates without writing; ``record_*`` writes inside a lock its caller holds. What the outside world hears of a
change (updates, the lobby list, bot turns) is queued with ``common.after_commit``, so nothing is
sent, and no bot is asked to play, before the change is durable. Refusals are ``ServiceError``
with a stable code.

Callers use the names re-exported here. Nothing here imports games.tasks: the tasks call the
services, and bot turns are asked for through ``bot_port``.
"""
from .bot_watch import requeue_lost_bot_turns
from .bot_port import request_bot_turns
from .bots import do_play_bot_turn
from .broadcast import (
    LOBBY_GROUP, match_group, public_events, seat_group, send_many, spectators_group, update_payloads,
)
from .chat import do_send_chat
from .common import Accepted, ServiceError, match_seats, player_range
from .concede import do_concede
from .deadlines import TAKEOVER_AFTER, do_expire_deadline, do_sweep_deadlines
from .hints import check_hint
from .lobby import (
    TURN_SECONDS_MAX, TURN_SECONDS_MIN, do_create_match, do_join, do_leave, do_set_bot, do_start, match_for_invite,
)
from .play import do_submit
from .rematch import do_rematch, open_rematch
from .snapshots import current_version, lobby_tables, recent_chat, seat_of, snapshot

__all__ = [
    "Accepted", "LOBBY_GROUP", "ServiceError", "TAKEOVER_AFTER", "TURN_SECONDS_MAX", "TURN_SECONDS_MIN",
    "check_hint", "current_version", "do_concede", "do_send_chat", "do_create_match", "do_expire_deadline", "do_join", "do_leave", "do_play_bot_turn",
    "do_rematch", "do_set_bot", "do_start", "do_submit", "do_sweep_deadlines", "lobby_tables",
    "match_for_invite", "match_group", "open_rematch", "match_seats", "player_range", "public_events", "recent_chat", "request_bot_turns", "requeue_lost_bot_turns", "seat_group",
    "seat_of", "send_many", "snapshot", "spectators_group", "update_payloads",
]
