"""The review runner without a broker (`make run`, the embedded mode): one background thread of the
server process asks for one review at a time, each as a child process
(`manage.py review_matches --match N --here`) at the lowest CPU priority (nice 19).

Why a child process and not the review in the thread itself: a review is minutes of pure-Python
search, and a thread doing it would hold the server's interpreter lock half the time, so every
page and move would wait on it. The child has its own interpreter and the kernel gives the
server's process the CPU first. The child reads the same settings from the same environment
(DATABASE_URL: the same database). Reviews asked while one runs wait in the thread's queue; a
server that stops drops them (still `queued` in the database: `manage.py review_matches` asks
again).
"""
import logging
import os
import queue
import subprocess
import sys
import threading

from django.conf import settings

log = logging.getLogger("games.services")

LOWEST_PRIORITY = 19
TIMEOUT_SECONDS = 3600

_waiting = queue.Queue()
_lock = threading.Lock()
_thread = None


def command(match_id):
    return [sys.executable, str(settings.BASE_DIR / "manage.py"), "review_matches", "--match", str(match_id), "--here"]


def ask(match_id):
    """Queue the review of `match_id` for the background thread (started on first use)."""
    global _thread
    _waiting.put(match_id)
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_serve, name="review-runner", daemon=True)
            _thread.start()


def _serve():
    while True:
        match_id = _waiting.get()
        try:
            run_child(match_id)
        except Exception:  # noqa: BLE001 - the review stays queued; review_matches asks again
            log.exception("match %s: the review process failed", match_id)


def run_child(match_id):
    child = subprocess.Popen(command(match_id), cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        os.setpriority(os.PRIO_PROCESS, child.pid, LOWEST_PRIORITY)
    except OSError:  # it ended already, or the system refuses: it runs at the server's priority
        pass
    try:
        _out, err = child.communicate(timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        child.kill()
        _out, err = child.communicate()
    if child.returncode:
        log.error("match %s: review_matches exited with %s: %s", match_id, child.returncode,
                  (err or b"").decode(errors="replace")[-2000:])
