import os

import pytest
import redis
from django.conf import settings
from django.db import connection

pytestmark = pytest.mark.integration


def test_it_runs_on_postgresql(db):
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone() == (1,)


def test_it_uses_the_redis_channel_layer_and_a_real_broker():
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] in (
        "channels_redis.pubsub.RedisPubSubChannelLayer", "wonders_site.channel_layer.RedisChannelLayer")
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert redis.Redis.from_url(os.environ["REDIS_URL"]).ping() is True
