"""One event loop per Celery worker process for channel-layer sends.

`async_to_sync` outside an ASGI server starts a new event loop (and a thread) for every call, and
channels_redis keeps its Redis connections per event loop: every broadcast from a worker opened a
new connection (measured: about a sixth of a bot move's time). A worker process instead starts one
loop in a daemon thread when it starts (tasks.py, `worker_process_init`) and sends through it, so
the layer's connection pool lives as long as the process. Daphne does not use this: its services
run in threads whose `async_to_sync` already goes back to the server's own loop.
"""
import asyncio
import threading

SEND_TIMEOUT_SECONDS = 10

_loop = None
_lock = threading.Lock()


def start():
    """Start this process's sending loop (idempotent)."""
    global _loop
    with _lock:
        if _loop is not None and not _loop.is_closed():
            return _loop
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="channel-layer-loop", daemon=True)
        thread.start()
        _loop = loop
        return loop


def running():
    return _loop is not None and _loop.is_running()


def run(coroutine):
    """Run `coroutine` on this process's loop and wait for its result (or its exception)."""
    future = asyncio.run_coroutine_threadsafe(coroutine, _loop)
    return future.result(timeout=SEND_TIMEOUT_SECONDS)


def stop():
    """Stop the loop (tests)."""
    global _loop
    with _lock:
        if _loop is not None:
            _loop.call_soon_threadsafe(_loop.stop)
        _loop = None
