"""Where the history asks for a match's review (issue 28), without knowing what runs it.

`request_review(match_id)` is called after the commit that recorded the match
(``games.history.review.queue_review``) and by ``manage.py review_matches``. What answers is the
runner ``games/tasks.py`` registers when it is imported (games/apps.py imports it in every
process): a Celery task on the `review` queue with a broker, else a background thread of this
process (``games/review_runner.py``). The history never imports the tasks; this port is the way.
"""

runner = None  # runner(match_id), registered by games/tasks.py


def register(new_runner):
    """Make `new_runner` the one that reviews the matches asked for from now on."""
    global runner
    runner = new_runner


def request_review(match_id):
    """Ask for the review of `match_id`; a review asked twice is made once (``review.do_review``)."""
    if runner is None:
        raise RuntimeError("no review runner is registered (games/apps.py imports games.tasks at startup)")
    runner(match_id)
