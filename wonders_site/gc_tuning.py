"""The garbage collector of a server process, set once it has started.

Measured with bench/bench_api.py (history API, 100,000 matches): a full collection walked the
~160,000 objects of the loaded site (modules, models, URL patterns, serializers) and took 80-200 ms,
landing in whichever request was running: the p99 spikes. And with the default first-generation
threshold (700 allocations) a request that builds a page of matches was interrupted by several
collections, each walking its live rows again: about 1.7 s of collector time per 3,800 requests.

`after_startup()`, called by wonders_site/asgi.py and wsgi.py once the site is loaded (and by the
benches, which run the site in-process): imports the URL configuration (the views and their
imports, which would otherwise load on the first request), collects once, freezes what is left
(it lives as long as the process: the collector skips it from now on) and raises the first
threshold to GC_THRESHOLD (20,000), so that the young generation is collected between requests
more than in the middle of them. Same run: one full collection of ~60 ms instead of three of
80-130 ms, collector time 0.75 s instead of 1.7 s. GC_THRESHOLD=0 leaves the collector as Python
sets it.
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
