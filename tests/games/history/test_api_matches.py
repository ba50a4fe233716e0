"""GET /api/matches/ and /api/matches/{id}/ (and its replay)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import engine
from games.history.timeline import timeline
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, fit_bots, make_people  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(django_user_model):
    return make_people(django_user_model)


@pytest.fixture
def matches(people, monkeypatch):
    """Four matches, a day apart, oldest first: rated 3p, bot 4p (a bot of no measured rating:
    unrated), rated 4p, abandoned 3p (rated: who left is last)."""
    fit_bots(monkeypatch, {})
    now = timezone.now()
    ann, bo, cy, di = people
    return [
        play_and_store([ann, bo, cy], seed=21, finished_at=now - timedelta(days=4)),
        play_and_store([ann, bo, "medium", di], seed=22, finished_at=now - timedelta(days=3)),
        play_and_store([bo, cy, di, ann], seed=23, sides="B", finished_at=now - timedelta(days=2)),
        play_and_store([cy, di, ann], seed=24, abandoned={0}, finished_at=now - timedelta(days=1)),
    ]


def ids(response):
    return [m["id"] for m in response.json()["results"]]


def test_the_match_list_is_newest_first(api, matches):
    response = api.get("/api/matches/")
    assert response.status_code == 200
    assert ids(response) == [m.pk for m in reversed(matches)]


def test_the_match_list_is_cursor_paginated(api, matches):
    first = api.get("/api/matches/?limit=3").json()
    assert [m["id"] for m in first["results"]] == [m.pk for m in reversed(matches)][:3]
    assert first["previous"] is None and "cursor=" in first["next"]
    second = api.get(first["next"]).json()
    assert [m["id"] for m in second["results"]] == [matches[0].pk]
    assert second["next"] is None and second["previous"]


def test_a_list_item_has_the_seats_with_wonders_ranks_and_totals(api, matches):
    item = api.get("/api/matches/?limit=1&lang=it").json()["results"][0]
    match = matches[-1]
    assert item["players"] == 3 and item["mode"] == "base"
    assert item["rated"] is True and item["unrated_reason"] == ""
    sheets = engine.scores(match.state)
    for seat, sheet in zip(item["seats"], sheets):
        assert seat["total"] == sheet["total"] and seat["rank"] == sheet["rank"]
        assert seat["wonder"] == match.state["players"][seat["seat"]]["wonder"]
    assert item["seats"][0]["abandoned"] is True and item["seats"][0]["username"] == "cy"
    giza = next((s for s in item["seats"] if s["wonder"] == "giza"), None)
    if giza:
        assert giza["wonder_name"] == "Le Piramidi di Giza"


def test_matches_filter_by_player(api, matches):
    assert ids(api.get("/api/matches/?player=bo")) == [matches[2].pk, matches[1].pk, matches[0].pk]
    assert ids(api.get("/api/matches/?player=nobody")) == []


def test_matches_filter_by_mode_and_player_count(api, matches):
    assert len(ids(api.get("/api/matches/?mode=base"))) == 4
    assert ids(api.get("/api/matches/?players=4")) == [matches[2].pk, matches[1].pk]


def test_matches_filter_by_game_through_its_rating_modes(api, matches):
    assert len(ids(api.get("/api/matches/?game=base"))) == 4
    assert ids(api.get("/api/matches/?game=architects")) == []


def test_matches_filter_by_wonder_and_side_and_by_a_players_wonder(api, matches):
    wonder = matches[2].state["players"][0]["wonder"]  # bo's wonder in the side-B match
    with_wonder = {m.pk for m in matches if any(p["wonder"] == wonder for p in m.state["players"])}
    assert set(ids(api.get(f"/api/matches/?wonder={wonder}"))) == with_wonder
    assert ids(api.get(f"/api/matches/?wonder={wonder}&side=B")) == [matches[2].pk]
    assert matches[2].pk in ids(api.get(f"/api/matches/?player=bo&wonder={wonder}"))
    assert matches[2].pk not in ids(api.get(f"/api/matches/?player=cy&wonder={wonder}"))


def test_matches_filter_by_date_range(api, matches):
    after = (matches[1].finished_at - timedelta(hours=1)).isoformat()
    before = (matches[2].finished_at + timedelta(hours=1)).isoformat()
    response = api.get("/api/matches/", {"finished_after": after, "finished_before": before})
    assert ids(response) == [matches[2].pk, matches[1].pk]


def test_a_date_with_an_offset_iso_allows_and_the_database_refuses_filters_as_its_instant(api, matches):
    after = (matches[3].finished_at - timedelta(minutes=1)).astimezone(
        timezone.get_fixed_timezone(timedelta(hours=16, minutes=21)))
    assert ids(api.get("/api/matches/", {"finished_after": after.isoformat()})) == [matches[3].pk]


def test_a_date_outside_the_calendar_in_utc_is_a_400_that_names_the_parameter(api, matches):
    response = api.get("/api/matches/", {"finished_before": "0001-01-01T03:00:00+16:00"})
    assert response.status_code == 400
    assert response.json()["error"]["details"]["parameter"] == "finished_before"


def test_matches_filter_rated_or_not(api, matches):
    assert ids(api.get("/api/matches/?rated=true")) == [matches[3].pk, matches[2].pk, matches[0].pk]
    assert ids(api.get("/api/matches/?rated=false")) == [matches[1].pk]


@pytest.mark.parametrize("query, parameter", [
    ("mode=chess", "mode"), ("game=chess", "game"), ("players=9", "players"), ("players=three", "players"), ("wonder=atlantis", "wonder"),
    ("rated=maybe", "rated"), ("finished_after=yesterday", "finished_after"), ("limit=0", "limit"),
    ("limit=1000", "limit"), ("cursor=not-a-cursor", "cursor"), ("lang=fr", "lang"), ("side=C", "side"),
    ("cursor=bz05OTk5OTk5OTk5OTk5OTk5OTk5OTkmcD14", "cursor"),  # base64 of o=999999999999999999999&p=x
])
def test_a_bad_filter_value_is_a_400_that_names_the_parameter(api, matches, query, parameter):
    response = api.get(f"/api/matches/?{query}")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_parameter" and error["details"]["parameter"] == parameter


def test_a_finished_match_shows_its_score_sheet_log_and_every_hand(api, matches):
    match = matches[0]
    data = api.get(f"/api/matches/{match.pk}/").json()
    assert data["status"] == "finished" and data["rated"] is True
    sheets = engine.scores(match.state)
    assert [row["total"] for row in data["score_sheet"]] == [s["total"] for s in sheets]
    assert [row["categories"]["wonder"] for row in data["score_sheet"]] == [s["wonder"] for s in sheets]
    log = engine.action_log(match.state)
    assert [entry["entry"] for entry in data["log"]] == log
    assert data["log"][0]["by"] == "chance" and data["log"][-1]["by"] == "player"
    deals = {e["age"]: e["hands"] for e in log if e.get("chance") == "deal"}
    firsts = {h["step"]["age"]: h["hands"] for h in data["hands"] if h["step"]["turn"] == 1}
    assert firsts == deals
    assert len(data["hands"]) == 18
    assert len(data["rating_changes"]) == 3 and data["live"] is None


def test_the_replay_of_a_finished_match_rebuilds_the_final_table(api, matches):
    match = matches[2]
    data = api.get(f"/api/matches/{match.pk}/replay/?lang=pt-br").json()
    frames = data["frames"]
    assert frames == timeline(match.config, engine.action_log(match.state))
    last = frames[-1]
    assert last["phase"] == "over"
    for player, final in zip(last["players"], match.state["players"]):
        assert player["built"] == final["built"] and player["coins"] == final["coins"]
    assert [p["total"] for p in last["players"]] == [s["total"] for s in engine.scores(match.state)]
    assert data["names"]["lumber_yard"] == "Depósito de Madeira"


def test_an_unknown_match_is_a_404_in_the_error_shape(api, db):
    response = api.get("/api/matches/999999/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert api.get("/api/matches/999999/replay/").status_code == 404


def test_the_replay_of_a_running_match_is_refused(api, people, django_capture_on_commit_callbacks):
    from games import services

    with django_capture_on_commit_callbacks(execute=True):
        match = services.do_create_match(people[0], players=3, bots=["", "medium", "medium"])
        services.do_start(match.pk, people[0])
    response = api.get(f"/api/matches/{match.pk}/replay/")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_finished"


def test_writing_to_the_match_list_is_a_405_in_the_error_shape(api, matches):
    response = api.post("/api/matches/", {})
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_a_bot_seat_and_a_taken_over_seat_answer_their_level(api, matches):
    items = {m["id"]: m for m in api.get("/api/matches/").json()["results"]}
    assert [s["bot_level"] for s in items[matches[1].pk]["seats"]] == ["", "", "medium", ""]
    assert [s["bot_level"] for s in items[matches[3].pk]["seats"]] == ["medium", "", ""]
    detail = api.get(f"/api/matches/{matches[1].pk}/").json()
    assert [s["bot_level"] for s in detail["seats"]] == ["", "", "medium", ""]


def test_the_schema_names_the_bot_levels_a_seat_can_answer(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["components"]["schemas"]
    assert schema["BotLevelEnum"]["enum"] == ["easy", "medium", "hard"]
    for component in ("SeatSummary", "MatchSeat"):
        choices = schema[component]["properties"]["bot_level"]["oneOf"]
        assert {"$ref": "#/components/schemas/BotLevelEnum"} in choices, component


def test_a_finished_match_whose_frames_hold_no_hand_answers_null_hands_without_a_key_error(api, matches, monkeypatch):
    from games.history.api import views

    frames = [{"index": 0, "events": [], "tiles": ["a", "b"]}, {"index": 1, "events": [], "tiles": ["b"]}]
    monkeypatch.setattr(views, "match_timeline", lambda match: frames)
    response = api.get(f"/api/matches/{matches[0].pk}/")
    assert response.status_code == 200 and response.json()["hands"] is None
    assert api.get(f"/api/matches/{matches[0].pk}/?version=1").json()["hands"] is None
