"""The API's versions: the latest (2) nests a score row's categories and names a hand's step;
version 1, asked with ?version=1 or the Accept header, still reads as it did."""
import pytest

from games import engine
from games.history import categories
from games.history.simulate import play_and_store
from tests.games.history.helpers import api, make_people  # noqa: F401 - api is a fixture

pytestmark = pytest.mark.django_db

V1_ACCEPT = "application/json; version=1"


@pytest.fixture
def people(django_user_model):
    return make_people(django_user_model)


@pytest.fixture
def match(people):
    return play_and_store(people[:3], seed=31)


def test_without_a_version_a_match_is_in_the_latest_shape(api, match):
    body = api.get(f"/api/matches/{match.pk}/").json()
    sheets = sorted(match.score_sheet, key=lambda sheet: sheet["seat"])
    assert [row["categories"] for row in body["score_sheet"]] == [
        {key: sheet[key] for key in categories.keys("base")} for sheet in sheets]
    assert not set(categories.keys("base")) & set(body["score_sheet"][0])
    assert body["hands"][0]["step"] == {"age": 1, "turn": 1}
    assert set(body["hands"][0]) == {"step", "hands"}


@pytest.mark.parametrize("how", ["query", "accept"])
def test_version_1_gives_each_category_as_a_field_and_each_hand_with_its_age_and_turn(api, match, how):
    latest = api.get(f"/api/matches/{match.pk}/").json()
    if how == "query":
        old = api.get(f"/api/matches/{match.pk}/?version=1").json()
    else:
        old = api.get(f"/api/matches/{match.pk}/", HTTP_ACCEPT=V1_ACCEPT).json()
    fields = categories.api_fields("base")
    for row, new in zip(old["score_sheet"], latest["score_sheet"]):
        assert "categories" not in row
        assert {field: row[field] for field in fields.values()} == {
            fields[key]: points for key, points in new["categories"].items()}
        assert {key: value for key, value in row.items() if key not in fields.values()} == {
            key: value for key, value in new.items() if key != "categories"}
    assert old["hands"] == [{**entry["step"], "hands": entry["hands"]} for entry in latest["hands"]]
    assert {key: value for key, value in old.items() if key not in ("score_sheet", "hands")} == {
        key: value for key, value in latest.items() if key not in ("score_sheet", "hands")}


def test_version_1_gives_a_two_player_matchs_free_city_its_categories_as_fields(api, people):
    match = play_and_store(people[:2], seed=3)
    (latest,) = api.get(f"/api/matches/{match.pk}/").json()["unranked_sheets"]
    (old,) = api.get(f"/api/matches/{match.pk}/?version=1").json()["unranked_sheets"]
    assert old["wonder_points"] == latest["categories"]["wonder"] and old["wonder"] == latest["wonder"]
    assert "categories" not in old


def test_version_1_gives_a_players_average_points_under_their_api_names(api, match, people):
    latest = api.get("/api/players/ann/stats/").json()["average_points"]
    old = api.get("/api/players/ann/stats/", HTTP_ACCEPT=V1_ACCEPT).json()["average_points"]
    assert old == {categories.api_field("base", key): points for key, points in latest.items()}
    assert "wonder" in latest and "wonder_points" in old


def test_an_architects_match_has_no_hands_in_either_version(api, people):
    match = play_and_store(people[:3], seed=2, game="architects")
    assert api.get(f"/api/matches/{match.pk}/").json()["hands"] is None
    assert api.get(f"/api/matches/{match.pk}/?version=1").json()["hands"] is None


def test_an_unknown_version_in_the_query_is_a_bad_parameter(api, match):
    response = api.get(f"/api/matches/{match.pk}/?version=7")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_parameter" and error["details"]["parameter"] == "version"
    assert error["details"]["allowed"] == ["1", "2"]


def test_an_unknown_version_in_the_accept_header_is_not_acceptable(api, match):
    response = api.get(f"/api/matches/{match.pk}/", HTTP_ACCEPT="application/json; version=7")
    assert response.status_code == 406


def test_the_schema_of_each_version_describes_its_own_score_rows(api):
    latest = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    old = api.get("/api/schema/?version=1", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert (latest["info"]["version"], old["info"]["version"]) == ("2", "1")
    assert "categories" in latest["components"]["schemas"]["ScoreSheetRow"]["properties"]
    assert "military" in old["components"]["schemas"]["ScoreSheetRow"]["properties"]
    assert set(latest["components"]["schemas"]["StepHands"]["required"]) == {"step", "hands"}
    assert {"age", "turn", "hands"} <= set(old["components"]["schemas"]["TurnHands"]["required"])
    assert "TurnHands" not in latest["components"]["schemas"]
    # What did not change is the same in both.
    assert latest["components"]["schemas"]["MatchSummary"] == old["components"]["schemas"]["MatchSummary"]


def test_each_versions_schema_example_has_the_shape_of_its_version(api):
    def example(version):
        schema = api.get("/api/schema/" + ("?version=1" if version == "1" else ""),
                         HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
        content = schema["paths"]["/api/matches/{id}/"]["get"]["responses"]["200"]["content"]
        (examples,) = [media["examples"] for media in content.values()]
        return [entry["value"] for entry in examples.values()]

    (latest,) = example("2")
    (old,) = example("1")
    assert "categories" in latest["score_sheet"][0] and "categories" not in old["score_sheet"][0]
    assert "wonder_points" in old["score_sheet"][0] and "step" in latest["hands"][0]
    assert set(latest["score_sheet"][0]["categories"]) == set(engine.info("base")["score_categories"])
