"""/ws/lobby/ (LobbyConsumer): the open and running tables (docs/protocol.md). Nobody has a seat in
the lobby: its reads run in the unseated lane and its resyncs within the budget of games/flood.py.
"""
from django.conf import settings

from games import flood, lobby_feed, protocol, services
from games.consumers import _Base
from games.db_threads import unseated_call


class LobbyConsumer(_Base):
    """The lobby's list: sent on connect and on resync by this socket, and after every change by
    this process's feed (games/lobby_feed.py), which reads it once for all the lobby sockets."""
    expected = protocol.LOBBY_TYPES
    feed = None
    unseated = True

    async def connect(self):
        self.limiter = protocol.RateLimiter(settings.WS_RATE_LIMIT)
        if not await self.accept_within_limits():
            return
        await self.join(services.LOBBY_GROUP)
        self.feed = lobby_feed.for_this_loop(read_lobby_tables)
        self.feed.add(self)
        await self.send_tables()

    async def release(self):
        if self.feed is not None:
            self.feed.discard(self)
        await super().release()

    async def disconnect(self, code):
        await self.release()

    async def send_tables(self):
        """The list read at most once per LOBBY_REFRESH_SECONDS for all the process's lobby sockets."""
        await self.send(text_data=await flood.shared_answer("lobby", _lobby_message, settings.LOBBY_REFRESH_SECONDS).get())

    async def on_resync(self, message):
        if await self.resync_refused():
            return
        await self.send_tables()

    async def lobby_changed(self, event):
        flood.shared_answer("lobby", _lobby_message, settings.LOBBY_REFRESH_SECONDS).forget()
        if self.feed is not None:
            self.feed.changed()


async def read_lobby_tables():
    """The lobby's list, read in the unseated lane (nobody in the lobby has a seat there)."""
    return await unseated_call(services.lobby_tables)()


async def _lobby_message():
    return {"type": "tables", **await read_lobby_tables()}
