"""Limits on WebSockets that hold across connections and processes: what one player (or, signed
out, one client address) may send and keep open, and how many spectators a match may have.

The per-connection limit (protocol.RateLimiter) stops one noisy socket; these stop the same
person opening many. Counters live in the "shared" cache (Redis when REDIS_URL is set, so every
daphne process sees them; in memory otherwise). An open-socket counter is given back when the
socket closes; one left behind by a killed process fades after OPEN_COUNTER_SECONDS.
"""
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import caches

RATE_WINDOW_SECONDS = 10
OPEN_COUNTER_SECONDS = 3600
clock = time.time


def _cache():
    return caches["shared"]


def sender_keys(scope):
    """Who a socket belongs to: the address always, and the player when signed in."""
    client = scope.get("client") or ("unknown", 0)
    keys = {"ip": f"ip:{client[0]}"}
    user = scope.get("user")
    if user is not None and getattr(user, "is_authenticated", False):
        keys["user"] = f"user:{user.pk}"
    return keys


def _rate_key(scope):
    keys = sender_keys(scope)
    return keys.get("user", keys["ip"])


_clients_by_pool = {}


def _redis_client(cache, key):
    """The Redis connection behind the shared cache, or None (the in-memory cache). Django's cache
    API takes three trips to count (add, then incr: exists and incr); Redis itself takes one.
    Django makes a new client object (its command table and driver details) on every call, which
    under a flood of counts cost more than the count: one client is kept per connection pool (a
    client is safe to share between threads; each command takes a connection from the pool)."""
    clients = getattr(cache, "_cache", None)  # django.core.cache.backends.redis.RedisCacheClient
    if getattr(clients, "get_client", None) is None:
        return None
    pool = clients._get_connection_pool(True)
    client = _clients_by_pool.get(id(pool))
    if client is None or client.connection_pool is not pool:
        client = _clients_by_pool[id(pool)] = clients.get_client(key, write=True)
    return client


def _increment_now(key, timeout, touch=False):
    """Count one more under `key` (made with a `timeout`; renewed with every count when `touch`)."""
    cache = _cache()
    full_key = cache.make_and_validate_key(key)
    client = _redis_client(cache, full_key)
    if client is not None:  # one trip: INCR, and EXPIRE (NX: only a new counter, unless touch)
        pipe = client.pipeline(transaction=False)
        pipe.incr(full_key)
        pipe.expire(full_key, timeout, nx=not touch)
        count, _ = pipe.execute()
        return count
    if cache.add(key, 1, timeout=timeout):
        return 1
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=timeout)
        return 1
    if touch:
        cache.touch(key, timeout)
    return count


def _decrement_now(key):
    try:
        _cache().decr(key)
    except ValueError:  # the counter has faded already
        pass


# One trip to a thread of the pool per counter, not to the one thread that every database call of
# the process shares (the cache's own a* methods go there, and waited behind the moves in play).
_increment = sync_to_async(_increment_now, thread_sensitive=False)
_decrement = sync_to_async(_decrement_now, thread_sensitive=False)


async def message_allowed(scope):
    """One more message from this player (or address), in this window, across all its sockets."""
    window = int(clock() // RATE_WINDOW_SECONDS)
    count = await _increment(f"ws:rate:{_rate_key(scope)}:{window}", RATE_WINDOW_SECONDS * 2)
    return count <= settings.WS_SHARED_RATE_LIMIT


async def take_slot(name, limit):
    """Count one more open socket under `name`; False (and nothing counted) when `limit` are open."""
    count = await _increment(f"ws:open:{name}", OPEN_COUNTER_SECONDS, True)
    if count > limit:
        await give_back_slot(name)
        return False
    return True


async def give_back_slot(name):
    await _decrement(f"ws:open:{name}")


async def take_socket_slots(scope):
    """The slots of a new socket (per address, per player): the names taken, or None if over a limit
    (then nothing is kept)."""
    limits = {"ip": settings.WS_SOCKETS_PER_IP, "user": settings.WS_SOCKETS_PER_USER}
    taken = []
    for kind, name in sender_keys(scope).items():
        if not await take_slot(name, limits[kind]):
            for held in taken:
                await give_back_slot(held)
            return None
        taken.append(name)
    return taken
