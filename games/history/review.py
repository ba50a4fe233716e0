"""The coach's review of a finished match (issue 28): the site's side.

- ``queue_review(match, seats)``: called by ``record.record_finished_match`` in the transaction
  that records the match. A match with at least one person seated gets a ``MatchReview`` row
  (queued) and, after commit, its review is asked through ``review_port`` (a Celery task on the
  `review` queue, or a background runner without a broker: games/tasks.py). A match of bots only
  gets none.
- ``do_review(match_id)``: what the task runs. It marks the row running, asks
  ``games.bots.review.review_match`` for every decision of the people's seats (from each seat's
  view only: the search bot's determinisation), keeps the decisions a person made (not those a bot
  made for them: a deadline's timeout bot, a seat taken over) and stores them, each with its
  replay step, and each person's key moments. Idempotent: a done review is kept; a failure is
  stored as ``failed`` and logged, never shown (the API says only "failed").
- ``review_payload(match, review)``: what the API and the pages show.

The budget comes from the settings: ``REVIEW_ITERATIONS`` (a fixed number of rollouts per
decision, for tests), else ``REVIEW_SECONDS_PER_DECISION`` and ``REVIEW_TOTAL_SECONDS`` (CPU
seconds).
"""
import logging
import random
import time
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.bots.review import key_moments, review_match
from games.history import review_port
from games.history.models import MatchReview
from games.history.timeline import log_of, match_timeline

log = logging.getLogger("games.history")

def people_seats(seats):
    """The seat numbers a person sat at (a seat its person left stays theirs: their own decisions
    before they left are reviewed)."""
    return [seat.number for seat in seats if seat.user_id is not None]


def queue_review(match, seats):
    """Ask for `match`'s review after commit if a person sat at it (a queued row, kept if there is
    one already); returns whether it was asked for. Call it inside the transaction that records
    the match: one INSERT that ignores a row already there, not the ORM's get_or_create (a SELECT,
    a savepoint and an INSERT at every game's end, under the match's lock)."""
    if not people_seats(seats):
        return False
    MatchReview.objects.bulk_create([MatchReview(match_id=match.pk)], ignore_conflicts=True)
    match_id = match.pk
    transaction.on_commit(lambda: _ask(match_id))
    return True


def _ask(match_id):
    try:
        review_port.request_review(match_id)
    except Exception:  # noqa: BLE001 - the match is recorded either way; review_matches asks again
        log.exception("match %s: asking for its review failed", match_id)


def runner_kind():
    """How reviews run in this process (REVIEW_RUNNER; empty: "celery" with a broker, else "process")."""
    return settings.REVIEW_RUNNER or ("process" if settings.CELERY_TASK_ALWAYS_EAGER else "celery")


def budget():
    """The search's budget per review, from the settings."""
    if settings.REVIEW_ITERATIONS:
        return {"iterations": settings.REVIEW_ITERATIONS}
    out = {"total_seconds": settings.REVIEW_TOTAL_SECONDS}
    if settings.REVIEW_SECONDS_PER_DECISION:
        out["seconds_per_decision"] = settings.REVIEW_SECONDS_PER_DECISION
    return out


def _claim(match_id, redo):
    """Mark the match's review running and return it, or None when there is nothing to do: no
    review asked for, already done (unless `redo`), or running elsewhere (and not stale)."""
    with transaction.atomic():
        review = MatchReview.objects.select_for_update().filter(match_id=match_id).first()
        if review is None:
            return None
        stale = timezone.now() - timedelta(seconds=settings.REVIEW_STALE_SECONDS)
        if review.status == MatchReview.Status.DONE and not redo:
            return None
        if review.status == MatchReview.Status.RUNNING and review.started_at and review.started_at > stale:
            return None
        review.status = MatchReview.Status.RUNNING
        review.started_at = timezone.now()
        review.finished_at = None
        review.budget = budget()
        review.save(update_fields=["status", "started_at", "finished_at", "budget"])
        return review


def do_review(match_id, *, redo=False):
    """Review the finished match `match_id` (its MatchReview row must exist: ``queue_review``);
    returns the row, or None when there was nothing to do."""
    from games.models import Match

    review = _claim(match_id, redo)
    if review is None:
        return None
    started = time.process_time()
    try:
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.FINISHED or match.state is None:
            raise ValueError(f"match {match_id} is not finished")
        seats = list(match.seats.order_by("number"))
        result = _reviewed(match, seats, review.budget)
    except Exception:  # noqa: BLE001 - stored as failed; the reason stays in the log, never in an answer
        log.exception("match %s: the review failed", match_id)
        review.status, review.result = MatchReview.Status.FAILED, None
    else:
        review.status, review.result = MatchReview.Status.DONE, result
    review.cpu_seconds = round(time.process_time() - started, 3)
    review.finished_at = timezone.now()
    review.save(update_fields=["status", "result", "cpu_seconds", "finished_at"])
    return review


def _reviewed(match, seats, given_budget):
    """The review of `match` as stored: review_match's answer, with only the decisions the people
    made, each with its replay step (1 = the deal), and each person's key moments recomputed over
    them (``games.bots.review.key_moments``: up to three, the largest losses)."""
    from games.models import MatchAction

    entries = log_of(match)
    people = people_seats(seats)
    answer = review_match(match.config, entries, people, rng=random.Random(match.seed), **given_budget)
    by_bot = set(MatchAction.objects.filter(match=match, seat__isnull=False).exclude(
        by=MatchAction.By.PLAYER).values_list("index", flat=True))
    frame_indices = [frame["index"] for frame in match_timeline(match)]
    decisions = []
    for decision in answer["decisions"]:
        if decision["seat"] not in people or decision["index"] in by_bot:
            continue
        decisions.append({**decision, "step": _step_of(frame_indices, decision["index"])})
    return {"decisions": decisions, "key_moments": key_moments(decisions, people), "method": answer.get("method", {}),
            "cpu_seconds": answer.get("cpu_seconds")}


def _step_of(frame_indices, index):
    """The replay's step (1-based: 1 is the deal) whose frame shows the decision at log `index`:
    the first frame at or after it (a frame is the table after the entry that resolved its step)."""
    for position, frame_index in enumerate(frame_indices):
        if position and frame_index >= index:
            return position + 1
    return len(frame_indices)


def review_payload(match, review):
    """What the API and the pages show of a review: its status and, once done, the decisions and
    key moments (the actions as the engine gives them: their words are the reader's business)."""
    done = review.status == MatchReview.Status.DONE and review.result is not None
    result = review.result if done else {}
    return {
        "match": match.pk,
        "status": review.status,
        "created_at": review.created_at,
        "finished_at": review.finished_at if done else None,
        "budget": review.budget,
        "cpu_seconds": review.cpu_seconds if done else None,
        "decisions": result.get("decisions", []) if done else None,
        "key_moments": result.get("key_moments", {}) if done else None,
        "method": result.get("method", {}) if done else None,
    }


def requeue(match_ids=None, *, redo=False, ask=True):
    """Ask again for the reviews of finished matches with people: those never reviewed (no row:
    the matches before the review existed), queued, failed or stale running ones; with `redo`,
    the done ones too. `match_ids` limits it to those; without `ask`, they are only marked queued.
    Returns their match ids."""
    from games.models import Match, Seat

    matches = Match.objects.filter(status=Match.Status.FINISHED, state__isnull=False, record__isnull=False)
    if match_ids:
        matches = matches.filter(pk__in=match_ids)
    with_people = Seat.objects.filter(user__isnull=False).values("match_id")
    matches = matches.filter(pk__in=with_people)
    stale = timezone.now() - timedelta(seconds=settings.REVIEW_STALE_SECONDS)
    asked = []
    for match_id in matches.order_by("pk").values_list("pk", flat=True):
        review, _created = MatchReview.objects.get_or_create(match_id=match_id)
        if review.status == MatchReview.Status.DONE and not redo:
            continue
        if review.status == MatchReview.Status.RUNNING and review.started_at and review.started_at > stale:
            continue
        if review.status != MatchReview.Status.QUEUED:
            MatchReview.objects.filter(pk=review.pk).update(status=MatchReview.Status.QUEUED)
        asked.append(match_id)
    for match_id in asked if ask else ():
        _ask(match_id)
    return asked
