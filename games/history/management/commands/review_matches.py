"""(Re)queue the coach's reviews of finished matches with people (issue 28), or run them here.

    manage.py review_matches                  # every such match never reviewed, queued, failed or stale
    manage.py review_matches --redo           # the done ones too (a new budget, a better search)
    manage.py review_matches --match 42 --match 43
    manage.py review_matches --match 42 --here   # review now in this process (the runner without a broker)

Without a broker (REVIEW_RUNNER "process") the reviews asked run here, one after the other: a
background thread of this command would end with it.
"""
from django.core.management.base import BaseCommand

from games.history import review
from games.history.models import MatchReview


class Command(BaseCommand):
    help = "Ask again for the reviews of finished matches with people (--here: review them in this process)."

    def add_arguments(self, parser):
        parser.add_argument("--match", type=int, action="append", default=[], help="Only this match (repeatable).")
        parser.add_argument("--redo", action="store_true", help="Review the matches already reviewed again too.")
        parser.add_argument("--here", action="store_true",
                            help="Review in this process now instead of asking the review runner.")

    def handle(self, *args, match=(), redo=False, here=False, **options):
        if not here:
            in_this_process = review.runner_kind() == "process"
            asked = review.requeue(match or None, redo=redo, ask=not in_this_process)
            self.stdout.write(f"asked for {len(asked)} review(s)")
            if not in_this_process:
                return
            match, here = asked, True
            if not match:
                return
        for match_id in match or []:
            done = review.do_review(match_id, redo=redo)
            if done is None:
                self.stdout.write(f"match {match_id}: nothing to do")
            else:
                seconds = f"{done.cpu_seconds:.1f}" if done.cpu_seconds is not None else "-"
                self.stdout.write(f"match {match_id}: {done.status} ({seconds} CPU s)")
        if not match:
            for match_id in MatchReview.objects.filter(status=MatchReview.Status.QUEUED).values_list("match_id", flat=True):
                done = review.do_review(match_id)
                self.stdout.write(f"match {match_id}: {done.status if done else 'nothing to do'}")
