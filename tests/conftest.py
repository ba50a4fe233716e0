import os

import pytest
import pytest_asyncio


def pytest_sessionstart(session):
    """make test-integration must fail, not skip, when the real services are unreachable."""
    markexpr = session.config.getoption("-m") or ""
    if "not integration" in markexpr or not os.environ.get("REDIS_URL"):
        return
    import redis

    try:
        redis.Redis.from_url(os.environ["REDIS_URL"], socket_connect_timeout=3).ping()
    except Exception as error:  # noqa: BLE001 - any failure means the service is not usable
        pytest.exit(f"REDIS_URL={os.environ['REDIS_URL']} is unreachable: {error}", returncode=3)


def pytest_configure(config):
    """With Redis and xdist (make test-integration), each test process's in-process tests use a
    Redis database of their own: 1 + the worker's number (gw0: 1, gw1: 2). On one database, a test
    that empties the shared cache (RedisCache.clear() is FLUSHDB) wiped the rate counters of a test
    running in the other process (a chat line over its limit was let through), and the two
    processes' test databases give the same ids to different users and matches, whose counters
    and channel groups would be shared. The live stacks choose databases of their own
    (tests/integration/live_stack.py: 5 and up). Settings are read before this conftest; no cache,
    channel layer or broker connection exists yet."""
    from urllib.parse import urlsplit, urlunsplit

    worker, url = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("REDIS_URL")
    if not worker or not url:
        return
    from django.conf import settings

    database = str(1 + int(worker.lstrip("gw") or 0))
    parts = urlsplit(url)
    own = urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))
    os.environ["REDIS_URL"] = settings.REDIS_URL = settings.CELERY_BROKER_URL = own
    for cache in settings.CACHES.values():
        if "redis" in cache["BACKEND"]:
            cache["LOCATION"] = own
    layer = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
    for host in layer.get("hosts", []):
        host["address"] = own
    if "prefix" in layer:
        layer["prefix"] = f"asgi.db{database}."
    from wonders_site.celery import app

    app.conf.broker_url = own


def _load_catalogue():
    from io import StringIO

    from django.core.management import call_command

    call_command("load_catalogue", stdout=StringIO())


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database starts with the catalogue loaded (committed), as `make run` leaves it."""
    with django_db_blocker.unblock():
        _load_catalogue()


@pytest_asyncio.fixture
async def async_client(async_client):
    """pytest-django's async client; afterwards the connection its handler's thread opened is
    closed (it stayed open in that thread, and PostgreSQL refused to drop the test database at the
    end of the run, "being accessed by other users")."""
    yield async_client
    from asgiref.sync import sync_to_async
    from django.db import connections

    await sync_to_async(connections.close_all)()


@pytest.fixture
def catalogue(db):
    """The catalogue in the test database; reloaded if a transactional test flushed it."""
    from cards.models import Card, RuleSection

    if not Card.objects.exists() or not RuleSection.objects.exists():
        _load_catalogue()
    return {"cards": Card.objects.count()}


@pytest.fixture(autouse=True)
def each_test_starts_in_the_default_language():
    """LocaleMiddleware activates a request's language in the thread that served it and leaves it
    active: after a test's last request to /it/..., the next test's reverse() in the same worker
    would give /it/ URLs. Each test starts in LANGUAGE_CODE and leaves none active."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_caches():
    """Rate limits (DRF throttles, sign-ups, WebSocket limits) count in caches: each test starts
    with none. Only the in-memory ones are emptied: clearing a Redis cache would flush its database."""
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    for alias in ("default", "shared"):
        if isinstance(caches[alias], LocMemCache):
            caches[alias].clear()


@pytest.fixture(autouse=True)
def consumers_share_one_database_thread(settings):
    """In-process consumer tests run the game sockets' database calls in the one shared thread:
    pytest-django's test connections stay open in the threads that used them, so a pool of threads
    would hold every pooled PostgreSQL connection. The real stack (tests/integration/live_stack.py,
    a real daphne) keeps the production default, DB_CALLS_SHARE_A_THREAD off on PostgreSQL."""
    settings.DB_CALLS_SHARE_A_THREAD = True


@pytest.fixture(autouse=True)
def reviews_are_not_run(settings):
    """A finished match with a person gets its review queued (a MatchReview row), but the tests run
    none unless they ask (REVIEW_RUNNER "inline"): a review is seconds of search, and the runner
    without a broker starts a child process on the configured database, not the test one."""
    settings.REVIEW_RUNNER = "off"
