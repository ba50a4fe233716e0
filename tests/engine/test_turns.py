"""A turn: simultaneous choice and resolution, the three actions, passing, the sixth turn."""

import pytest

from games import engine
from tests.engine.helpers import build, discard, make_state, play_turn, wonder


def test_all_seats_choose_then_all_actions_resolve_together():
    state = engine.new_game({"players": 3, "sides": "A"}, seed=1)
    before = state
    first = state["players"][0]["hand"][0]
    state, events = engine.apply(state, 0, discard(first))
    assert events == [{"type": "chosen", "seat": 0}]
    assert engine.to_act(state) == [1, 2]
    assert state["players"][0]["coins"] == 3 and state["turn"] == 1
    assert before["pending"] == [None, None, None]  # the input is never mutated
    state, _ = engine.apply(state, 1, discard(state["players"][1]["hand"][0]))
    state, events = engine.apply(state, 2, discard(state["players"][2]["hand"][0]))
    assert [e["type"] for e in events][:2] == ["chosen", "turn_resolved"]
    assert state["turn"] == 2 and [p["coins"] for p in state["players"]] == [6, 6, 6]


def test_a_seat_can_change_its_choice_until_everybody_has_chosen():
    state = engine.new_game({"players": 3, "sides": "A"}, seed=1)
    hand = state["players"][0]["hand"]
    state, _ = engine.apply(state, 0, discard(hand[0]))
    state, events = engine.apply(state, 0, discard(hand[1]))
    assert events == [{"type": "chosen", "seat": 0, "changed": True}]
    assert state["pending"][0] == discard(hand[1])
    state, _ = play_turn(state, {})
    assert hand[1] in state["discard"] and hand[0] not in state["discard"]


def test_discarding_gives_three_coins_from_the_bank():
    state = make_state(3, hands={0: ["altar", "baths"]})
    state, _ = play_turn(state, {0: discard("altar")})
    assert state["players"][0]["coins"] == 6
    assert "altar" in state["discard"]


def test_building_a_structure_pays_its_coin_cost_to_the_bank():
    state = make_state(3, hands={0: ["clay_pit", "altar"]}, coins={0: 1})
    state, _ = play_turn(state, {0: build("clay_pit")})
    assert state["players"][0]["coins"] == 0
    assert state["players"][0]["built"] == ["clay_pit"]


def test_a_free_structure_costs_nothing():
    state = make_state(3, hands={0: ["altar", "baths"]}, coins={0: 0})
    assert {"type": "build", "card": "altar", "pay": {"left": 0, "right": 0}} in \
        engine.legal_actions(state, 0)


def test_a_chain_from_an_earlier_age_builds_for_free():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], age=2,
                       built={0: ["theater"]}, hands={0: ["statue", "altar"]}, coins={0: 0})
    acts = [a for a in engine.legal_actions(state, 0) if a["card"] == "statue"
            and a["type"] == "build"]
    assert acts == [{"type": "build", "card": "statue", "pay": {"left": 0, "right": 0},
                     "free": "chain"}]
    state, events = play_turn(state, {0: build("statue")})  # "free" may be left out
    assert "statue" in state["players"][0]["built"]
    assert state["players"][0]["coins"] == 0
    play = events[-1]["plays"][0] if events[-1]["type"] == "turn_resolved" else \
        next(e for e in events if e["type"] == "turn_resolved")["plays"][0]
    assert play["free"] == "chain"


def test_a_wonder_stage_pays_the_stage_cost_and_hides_the_card():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], built={0: ["stone_pit"]},
                       hands={0: ["altar", "baths"]})
    state, events = play_turn(state, {0: wonder("altar")})
    p = state["players"][0]
    assert p["stages"] == ["altar"] and "altar" not in p["built"]
    resolved = next(e for e in events if e["type"] == "turn_resolved")
    assert resolved["plays"][0] == {"seat": 0, "action": "wonder", "stage": 1,
                                    "pay": {"left": 0, "right": 0}}


def test_wonder_stages_are_built_strictly_in_order():
    # Giza A: stage 1 = 2 stone, stage 2 = 3 wood. With 2 stone and 3 wood, only stage 1.
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], age=2,
                       built={0: ["stone_pit", "sawmill", "lumber_yard"]},
                       hands={0: ["altar", "baths"]})
    acts = [a for a in engine.legal_actions(state, 0) if a["type"] == "wonder"]
    assert {a["stage"] for a in acts} == {1}
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, dict(wonder("altar"), stage=2))
    assert err.value.code == "stage_out_of_order"


def test_never_two_structures_of_the_same_name_in_one_city():
    state = make_state(3, age=2, built={0: ["loom_1"]}, hands={0: ["loom_2", "altar"]})
    assert not any(a["type"] == "build" and a["card"] == "loom_2"
                   for a in engine.legal_actions(state, 0))
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, build("loom_2"))
    assert err.value.code == "duplicate_structure"
    assert err.value.facts == {"card": "loom_2", "built": ["loom_1"]}


def test_hands_pass_left_in_age_one_and_three_and_right_in_age_two():
    for age, giver in ((1, "right"), (2, "left"), (3, "right")):
        state = make_state(4, age=age, seed=age)
        hands = [list(p["hand"]) for p in state["players"]]
        state, _ = play_turn(state, {})
        for s in range(4):
            # seat s now holds what its right (age I/III) or left (age II) neighbour held
            src = (s - 1) % 4 if giver == "right" else (s + 1) % 4
            assert state["players"][s]["hand"] == hands[src][1:]


def test_on_the_sixth_turn_the_unplayed_card_is_discarded_without_coins():
    state = make_state(3, turn=6, hands={0: ["altar", "baths"], 1: ["theater", "pawnshop"],
                                         2: ["stockade", "barracks"]})
    state, events = play_turn(state, {})
    assert sorted(state["discard"]) == sorted(["altar", "baths", "theater", "pawnshop",
                                               "stockade", "barracks"])
    assert [p["coins"] for p in state["players"]] == [6, 6, 6]
    assert {"type": "leftovers_discarded", "count": 3} in events
    assert state["age"] == 2 and state["turn"] == 1
    assert [len(p["hand"]) for p in state["players"]] == [7, 7, 7]


def test_a_made_state_at_the_last_turn_of_an_age_gives_every_seat_two_cards_and_plays_on():
    state = make_state(4, turn=6, hands={0: ["lumber_yard", "lumber_yard"]})
    assert [len(p["hand"]) for p in state["players"]] == [2, 2, 2, 2]
    state, events = play_turn(state, {})
    assert {"type": "leftovers_discarded", "count": 4} in events
    assert state["age"] == 2 and [len(p["hand"]) for p in state["players"]] == [7, 7, 7, 7]


def test_a_game_has_three_ages_of_six_turns():
    state = engine.new_game({"players": 3, "sides": "A"}, seed=9)
    turns = 0
    while not engine.is_over(state):
        state, events = play_turn(state, {})
        turns += 1
    assert turns == 18
    assert events[-1] == {"type": "game_over"}
    assert engine.to_act(state) == [] and engine.legal_actions(state, 0) == []
