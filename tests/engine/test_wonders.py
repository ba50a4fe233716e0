"""Every wonder power, both sides (002 l.582-735)."""

import pytest

from games import engine
from tests.engine.helpers import build, can, discard, make_state, pays, play_turn, wonder

SIX = {s: ["altar", "baths"] for s in range(3)}


def _sheet(state, seat=0):
    return engine.scores(state)[seat]


# --- Rhodes -----------------------------------------------------------------------------


def test_rhodes_a_second_stage_adds_two_shields_to_every_conflict():
    state = make_state(3, wonders=["rhodes", "giza", "ephesus"], stages={0: 2}, turn=6,
                       built={1: ["stockade"]}, hands=SIX)
    state, _ = play_turn(state, {})
    assert state["players"][0]["tokens"] == [1, 1]


def test_rhodes_b_stages_give_shields_coins_and_points():
    state = make_state(3, wonders=["rhodes", "giza", "ephesus"], sides="B",
                       built={0: ["stone_pit", "quarry"]}, hands={0: ["altar", "baths"]})
    state, _ = play_turn(state, {0: wonder("altar")})
    p = state["players"][0]
    assert p["coins"] == 3 + 3
    sheet = _sheet(state)
    assert sheet["wonder"] == 3
    state = make_state(3, wonders=["rhodes", "giza", "ephesus"], sides="B", stages={0: 2},
                       turn=6, built={1: ["stockade"]}, hands=SIX)
    state, _ = play_turn(state, {})
    assert state["players"][0]["tokens"] == [1, 1]
    assert _sheet(state)["wonder"] == 7


# --- Alexandria ---------------------------------------------------------------------------


def test_alexandria_a_gives_one_raw_material_of_choice_each_turn():
    state = make_state(3, wonders=["alexandria", "giza", "ephesus"], stages={0: 2},
                       hands={0: ["baths", "stockade", "guard_tower"]}, coins={0: 0})
    for card in ("baths", "stockade", "guard_tower"):
        assert pays(state, 0, card) == [(0, 0)]
    # one unit a turn only: Walls need 3 stone (own choice 1 + Giza 1 ... not 3)
    state["players"][0]["hand"] = ["walls"]
    assert pays(state, 0, "walls") == []


def test_alexandria_resource_of_choice_cannot_be_sold():
    state = make_state(3, wonders=["giza", "alexandria", "ephesus"], stages={1: 2},
                       hands={0: ["stockade"]}, coins={0: 9})
    assert pays(state, 0, "stockade") == []


def test_alexandria_b_gives_a_raw_then_a_manufactured_resource_of_choice():
    state = make_state(3, wonders=["alexandria", "giza", "ephesus"], sides="B", stages={0: 2},
                       hands={0: ["apothecary", "scriptorium", "stockade"]}, coins={0: 0})
    for card in ("apothecary", "scriptorium", "stockade"):
        assert pays(state, 0, card) == [(0, 0)]
    # Temple: wood + clay + glass -> raw choice (wood) + ? clay missing
    state["players"][0]["hand"] = ["temple"]
    assert pays(state, 0, "temple") == []


# --- Ephesus ------------------------------------------------------------------------------


def test_ephesus_a_second_stage_gives_nine_coins_once():
    state = make_state(3, wonders=["ephesus", "giza", "rhodes"], stages={0: 1},
                       built={0: ["lumber_yard", "timber_yard"]},
                       hands={0: ["altar", "baths", "theater"]})
    state, _ = play_turn(state, {0: wonder("altar")})
    assert state["players"][0]["coins"] == 12
    state, _ = play_turn(state, {0: discard(state["players"][0]["hand"][0])})
    assert state["players"][0]["coins"] == 15  # only the discard's 3 coins


def test_ephesus_b_every_stage_gives_four_coins_and_points():
    state = make_state(3, wonders=["ephesus", "giza", "rhodes"], sides="B", stages={0: 2},
                       built={0: ["glassworks_1", "loom_1"]}, hands={0: ["altar", "baths"]})
    state, _ = play_turn(state, {0: wonder("altar")})
    assert state["players"][0]["coins"] == 7
    assert _sheet(state)["wonder"] == 2 + 3 + 5


# --- Babylon ------------------------------------------------------------------------------


def test_babylon_a_science_symbol_is_chosen_at_the_end_to_maximise_the_score():
    state = make_state(3, wonders=["babylon", "giza", "rhodes"], stages={0: 2},
                       built={0: ["apothecary", "workshop"]})
    assert _sheet(state)["science"] == 10
    state["players"][0]["built"] = ["apothecary", "dispensary", "lodge"]
    assert _sheet(state)["science"] == 16


def test_babylon_b_third_stage_gives_a_science_symbol():
    state = make_state(3, wonders=["babylon", "giza", "rhodes"], sides="B", stages={0: 3},
                       built={0: ["scriptorium", "library"]})
    assert _sheet(state)["science"] == 9


def _babylon_b_sixth_turn(stages):
    return make_state(3, wonders=["babylon", "giza", "rhodes"], sides="B", stages={0: stages},
                      turn=6, built={0: ["sawmill", "glassworks_1"]},
                      hands={0: ["altar", "tavern"], 1: ["baths", "theater"],
                             2: ["stockade", "pawnshop"]})


def test_babylon_b_plays_the_seventh_card_instead_of_discarding_it():
    state = _babylon_b_sixth_turn(2)
    state, events = play_turn(state, {0: build("altar")})
    assert state["phase"] == "prompt" and engine.to_act(state) == [0]
    assert {"type": "prompt", "seat": 0, "kind": "seventh_card"} in events
    assert state["players"][0]["hand"] == ["tavern"]
    assert sorted(state["discard"]) == ["baths", "pawnshop", "stockade", "theater"]
    assert "tavern" not in state["discard"]
    acts = engine.legal_actions(state, 0)
    assert {"type": "build", "card": "tavern", "pay": {"left": 0, "right": 0}} in acts
    assert {"type": "discard", "card": "tavern"} in acts
    state, events = engine.apply(state, 0, build("tavern"))
    assert "tavern" in state["players"][0]["built"]
    assert state["players"][0]["coins"] == 3 + 5
    assert state["age"] == 2 and state["turn"] == 1


def test_babylon_b_seventh_card_also_when_stage_two_is_built_on_the_sixth_turn():
    state = _babylon_b_sixth_turn(1)
    state, _ = play_turn(state, {0: wonder("altar")})
    assert engine.to_act(state) == [0]
    state, _ = engine.apply(state, 0, discard("tavern"))
    assert state["players"][0]["coins"] == 6
    assert "tavern" in state["discard"]


def test_babylon_b_seventh_card_can_build_the_next_stage():
    state = _babylon_b_sixth_turn(2)
    state["players"][0]["built"] += ["clay_pool", "brickyard", "press_1"]
    state, _ = play_turn(state, {0: build("altar")})
    acts = [a for a in engine.legal_actions(state, 0) if a["type"] == "wonder"]
    assert acts and acts[0]["stage"] == 3
    state, _ = engine.apply(state, 0, acts[0])
    assert len(state["players"][0]["stages"]) == 3


def test_without_babylon_b_second_stage_the_seventh_card_is_discarded():
    state = _babylon_b_sixth_turn(0)
    state, _ = play_turn(state, {0: build("altar")})
    assert state["age"] == 2 and "tavern" in state["discard"]


# --- Olympia ------------------------------------------------------------------------------


def test_olympia_a_builds_one_structure_for_free_once_per_age():
    state = make_state(3, wonders=["olympia", "giza", "rhodes"], stages={0: 2}, age=2,
                       hands={0: ["statue", "aqueduct", "temple"]}, coins={0: 0})
    acts = [a for a in engine.legal_actions(state, 0) if a.get("free") == "olympia"]
    assert {a["card"] for a in acts} == {"statue", "aqueduct", "temple"}
    state, events = play_turn(state, {0: build("statue", free="olympia")})
    assert "statue" in state["players"][0]["built"]
    assert state["players"][0]["free_used"] == 2
    assert not any(a.get("free") == "olympia" for a in engine.legal_actions(state, 0))
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, build(state["players"][0]["hand"][0], free="olympia"))
    assert err.value.code == "no_free_build" and err.value.facts["reason"] == "used"
    state["age"] = 3  # a new age gives the power back
    assert any(a.get("free") == "olympia" for a in engine.legal_actions(state, 0))


def test_olympia_a_free_build_is_not_offered_for_cards_already_free():
    state = make_state(3, wonders=["olympia", "giza", "rhodes"], stages={0: 2}, age=2,
                       built={0: ["theater"]}, hands={0: ["statue", "vineyard"]})
    assert not any(a.get("free") == "olympia" for a in engine.legal_actions(state, 0))


def test_olympia_a_free_build_covers_a_coin_cost():
    state = make_state(3, wonders=["olympia", "giza", "rhodes"], stages={0: 2},
                       hands={0: ["clay_pit"]}, coins={0: 0})
    assert can(state, 0, "clay_pit")
    state, _ = play_turn(state, {0: build("clay_pit", free="olympia")})
    assert state["players"][0]["coins"] == 0


def test_olympia_b_copies_the_best_guild_of_a_neighbour_at_the_end():
    state = make_state(3, wonders=["olympia", "giza", "rhodes"], sides="B", stages={0: 3},
                       built={0: ["altar", "baths", "theater"],
                              1: ["magistrates_guild", "workers_guild", "pawnshop"],
                              2: ["spies_guild", "stockade", "lumber_yard"]})
    sheet = _sheet(state)
    # magistrates: 1 (pawnshop) ; workers: 1 (lumber yard); spies: 1; builders none.
    # all tie at 1 -> the copy counts once
    assert sheet["guilds"] == 1
    state["players"][2]["built"] += ["altar", "theater", "temple"]
    sheet = _sheet(state)
    assert sheet["copied_guild"] == "magistrates_guild" and sheet["guilds"] == 4


def test_olympia_b_copy_has_no_effect_on_the_owner_of_the_guild():
    state = make_state(3, wonders=["olympia", "giza", "rhodes"], sides="B", stages={0: 3},
                       built={1: ["shipowners_guild"]})
    before = engine.scores(state)[1]["guilds"]
    sheets = engine.scores(state)
    assert sheets[0]["copied_guild"] == "shipowners_guild"
    assert sheets[0]["guilds"] == 1  # counts itself as if built
    assert sheets[1]["guilds"] == before == 1


def test_olympia_b_can_copy_the_scientists_guild():
    state = make_state(3, wonders=["olympia", "giza", "rhodes"], sides="B", stages={0: 3},
                       built={0: ["apothecary", "workshop"], 2: ["scientists_guild"]})
    sheet = _sheet(state)
    assert sheet["copied_guild"] == "scientists_guild" and sheet["science"] == 10


def test_olympia_b_copies_nothing_it_already_has_or_when_nothing_helps():
    state = make_state(3, wonders=["olympia", "giza", "rhodes"], sides="B", stages={0: 3},
                       built={0: ["spies_guild"], 1: ["spies_guild", "stockade"]})
    assert _sheet(state)["copied_guild"] is None


# --- Halicarnassus ------------------------------------------------------------------------


def _hali(sides="A", stages=1, turn=1, discard_pile=("tavern", "altar"), hands=None):
    built = {0: ["ore_vein", "foundry"], 1: [], 2: []}
    return make_state(3, wonders=["halicarnassus", "giza", "rhodes"], sides=sides,
                      stages={0: stages}, turn=turn, built=built,
                      hands=hands or {0: ["theater", "baths"], 1: ["pawnshop", "walls"],
                                      2: ["stockade", "barracks"]},
                      discard=list(discard_pile))


def test_halicarnassus_builds_a_discarded_card_for_free_at_the_end_of_the_turn():
    state = _hali()
    state, events = play_turn(state, {0: wonder("theater")})
    assert engine.to_act(state) == [0]
    acts = engine.legal_actions(state, 0)
    # the pile includes the cards discarded this very turn
    assert {a["card"] for a in acts} == {"tavern", "altar", "pawnshop", "stockade"}
    assert state["players"][1]["hand"] == ["walls"]  # hands not passed yet
    state, events = engine.apply(state, 0, {"type": "build_discarded", "card": "tavern"})
    assert "tavern" in state["players"][0]["built"] and "tavern" not in state["discard"]
    assert state["players"][0]["coins"] == 3 + 5
    assert state["turn"] == 2 and state["phase"] == "play"


def test_halicarnassus_on_the_last_turn_of_an_age_sees_the_leftover_cards():
    state = _hali(turn=6, discard_pile=())
    state, _ = play_turn(state, {0: wonder("theater"), 1: discard("pawnshop"),
                                 2: discard("stockade")})
    assert state["age"] == 1 and engine.to_act(state) == [0]
    cards = {a["card"] for a in engine.legal_actions(state, 0)}
    assert cards == {"baths", "pawnshop", "walls", "stockade", "barracks"}
    # a red card built from the pile counts in this age's conflicts
    state, events = engine.apply(state, 0, {"type": "build_discarded", "card": "walls"})
    assert state["age"] == 2
    assert state["players"][0]["tokens"] == [1, 1]


def test_halicarnassus_passes_when_nothing_can_be_built():
    state = _hali(discard_pile=(), hands={0: ["theater", "baths"], 1: ["baths", "baths"],
                                           2: ["baths", "baths"]})
    state["players"][0]["built"].append("baths")
    state, _ = play_turn(state, {0: wonder("theater"), 1: discard("baths"),
                                 2: discard("baths")})
    assert engine.legal_actions(state, 0) == [{"type": "pass"}]
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, {"type": "build_discarded", "card": "baths"})
    assert err.value.code == "duplicate_structure"
    state, events = engine.apply(state, 0, {"type": "pass"})
    assert {"type": "passed", "seat": 0} in events and state["turn"] == 2


def test_halicarnassus_must_build_when_a_card_is_buildable():
    state = _hali()
    state, _ = play_turn(state, {0: wonder("theater")})
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, {"type": "pass"})
    assert err.value.code == "must_build"
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, {"type": "build_discarded", "card": "palace"})
    assert err.value.code == "card_not_in_discard"


def test_halicarnassus_b_every_stage_builds_from_the_discard_pile():
    for stage in (0, 1, 2):
        state = _hali(sides="B", stages=stage)
        state["players"][0]["built"] += ["clay_pool", "brickyard", "glassworks_1", "press_1",
                                         "loom_1"]
        state, _ = play_turn(state, {0: wonder("theater")})
        assert state["phase"] == "prompt", stage
    assert _sheet(state)["wonder"] == 3


# --- Giza ---------------------------------------------------------------------------------


def test_giza_a_stages_are_worth_three_five_and_seven():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], stages={0: 3})
    assert _sheet(state)["wonder"] == 15


def test_giza_b_four_stages_are_worth_twenty():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], sides="B", stages={0: 4})
    assert _sheet(state)["wonder"] == 20


# --- end of age and end of game edge cases -------------------------------------------------


def test_babylon_seventh_card_comes_before_halicarnassus_which_can_build_it():
    state = make_state(3, wonders=["babylon", "halicarnassus", "rhodes"], sides="B",
                       stages={0: 2, 1: 0}, turn=6,
                       built={0: ["sawmill", "glassworks_1"], 1: ["ore_vein", "foundry"]},
                       hands={0: ["altar", "tavern"], 1: ["theater", "baths"],
                              2: ["stockade", "pawnshop"]})
    state, events = play_turn(state, {0: build("altar"), 1: wonder("theater")})
    prompts = [e for e in events if e["type"] == "prompt"]
    assert prompts == [{"type": "prompt", "seat": 0, "kind": "seventh_card"}]
    assert state["prompts"] == [{"seat": 0, "kind": "seventh_card"},
                                {"seat": 1, "kind": "build_discarded"}]
    state, events = engine.apply(state, 0, discard("tavern"))
    assert {"type": "prompt", "seat": 1, "kind": "build_discarded"} in events
    assert "tavern" in {a["card"] for a in engine.legal_actions(state, 1)}
    state, events = engine.apply(state, 1, {"type": "build_discarded", "card": "tavern"})
    assert state["age"] == 2
    assert "tavern" in state["players"][1]["built"]


def test_halicarnassus_on_the_last_turn_of_the_game_builds_before_the_final_conflicts():
    state = _hali(turn=6, discard_pile=())
    state["age"] = 3
    state["decks"] = {}
    state, _ = play_turn(state, {0: wonder("theater")})
    assert not engine.is_over(state) and engine.to_act(state) == [0]
    state, events = engine.apply(state, 0, {"type": "build_discarded", "card": "walls"})
    assert engine.is_over(state)
    assert [e["type"] for e in events][-3:] == ["military", "age_end", "game_over"]
    assert state["players"][0]["tokens"] == [5, 5]


def test_babylon_b_plays_its_seventh_card_at_the_end_of_age_three_before_the_game_ends():
    state = _babylon_b_sixth_turn(2)
    state["age"] = 3
    state["decks"] = {}
    state["players"][0]["hand"] = ["altar", "fortifications"]
    state["players"][0]["built"] += ["stone_pit", "quarry", "foundry", "ore_vein"]
    state, _ = play_turn(state, {0: build("altar")})
    assert not engine.is_over(state)
    state, _ = engine.apply(state, 0, build("fortifications"))
    assert engine.is_over(state)
    assert state["players"][0]["tokens"] == [5, 5]
