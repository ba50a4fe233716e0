"""Trading and payment options (rulebook 002 l.200-240, l.855-897)."""

import pytest

from games import engine
from games.engine.base import trading
from tests.engine.helpers import build, can, discard, make_state, pays, play_turn, wonder

# Seat convention: left_of(s) = s + 1, right_of(s) = s - 1 (mod n).


def test_example_a_university_pays_two_coins_to_each_neighbour():
    # Alexandria (glass) + Lumber Yard (wood); left Olympia sells wood, right Ephesus papyrus.
    state = make_state(3, wonders=["alexandria", "olympia", "ephesus"], age=3,
                       built={0: ["lumber_yard"]}, hands={0: ["university"]}, coins={0: 4})
    assert pays(state, 0, "university") == [(2, 2)]
    state, events = play_turn(state, {0: build("university", 2, 2)})
    coins = [p["coins"] for p in state["players"]]
    assert coins == [0, 3 + 2 + 3, 3 + 2 + 3]  # neighbours also discarded for 3
    assert "university" in state["players"][0]["built"]


def test_example_a_needs_the_coins_at_the_start_of_the_turn():
    state = make_state(3, wonders=["alexandria", "olympia", "ephesus"], age=3,
                       built={0: ["lumber_yard"]}, hands={0: ["university"]}, coins={0: 3})
    assert pays(state, 0, "university") == []
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, build("university", 2, 2))
    assert err.value.code == "cannot_afford"
    assert err.value.facts["coins"] == 3 and err.value.facts["coins_needed"] == 4


def test_example_b_selling_stone_does_not_stop_the_seller_using_it():
    # Giza (stone) + Stone Pit + Loom: 2 stone + textile. Both neighbours buy 2 stone from it
    # for their first wonder stage while it builds a Library with the same stone.
    state = make_state(3, wonders=["giza", "ephesus", "alexandria"], age=2,
                       built={0: ["stone_pit", "loom_1"]},
                       hands={0: ["library", "altar"], 1: ["altar", "baths"],
                              2: ["altar", "theater"]},
                       coins={0: 0, 1: 4, 2: 4})
    assert pays(state, 1, "altar", "wonder") == [(0, 4)]   # seat 1's right is seat 0
    assert pays(state, 2, "altar", "wonder") == [(4, 0)]   # seat 2's left is seat 0
    state, _ = play_turn(state, {0: build("library"), 1: wonder("altar", 0, 4),
                                 2: wonder("altar", 4, 0)})
    assert state["players"][0]["coins"] == 8
    assert "library" in state["players"][0]["built"]
    assert [len(p["stages"]) for p in state["players"]] == [0, 1, 1]


def test_example_c_coins_earned_this_turn_cannot_pay_this_turn():
    # Seat 0 makes one clay, its left neighbour Babylon sells clay, but it holds 1 coin.
    state = make_state(3, wonders=["giza", "babylon", "rhodes"], age=2,
                       built={0: ["clay_pool"]}, hands={0: ["forum", "altar"],
                                                        2: ["guard_tower", "altar"]},
                       coins={0: 1, 2: 5})
    assert not can(state, 0, "forum")
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, 0, build("forum", 2, 0))
    assert err.value.code == "cannot_afford"
    # Rhodes (seat 2) buys the clay of seat 0 this very turn: seat 0 is paid after the turn.
    assert (2, 0) in pays(state, 2, "guard_tower")
    state, _ = play_turn(state, {0: discard("altar"), 2: build("guard_tower", 2, 0)})
    assert state["players"][0]["coins"] == 1 + 3 + 2
    # next turn the coins are there (hands have passed: give seat 0 the forum again)
    state["players"][0]["hand"] = ["forum"] + state["players"][0]["hand"][1:]
    assert pays(state, 0, "forum") == [(2, 0)]


def test_it_lists_every_non_dominated_split_between_the_two_neighbours():
    # Seat 0 needs 2 wood; both neighbours sell 2 wood at 2 coins.
    state = make_state(3, wonders=["babylon", "olympia", "giza"], age=1,
                       built={1: ["lumber_yard"], 2: ["lumber_yard", "timber_yard"]},
                       hands={0: ["stockade"]}, coins={0: 10})
    # stockade: 1 wood -> pay either neighbour
    assert pays(state, 0, "stockade") == [(0, 2), (2, 0)]
    # Babylon A stage 2 (3 wood): left has 2 (Olympia + Lumber Yard), right 2 (Lumber + Timber)
    state["players"][0]["stages"] = ["altar"]
    assert pays(state, 0, "stockade", "wonder") == [(2, 4), (4, 2)]


def test_it_never_lists_an_option_the_player_cannot_afford():
    state = make_state(3, wonders=["babylon", "olympia", "giza"], age=1,
                       built={1: ["lumber_yard"], 2: ["lumber_yard", "timber_yard"]},
                       hands={0: ["stockade"]}, coins={0: 5}, stages={0: 1})
    assert pays(state, 0, "stockade", "wonder") == []
    state["players"][0]["coins"] = 6
    assert pays(state, 0, "stockade", "wonder") == [(2, 4), (4, 2)]


def test_own_production_is_used_before_buying():
    state = make_state(3, wonders=["olympia", "giza", "babylon"], age=1,
                       hands={0: ["stockade"]}, coins={0: 10})
    assert pays(state, 0, "stockade") == [(0, 0)]


def test_east_trading_post_lowers_raw_materials_of_the_right_neighbour():
    state = make_state(3, wonders=["babylon", "olympia", "giza"], age=1,
                       built={0: ["east_trading_post"], 1: ["lumber_yard"], 2: ["lumber_yard"]},
                       hands={0: ["stockade"]}, coins={0: 10})
    assert pays(state, 0, "stockade") == [(0, 1), (2, 0)]


def test_west_trading_post_lowers_raw_materials_of_the_left_neighbour():
    state = make_state(3, wonders=["babylon", "olympia", "giza"], age=1,
                       built={0: ["west_trading_post"], 1: ["lumber_yard"], 2: ["lumber_yard"]},
                       hands={0: ["stockade"]}, coins={0: 10})
    assert pays(state, 0, "stockade") == [(0, 2), (1, 0)]


def test_trading_posts_do_not_lower_manufactured_goods():
    state = make_state(3, wonders=["babylon", "alexandria", "alexandria"][:2] + ["giza"],
                       age=1, built={0: ["east_trading_post", "west_trading_post"],
                                     1: [], 2: ["glassworks_1"]},
                       hands={0: ["workshop"]}, coins={0: 10})
    assert pays(state, 0, "workshop") == [(0, 2), (2, 0)]


def test_marketplace_lowers_manufactured_goods_on_both_sides_but_not_raw():
    state = make_state(3, wonders=["babylon", "alexandria", "giza"], age=1,
                       built={0: ["marketplace"], 2: ["glassworks_1", "stone_pit"]},
                       hands={0: ["workshop", "baths"]}, coins={0: 10})
    assert pays(state, 0, "workshop") == [(0, 1), (1, 0)]
    assert pays(state, 0, "baths") == [(0, 2)]


def test_olympia_b_first_stage_lowers_raw_materials_on_both_sides():
    state = make_state(3, wonders=["olympia", "babylon", "giza"], sides="B", age=1,
                       stages={0: 1}, hands={0: ["baths", "guard_tower", "workshop"]},
                       built={2: ["glassworks_1"]}, coins={0: 10})
    assert pays(state, 0, "baths") == [(0, 1)]
    assert pays(state, 0, "guard_tower") == [(1, 0)]
    assert pays(state, 0, "workshop") == [(0, 2)]  # manufactured: no discount


def test_olympia_b_discount_is_not_cumulative_with_a_trading_post():
    state = make_state(3, wonders=["olympia", "babylon", "giza"], sides="B", age=1,
                       stages={0: 1}, built={0: ["east_trading_post"]},
                       hands={0: ["baths"]}, coins={0: 10})
    assert pays(state, 0, "baths") == [(0, 1)]


def test_a_choice_card_gives_its_owner_one_resource_a_turn():
    # Olympia (wood) + Timber Yard (stone/wood): Temple needs wood+clay+glass -> no;
    # Statue needs wood + 2 ore; a Babylon-B-stage-1-like case: use Stockade and Baths.
    state = make_state(3, wonders=["halicarnassus", "rhodes", "giza"], age=2,
                       built={0: ["timber_yard"]}, hands={0: ["walls"]}, coins={0: 10})
    # Walls: 3 stone. Timber Yard gives one stone; Giza (right) sells 1 stone; short by one.
    assert pays(state, 0, "walls") == []
    state["players"][2]["built"] = ["stone_pit"]
    assert pays(state, 0, "walls") == [(0, 4)]


def test_a_neighbour_may_buy_either_resource_of_a_choice_card():
    # Seat 1 and seat 2 both buy from seat 0's Timber Yard (stone/wood), one stone, one wood.
    state = make_state(3, wonders=["rhodes", "babylon", "ephesus"], age=1,
                       built={0: ["timber_yard"]},
                       hands={1: ["baths", "altar"], 2: ["stockade", "altar"]},
                       coins={1: 5, 2: 5})
    assert pays(state, 1, "baths") == [(0, 2)]       # stone from its right (seat 0)
    assert pays(state, 2, "stockade") == [(2, 0)]    # wood from its left (seat 0)
    state, _ = play_turn(state, {1: build("baths", 0, 2), 2: build("stockade", 2, 0)})
    assert state["players"][0]["coins"] == 3 + 3 + 4


def test_resources_of_yellow_cards_and_wonder_powers_cannot_be_bought():
    # Seat 1 has a Caravansery and Alexandria-style stage; seat 0 cannot buy from them.
    state = make_state(3, wonders=["giza", "alexandria", "ephesus"], age=2,
                       built={1: ["caravansery", "forum"]}, stages={1: 2},
                       hands={0: ["stockade", "workshop"]}, coins={0: 10})
    assert pays(state, 0, "stockade") == []
    # only the starting glass of Alexandria is for sale
    assert pays(state, 0, "workshop") == [(2, 0)]


def test_two_units_of_a_double_brown_card_can_be_bought():
    state = make_state(3, wonders=["babylon", "giza", "ephesus"], age=2,
                       built={1: ["sawmill"]}, hands={0: ["stockade", "archery_range"]},
                       coins={0: 10})
    state["players"][0]["hand"] = ["stockade"]
    assert pays(state, 0, "stockade") == [(2, 0)]


def test_payment_options_are_pareto_minimal():
    own = ((0,) * 7, ())
    left = ((2, 0, 0, 0, 0, 0, 0), ())
    right = ((2, 0, 0, 0, 0, 0, 0), ())
    prices = ((2,) * 7, (1,) * 7)
    opts = trading.compute((2, 0, 0, 0, 0, 0, 0), own, left, right, prices)
    # every mix is listed: (4,0), (2,1), (0,2); none beaten on both sides
    assert opts == ((0, 2), (2, 1), (4, 0))


def test_choice_producers_on_both_sides_are_matched_correctly():
    own = ((0,) * 7, ())
    left = ((0,) * 7, ((0, 2),))          # wood/clay card
    right = ((0,) * 7, ((0, 1), (0, 3)))  # wood/stone, wood/ore
    prices = ((2,) * 7, (2,) * 7)
    # 2 wood + 1 clay: clay only from the left card, so both wood from the right
    assert trading.compute((2, 0, 1, 0, 0, 0, 0), own, left, right, prices) == ((2, 4),)
    # 3 wood impossible with one unit per card... left 1 + right 2 = 3 -> possible
    assert trading.compute((3, 0, 0, 0, 0, 0, 0), own, left, right, prices) == ((2, 4),)
    assert trading.compute((4, 0, 0, 0, 0, 0, 0), own, left, right, prices) == ()


# --- payment enumeration against a brute force --------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

RES = st.integers(min_value=0, max_value=6)
CHOICE = st.lists(RES, min_size=2, max_size=3, unique=True).map(lambda xs: tuple(sorted(xs)))


def _vec(units):
    v = [0] * 7
    for r in units:
        v[r] += 1
    return tuple(v)


def _brute(cost, own_fixed, own_choices, left, right, prices):
    """Give every needed unit its own source unit, in every possible way."""
    sources = []  # (resources it can give, side or None)
    for r in range(7):
        sources += [((r,), None)] * own_fixed[r]
    sources += [(ch, None) for ch in own_choices]
    for side, (fixed, choices) in (("left", left), ("right", right)):
        for r in range(7):
            sources += [((r,), side)] * fixed[r]
        sources += [(ch, side) for ch in choices]
    units = [r for r in range(7) for _ in range(cost[r])]
    found = set()

    def rec(i, used, cl, cr):
        if i == len(units):
            found.add((cl, cr))
            return
        r = units[i]
        for j, (res, side) in enumerate(sources):
            if not used >> j & 1 and r in res:
                rec(i + 1, used | 1 << j,
                    cl + (prices[0][r] if side == "left" else 0),
                    cr + (prices[1][r] if side == "right" else 0))

    rec(0, 0, 0, 0)
    return tuple(sorted(o for o in found
                        if not any(p != o and p[0] <= o[0] and p[1] <= o[1] for p in found)))


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(cost=st.lists(RES, max_size=5), own=st.lists(RES, max_size=3),
       own_choices=st.lists(CHOICE, max_size=2), lf=st.lists(RES, max_size=4),
       lc=st.lists(CHOICE, max_size=2), rf=st.lists(RES, max_size=4),
       rc=st.lists(CHOICE, max_size=2),
       pl=st.lists(st.sampled_from([1, 2]), min_size=7, max_size=7),
       pr=st.lists(st.sampled_from([1, 2]), min_size=7, max_size=7))
def test_payment_options_match_a_brute_force_enumeration(cost, own, own_choices, lf, lc, rf,
                                                         rc, pl, pr):
    own_sig = (_vec(own), tuple(sorted(own_choices)))
    left = (_vec(lf), tuple(sorted(lc)))
    right = (_vec(rf), tuple(sorted(rc)))
    prices = (tuple(pl), tuple(pr))
    expected = _brute(_vec(cost), _vec(own), own_choices, left, right, prices)
    assert trading.compute(_vec(cost), own_sig, left, right, prices) == expected
