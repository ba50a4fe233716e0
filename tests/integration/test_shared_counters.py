"""The socket limits' counters in Redis (the shared cache of a multi-process site): one trip to
count, and the same counters the cache API reads and gives back (games/socket_limits.py)."""
import os
import uuid

import pytest
from django.core.cache import caches

from games import socket_limits

pytestmark = pytest.mark.integration


@pytest.fixture
def shared_redis_cache(settings):
    settings.CACHES = {**settings.CACHES, "shared": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"],
        "KEY_PREFIX": f"test-{uuid.uuid4().hex}"}}
    cache = caches["shared"]
    yield cache
    cache.clear()


def raw(cache, key):
    full_key = cache.make_and_validate_key(key)
    return socket_limits._redis_client(cache, full_key), full_key


def test_a_counter_counts_in_one_trip_and_expires_after_its_window(shared_redis_cache):
    client, full_key = raw(shared_redis_cache, "ws:rate:user:1:7")
    assert client is not None, "the shared cache is Redis: counting goes to it directly"

    assert [socket_limits._increment_now("ws:rate:user:1:7", 20) for _ in range(3)] == [1, 2, 3]
    assert 0 < client.ttl(full_key) <= 20
    client.expire(full_key, 5)
    socket_limits._increment_now("ws:rate:user:1:7", 20)
    assert client.ttl(full_key) <= 5, "a rate window is not stretched by later messages"
    assert shared_redis_cache.get("ws:rate:user:1:7") == 4, "the cache API reads the same counter"


def test_an_open_socket_counter_is_renewed_by_each_socket_and_given_back(shared_redis_cache):
    client, full_key = raw(shared_redis_cache, "ws:open:user:1")
    assert socket_limits._increment_now("ws:open:user:1", 3600, touch=True) == 1
    client.expire(full_key, 5)
    assert socket_limits._increment_now("ws:open:user:1", 3600, touch=True) == 2
    assert client.ttl(full_key) > 5, "a new socket renews the open-socket counter"

    socket_limits._decrement_now("ws:open:user:1")
    assert shared_redis_cache.get("ws:open:user:1") == 1


def test_a_counter_that_faded_starts_again_from_one(shared_redis_cache):
    client, full_key = raw(shared_redis_cache, "ws:rate:ip:10.0.0.1:9")
    socket_limits._increment_now("ws:rate:ip:10.0.0.1:9", 20)
    client.delete(full_key)
    assert socket_limits._increment_now("ws:rate:ip:10.0.0.1:9", 20) == 1
    assert client.ttl(full_key) > 0, "a counter made again gets its expiry again"


def test_every_count_goes_through_one_client_per_connection_pool(shared_redis_cache):
    from django.core.cache.backends.redis import RedisCache

    first, _ = raw(shared_redis_cache, "ws:rate:user:1:7")
    again, _ = raw(shared_redis_cache, "ws:open:user:1")
    assert again is first, "Django makes a client per call; the counts keep one"
    assert first.connection_pool is shared_redis_cache._cache._get_connection_pool(True)

    other_cache = RedisCache(os.environ["REDIS_URL"], {"KEY_PREFIX": f"test-{uuid.uuid4().hex}"})
    other, _ = raw(other_cache, "ws:rate:user:1:7")
    assert other is not first and other.connection_pool is other_cache._cache._get_connection_pool(True)
