"""wonders_site/memory_profile.py: tracemalloc and a dump on SIGUSR2, only when MEMORY_PROFILE is on."""
import json
import os
import signal
import time
import tracemalloc

import pytest

from wonders_site import memory_profile


@pytest.fixture
def untouched_process():
    handler = signal.getsignal(signal.SIGUSR2)
    was_tracing = tracemalloc.is_tracing()
    yield
    signal.signal(signal.SIGUSR2, handler)
    if not was_tracing:
        tracemalloc.stop()


def test_off_by_default_nothing_is_traced_and_sigusr2_keeps_its_handler(untouched_process, settings):
    assert settings.MEMORY_PROFILE is False
    handler = signal.getsignal(signal.SIGUSR2)

    assert memory_profile.install() is False

    assert not tracemalloc.is_tracing()
    assert signal.getsignal(signal.SIGUSR2) is handler


def test_on_sigusr2_it_writes_what_each_line_still_holds(untouched_process, settings, tmp_path):
    settings.MEMORY_PROFILE = True
    settings.MEMORY_PROFILE_DIR = str(tmp_path)
    assert memory_profile.install() is True
    held = [bytearray(1000) for _ in range(2000)]  # about 2 MB from this very line, kept alive

    os.kill(os.getpid(), signal.SIGUSR2)
    deadline = time.monotonic() + 10
    while not list(tmp_path.glob("memory-*.json")) and time.monotonic() < deadline:
        time.sleep(0.01)

    [written] = tmp_path.glob("memory-*.json")
    profile = json.loads(written.read_text())
    this_line = [size for filename, _line, size, _blocks in profile["lines"] if filename == __file__]
    assert max(this_line) >= 2000 * 1000
    assert profile["traced"] >= 2000 * 1000
    assert profile["pid"] == os.getpid()
    assert not list(tmp_path.glob("*.part"))
    del held


class Marker:
    """Objects the profile should count by their type."""


class UnframedMarker:
    """Objects of this test alone (another test's markers may still wait for the collector)."""


def test_with_no_frames_nothing_is_traced_and_the_profile_counts_pythons_own_arenas(untouched_process, settings,
                                                                                    tmp_path):
    settings.MEMORY_PROFILE = True
    settings.MEMORY_PROFILE_FRAMES = 0
    settings.MEMORY_PROFILE_TRIM = True
    assert memory_profile.install() is True
    assert not tracemalloc.is_tracing()
    held = [UnframedMarker() for _ in range(3)]

    profile = json.loads(open(memory_profile.dump(str(tmp_path))).read())

    assert "lines" not in profile
    assert profile["pymalloc"]["arenas allocated current"] > 0
    assert profile["pymalloc"]["bytes in allocated blocks"] > 0
    assert 0 < profile["rss_trimmed"] and 0 < profile["rss"]
    assert dict(profile["types"])["UnframedMarker"] == len(held)
