"""The coach's review of a finished match (issue 28): queued after the record for a match with a
person, run through the review port, stored once; bots' seats and a bot's moves for a person are
never reviewed; the API's shapes and coded errors. The real games.bots.review.review_match runs,
with a tiny budget (REVIEW_ITERATIONS)."""
import pytest
from django.contrib.auth import get_user_model

from games.history import review, review_port
from games.history.models import MatchReview
from games.models import MatchAction
from tests.factories import start_table, store_bot_match
from tests.games.history.helpers import api  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    return get_user_model().objects.create_user(username="ann")


@pytest.fixture
def inline(settings):
    settings.REVIEW_RUNNER = "inline"
    settings.REVIEW_ITERATIONS = 6


def finished(users, game="architects", players=3, seed=5, capture=None):
    with capture(execute=True):
        return store_bot_match(game=game, players=players, seed=seed, users=users)


def test_a_finished_match_with_a_person_gets_its_review_queued_and_done(ann, inline, django_capture_on_commit_callbacks):
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    row = MatchReview.objects.get(match=match)
    assert row.status == MatchReview.Status.DONE
    assert row.budget == {"iterations": 6}
    assert row.cpu_seconds is not None and row.cpu_seconds > 0
    assert row.finished_at is not None
    decisions = row.result["decisions"]
    assert decisions, "a whole game of Architects has decisions with a choice"
    assert all(0 <= decision["loss"] <= 1 for decision in decisions)
    assert set(row.result["key_moments"]) == {"0"}


def test_a_match_of_bots_only_gets_no_review(inline, django_capture_on_commit_callbacks):
    match = finished([], capture=django_capture_on_commit_callbacks)
    assert not MatchReview.objects.filter(match=match).exists()


def test_the_review_is_asked_through_the_port_after_commit_only(ann, monkeypatch, django_capture_on_commit_callbacks):
    asked = []
    monkeypatch.setattr(review_port, "runner", asked.append)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match = store_bot_match(game="architects", players=3, seed=5, users=[ann])
    assert asked == [] and MatchReview.objects.get(match=match).status == MatchReview.Status.QUEUED
    for callback in callbacks:
        callback()
    assert asked == [match.pk]


def test_queuing_a_review_again_keeps_the_one_there_as_it_is(ann, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(review_port, "runner", lambda match_id: None)
    with django_capture_on_commit_callbacks(execute=True):
        match = store_bot_match(game="architects", players=3, seed=5, users=[ann])
    MatchReview.objects.filter(match=match).update(status=MatchReview.Status.DONE, result={"decisions": []})
    seats = list(match.seats.all())
    with django_capture_on_commit_callbacks(execute=False):
        assert review.queue_review(match, seats) is True
    row = MatchReview.objects.get(match=match)
    assert (row.status, row.result) == (MatchReview.Status.DONE, {"decisions": []})


def test_the_review_never_includes_a_bot_seat_nor_a_move_a_bot_made_for_the_person(
        ann, settings, django_capture_on_commit_callbacks):
    settings.REVIEW_ITERATIONS = 4
    bo = get_user_model().objects.create_user(username="bo")
    match = finished([ann, bo], game="base", players=3, seed=7, capture=django_capture_on_commit_callbacks)
    timed_out = MatchAction.objects.filter(match=match, seat=1).order_by("index")[3]
    MatchAction.objects.filter(pk=timed_out.pk).update(by=MatchAction.By.TIMEOUT)
    done = review.do_review(match.pk)
    decisions = done.result["decisions"]
    assert {decision["seat"] for decision in decisions} == {0, 1}
    assert timed_out.index not in {decision["index"] for decision in decisions}
    assert set(done.result["key_moments"]) == {"0", "1"}
    for seat, positions in done.result["key_moments"].items():
        assert len(positions) <= 3
        assert all(decisions[k]["seat"] == int(seat) for k in positions)
        losses = [decisions[k]["loss"] for k in positions]
        assert losses == sorted(losses, reverse=True)


def test_each_decision_names_the_replay_step_whose_frame_follows_it(ann, inline, django_capture_on_commit_callbacks):
    from games.history.timeline import match_timeline

    match = finished([ann], capture=django_capture_on_commit_callbacks)
    frames = match_timeline(match)
    for decision in MatchReview.objects.get(match=match).result["decisions"]:
        step = decision["step"]
        assert frames[step - 1]["index"] >= decision["index"] > frames[step - 2]["index"]


def test_a_done_review_is_kept_and_a_failure_is_stored_as_failed(ann, inline, monkeypatch,
                                                                   django_capture_on_commit_callbacks):
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    first = MatchReview.objects.get(match=match).result
    assert review.do_review(match.pk) is None  # done: nothing to do
    assert MatchReview.objects.get(match=match).result == first

    def broken(*args, **kwargs):
        raise RuntimeError("a secret traceback")

    monkeypatch.setattr(review, "review_match", broken)
    assert review.do_review(match.pk, redo=True).status == MatchReview.Status.FAILED
    assert MatchReview.objects.get(match=match).result is None


def test_review_matches_asks_again_for_past_matches_with_people(ann, monkeypatch, django_capture_on_commit_callbacks):
    from django.core.management import call_command

    match = finished([ann], capture=django_capture_on_commit_callbacks)
    bots_only = finished([], seed=6, capture=django_capture_on_commit_callbacks)
    MatchReview.objects.filter(match=match).delete()  # a match from before reviews
    asked = []
    monkeypatch.setattr(review_port, "runner", asked.append)
    monkeypatch.setattr(review, "runner_kind", lambda: "celery")
    call_command("review_matches", stdout=open("/dev/null", "w"))
    assert asked == [match.pk]
    assert MatchReview.objects.get(match=match).status == MatchReview.Status.QUEUED
    assert not MatchReview.objects.filter(match=bots_only).exists()


# The API.

def test_the_api_answers_a_done_review_with_its_decisions_key_moments_seats_and_names(
        api, ann, inline, django_capture_on_commit_callbacks):
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    response = api.get(f"/api/matches/{match.pk}/review/?lang=it")
    assert response.status_code == 200
    data = response.json()
    assert data["status"] == "done" and data["match"] == match.pk
    assert [seat["reviewed"] for seat in data["seats"]] == [True, False, False]
    assert data["seats"][0]["username"] == "ann" and data["seats"][1]["bot_level"] == "medium"
    assert "wonder" in data["seats"][0]["labels"]
    first = data["decisions"][0]
    assert set(first) >= {"index", "step", "seat", "chosen", "best", "chosen_value", "best_value", "loss",
                          "points_loss", "cost", "candidates", "rollouts"}
    assert set(first["chosen_value"]) == {"win", "rank", "points"}
    assert {decision["seat"] for decision in data["decisions"]} == {0}
    assert set(data["key_moments"]) == {"0"}
    wonder = data["seats"][0]["labels"]["wonder"]
    assert data["names"][wonder]
    # Each action in words, in ?lang= (Italian: "ha costruito ...", "ha scartato ...", "costruire ...").
    for decision in data["decisions"]:
        chosen, best = decision["chosen"], decision["best"]
        if chosen.get("card") and chosen["type"] in ("build", "discard", "wonder"):
            assert data["names"][chosen["card"]] in decision["chosen_text"], decision
        assert decision["chosen_text"] != "made a choice" and decision["best_text"] != "another choice"
        if best["type"] == "build" and best.get("card") and best != chosen:
            assert decision["best_text"].startswith("costruire " + data["names"][best["card"]]), decision


def test_the_api_says_what_each_decision_cost_and_answers_a_review_stored_before_points_with_none_lost(
        api, ann, inline, django_capture_on_commit_callbacks):
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    stored = MatchReview.objects.get(match=match)
    decisions = stored.result["decisions"][:3]
    for decision, (loss, points_loss) in zip(decisions, [(0.2, 0.0), (0.0, 5.0), (0.0, 1.0)]):
        decision["loss"], decision["points_loss"] = loss, points_loss
    del decisions[2]["points_loss"]  # as a review of VERSION 4 stored it
    stored.result = {**stored.result, "decisions": decisions, "key_moments": {"0": [0, 1]}}
    stored.save(update_fields=["result"])
    data = api.get(f"/api/matches/{match.pk}/review/").json()
    assert [(d["cost"], d["points_loss"]) for d in data["decisions"]] == [("win", 0.0), ("points", 5.0), ("none", 0.0)]


def test_the_api_answers_a_queued_review_with_its_status_only(api, ann, django_capture_on_commit_callbacks):
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    data = api.get(f"/api/matches/{match.pk}/review/").json()
    assert data["status"] == "queued"
    assert data["decisions"] is None and data["key_moments"] is None


def test_a_failed_review_says_failed_and_nothing_of_why(api, ann, django_capture_on_commit_callbacks):
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    MatchReview.objects.filter(match=match).update(status=MatchReview.Status.FAILED)
    response = api.get(f"/api/matches/{match.pk}/review/")
    assert response.status_code == 200 and response.json()["status"] == "failed"
    assert "Traceback" not in response.content.decode()


def test_the_api_refuses_an_unknown_match_a_running_one_and_a_match_of_bots_with_codes(
        api, ann, django_capture_on_commit_callbacks):
    unknown = api.get("/api/matches/999999/review/")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "not_found"
    running = start_table(ann, players=3)
    refused = api.get(f"/api/matches/{running.pk}/review/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_finished"
    bots_only = finished([], capture=django_capture_on_commit_callbacks)
    none = api.get(f"/api/matches/{bots_only.pk}/review/")
    assert none.status_code == 404 and none.json()["error"]["code"] == "no_review"


def test_the_schema_describes_the_review_and_its_errors(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/matches/{id}/review/"]["get"]
    assert {"200", "404", "409", "429"} <= set(operation["responses"])
    assert "Review" in schema["components"]["schemas"]


def test_with_a_broker_the_review_is_a_task_on_the_review_queue(ann, settings, monkeypatch,
                                                                  django_capture_on_commit_callbacks):
    from games import tasks

    settings.REVIEW_RUNNER = "celery"
    sent = []
    monkeypatch.setattr(tasks.review_match, "apply_async", lambda args, **options: sent.append((args, options)))
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    assert sent == [((match.pk,), {"queue": "review"})]
    assert settings.CELERY_TASK_ROUTES["games.review_match"] == {"queue": "review"}
    assert MatchReview.objects.get(match=match).status == MatchReview.Status.QUEUED


def test_the_review_answers_the_same_in_api_version_1(api, ann, inline, django_capture_on_commit_callbacks):
    match = finished([ann], capture=django_capture_on_commit_callbacks)
    latest = api.get(f"/api/matches/{match.pk}/review/").json()
    assert api.get(f"/api/matches/{match.pk}/review/?version=1").json() == latest
