"""IllegalAction: every kind of bad action has a code and the facts behind it."""

import pytest

from games import engine
from tests.engine.helpers import build, discard, make_state, play_turn, wonder


def _err(state, seat, action):
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, seat, action)
    return err.value


def test_it_rejects_a_card_not_in_hand():
    state = make_state(3, hands={0: ["altar"]})
    e = _err(state, 0, build("theater"))
    assert (e.code, e.facts) == ("card_not_in_hand", {"card": "theater"})


def test_it_rejects_an_unknown_card():
    state = make_state(3, hands={0: ["altar"]})
    e = _err(state, 0, build("colossus_of_nowhere"))
    assert (e.code, e.facts) == ("unknown_card", {"card": "colossus_of_nowhere"})


def test_it_rejects_a_duplicate_structure():
    state = make_state(3, built={0: ["altar"]}, hands={0: ["altar"]})
    e = _err(state, 0, build("altar"))
    assert e.code == "duplicate_structure" and e.facts["built"] == ["altar"]


def test_it_rejects_an_unaffordable_structure_and_says_what_is_missing():
    state = make_state(3, wonders=["rhodes", "ephesus", "alexandria"], age=3,
                       hands={0: ["palace"]})
    e = _err(state, 0, build("palace"))
    assert e.code == "cannot_afford"
    assert e.facts["missing"] == {"wood": 1, "stone": 1, "clay": 1, "textile": 1}


def test_it_rejects_a_structure_whose_coin_cost_is_not_held():
    state = make_state(3, hands={0: ["clay_pit"]}, coins={0: 0})
    e = _err(state, 0, build("clay_pit"))
    assert e.code == "cannot_afford" and e.facts["coins_needed"] == 1 and e.facts["coins"] == 0


def test_it_rejects_a_wrong_payment_split():
    state = make_state(3, wonders=["babylon", "olympia", "ephesus"],
                       hands={0: ["stockade"]}, coins={0: 5})
    e = _err(state, 0, build("stockade", 0, 2))  # only the left neighbour sells wood
    assert e.code == "bad_payment"
    assert e.facts["options"] == [{"left": 2, "right": 0}]
    e = _err(state, 0, build("stockade", 3, 0))  # overpaying is not an option either
    assert e.code == "bad_payment"


def test_it_rejects_a_stage_already_built():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], stages={0: 1},
                       built={0: ["lumber_yard", "sawmill"]}, hands={0: ["altar"]})
    e = _err(state, 0, dict(wonder("altar"), stage=1))
    assert (e.code, e.facts) == ("stage_already_built", {"stage": 1, "next_stage": 2})


def test_it_rejects_a_stage_when_none_is_left():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], stages={0: 3},
                       hands={0: ["altar"]})
    e = _err(state, 0, wonder("altar"))
    assert (e.code, e.facts) == ("no_stage_left", {"stages": 3})


def test_it_rejects_a_seat_whose_turn_it_is_not():
    state = make_state(3, wonders=["halicarnassus", "rhodes", "ephesus"], sides="B",
                       built={0: ["ore_vein", "mine"]}, hands={0: ["altar", "baths"]},
                       discard=["theater"])
    state, _ = play_turn(state, {0: wonder("altar")})
    assert state["phase"] == "prompt" and engine.to_act(state) == [0]
    e = _err(state, 1, discard(state["players"][1]["hand"][0]))
    assert (e.code, e.facts) == ("not_your_turn", {"seat": 1, "to_act": [0]})
    e = _err(state, 9, discard("altar"))
    assert e.code == "not_your_turn"


def test_it_rejects_an_unknown_action_type():
    state = make_state(3, hands={0: ["altar"]})
    assert _err(state, 0, {"type": "steal", "card": "altar"}).code == "unknown_action"
    assert _err(state, 0, "discard").code == "unknown_action"


def test_it_rejects_a_malformed_action():
    state = make_state(3, hands={0: ["altar"]})
    assert _err(state, 0, {"type": "build"}).facts == {"field": "card"}
    assert _err(state, 0, {"type": "build", "card": "altar",
                           "pay": {"left": -2, "right": 0}}).code == "bad_action"


def test_it_rejects_a_free_chain_without_the_chain():
    state = make_state(3, age=2, hands={0: ["statue"]}, coins={0: 9})
    e = _err(state, 0, build("statue", free="chain"))
    assert e.code == "not_free"


def test_it_rejects_olympia_free_build_without_the_power():
    state = make_state(3, age=2, hands={0: ["statue"]}, coins={0: 9})
    e = _err(state, 0, build("statue", free="olympia"))
    assert e.code == "no_free_build" and e.facts["reason"] == "no_power"


def test_it_rejects_any_action_once_the_game_is_over():
    state = engine.new_game({"players": 3}, seed=4)
    while not engine.is_over(state):
        state, _ = play_turn(state, {})
    e = _err(state, 0, discard("altar"))
    assert e.code == "game_over"


def test_a_rejected_action_leaves_the_state_unchanged():
    state = make_state(3, hands={0: ["altar"]})
    import copy
    before = copy.deepcopy(state)
    _err(state, 0, build("theater"))
    assert state == before


def test_blocked_builds_says_why_each_hand_card_cannot_be_built():
    state = make_state(3, wonders=["babylon", "olympia", "ephesus"], built={0: ["altar"]},
                       hands={0: ["altar", "palace", "stockade"]}, coins={0: 5})
    blocked = engine.blocked_builds(state, 0)
    assert blocked["altar"]["code"] == "duplicate_structure"
    assert blocked["palace"]["code"] == "cannot_afford"
    assert {"stone", "ore", "glass", "textile"} <= set(blocked["palace"]["missing"])
    assert "stockade" not in blocked  # its wood can be bought from the left neighbour


def test_blocked_builds_names_the_coins_a_card_needs():
    state = make_state(3, hands={0: ["clay_pit", "altar"]}, coins={0: 0})
    assert engine.blocked_builds(state, 0) == {
        "clay_pit": {"code": "cannot_afford", "card": "clay_pit", "missing": {}, "coins": 0, "coins_needed": 1}
    }
