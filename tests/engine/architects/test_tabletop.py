"""Scoring a 7 Wonders Architects game played on a real table (the calculator): the rulebook's
scoring statements, our tricky cases, and one problem per fault of a table that could not exist.

Stage points come from the data file ([U] values of spec C.4: Gizah 4, 5, 6, 7, 8; Alexandria 4, 3,
6, 5, 7; Éphesos 3, 3, 4, 5, 7 with stages 2-4 side by side); the cat is 2 points, a Military
Victory token 3 (spec C.1)."""
import random

import pytest

from games import engine


def seat(wonder="giza", **facts):
    return {"wonder": wonder, **facts}


def score(*seats):
    return engine.score_table("architects", {"seats": list(seats)})


def problems(*seats):
    with pytest.raises(engine.TableError) as caught:
        score(*seats)
    return caught.value.problems


def test_the_sheet_adds_stages_blue_cards_the_cat_military_tokens_and_progress_tokens():
    ann, bo = score(
        seat("giza", name="Ann", built=[1, 2, 3, 4, 5], blue_cards=2, cat_cards=1, holds_cat=True,
             military_tokens=2, progress_tokens=["decoration", "culture", "culture", "education"]),
        seat("alexandria", built=[1, 2]),
    )
    # stages 4+5+6+7+8; blue 2x3 + 1x2; the cat 2; 2 tokens x3; Decoration 6 + Education 4x2 + Culture 12
    assert ann["categories"] == {"wonder": 30, "blue": 8, "cat": 2, "military": 6, "progress": 26}
    assert ann["progress_points"] == {"decoration": 6, "education": 8, "culture": 12}
    assert (ann["total"], ann["stages"], ann["rank"], ann["name"]) == (72, 5, 1, "Ann")
    assert bo["categories"] == {"wonder": 7, "blue": 0, "cat": 0, "military": 0, "progress": 0}
    assert (bo["total"], bo["stages"], bo["rank"]) == (7, 2, 2)


@pytest.mark.parametrize(("tokens", "points"), [
    (["education"], 2),
    (["education", "tactics"], 4),
    (["education", "tactics", "urbanism", "economy"], 8),
])
def test_education_counts_every_progress_token_held_itself_included(tokens, points):
    sheet = score(seat(progress_tokens=tokens), seat("rhodes"))[0]
    assert sheet["progress_points"] == {"education": points} and sheet["categories"]["progress"] == points


@pytest.mark.parametrize(("cultures", "points"), [(1, 4), (2, 12)])
def test_culture_is_4_points_alone_and_12_with_both(cultures, points):
    sheet = score(seat(progress_tokens=["culture"] * cultures), seat("rhodes"))[0]
    assert sheet["categories"]["progress"] == points


@pytest.mark.parametrize(("built", "points"), [([], 4), ([1, 2, 3, 4], 4), ([1, 2, 3, 4, 5], 6)])
def test_decoration_is_4_points_while_the_wonder_is_being_built_and_6_once_complete(built, points):
    sheet = score(seat(built=built, progress_tokens=["decoration"]), seat("rhodes"))[0]
    assert sheet["progress_points"] == {"decoration": points}


def test_politics_counts_the_cat_icons_and_strategy_the_military_tokens():
    sheet = score(seat(cat_cards=3, blue_cards=2, military_tokens=4, progress_tokens=["politics", "strategy"]),
                  seat("rhodes"))[0]
    assert sheet["progress_points"] == {"politics": 3, "strategy": 4}
    assert sheet["categories"]["blue"] == 3 * 2 + 2 * 3 and sheet["categories"]["military"] == 12


def test_a_tie_on_points_goes_to_the_player_with_more_built_stages():
    giza, alexandria = score(seat("giza", built=[1, 2]),                      # 4 + 5 = 9, two stages
                             seat("alexandria", built=[1], blue_cards=1, holds_cat=True))  # 4 + 3 + 2 = 9, one
    assert giza["total"] == alexandria["total"] == 9
    assert (giza["rank"], alexandria["rank"]) == (1, 2)


def test_a_tie_on_points_and_built_stages_is_a_shared_victory():
    sheets = score(seat("giza", built=[1], blue_cards=1), seat("rhodes", built=[1], blue_cards=1),
                   seat("babylon", built=[1]))
    assert [s["total"] for s in sheets] == [7, 7, 3]
    assert [s["rank"] for s in sheets] == [1, 1, 3]


def test_stages_side_by_side_may_be_built_in_any_order_but_never_above_an_unbuilt_level():
    sheet = score(seat("ephesus", built=[1, 3]), seat("giza"))[0]
    assert sheet["categories"]["wonder"] == 3 + 4 and sheet["stages"] == 2
    faults = problems(seat("ephesus", built=[1, 2, 5]), seat("giza", built=[2]))
    assert [(f["code"], f["seat"], f["value"]) for f in faults] == [
        ("stage_out_of_order", 0, 5), ("stage_out_of_order", 1, 2)]
    assert faults[0]["missing"] == [3, 4]


def test_wonders_and_tokens_are_found_by_id_or_by_name_in_any_language():
    sheet = score(seat("Gizah", progress_tokens=["Educazione", "CULTURA", "culture"]), seat("Éphesos"))
    assert [s["wonder"] for s in sheet] == ["giza", "ephesus"]
    assert sheet[0]["progress_tokens"] == ["education", "culture", "culture"]


def test_a_table_that_could_not_exist_lists_one_problem_per_fault():
    faults = problems(
        seat("babel", built=[1]),
        seat("giza", built=[6], holds_cat=True, progress_tokens=["culture", "culture", "Cultura", "nothing"]),
        seat("Gizah", holds_cat=True, military_tokens=-1, blue_cards="two"),
    )
    found = sorted((f["code"], f.get("seat"), f.get("field")) for f in faults)
    assert found == sorted([
        ("unknown_wonder", 0, "wonder"),
        ("unknown_stage", 1, "built"),
        ("unknown_token", 1, "progress_tokens"),
        ("duplicate_wonder", 2, "wonder"),
        ("bad_military_tokens", 2, "military_tokens"),
        ("bad_blue_cards", 2, "blue_cards"),
        ("two_cats", None, "holds_cat"),
        ("too_many_copies", None, "progress_tokens"),
    ])
    assert all(f["message"] for f in faults)


def test_more_blue_cards_or_military_tokens_than_the_decks_in_play_allow_are_refused():
    # Two players: the central deck and Gizah's and Rhodes' decks, 4 + 2 + 2 blue cards of 3 points
    # (spec C.2 [U]); horns 8 + 2 + 4 = 14 over 3 conflict tokens: at most 4 battles, 8 tokens.
    faults = problems(seat("giza", blue_cards=5, military_tokens=9), seat("rhodes", blue_cards=4))
    assert sorted((f["code"], f.get("seat")) for f in faults) == [("too_many_cards", None), ("too_many_military", 0)]
    cards = next(f for f in faults if f["code"] == "too_many_cards")
    assert (cards["value"], cards["available"]) == (9, 8)
    assert score(seat("giza", blue_cards=4, military_tokens=8), seat("rhodes", blue_cards=4))[0]["total"] == 12 + 24


@pytest.mark.parametrize("count", [1, 8])
def test_a_table_has_two_to_seven_seats(count):
    faults = problems(*[seat(w) for w in ["giza", "rhodes", "babylon", "olympia", "ephesus", "alexandria",
                                          "halicarnassus", "giza"][:count]])
    assert [f["code"] for f in faults] == ["bad_player_count"]


@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_table_of_a_finished_game_scores_as_the_engine_scored_the_game(players):
    rng = random.Random(players)
    state = engine.new_game({"game": "architects", "players": players}, seed=11 + players)
    while not engine.is_over(state):
        for number in engine.to_act(state):
            state, _events = engine.apply(state, number, rng.choice(engine.legal_actions(state, number)))
    seats = []
    for number, player in enumerate(state["players"]):
        kinds = [card.split("-")[1] for card in player["cards"]]
        seats.append(seat(player["wonder"], built=player["built"], blue_cards=kinds.count("blue"),
                          cat_cards=kinds.count("blue_cat"), holds_cat=state["cat"] == number,
                          military_tokens=player["military"],
                          progress_tokens=[token.split("-")[0] for token in player["tokens"]]))
    scored = score(*seats)
    for sheet, expected in zip(scored, engine.scores(state)):
        assert sheet["categories"] == {key: expected[key] for key in engine.info("architects")["score_categories"]}
        assert (sheet["total"], sheet["stages"], sheet["rank"]) == (expected["total"], expected["stages"],
                                                                    expected["rank"])
