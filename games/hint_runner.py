"""Where suggestions are searched: a small pool of processes beside the server's event loop.

A suggestion is a second of pure-Python search (games/bots/suggest.py). Not in a database thread
of games/db_threads.py: on SQLite one thread serves every socket's moves, and it would wait the
whole second. Not in a thread of the server process either: the search holds the GIL, and the
event loop serving every socket of the process would get it back only between its slices. Not on
the Celery bots queue: a hint would wait behind the searching bots' turns, and the answer goes to
one socket, not to a match. So each server process keeps HINT_PROCESSES processes (started,
"spawn", at its first hint: nothing of the server is copied into them) and sends them the seat's
view and legal actions; the answer comes back to the socket that asked. At most QUEUED hints
wait per process: more are refused (hint_busy) rather than answered late.
"""
import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

from django.conf import settings

from games.bots import suggest as pure

QUEUED = 3            # hints waiting (or searching) per process before more are refused
MARGIN_SECONDS = 5.0  # past the search time: the process is taken for broken

_pool = None
_waiting = 0


class HintUnavailable(Exception):
    """No suggestion: `code` is hint_busy (too many waiting) or hint_failed (the process broke)."""

    def __init__(self, code):
        self.code = code
        super().__init__(code)


def pool():
    """The process pool, started at its first use; its first task warms each process's imports."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=settings.HINT_PROCESSES,
                                    mp_context=multiprocessing.get_context("spawn"))
        for _ in range(settings.HINT_PROCESSES):
            _pool.submit(pure.warm)
    return _pool


def shutdown():
    """Stop the processes (tests; a broken pool is replaced at the next hint)."""
    global _pool
    old, _pool = _pool, None
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)


async def run(request):
    """The `suggestion` message for a services.hints.HintRequest, searched in a hint process
    for HINT_SECONDS; HintUnavailable when it cannot be had."""
    global _waiting
    if _waiting >= settings.HINT_PROCESSES * QUEUED:
        raise HintUnavailable("hint_busy")
    _waiting += 1
    try:
        work = partial(pure.suggest, request.view, request.legal, seconds=settings.HINT_SECONDS)
        future = asyncio.get_running_loop().run_in_executor(pool(), work)
        timeout = settings.HINT_SECONDS * _waiting + MARGIN_SECONDS
        return await asyncio.wait_for(future, timeout)
    except (BrokenProcessPool, asyncio.TimeoutError):
        shutdown()
        raise HintUnavailable("hint_failed") from None
    finally:
        _waiting -= 1
