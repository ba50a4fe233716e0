"""The catalogue's version: a token that changes each time the catalogue is loaded.

The catalogue (cards, wonders, Architects, rules) changes only when `manage.py load_catalogue`
runs, and that command runs in a process of its own, never in the daphne processes that serve the
API. So the version lives where every process sees it: one row of `CatalogueVersion` in the
database, written in the loader's transaction (each loader calls `bump()`), so the token and the
rows it stands for become visible together. The token is random, not a counter: a rolled-back
load (or a test's rolled-back transaction) can never hand out again a token that a cached answer
of other data was stored under.

A request does not read the row each time: `current()` keeps it in the `default` cache for
`CATALOGUE_VERSION_SECONDS` (5 by default; 0 reads the row on every request). A server process
therefore sees a new load at most that many seconds late; the process that loads forgets its
copy at once and again after the commit.
"""
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

VERSION_KEY = "catalogue:version"
NEVER_LOADED = "unloaded"


def current() -> str:
    """The token of the catalogue in the database (NEVER_LOADED before any load)."""
    token = cache.get(VERSION_KEY)
    if token is None:
        from cards.models import CatalogueVersion

        token = CatalogueVersion.objects.filter(pk=1).values_list("token", flat=True).first() or NEVER_LOADED
        cache.set(VERSION_KEY, token, settings.CATALOGUE_VERSION_SECONDS)
    return token


def forget() -> None:
    cache.delete(VERSION_KEY)


def bump() -> str:
    """A new token for the catalogue, in the caller's transaction; this process forgets the old one."""
    from cards.models import CatalogueVersion

    token = uuid.uuid4().hex
    CatalogueVersion.objects.update_or_create(pk=1, defaults={"token": token, "loaded_at": timezone.now()})
    forget()
    transaction.on_commit(forget)
    return token
