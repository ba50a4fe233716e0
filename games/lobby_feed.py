"""The lobby's live list, read once for all the lobby sockets of a process.

After a change the lobby lists (a table created, joined, left, given a bot, started, closed; a
game finished), the writer sends the `lobby` group a bare `lobby.changed` after its commit
(services/broadcast.py). It does not read the list of tables itself: the list is read where it is
shown. Each lobby socket that hears the change tells its process's feed, and the feed reads the list
once and sends it to every lobby socket of the process.

- The first change after a quiet time is read at once. Changes that come faster than
  LOBBY_REFRESH_SECONDS are folded into one more read at the end of the window: a process reads the
  list at most once per window, however many tables change and however many sockets watch.
- A process with no lobby socket hears nothing and reads nothing.

Why: when every writer read the list and sent it, the many writers paid for the few readers, even
with nobody in the lobby (docs/releasing.md, "Live path measurements moved from docstrings").
"""
import asyncio
import logging
import weakref

from django.conf import settings

log = logging.getLogger(__name__)


class LobbyFeed:
    """The lobby sockets of one event loop (one server process), and their list's refreshes.

    `read_tables`: an awaitable function giving the lobby's tables (services.lobby_tables through
    a database thread). `window`: the shortest time between two reads, in seconds."""

    def __init__(self, read_tables, window):
        self.read_tables = read_tables
        self.window = window
        self.viewers = set()
        self.refresh = None  # the task that reads and sends, while one is due or running
        self.reading = False  # the due read has started: a change from now on needs another
        self.changed_while_reading = False
        self.last_read = None

    def add(self, viewer):
        self.viewers.add(viewer)

    def discard(self, viewer):
        self.viewers.discard(viewer)

    def changed(self):
        """A change committed: the viewers get a list read after it."""
        if not self.viewers:
            return
        if self.refresh is None:
            self.refresh = asyncio.ensure_future(self._refresh())
        elif self.reading:
            self.changed_while_reading = True
        # else: a read is due and has not started; it will see this change

    async def _refresh(self):
        loop = asyncio.get_running_loop()
        try:
            while self.viewers:
                if self.last_read is not None:
                    wait = self.last_read + self.window - loop.time()
                    if wait > 0:
                        await asyncio.sleep(wait)
                self.reading, self.changed_while_reading = True, False
                self.last_read = loop.time()
                payload = {"type": "tables", **await self.read_tables()}
                for viewer in list(self.viewers):
                    try:
                        await viewer.send_json(payload)
                    except Exception:  # noqa: BLE001 - a socket closing as it is sent to; the others still get it
                        log.info("a lobby socket went as the tables were sent", exc_info=True)
                if not self.changed_while_reading:
                    return
                self.reading = False
        except Exception:  # noqa: BLE001 - the database away: the next change reads again
            log.warning("could not read the lobby's tables", exc_info=True)
        finally:
            self.refresh, self.reading = None, False


_feeds = weakref.WeakKeyDictionary()


def for_this_loop(read_tables):
    """The feed of the running event loop (one per server process; tests run a loop each)."""
    loop = asyncio.get_running_loop()
    feed = _feeds.get(loop)
    if feed is None:
        feed = _feeds[loop] = LobbyFeed(read_tables, settings.LOBBY_REFRESH_SECONDS)
    return feed
