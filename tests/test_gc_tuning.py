"""wonders_site/gc_tuning.py: a server process's garbage collector, set once the site is loaded."""
import gc

import pytest

from wonders_site.gc_tuning import after_startup


@pytest.fixture
def collector():
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_after_startup_the_loaded_site_is_frozen_and_the_young_generation_waits_longer(collector, settings):
    settings.GC_THRESHOLD = 20000
    gc.set_threshold(700, 10, 10)  # Python's defaults
    gc.unfreeze()

    after_startup()

    assert gc.get_freeze_count() > 10000  # modules, models, URL patterns: the collector skips them now
    assert gc.get_threshold() == (20000, 10, 10)


def test_a_threshold_of_zero_leaves_the_collector_as_python_sets_it(collector, settings):
    settings.GC_THRESHOLD = 0
    gc.set_threshold(700, 10, 10)
    gc.unfreeze()

    after_startup()

    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == (700, 10, 10)
