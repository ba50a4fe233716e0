"""Views: what a seat or a spectator may know."""

import json

from games import engine
from tests.engine.helpers import make_state, play_turn, wonder


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    state = engine.new_game({"players": 4, "sides": "A"}, seed=3)
    v = engine.view(state, 1)
    assert v["hand"] == state["players"][1]["hand"]
    assert [p["hand_size"] for p in v["players"]] == [7, 7, 7, 7]
    assert all("hand" not in p for p in v["players"])


def test_a_view_shows_who_has_chosen_but_not_what():
    state = engine.new_game({"players": 3, "sides": "A"}, seed=3)
    card = state["players"][0]["hand"][0]
    state, _ = engine.apply(state, 0, {"type": "discard", "card": card})
    mine, other, spectator = engine.view(state, 0), engine.view(state, 1), engine.view(state, None)
    assert mine["pending"] == {"type": "discard", "card": card}
    assert [p["chosen"] for p in other["players"]] == [True, False, False]
    assert "pending" not in spectator and "hand" not in spectator
    assert other["pending"] is None


def test_the_spectator_view_has_no_hand_no_deck_no_seed_no_log():
    state = engine.new_game({"players": 5, "sides": "random"}, seed=12345)
    v = engine.view(state, None)
    text = json.dumps(v)
    for key in ("decks", "log", "seed", "hand\"", "guilds", "discard\""):
        assert key not in text
    for p in state["players"]:
        for card in p["hand"]:
            assert card not in text


def test_face_down_stage_cards_are_hidden_from_others():
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], built={0: ["stone_pit"]},
                       hands={0: ["palace", "baths"]})
    state, _ = play_turn(state, {0: wonder("palace")})
    assert engine.view(state, 0)["stage_cards"] == ["palace"]
    assert "palace" not in json.dumps(engine.view(state, 1))
    assert engine.view(state, 1)["players"][0]["stages_built"] == 1


def test_only_halicarnassus_resolving_its_power_sees_the_discard_pile():
    state = make_state(3, wonders=["halicarnassus", "giza", "rhodes"], stages={0: 1},
                       built={0: ["ore_vein", "foundry"]},
                       hands={0: ["theater", "baths"], 1: ["pawnshop", "walls"],
                              2: ["stockade", "barracks"]}, discard=["palace"])
    state, _ = play_turn(state, {0: wonder("theater")})
    mine = engine.view(state, 0)
    assert sorted(mine["discard"]) == ["palace", "pawnshop", "stockade"]
    assert mine["my_prompt"] == {"kind": "build_discarded"}
    other = engine.view(state, 1)
    assert "discard" not in other and other["discard_size"] == 3
    assert other["prompt"] == {"seat": 0, "kind": "build_discarded"}


def test_the_final_view_has_the_score_sheet():
    state = engine.new_game({"players": 3}, seed=2)
    while not engine.is_over(state):
        state, _ = play_turn(state, {})
    v = engine.view(state, None)
    assert v["over"] and v["scores"] == engine.scores(state)


def test_views_are_json_serialisable():
    state = engine.new_game({"players": 7, "sides": "random"}, seed=8)
    for seat in [None] + list(range(7)):
        v = engine.view(state, seat)
        assert json.loads(json.dumps(v)) == v


def test_every_city_shows_what_it_produces_sells_and_its_science():
    # Alexandria A starts with glass; the Forum (glass/textile/papyrus) is its own, never sold;
    # Timber Yard (stone/wood) is sold; two compasses and the Scientists Guild's wildcard.
    state = make_state(3, wonders=["alexandria", "rhodes", "ephesus"],
                       built={0: ["forum", "timber_yard", "apothecary", "dispensary", "scientists_guild"]})
    economy = engine.view(state, None)["players"][0]["economy"]
    assert economy["produces"] == {"fixed": {"glass": 1}, "choices": [["wood", "stone"], ["glass", "textile", "papyrus"]]}
    assert economy["sells"] == {"fixed": {"glass": 1}, "choices": [["wood", "stone"]]}
    assert economy["science"] == {"compass": 2, "gear": 0, "tablet": 0, "wild": 1}


def test_a_seat_sees_what_each_resource_costs_it_from_each_side():
    # East Trading Post: raw materials from the right neighbour at 1; Marketplace: manufactured
    # goods from both at 1; everything else 2.
    state = make_state(3, wonders=["giza", "rhodes", "ephesus"], built={0: ["east_trading_post", "marketplace"]})
    prices = engine.view(state, 0)["prices"]
    assert prices["right"] == {"wood": 1, "stone": 1, "clay": 1, "ore": 1, "glass": 1, "textile": 1, "papyrus": 1}
    assert prices["left"] == {"wood": 2, "stone": 2, "clay": 2, "ore": 2, "glass": 1, "textile": 1, "papyrus": 1}
    assert "prices" not in engine.view(state, None)
