"""Celery tasks: thin wrappers over games.services.

`play_bot_turn` runs on the `bots` queue (CELERY_TASK_ROUTES), late-acknowledged and requeued if
the worker dies; it is idempotent: a repeated or late delivery finds that the match moved on
and does nothing. Without REDIS_URL the tasks run in-process (CELERY_TASK_ALWAYS_EAGER) through
services.enqueue_bot_turns, which loops instead of recursing.
"""
from wonders_site.celery import app

from games import services


@app.task(name="games.play_bot_turn", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turn(match_id, seat, version):
    """Play for bot `seat` of the step that began at `version`; nothing if it moved on."""
    return services.do_play_bot_turn(match_id, seat, version)


@app.task(name="games.sweep_deadlines", acks_late=True, ignore_result=True)
def sweep_deadlines():
    """Play for seats past their deadline (Celery beat, every DEADLINE_SWEEP_SECONDS)."""
    return services.do_sweep_deadlines()
