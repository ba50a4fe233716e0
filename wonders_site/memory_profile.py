"""What a server process holds in memory, for bench/bench_memory.py. Off unless MEMORY_PROFILE is set.

With MEMORY_PROFILE=true, `install()` (called by asgi.py once the site is loaded) starts
tracemalloc, keeping MEMORY_PROFILE_FRAMES frames per allocation (default 1: file and line; 0: no
tracing), and on SIGUSR2 collects garbage and writes to MEMORY_PROFILE_DIR/memory-<pid>-<n>.json:
the process's RSS, glibc malloc's totals (in use and free), how many objects of each type the
collector sees and, when tracing, what the process still holds of what it allocated since the
start: the total, tracemalloc's own overhead, every allocating line (file, line, bytes, blocks),
and with more than one frame the largest call paths; when not tracing, Python's own allocator's
arenas (sys._debugmallocstats says nothing while tracemalloc is on). With MEMORY_PROFILE_TRIM,
malloc_trim() gives malloc's free memory back to the system first, and the RSS after it is written
too. The file is written under a temporary name and renamed, so a reader never sees half of one.

Nothing is routed and no socket is opened: the only way in is a signal from whoever may signal
the process. The dump runs on the main thread, the event loop's: requests wait for it (a second or
two). tracemalloc slows every allocation down, so this is for measuring, never for serving. Off
(the default) nothing is started and no handler installed.
"""
import ctypes
import gc
import json
import os
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from itertools import count

from django.conf import settings

TOP_PATHS = 300
_dumps = count(1)


def install() -> bool:
    """Start tracing and answer SIGUSR2 with a dump, when MEMORY_PROFILE is on; True if installed."""
    if not settings.MEMORY_PROFILE:
        return False
    if settings.MEMORY_PROFILE_FRAMES and not tracemalloc.is_tracing():
        tracemalloc.start(settings.MEMORY_PROFILE_FRAMES)
    signal.signal(signal.SIGUSR2, _on_signal)
    return True


def _on_signal(signum, frame):
    dump(settings.MEMORY_PROFILE_DIR)


def dump(directory) -> str:
    """Write this process's memory profile into `directory`; returns the file's path."""
    gc.collect()
    profile = {"pid": os.getpid(), "time": time.time(), "rss": rss_bytes()}
    if settings.MEMORY_PROFILE_TRIM:
        _libc().malloc_trim(0)
        profile["rss_trimmed"] = rss_bytes()
    profile["malloc"] = malloc_info()
    profile["types"] = Counter(type(thing).__qualname__ for thing in gc.get_objects()).most_common()
    if tracemalloc.is_tracing():
        profile.update(traced())
    else:
        profile["pymalloc"] = pymalloc_info()
    path = os.path.join(directory, f"memory-{os.getpid()}-{next(_dumps)}.json")
    with open(path + ".part", "w") as out:
        json.dump(profile, out)
    os.replace(path + ".part", path)
    return path


def traced() -> dict:
    """What tracemalloc sees held now, by line (and by call path when it keeps several frames)."""
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    current, peak = tracemalloc.get_traced_memory()
    frames = tracemalloc.get_traceback_limit()
    out = {
        "traced": current, "peak": peak, "overhead": tracemalloc.get_tracemalloc_memory(), "frames": frames,
        "lines": [[stat.traceback[0].filename, stat.traceback[0].lineno, stat.size, stat.count]
                  for stat in snapshot.statistics("lineno")],
    }
    if frames > 1:
        out["paths"] = [[[f"{f.filename}:{f.lineno}" for f in stat.traceback], stat.size, stat.count]
                        for stat in snapshot.statistics("traceback")[:TOP_PATHS]]
    return out


def rss_bytes() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def _libc():
    return ctypes.CDLL(None)


def malloc_info() -> dict:
    """glibc's malloc over all its arenas: bytes taken from the system (heap and mmapped), in use, and
    free but kept (what RSS holds that no object uses)."""
    try:
        mallinfo2 = _libc().mallinfo2
    except AttributeError:  # not glibc, or older than 2.33
        return {}
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return {"heap": info.arena, "mmapped": info.hblkhd, "in_use": info.uordblks, "free": info.fordblks}


def pymalloc_info() -> dict:
    """Python's small-object allocator (sys._debugmallocstats, which writes to the C stderr): its
    arenas, and the bytes in use and free in them, by the names it prints."""
    with tempfile.TemporaryFile(mode="w+") as out:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read()
    stats = {}
    for line in text.splitlines():
        name, _, value = line.partition("=")
        if name.startswith("# ") and value.strip().replace(",", "").isdigit():
            stats[name[2:].strip()] = int(value.strip().replace(",", ""))
    return stats
