"""channels_redis' list-based channel layer, without its slow leak in a server process.

The layer reads every message for the sockets of a process from one Redis list and files each
under its channel in `receive_buffer`, where that socket's consumer takes it. The entry goes when
the consumer takes the last message, or when its receive is cancelled (the socket has closed). A
message that arrives after that (sent to a group just before the socket left it: an update racing
a closing tab, a lobby change racing a page left) makes a new entry that nobody will ever read: a
queue and its messages, up to `capacity` of them, for as long as the process lives (channels_redis
issues 212 and 384, unfixed in 4.3): daphne's memory grew with every socket closed during play
(docs/releasing.md, "daphne's memory" and "Live path measurements moved from docstrings").

This layer stamps each entry with the time of its newest message and drops the entries nobody is
receiving on whose newest message is older than the layer's `expiry` (60 s; Redis drops an unread
message after as long), looked for at most every SWEEP_SECONDS, from receive().
"""
import collections
import functools
import time

from channels_redis.core import BoundedQueue
from channels_redis.core import RedisChannelLayer as ListsChannelLayer

SWEEP_SECONDS = 30.0
clock = time.monotonic


class StampedQueue(BoundedQueue):
    put_at = 0.0

    def put_nowait(self, item):
        self.put_at = clock()
        return super().put_nowait(item)


class RedisChannelLayer(ListsChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.receive_buffer = collections.defaultdict(functools.partial(StampedQueue, self.capacity))
        self.receiving = collections.Counter()  # channel -> receive() calls waiting on it now
        self.swept_at = clock()

    async def receive(self, channel):
        self.receiving[channel] += 1
        try:
            return await super().receive(channel)
        finally:
            self.receiving[channel] -= 1
            if not self.receiving[channel]:
                del self.receiving[channel]
            if clock() - self.swept_at >= SWEEP_SECONDS:
                self.drop_unread()

    def drop_unread(self):
        """Forget the buffered messages of channels nobody receives on, once they have expired."""
        now = self.swept_at = clock()
        for channel, queue in list(self.receive_buffer.items()):
            if channel not in self.receiving and now - queue.put_at > self.expiry:
                del self.receive_buffer[channel]
