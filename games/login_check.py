"""Does the login a socket was opened with still hold? Asked before every move, chat line and
concession on a game socket (`while_logged_in`).

After a logout (the session is gone), a password change elsewhere (the session's hash no longer
matches), the session's expiry or the account's deactivation, a seated socket must not play on.
The answer is read fresh from the database on every action, never from the copy of the session the
socket loaded when it opened, and never cached: a cached "yes" could outlive a logout.

With the database session store (Django's default, and ours) the session row and the user's
password hash come in one query, not the ORM's two (the session store's load, then the user): the
check is on the hottest path of the live game (docs/releasing.md, "Live path measurements moved
from docstrings"). Any other session store is asked through its own API.
"""
from importlib import import_module

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.crypto import constant_time_compare

DB_SESSIONS = "django.contrib.sessions.backends.db"

SESSION_ENDED = object()


def while_logged_in(scope, user, func, *args, **kwargs):
    """`func(*args, **kwargs)` if the socket's login still holds, else SESSION_ENDED: the check and
    the write in one trip to a database thread (a player's move is the live path's hottest call)."""
    if not login_still_holds(scope, user):
        return SESSION_ENDED
    return func(*args, **kwargs)


def login_still_holds(scope, user):
    """A scope without a session (consumer tests that set the user directly), or a socket with no
    login (a spectator), has nothing to check."""
    session = scope.get("session")
    if session is None or user is None or not getattr(user, "is_authenticated", False):
        return True
    key = getattr(session, "session_key", None)
    if not key:
        return False
    if settings.SESSION_ENGINE == DB_SESSIONS:
        found = _session_data_and_password(key, user.pk)
        if found is None:
            return False
        session_data, password = found
        stored = _session_store().decode(session_data)
    else:
        stored = _session_store(key).load()
        password = get_user_model().objects.filter(pk=user.pk, is_active=True).values_list(
            "password", flat=True).first()
        if password is None:
            return False
    if str(stored.get(SESSION_KEY)) != str(user.pk):
        return False
    expected = get_user_model()(pk=user.pk, password=password).get_session_auth_hash()
    return constant_time_compare(stored.get(HASH_SESSION_KEY, ""), expected)


def _session_store(key=None):
    return import_module(settings.SESSION_ENGINE).SessionStore(session_key=key)


def _session_data_and_password(session_key, user_pk):
    """(the unexpired session's data, the active user's password hash), or None, in one query."""
    from django.contrib.sessions.models import Session

    users = get_user_model()._meta
    quote = connection.ops.quote_name
    sql = (
        f"SELECT s.{quote('session_data')}, u.{quote('password')} "
        f"FROM {quote(Session._meta.db_table)} s, {quote(users.db_table)} u "
        f"WHERE s.{quote('session_key')} = %s AND s.{quote('expire_date')} > %s "
        f"AND u.{quote(users.pk.column)} = %s AND u.{quote('is_active')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [session_key, timezone.now(), user_pk])
        return cursor.fetchone()
