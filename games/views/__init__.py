"""Pages of live play: the lobby and a table's waiting room (``lobby``), the game page (``play``);
their words in ``words``. Thin: each POST calls one function of games.services and redirects; the
pages take their live updates from the WebSockets (docs/protocol.md)."""
from .lobby import invite, join, leave, lobby, set_seat, start, table
from .play import game, rematch

__all__ = ["game", "invite", "join", "leave", "lobby", "rematch", "set_seat", "start", "table"]
