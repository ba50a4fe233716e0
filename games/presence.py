"""Who has a table open: a counter per (match, user) in the "shared" cache (Redis when REDIS_URL is
set, so every daphne process and the Celery workers see it), counted up when a seated player's
game socket opens and down when it closes. A socket's keeper renews it every
WS_RESUBSCRIBE_SECONDS; a counter left by a killed server fades after OPEN_SECONDS. The
notifications ask `is_open` before sending (services/notify.py): none while the table is open.
"""
from django.core.cache import caches

OPEN_SECONDS = 60


def _cache():
    return caches["shared"]


def _key(match_id, user_id):
    return f"presence:{match_id}:{user_id}"


def opened(match_id, user_id):
    cache = _cache()
    key = _key(match_id, user_id)
    if not cache.add(key, 1, timeout=OPEN_SECONDS):
        try:
            cache.incr(key)
        except ValueError:  # faded between the two calls
            cache.set(key, 1, timeout=OPEN_SECONDS)
        cache.touch(key, OPEN_SECONDS)


def still_open(match_id, user_id):
    """A keeper's renewal: the counter lives OPEN_SECONDS more (made again if it faded)."""
    cache = _cache()
    key = _key(match_id, user_id)
    if not cache.touch(key, OPEN_SECONDS):
        cache.add(key, 1, timeout=OPEN_SECONDS)


def closed(match_id, user_id):
    cache = _cache()
    key = _key(match_id, user_id)
    try:
        if cache.decr(key) <= 0:
            cache.delete(key)
    except ValueError:  # already faded
        pass


def is_open(match_id, user_id):
    return (_cache().get(_key(match_id, user_id)) or 0) > 0
