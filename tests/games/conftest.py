import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from django.db import connections

from games import services
from games.services import broadcast


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
    real = broadcast.send_many

    def record(pairs):
        messages.extend(pairs)
        real(pairs)

    monkeypatch.setattr(broadcast, "send_many", record)
    return messages
