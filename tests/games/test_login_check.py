"""games/login_check.py: a game socket's login is checked fresh before each action, in one query
with the database session store."""
from datetime import timedelta
from importlib import import_module

import pytest
from django.contrib.auth import login
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.models import Session
from django.http import HttpRequest
from django.utils import timezone

from games.login_check import login_still_holds

pytestmark = pytest.mark.django_db


def logged_in_scope(settings, user):
    """The scope a socket gets from AuthMiddlewareStack after `user` logged in."""
    request = HttpRequest()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    return {"session": import_module(settings.SESSION_ENGINE).SessionStore(session_key=request.session.session_key)}


def test_a_good_login_holds_and_is_read_in_one_query(settings, make_user, django_assert_num_queries):
    user = make_user("dora")
    scope = logged_in_scope(settings, user)
    with django_assert_num_queries(1):
        assert login_still_holds(scope, user)


def test_an_expired_session_no_longer_holds(settings, make_user):
    user = make_user("dora")
    scope = logged_in_scope(settings, user)
    Session.objects.filter(session_key=scope["session"].session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1))
    assert not login_still_holds(scope, user)


def test_a_deactivated_account_no_longer_holds(settings, make_user):
    user = make_user("dora")
    scope = logged_in_scope(settings, user)
    user.is_active = False
    user.save()
    assert not login_still_holds(scope, user)


def test_a_session_of_another_player_does_not_hold_for_this_one(settings, make_user):
    dora, eve = make_user("dora"), make_user("eve")
    scope = logged_in_scope(settings, eve)
    assert not login_still_holds(scope, dora)


def test_a_new_password_ends_the_login_and_a_spectator_has_nothing_to_check(settings, make_user):
    user = make_user("dora")
    scope = logged_in_scope(settings, user)
    user.set_password("another-long-password-9")
    user.save()
    assert not login_still_holds(scope, user)
    assert login_still_holds(scope, AnonymousUser())


def test_another_session_store_is_asked_through_its_own_api(settings, make_user):
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cache"
    user = make_user("dora")
    scope = logged_in_scope(settings, user)
    assert not Session.objects.exists()
    assert login_still_holds(scope, user)
    import_module(settings.SESSION_ENGINE).SessionStore(session_key=scope["session"].session_key).delete()
    assert not login_still_holds(scope, user)
