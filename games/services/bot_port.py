"""Where the services ask for bot turns, without knowing what plays them.

A service that begins a step some bots must play (after commit: `play.ask_bots_after_commit`) calls
`request_bot_turns`. What answers is the runner registered when the process starts:
`games/tasks.py` registers its own when it is imported (games/apps.py imports it), which queues
Celery tasks on the bots queue, or plays the turns in-process when there is no broker
(CELERY_TASK_ALWAYS_EAGER). The services never import games.tasks: the tasks call the services,
and this port is the only way back.
"""

# The registered runner: called as runner(match_id, seats, version, slow), where `seats` are the bot
# seat numbers asked to play the step that began at `version` and `slow` those among them whose bot
# searches (each gets a turn of its own). None until a runner registers.
runner = None


def register(new_runner):
    """Make `new_runner` the one that plays the bot turns asked for from now on."""
    global runner
    runner = new_runner


def request_bot_turns(match_id, seats, version, slow=()):
    """Ask the bots at `seats` to play the step of `match_id` that began at `version`; `slow`: the
    searching bots among them. A turn asked twice, or late, is played at most once (the bot turn
    checks the step under the match lock)."""
    seats = list(seats)
    if not seats:
        return
    if runner is None:
        raise RuntimeError("no bot-turn runner is registered (games/apps.py imports games.tasks at startup)")
    runner(match_id, seats, version, tuple(slow))
