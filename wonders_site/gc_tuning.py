"""The garbage collector of a server process, set once it has started.

A full collection walks every object of the loaded site (modules, models, URL patterns,
serializers) and lands in whichever request is running; a low first-generation threshold
interrupts a request that builds a page of rows several times (the measurements:
docs/releasing.md, "Site measurements moved from docstrings").

`after_startup()`, called by wonders_site/asgi.py and wsgi.py once the site is loaded (and by the
benches, which run the site in-process): imports the URL configuration (the views and their
imports, which would otherwise load on the first request), collects once, freezes what is left
(it lives as long as the process: the collector skips it from now on) and raises the first
threshold to GC_THRESHOLD (20,000), so that the young generation is collected between requests
more than in the middle of them. GC_THRESHOLD=0 leaves the collector as Python sets it.
"""
import gc

from django.conf import settings


def after_startup() -> None:
    if not settings.GC_THRESHOLD:
        return
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 - imports the views now, before the freeze
    gc.collect()
    gc.freeze()
    _, second, third = gc.get_threshold()
    gc.set_threshold(settings.GC_THRESHOLD, second, third)
