"""POST /api/score-sheet/."""
import pytest

from tests.games.history.helpers import api  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db


TABLE = {"seats": [
    {"name": "Ann", "wonder": "giza", "side": "A", "stages": 3, "cards": ["lumber_yard", "Baths", "Tempio"],
     "coins": 7, "military": [1, 3, -1]},
    {"name": "Bo", "wonder": "Rhodes", "side": "B", "stages": 2, "cards": ["stockade"], "coins": 4,
     "military": [1, 3, 5]},
    {"wonder": "olympia", "side": "B", "stages": 3, "cards": ["scriptorium"], "coins": 2},
]}


def test_scoring_a_real_table_answers_the_engines_score_sheet(api):
    response = api.post("/api/score-sheet/?lang=it", TABLE, format="json")
    assert response.status_code == 200
    seats = response.json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bo", ""]
    assert seats[0]["cards"] == ["lumber_yard", "baths", "temple"]
    assert seats[0]["total"] == 3 + 2 + 15 + 3 + 3 and seats[0]["rank"] == 1
    assert seats[1]["military"] == 9 and seats[1]["wonder_name"] == "Il Colosso di Rodi"
    assert response.json()["names"]["baths"] == "Bagni"


def test_an_unknown_card_is_a_400_that_names_it(api):
    table = {"seats": [dict(TABLE["seats"][0], cards=["Tempel"]), *TABLE["seats"][1:]]}
    response = api.post("/api/score-sheet/", table, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "impossible_table"
    assert error["details"]["problems"] == [{
        "code": "unknown_card", "message": 'There is no card "Tempel".', "seat": 0, "field": "cards",
        "value": "Tempel"}]


def test_problem_messages_quote_what_was_sent_as_json_never_as_python_repr(api):
    table = {"seats": [dict(TABLE["seats"][0], cards=["Tempel", "x"], wonder="Atlantis"), *TABLE["seats"][1:]]}
    response = api.post("/api/score-sheet/", table, format="json")
    messages = [problem["message"] for problem in response.json()["error"]["details"]["problems"]]
    assert "There is no card \"Tempel\"." in messages and "There is no wonder \"Atlantis\"." in messages
    assert not any("'" in message for message in messages), messages


@pytest.mark.parametrize("change, code", [
    ({"stages": 4}, "too_many_stages"),
    ({"wonder": "rhodes"}, "duplicate_wonder"),
    ({"cards": ["loom_1", "loom_2"]}, "duplicate_structure"),
    ({"military": [5, 5, 5]}, "too_many_tokens"),
])
def test_an_impossible_table_is_a_400_that_says_what_is_wrong(api, change, code):
    table = {"seats": [dict(TABLE["seats"][0], **change), *TABLE["seats"][1:]]}
    response = api.post("/api/score-sheet/", table, format="json")
    assert response.status_code == 400
    assert code in [p["code"] for p in response.json()["error"]["details"]["problems"]]


@pytest.mark.parametrize("body", [{}, {"seats": "x"}, {"seats": [{"wonder": "giza", "stages": "two"}]},
                                  {"seats": [{"side": "A"}]}])
def test_a_malformed_body_is_a_400_in_the_error_shape(api, body):
    response = api.post("/api/score-sheet/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] in ("invalid", "impossible_table")


def test_the_score_sheet_endpoint_only_accepts_post(api):
    response = api.get("/api/score-sheet/")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_huge_numbers_in_the_body_are_a_400_not_a_crash(api):
    table = {"seats": [dict(TABLE["seats"][0], wonder="atlantis", stages=42465861723542728), *TABLE["seats"][1:]]}
    response = api.post("/api/score-sheet/", table, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
