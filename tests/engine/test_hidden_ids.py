"""hidden_ids: the engine's own list of what a seat must never be sent (the leak checks' oracle)."""

from games import engine


def test_a_seat_may_not_see_the_other_hands_nor_the_later_ages():
    state = engine.new_game({"players": 3, "sides": "A"}, seed=5)
    mine = set(state["players"][0]["hand"])
    others = set(state["players"][1]["hand"]) | set(state["players"][2]["hand"])
    later = {card for hands in state["decks"].values() for hand in hands for card in hand}
    hidden = engine.hidden_ids(state, 0)
    assert (others | later) - mine <= hidden
    assert not mine & hidden


def test_a_spectator_may_see_no_hand_at_all():
    state = engine.new_game({"players": 4, "sides": "A"}, seed=8)
    every_hand = {card for p in state["players"] for card in p["hand"]}
    assert every_hand <= engine.hidden_ids(state, None)


def test_a_card_built_in_a_city_is_never_hidden_even_when_another_copy_is_in_a_hand():
    state = engine.new_game({"players": 3, "sides": "A"}, seed=5)
    card = state["players"][1]["hand"][0]
    state["players"][2]["built"].append(card)
    assert card not in engine.hidden_ids(state, 0)
