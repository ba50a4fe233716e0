import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from django.db import connections

from games import services


@pytest.fixture(autouse=True)
def in_process_services(settings):
    """Every test here runs on the embedded defaults: in-memory channel layer, eager bots."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.WS_RATE_LIMIT = 40


@pytest_asyncio.fixture
async def db_thread_closed():
    """Close the connections the consumers opened in their database thread (PostgreSQL would
    otherwise refuse to drop the test database)."""
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
def make_user(django_user_model):
    def make(name):
        return django_user_model.objects.create_user(username=name)

    return make


@pytest.fixture
def sent(monkeypatch):
    """Every message services send to a group, as (group, message), in order."""
    messages = []
    real = services._send_many

    def record(pairs):
        messages.extend(pairs)
        real(pairs)

    monkeypatch.setattr(services, "_send_many", record)
    return messages


def start_table(host, players=3, bots=None, others=(), **options):
    """An open table created by host with the given bots, joined by others, then started."""
    if bots is None:
        bots = [""] * (1 + len(others)) + ["greedy"] * (players - 1 - len(others))
    match = services.create_match(host, players=players, bots=bots, **options)
    for user in others:
        services.join(match.pk, user)
    services.start(match.pk, host)
    match.refresh_from_db()
    return match

