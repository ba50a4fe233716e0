"""The hint's reason, `explain(view, action)`, of each game against positions worked out by hand
from the rules and the printed cards (cards/data): what a move builds, scores now and denies."""
import copy

from games import engine

# Base game, 3 players, side A: seat 0 Giza (makes stone), its left neighbour seat 1 Olympia
# (wood), its right neighbour seat 2 Babylon (clay). Ages I and III pass left (to seat 1), Age II
# right (to seat 2).
WONDERS = ["giza", "olympia", "babylon"]


def base_view(hand, built=((), (), ()), age=1, stages=0):
    cfg = engine.normalize_config({"game": "base", "players": 3, "sides": "A", "wonders": WONDERS})
    state = copy.deepcopy(engine.new_game(cfg, 1))
    state["age"] = age
    for seat, cards in enumerate(built):
        state["players"][seat]["built"] = list(cards)
    state["players"][0]["hand"] = list(hand)
    state["players"][0]["stages"] = ["stockade"] * stages
    return engine.view(state, 0)


def build(card, left=0, right=0):
    return {"type": "build", "card": card, "pay": {"left": left, "right": right}}


def test_a_blue_card_scores_its_points_and_is_denied_to_the_left_neighbour_in_age_one():
    facts = engine.explain(base_view(["altar", "loom_1", "baths"]), build("altar"))
    assert facts == {"kind": "build", "card": "altar", "points": 2, "coins": 0, "paid": 0,
                     "denies": {"seat": 1, "side": "left", "points": 2, "lacks": []}}


def test_age_two_passes_right_so_the_right_neighbour_is_denied():
    facts = engine.explain(base_view(["baths", "loom_1", "altar"], age=2), build("baths"))
    assert facts["denies"] == {"seat": 2, "side": "right", "points": 3, "lacks": []}


def test_a_card_the_receiver_has_built_already_denies_nothing():
    facts = engine.explain(base_view(["altar", "loom_1", "baths"], built=((), ("altar",), ())), build("altar"))
    assert "denies" not in facts


def test_the_last_pass_of_an_age_denies_nothing_the_leftover_is_discarded():
    facts = engine.explain(base_view(["altar", "loom_1"]), build("altar"))
    assert "denies" not in facts


def test_a_resource_the_city_lacks_is_named_and_denied_only_to_a_receiver_lacking_it():
    view = base_view(["loom_1", "lumber_yard", "altar"])
    assert engine.explain(view, build("loom_1")) == {
        "kind": "build", "card": "loom_1", "points": 0, "coins": 0, "paid": 0, "produces": ["textile"],
        "denies": {"seat": 1, "side": "left", "points": 0, "lacks": ["textile"]}}
    # Olympia makes wood: the Lumber Yard is new to Giza (stone) but nothing to Olympia.
    wood = engine.explain(view, build("lumber_yard"))
    assert wood["produces"] == ["wood"] and "denies" not in wood and "produces_one_of" not in wood


def test_a_trading_post_names_the_goods_and_the_neighbour_they_get_cheaper_from():
    view = base_view(["east_trading_post", "marketplace", "altar"])
    assert engine.explain(view, build("east_trading_post"))["discounts"] == [
        {"goods": "raw", "sides": ["right"], "price": 1}]
    assert engine.explain(view, build("marketplace"))["discounts"] == [
        {"goods": "manufactured", "sides": ["left", "right"], "price": 1}]


def test_a_choice_card_makes_one_of_its_new_resources_a_turn():
    # Forest Cave: wood or ore; Giza makes stone: both are new, one a turn.
    facts = engine.explain(base_view(["forest_cave", "altar", "baths"]), build("forest_cave", left=1))
    assert (facts["produces"], facts["produces_one_of"], facts["paid"]) == (["wood", "ore"], True, 2)


def test_a_third_different_science_symbol_scores_the_set():
    # compass + tablet = 1 + 1 = 2 points; with a gear: 1 + 1 + 1 + 7 (a set) = 10: 8 more.
    view = base_view(["workshop", "altar", "baths"], built=(("apothecary", "scriptorium"), (), ()))
    facts = engine.explain(view, build("workshop", left=1, right=1))
    assert (facts["points"], facts["science"], facts["paid"]) == (8, "gear", 2)
    # Olympia has no science: a first gear is 1 point to it.
    assert facts["denies"] == {"seat": 1, "side": "left", "points": 1, "lacks": [], "science": "gear"}


def test_a_guild_counts_the_neighbours_cards_as_they_are():
    # Workers Guild: 1 point a brown card of both neighbours; Giza's own brown card does not count.
    built = (("ore_vein",), ("lumber_yard", "stone_pit"), ("clay_pool",))
    facts = engine.explain(base_view(["workers_guild", "altar", "baths"], built=built, age=3), build("workers_guild"))
    assert facts["points"] == 3


def test_a_vineyard_pays_a_coin_a_brown_card_of_the_city_and_both_neighbours():
    built = (("ore_vein",), ("lumber_yard", "stone_pit"), ("clay_pool",))
    facts = engine.explain(base_view(["vineyard", "altar", "baths"], built=built, age=2), build("vineyard"))
    assert (facts["coins"], facts["points"]) == (4, 0)


def test_a_wonder_stage_scores_its_points_and_buries_the_card_the_neighbour_wanted():
    # Giza A: 3, 5 and 7 points; the second stage.
    view = base_view(["baths", "altar", "loom_1"], stages=1)
    facts = engine.explain(view, {"type": "wonder", "card": "baths", "stage": 2, "pay": {"left": 2, "right": 0}})
    assert (facts["kind"], facts["stage"], facts["points"], facts["paid"]) == ("wonder", 2, 5, 2)
    assert facts["denies"] == {"seat": 1, "side": "left", "points": 3, "lacks": []}


def test_a_discard_brings_three_coins():
    facts = engine.explain(base_view(["baths", "altar", "loom_1"]), {"type": "discard", "card": "loom_1"})
    assert facts == {"kind": "discard", "card": "loom_1", "points": 0, "coins": 3, "paid": 0,
                     "denies": {"seat": 1, "side": "left", "points": 0, "lacks": ["textile"]}}


# Architects, 3 players: seat 0 acts; it takes from its own deck (deck 0, shared with its left
# neighbour seat 1, who plays next) or its right neighbour's (deck 2, seat 2's own).

def architects_view(tops, cards=(), cat=None, wonder="giza"):
    cfg = engine.normalize_config({"game": "architects", "players": 3})
    state = copy.deepcopy(engine.new_game(cfg, 1))
    state["active"] = 0
    state["players"][0]["wonder"] = wonder
    state["players"][0]["cards"] = list(cards)
    state["cat"] = cat
    for deck, top in tops.items():
        state["decks"][deck] = [top] + state["decks"][deck][1:]
    return engine.view(state, 0)


def test_a_blue_card_from_the_own_deck_is_denied_to_the_left_neighbour_who_plays_next():
    facts = engine.explain(architects_view({0: "giza-blue-1"}), {"type": "take", "deck": 0})
    assert facts == {"kind": "take", "deck": 0, "card": "giza-blue-1", "points": 3,
                     "denies": {"seat": 1, "next": True, "points": 3, "token": False, "needed": False}}


def test_a_cat_card_scores_the_cat_when_it_moves_the_cat_here():
    # blue with a cat: 2 points, and the cat's 2 at the end when it comes to this seat.
    facts = engine.explain(architects_view({0: "giza-blue_cat-1"}, cat=1), {"type": "take", "deck": 0})
    assert (facts["points"], facts["cat"]) == (4, True)
    # Seat 1 holds the cat already: the card is 2 points to it.
    assert facts["denies"]["points"] == 2


def test_a_second_law_makes_a_pair_a_progress_token_and_the_right_deck_belongs_to_seat_two():
    facts = engine.explain(architects_view({2: "babylon-law-2"}, cards=["giza-law-1"]), {"type": "take", "deck": 2})
    assert (facts["science"], facts["token"]) == ("law", True)
    assert "denies" not in facts  # seat 2 holds no green card: one law is no token to it


def test_a_resource_is_needed_while_the_open_stage_lacks_it():
    # Giza's first stage: 2 different resources. Holding wood, a stone is needed, a wood is not.
    view = architects_view({0: "giza-stone-1", 2: "babylon-wood-1"}, cards=["giza-wood-2"])
    assert engine.explain(view, {"type": "take", "deck": 0})["needed"] is True
    assert engine.explain(view, {"type": "take", "deck": 2})["needed"] is False


def test_the_central_decks_card_is_unseen_and_a_stage_scores_its_points():
    view = architects_view({})
    assert engine.explain(view, {"type": "take", "deck": "central"}) == {"kind": "take", "deck": "central", "unseen": True}
    # Giza's first stage is worth 4 points (cards/data/architects: giza, stage 1).
    assert engine.explain(view, {"type": "build", "stage": 1, "pay": {"wood": 1, "stone": 1}}) == {
        "kind": "build", "stage": 1, "points": 4}


def test_in_the_two_player_variant_the_card_is_denied_to_the_seat_it_is_passed_to():
    # 2 players: Giza (seat 0), Olympia (seat 1) on its left, the Free City (Alexandria) on its
    # right; Age I passes left, to Olympia.
    cfg = engine.normalize_config({"game": "base", "players": 2, "sides": "A", "wonders": ["giza", "olympia"]})
    state = copy.deepcopy(engine.new_game(cfg, 1))
    state["players"][0]["hand"] = ["baths", "altar", "loom_1"]
    facts = engine.explain(engine.view(state, 0), build("baths", right=2))
    assert (facts["points"], facts["paid"]) == (3, 2)
    assert facts["denies"] == {"seat": 1, "side": "left", "points": 3, "lacks": []}
