"""Login lockouts: the (account, IP) pair and the IP by django-axes, the account from every address
at a much higher limit (accounts/lockout.py)."""
import json
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import override_settings

from tests.factories import PASSWORD

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small_limits")]

LOGIN = "/en/accounts/login/"
LIMIT = 3
ACCOUNT_LIMIT = 7


@pytest.fixture
def small_limits():
    with override_settings(AXES_FAILURE_LIMIT=LIMIT, AXES_ACCOUNT_FAILURE_LIMIT=ACCOUNT_LIMIT,
                           AXES_COOLOFF_TIME=timedelta(minutes=15)):
        yield


def attempt(client, username, password, ip, path=LOGIN):
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=ip)


def test_a_guesser_at_one_address_is_locked_out_of_that_account(client, alice):
    statuses = [attempt(client, "alice", "wrong", "10.0.0.1").status_code for _ in range(LIMIT)]

    assert statuses == [200] * (LIMIT - 1) + [429]
    assert attempt(client, "alice", PASSWORD, "10.0.0.1").status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_guesser_elsewhere_cannot_lock_the_owner_out(client, alice):
    for _ in range(LIMIT):
        attempt(client, "alice", "wrong", "10.0.0.1")

    response = attempt(client, "alice", PASSWORD, "10.0.0.2")

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_an_account_is_locked_everywhere_after_the_account_wide_limit(client, alice):
    statuses = [attempt(client, "alice", "wrong", f"10.0.{n}.1").status_code for n in range(ACCOUNT_LIMIT)]

    assert statuses == [200] * (ACCOUNT_LIMIT - 1) + [429]
    response = attempt(client, "alice", PASSWORD, "10.0.99.1")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_failures_spread_below_the_account_wide_limit_do_not_lock_the_account(client, alice):
    for n in range(ACCOUNT_LIMIT - 1):
        attempt(client, "alice", "wrong", f"10.0.{n}.1")

    assert attempt(client, "alice", PASSWORD, "10.0.99.1").status_code == 302


def test_the_account_wide_limit_counts_only_the_cool_off_time(client, alice):
    for n in range(ACCOUNT_LIMIT - 1):
        attempt(client, "alice", "wrong", f"10.0.{n}.1")
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.first().attempt_time - timedelta(minutes=16))
    attempt(client, "alice", "wrong", "10.0.50.1")

    assert attempt(client, "alice", PASSWORD, "10.0.99.1").status_code == 302


def test_an_ip_is_locked_after_too_many_failures_across_accounts(client, alice):
    statuses = [attempt(client, name, "wrong", "10.0.0.1").status_code for name in ("bob", "carol", "dave")]

    assert statuses == [200, 200, 429]
    response = attempt(client, "alice", PASSWORD, "10.0.0.1")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_locked_ip_does_not_stop_the_same_account_elsewhere(client, alice):
    for name in ("bob", "carol", "dave"):
        attempt(client, name, "wrong", "10.0.0.1")

    response = attempt(client, "alice", PASSWORD, "10.0.0.2")

    assert response.status_code == 302


def test_failures_below_the_limit_do_not_lock(client, alice):
    for n in range(LIMIT - 1):
        attempt(client, "alice", "wrong", "10.0.0.1")

    assert attempt(client, "alice", PASSWORD, "10.0.0.1").status_code == 302


def test_the_lockout_page_says_when_to_try_again_with_status_429(client, alice):
    for _ in range(LIMIT):
        response = attempt(client, "alice", "wrong", "10.0.0.1")

    assert response.status_code == 429
    assert response["Retry-After"] == str(15 * 60)
    html = response.content.decode()
    assert "Too many failed logins" in html
    assert "15 minutes" in html
    assert "<form" not in html.split('id="main"')[1].split("</main>")[0]


@pytest.mark.parametrize("language", ["it", "pt-br"])
def test_the_lockout_page_is_in_the_language_of_the_page(client, alice, language):
    for _ in range(LIMIT):
        response = attempt(client, "alice", "wrong", "10.0.0.1", path=f"/{language}/accounts/login/")

    assert response.status_code == 429
    assert f'<html lang="{ {"it": "it", "pt-br": "pt-BR"}[language]}">' in response.content.decode()


def test_the_lock_lifts_after_the_cool_off(client, alice):
    for n in range(LIMIT):
        attempt(client, "alice", "wrong", "10.0.0.1")
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.first().attempt_time - timedelta(minutes=16))

    assert attempt(client, "alice", PASSWORD, "10.0.0.1").status_code == 302


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_lockout_page_also_comes_through_the_async_handler(async_client, alice):
    """daphne serves the site through ASGI's async handler (the chain in one thread: wonders_site/middleware.py)."""
    for n in range(LIMIT):
        response = await async_client.post(
            "/it/accounts/login/", {"username": "alice", "password": "wrong"}, REMOTE_ADDR="10.0.0.1"
        )

    assert response.status_code == 429
    assert '<html lang="it">' in response.content.decode()


def test_a_lockout_under_the_api_answers_in_the_api_error_shape(rf):
    from accounts.lockout import locked_out

    response = locked_out(rf.post("/api/auth/token/"))
    assert response.status_code == 429
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content)["error"]["code"] == "locked_out"
