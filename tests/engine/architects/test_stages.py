"""Building stages (seed 003 «Costruire uno Stadio», «Carte gialle»; spec C.4, C.9 #6-7, C.10.1).

Giza's stages, bottom to top: 2 different, 2 identical, 3 different, 3 identical, 4 different, one
per level; Rhodes has two tiles on its bottom level, Ephesos three on its second (the data file)."""
from itertools import product

from games import engine
from games.engine.architects import catalogue, stages, turns

from .tables import give, give_token, kinds, new_table, on_top, play, states_of_random_games, take


def _giza_first():
    return new_table("giza", "rhodes", "ephesus")


def _builds(state):
    return [a for a in engine.legal_actions(state, state["active"]) if a["type"] == "build"]


def test_a_stage_the_cards_pay_for_must_be_built_before_the_turn_can_end():
    state = _giza_first()
    wood, = give(state, 0, "wood")
    stone, = on_top(state, 0, "stone")
    state, _ = play(state, take(0))
    assert engine.legal_actions(state, 0) == [{"type": "build", "stage": 1, "pay": {"wood": 1, "stone": 1}}]
    state, events = play(state, engine.legal_actions(state, 0)[0])
    assert state["players"][0]["built"] == [1] and state["players"][0]["cards"] == []
    assert {wood, stone} <= set(state["discard"]) and engine.to_act(state) == [1]
    built = next(e for e in events if e["type"] == "stage_built")
    assert built["seat"] == 0 and built["stage"] == 1 and sorted(built["spent"]) == sorted([wood, stone])


def test_a_yellow_card_replaces_a_missing_resource():
    state = _giza_first()
    give(state, 0, "coin")
    on_top(state, 0, "wood")
    state, _ = play(state, take(0))
    assert _builds(state) == [{"type": "build", "stage": 1, "pay": {"wood": 1, "coin": 1}}]


def test_a_yellow_card_is_not_spent_while_grey_cards_cover_the_cost():
    state = _giza_first()
    give(state, 0, "wood", "coin")
    on_top(state, 0, "stone")
    state, _ = play(state, take(0))
    assert _builds(state) == [{"type": "build", "stage": 1, "pay": {"wood": 1, "stone": 1}}]


def test_the_player_chooses_which_grey_cards_to_spend_when_more_fit():
    state = _giza_first()
    give(state, 0, "wood", "stone")
    on_top(state, 0, "clay")
    state, _ = play(state, take(0))
    pays = sorted(sorted(a["pay"]) for a in _builds(state))
    assert pays == [["clay", "stone"], ["clay", "wood"], ["stone", "wood"]]
    state, _ = play(state, {"type": "build", "stage": 1, "pay": {"wood": 1, "clay": 1}})
    assert kinds(state["players"][0]["cards"]) == ["stone"]


def test_identical_resources_may_be_any_one_resource_the_player_has_enough_of():
    state = _giza_first()
    state["players"][0]["built"] = [1]
    give(state, 0, "wood", "wood", "stone")
    on_top(state, 0, "stone")
    state, _ = play(state, take(0))
    assert sorted(a["pay"]["wood" if "wood" in a["pay"] else "stone"] for a in _builds(state)) == [2, 2]
    assert sorted(sorted(a["pay"]) for a in _builds(state)) == [["stone"], ["wood"]]


def test_coins_complete_identical_resources_of_whichever_kind_the_player_picks():
    state = _giza_first()
    state["players"][0]["built"] = [1]
    give(state, 0, "wood", "stone")
    on_top(state, 0, "coin")
    state, _ = play(state, take(0))
    assert sorted(sorted(a["pay"].items()) for a in _builds(state)) == [
        [("coin", 1), ("stone", 1)], [("coin", 1), ("wood", 1)]]


def test_stages_are_built_bottom_up():
    state = _giza_first()
    give(state, 0, "wood")
    on_top(state, 0, "wood")
    # two identical resources pay stage 2, but stage 1 (two different) is not built
    state, _ = play(state, take(0))
    assert engine.to_act(state) == [1] and state["players"][0]["built"] == []


def test_several_stages_may_be_built_in_one_turn():
    state = _giza_first()
    give(state, 0, "wood", "stone", "clay")
    on_top(state, 0, "clay")
    state, _ = play(state, take(0), {"type": "build", "stage": 1, "pay": {"wood": 1, "stone": 1}})
    assert _builds(state) == [{"type": "build", "stage": 2, "pay": {"clay": 2}}]
    state, _ = play(state, _builds(state)[0])
    assert state["players"][0]["built"] == [1, 2] and engine.to_act(state) == [1]


def test_tiles_on_the_same_level_may_be_built_in_either_order_and_the_choice_matters():
    state = new_table("rhodes", "giza", "ephesus")
    give(state, 0, "wood", "wood")
    on_top(state, 0, "stone")
    state, _ = play(state, take(0))
    assert sorted((a["stage"], sorted(a["pay"].items())) for a in _builds(state)) == [
        (1, [("stone", 1), ("wood", 1)]), (2, [("wood", 2)])]
    after, _ = play(state, {"type": "build", "stage": 2, "pay": {"wood": 2}})
    # the stone left pays neither stage 1 (two different) nor anything above
    assert after["players"][0]["built"] == [2] and kinds(after["players"][0]["cards"]) == ["stone"]


def test_ephesos_opens_three_tiles_on_its_second_level_once_the_first_is_built():
    state = new_table("ephesus", "giza", "rhodes")
    state["players"][0]["built"] = [1]
    give(state, 0, "wood", "wood", "wood", "stone")
    on_top(state, 0, "clay")
    state, _ = play(state, take(0))
    # 2 identical (wood), 3 different (wood, stone, clay), 3 identical (wood): all on level 2
    assert sorted({a["stage"] for a in _builds(state)}) == [2, 3, 4]


def test_economy_makes_one_yellow_card_worth_two_once_per_turn():
    state = _giza_first()
    state["players"][0]["built"] = [1, 2, 3]
    economy = give_token(state, 0, "economy")
    give(state, 0, "coin", "coin")
    on_top(state, 0, "wood")
    state, _ = play(state, take(0))
    # stage 4: three identical = one wood and two missing, paid by one yellow card worth 2
    assert _builds(state) == [{"type": "build", "stage": 4, "pay": {"wood": 1, "coin": 1}}]
    state, _ = play(state, _builds(state)[0])
    assert kinds(state["players"][0]["cards"]) == ["coin"] and economy not in state["used"]  # next turn: reset


def test_without_economy_each_missing_resource_takes_a_yellow_card():
    state = _giza_first()
    state["players"][0]["built"] = [1, 2, 3]
    give(state, 0, "coin", "coin")
    on_top(state, 0, "wood")
    state, _ = play(state, take(0))
    assert _builds(state) == [{"type": "build", "stage": 4, "pay": {"wood": 1, "coin": 2}}]


def test_engineering_lets_different_resources_pay_an_identical_cost():
    state = _giza_first()
    state["players"][0]["built"] = [1]
    give_token(state, 0, "engineering")
    give(state, 0, "wood")
    on_top(state, 0, "stone")
    state, _ = play(state, take(0))
    assert _builds(state) == [{"type": "build", "stage": 2, "pay": {"wood": 1, "stone": 1}, "engineering": True}]


def test_a_build_the_cards_do_not_pay_for_is_refused_with_the_options():
    state = _giza_first()
    give(state, 0, "wood")
    on_top(state, 0, "stone")
    state, _ = play(state, take(0))
    try:
        engine.apply(state, 0, {"type": "build", "stage": 1, "pay": {"coin": 2}})
    except engine.IllegalAction as error:
        assert error.code == "cannot_build"
        assert error.facts["options"] == [{"type": "build", "stage": 1, "pay": {"wood": 1, "stone": 1}}]
    else:
        raise AssertionError("an unpaid stage was built")


def test_whether_a_stage_can_be_built_agrees_with_the_list_of_its_payments():
    """stages.can_build (asked after every move: may the turn end?) is bool(build_actions) for every
    wonder's stages and every hand of up to 2 of each of three resources and 3 yellow cards, with
    and without Economy and Engineering, used or not."""
    cat = catalogue.get()
    compared = buildable = 0
    for wonder in cat.wonders.values():
        numbers = [stage.number for stage in sorted(wonder.stages, key=lambda s: s.level)]
        for built in (numbers[:k] for k in range(len(numbers))):
            for wood, stone, glass, coins in product(range(3), range(3), range(3), range(4)):
                cards = ([f"t-wood-{i}" for i in range(wood)] + [f"t-stone-{i}" for i in range(stone)]
                         + [f"t-glass-{i}" for i in range(glass)] + [f"t-coin-{i}" for i in range(coins)])
                for tokens in ([], ["economy-1"], ["engineering-1"], ["economy-1", "engineering-1"]):
                    player = {"wonder": wonder.id, "cards": cards, "built": built, "tokens": tokens, "military": 0}
                    for used in ([], tokens):
                        expected = bool(stages.build_actions(player, used))
                        assert stages.can_build(player, used) == expected, (player, used)
                        compared += 1
                        buildable += expected
    assert compared > 10_000 and 0 < buildable < compared


def test_whether_a_seat_has_a_build_or_a_token_left_agrees_with_its_free_actions():
    compared = with_actions = 0
    for players in (2, 3, 5, 7):
        for state in states_of_random_games(players, range(2), every=1):
            for seat in range(players):
                expected = bool(turns.free_actions(state, seat))
                assert turns.has_free_action(state, seat) == expected
                compared += 1
                with_actions += expected
    assert compared > 1000 and with_actions > 20
