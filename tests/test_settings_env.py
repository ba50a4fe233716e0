import pytest
from django.core.exceptions import ImproperlyConfigured

from wonders_site.env import env_bool, env_int, env_list, env_url


def test_env_bool_reads_the_usual_spellings(monkeypatch):
    monkeypatch.setenv("FLAG", "yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "0")
    assert env_bool("FLAG", True) is False


def test_a_wrong_value_fails_with_a_message_naming_the_variable(monkeypatch):
    monkeypatch.setenv("DEBUG", "perhaps")
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        env_bool("DEBUG")
    monkeypatch.setenv("WS_RATE_LIMIT", "many")
    with pytest.raises(ImproperlyConfigured, match="WS_RATE_LIMIT"):
        env_int("WS_RATE_LIMIT", 1)
    monkeypatch.setenv("DATABASE_URL", "mysql://x")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        env_url("DATABASE_URL", ("sqlite", "postgres"))


def test_env_list_splits_on_commas(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", "a.example, b.example,")
    assert env_list("ALLOWED_HOSTS", []) == ["a.example", "b.example"]


def test_the_site_refuses_to_start_without_a_secret_key_when_debug_is_off():
    import os
    import subprocess
    import sys

    env = {**os.environ, "DEBUG": "false", "SECRET_KEY": ""}
    result = subprocess.run([sys.executable, "-c", "import django; from django.conf import settings; "
                             "import os; os.environ.setdefault('DJANGO_SETTINGS_MODULE','wonders_site.settings'); "
                             "settings.DEBUG"], env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_the_deploy_check_passes_with_debug_off_and_the_production_defaults():
    import os
    import subprocess
    import sys

    env = {**os.environ, "DEBUG": "false", "SECRET_KEY": "x" * 20 + "-production-only-secret-key-0123456789",
           "ALLOWED_HOSTS": "wonders.example"}
    env.pop("HTTPS", None)
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_pages_carry_a_content_security_policy_that_allows_only_the_sites_own_scripts(client, db):
    policy = client.get("/en/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in policy


def test_the_api_docs_load_their_ui_from_the_site_not_a_cdn(client, db):
    html = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/" in html and "cdn." not in html and "https://" not in html
    script = client.get("/api/docs/?script=").content.decode()
    assert "cdn." not in script


def test_game_socket_database_calls_share_one_thread_on_sqlite_and_use_a_pool_on_postgresql():
    import os
    import subprocess
    import sys

    def setting(url):
        env = {**os.environ, "DATABASE_URL": url}
        if not url:
            env.pop("DATABASE_URL")
        out = subprocess.run([sys.executable, "-c", "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE',"
                              " 'wonders_site.settings'); django.setup(); from django.conf import settings;"
                              " print(settings.DB_CALLS_SHARE_A_THREAD)"], env=env, capture_output=True, text=True)
        return out.stdout.strip()

    assert setting("") == "True"
    assert setting("postgres://postgres@127.0.0.1:5432/wonders") == "False"


def _setting_in_a_fresh_process(expression, env):
    """`settings.<expression>` as the site computes it from `env` (settings are read once per
    process, so a process of its own), through JSON."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import json, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE',"
                          " 'wonders_site.settings'); from django.conf import settings;"
                          f" print(json.dumps(settings.{expression}))"],
                         env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _channel_layer(**env_vars):
    import os

    env = {**os.environ, **env_vars}
    for name in ("CHANNEL_LAYER", "REDIS_URL"):
        if name not in env_vars:
            env.pop(name, None)
    return _setting_in_a_fresh_process("CHANNEL_LAYERS['default']", env)


def test_the_pub_sub_layer_names_its_channels_after_the_redis_database_it_is_given():
    # Pub/sub channels are the Redis server's, not a database's: two sites on databases 3 and 4
    # of one server must not hear each other's groups.
    on_3 = _channel_layer(CHANNEL_LAYER="pubsub", REDIS_URL="redis://127.0.0.1:6379/3")
    on_4 = _channel_layer(CHANNEL_LAYER="pubsub", REDIS_URL="redis://127.0.0.1:6379/4")
    on_0 = _channel_layer(CHANNEL_LAYER="pubsub", REDIS_URL="redis://127.0.0.1:6379")
    assert on_3["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert len({on_3["CONFIG"]["prefix"], on_4["CONFIG"]["prefix"], on_0["CONFIG"]["prefix"]}) == 3
    explicit_0 = _channel_layer(CHANNEL_LAYER="pubsub", REDIS_URL="redis://127.0.0.1:6379/0")
    assert on_0["CONFIG"]["prefix"] == explicit_0["CONFIG"]["prefix"]


def test_with_redis_the_channel_layer_is_pub_sub_unless_told_lists_and_without_it_in_memory():
    default = _channel_layer(REDIS_URL="redis://127.0.0.1:6379/0")
    assert default["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    lists = _channel_layer(CHANNEL_LAYER="lists", REDIS_URL="redis://127.0.0.1:6379/0")
    assert lists["BACKEND"] == "wonders_site.channel_layer.RedisChannelLayer"
    assert _channel_layer(CHANNEL_LAYER="lists")["BACKEND"] == "channels.layers.InMemoryChannelLayer"


def _database_options(**env_vars):
    import os

    env = {name: value for name, value in os.environ.items() if name != "DB_PREPARED_STATEMENTS"}
    env.update({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/wonders", **env_vars})
    return _setting_in_a_fresh_process("DATABASES['default']['OPTIONS']", env)


def test_postgresql_prepares_the_statements_run_often_unless_a_pooler_in_front_forbids_it():
    assert _database_options()["prepare_threshold"] == 5
    assert "prepare_threshold" not in _database_options(DB_PREPARED_STATEMENTS="false")
