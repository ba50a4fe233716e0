"""Where the services say that tables wait on people, without knowing who tells them.

`tables_wait(match_id, step, user_ids)` (a turn-based step began and waits on these people) and
`reminders_due(...)`, `taken_over(...)` go to the notification runner that games/tasks.py
registers (Celery tasks on the default queue, or in-process without a broker);
`lists_changed(user_ids)` tells those people's open pages (the header badge, My games) through
their own channel-layer group. Called after commit only.
"""
from . import broadcast

runner = None  # runner(kind, match_id, step, user_id), registered by games/tasks.py


def register(new_runner):
    global runner
    runner = new_runner


def _run(kind, match_id, step, user_ids):
    if runner is None:
        raise RuntimeError("no notification runner is registered (games/apps.py imports games.tasks)")
    for user_id in user_ids:
        runner(kind, match_id, step, user_id)


def tables_wait(match_id, step, user_ids):
    _run("turn", match_id, step, user_ids)


def reminder_due(match_id, step, user_id):
    _run("reminder", match_id, step, [user_id])


def taken_over(match_id, step, user_id):
    _run("taken", match_id, step, [user_id])


def user_group(user_id):
    return f"user.{user_id}"


def lists_changed(user_ids):
    for user_id in user_ids:
        broadcast.send(user_group(user_id), {"type": "my_games.changed"})


def digest_due(user_id, day):
    if runner is None:
        raise RuntimeError("no notification runner is registered (games/apps.py imports games.tasks)")
    runner("digest", None, day, user_id)
