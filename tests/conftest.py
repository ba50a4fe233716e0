import os

import pytest


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


@pytest.fixture
def catalogue(db):
    """The catalogue loaded into the test database."""
    from cards.loading import load_cards_and_wonders

    return load_cards_and_wonders()
