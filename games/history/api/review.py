"""GET /api/matches/{id}/review/: the coach's review of a finished match (issue 28).

The same in every API version. Its status (queued, running, done, failed) and, once done, every
reviewed decision of the people's seats and each person's key moments. Actions are the engine's
(ids, as in the match's `log`), each also in words in ?lang= (`chosen_text`, `best_text`, as the
match page says them); `names` gives the card and wonder names and `seats` each seat's name and
public labels. Errors: 404
`not_found` (no such match), 409 `not_finished` (the match is not over: a review begins at the
end), 404 `no_review` (a finished match nobody reviews: bots only, or one from before reviews)."""
from django.shortcuts import get_object_or_404
from django.utils import translation
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import display_name
from cards.language import api_language
from games import engine
from games.history.api.common import ERROR_RESPONSES, ErrorSerializer, LANG_PARAMETER, errors
from games.history.api.views import NotFinished
from games.history.models import MatchReview
from games.history.queries import names_of
from games.history.review import review_payload
from games.history.review_page import action_words, cost_kind


class NoReview(exceptions.APIException):
    status_code = status.HTTP_404_NOT_FOUND
    default_code = "no_review"
    default_detail = "This match has no review: only matches a person played are reviewed."


class ValueSerializer(serializers.Serializer):
    win = serializers.FloatField(help_text="The estimated chance of finishing first (a shared first place counts): the "
                                 "share of simulated games won, calibrated on other games where the mode has a fit "
                                 "(`method.calibration`).")
    rank = serializers.FloatField(help_text="The estimated mean rank (1 = first).")
    points = serializers.FloatField(help_text="The estimated mean final total.")


class DecisionSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="The position of the chosen action in the match's `log`.")
    step = serializers.IntegerField(help_text="The replay's step that shows it (1 = the deal): the match "
                                    "page's `?step=`.")
    seat = serializers.IntegerField()
    chosen = serializers.JSONField(help_text="The action the player chose, as in the log.")
    best = serializers.JSONField(help_text="The action the search preferred (the chosen one when it agrees).")
    chosen_value = ValueSerializer()
    best_value = ValueSerializer()
    chosen_text = serializers.CharField(help_text="The chosen action in words, as done, in ?lang= "
                                        "(\"discarded Baths\").")
    best_text = serializers.CharField(help_text="The search's choice in words, as the alternative, in ?lang= "
                                      "(\"building Lumber Yard\").")
    loss = serializers.FloatField(help_text="Win chance lost against the search's choice (0 to 1; 0 when it agrees).")
    points_loss = serializers.FloatField(
        help_text="Points lost against the search's choice (0 when it agrees). Where the win chances do not tell "
        "the moves apart (a game the player could no longer win), the search's choice is the move that clearly "
        "scores more, if any.")
    cost = serializers.ChoiceField(
        choices=["win", "points", "none"], help_text="What the pages say the decision cost: `win` (the win "
        "chance lost), `points` (the points lost, where the win chance tells nothing) or `none`.")
    candidates = serializers.IntegerField(help_text="How many actions the search compared.")
    rollouts = serializers.IntegerField(help_text="Simulated games the chosen action was weighed by.")


class ReviewSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    username = serializers.CharField(allow_null=True)
    display_name = serializers.CharField()
    bot_level = serializers.CharField(help_text="Set for a bot's seat (never reviewed).")
    reviewed = serializers.BooleanField(help_text="A person sat here: their decisions are reviewed.")
    labels = serializers.DictField(help_text="The seat's public labels (the base game's wonder and side).")


class ReviewSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    status = serializers.ChoiceField(choices=MatchReview.Status.values)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    budget = serializers.DictField(help_text="The search's budget: iterations, or CPU seconds in all and per decision.")
    cpu_seconds = serializers.FloatField(allow_null=True, help_text="CPU time the review took, once done.")
    seats = ReviewSeatSerializer(many=True)
    decisions = DecisionSerializer(many=True, allow_null=True, help_text="Once done: every decision of a person "
                                   "that had a choice, in the order of the log; null before.")
    key_moments = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()), allow_null=True,
        help_text="Once done: per seat (as text), up to three positions in `decisions`: the largest losses of win "
        "chance first, then, if fewer than three, the largest losses of points.")
    method = serializers.DictField(allow_null=True, help_text="How the search weighed the actions.")
    names = serializers.DictField(child=serializers.CharField(), help_text="Card and wonder names in ?lang=.")


EXAMPLE = {
    "match": 42, "status": "done", "created_at": "2026-11-26T12:00:00Z", "finished_at": "2026-11-26T12:01:30Z",
    "budget": {"total_seconds": 90.0}, "cpu_seconds": 88.4,
    "seats": [{"seat": 0, "username": "ann", "display_name": "Ann", "bot_level": "", "reviewed": True,
               "labels": {"wonder": "giza", "side": "A"}},
              {"seat": 1, "username": None, "display_name": "", "bot_level": "medium", "reviewed": False,
               "labels": {"wonder": "rhodes", "side": "A"}}],
    "decisions": [{"index": 5, "step": 2, "seat": 0, "chosen": {"type": "discard", "card": "baths"},
                   "best": {"type": "build", "card": "lumber_yard", "pay": {"left": 0, "right": 0}},
                   "chosen_value": {"win": 0.31, "rank": 2.1, "points": 44.2},
                   "best_value": {"win": 0.43, "rank": 1.8, "points": 47.9},
                   "chosen_text": "discarded Baths", "best_text": "building Lumber Yard",
                   "loss": 0.12, "points_loss": 3.7, "cost": "win", "candidates": 6, "rollouts": 120}],
    "key_moments": {"0": [0]},
    "method": {"rollout_policy": "greedy", "total_seconds": 90.0,
               "calibration": {"mode": "base-4", "a": 0.62, "b": -0.41}},
    "names": {"baths": "Baths", "lumber_yard": "Lumber Yard", "giza": "The Pyramids of Giza"},
}


def review_seats(match):
    """Each seat: who sat there, whether it is reviewed (a person), its public labels."""
    seats = list(match.seats.select_related("user__profile").order_by("number"))
    labels = engine.seat_labels(match.state) if match.state is not None else [{} for _seat in seats]
    return [{"seat": seat.number, "username": seat.user.get_username() if seat.user_id else None,
             "display_name": display_name(seat.user) if seat.user_id else "", "bot_level": seat.bot_level,
             "reviewed": seat.user_id is not None, "labels": dict(label)}
            for seat, label in zip(seats, labels)]


class MatchReviewView(APIView):
    @extend_schema(
        summary="The review of a finished match: each person's decisions against the search's choice.",
        description="Every decision of every person (never a bot's seat) that had a choice, weighed from that "
        "seat's view only by a search (simulated games): the chosen action's estimated win chance, mean rank and "
        "points against the best action it found, and the win chance and points lost. `key_moments`: each "
        "person's up to three costliest decisions. These are estimates. `status` is `queued` or `running` until "
        "the review is `done` (`failed`: it could not be made). 409 `not_finished` while the match is played; 404 `no_review` "
        "for a finished match nobody reviews (bots only).",
        parameters=[LANG_PARAMETER],
        responses={200: ReviewSerializer, **errors(400, 409, 429), 404: OpenApiResponse(
            ErrorSerializer, description=ERROR_RESPONSES[404].description + " `no_review`: this match has no review.")},
        examples=[OpenApiExample("a review", EXAMPLE, response_only=True, status_codes=["200"])],
    )
    def get(self, request, pk):
        from games.models import Match

        match = get_object_or_404(Match, pk=pk)
        if match.status != Match.Status.FINISHED or match.state is None:
            raise NotFinished("A match is reviewed when it is over.")
        review = MatchReview.objects.filter(match=match).first()
        if review is None:
            raise NoReview()
        language = api_language(request)
        data = {**review_payload(match, review), "seats": review_seats(match), "names": names_of(match.game, language)}
        if data["decisions"]:
            with translation.override(language):
                worded = zip(data["decisions"], action_words(match, data["decisions"]))
                data["decisions"] = [{"points_loss": 0.0, **decision, "cost": cost_kind(decision), **words}
                                     for decision, words in worded]
        return Response(data)
