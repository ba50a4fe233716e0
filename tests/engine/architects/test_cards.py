"""Taking a card (seed 003 «Panoramica del turno»): the three sources, empty decks, the cat, hidden
cards, the turn order."""
from games import engine

from .tables import CENTRAL, empty, new_table, on_top, play, take


def test_it_puts_the_left_decks_top_card_in_front_of_the_player_and_shows_the_next_one():
    state = new_table("giza", "rhodes", "babylon")
    first, second = state["decks"][0][:2]
    state, events = play(state, take(0))
    assert first in state["players"][0]["cards"]
    assert engine.view(state, 2)["decks"][0]["top"] == second
    assert {"type": "card_taken", "seat": 0, "deck": 0, "card": first, "by": "turn"} in events


def test_it_hides_the_central_card_from_everybody_until_it_is_taken():
    state = new_table("giza", "rhodes", "babylon")
    top = state["central"][0]
    assert all(top in engine.hidden_ids(state, seat) for seat in (None, 0, 1, 2))
    state, _ = play(state, take(CENTRAL))
    assert top in state["players"][0]["cards"]
    assert all(top not in engine.hidden_ids(state, seat) for seat in (None, 0, 1, 2))


def test_it_hides_every_card_below_a_decks_visible_top():
    state = new_table("giza", "rhodes", "babylon")
    hidden = engine.hidden_ids(state, 1)
    for deck in state["decks"]:
        assert deck[0] not in hidden and set(deck[1:]) <= hidden


def test_an_empty_deck_stays_empty_and_is_not_offered():
    state = new_table("giza", "rhodes", "babylon")
    empty(state, 0)
    assert [a["deck"] for a in engine.legal_actions(state, 0)] == [2, CENTRAL]
    try:
        engine.apply(state, 0, take(0))
    except engine.IllegalAction as error:
        assert error.code == "deck_unavailable"
    else:
        raise AssertionError("a take from an empty deck was accepted")


def test_the_turn_passes_clockwise_to_the_left_neighbour():
    state = new_table("giza", "rhodes", "babylon")
    on_top(state, 0, "blue")
    state, events = play(state, take(0))
    assert engine.to_act(state) == [1] and {"type": "turn_start", "seat": 1, "turn": 2} in events
    on_top(state, 1, "blue")
    state, _ = play(state, take(1))
    on_top(state, 2, "blue")
    state, _ = play(state, take(2))
    assert engine.to_act(state) == [0]


def test_only_the_seat_whose_turn_it_is_may_act():
    state = new_table("giza", "rhodes", "babylon")
    assert engine.legal_actions(state, 1) == []
    try:
        engine.apply(state, 1, take(1))
    except engine.IllegalAction as error:
        assert error.code == "not_your_turn"
    else:
        raise AssertionError("seat 1 played on seat 0's turn")


def test_a_blue_card_with_a_cat_takes_the_cat_from_whoever_holds_it():
    state = new_table("giza", "rhodes", "babylon")
    state["cat"] = 2
    on_top(state, 0, "blue_cat")
    state, events = play(state, take(0))
    assert state["cat"] == 0 and {"type": "cat_moved", "seat": 0} in events


def test_a_blue_card_without_a_cat_leaves_the_cat_where_it_is():
    state = new_table("giza", "rhodes", "babylon")
    state["cat"] = 2
    on_top(state, 0, "blue")
    state, _ = play(state, take(0))
    assert state["cat"] == 2


def test_the_cat_holder_may_peek_at_the_central_card_and_only_its_own_view_shows_it():
    state = new_table("giza", "rhodes", "babylon")
    state["cat"] = 0
    top = state["central"][0]
    assert {"type": "peek"} in engine.legal_actions(state, 0)
    state, events = play(state, {"type": "peek"})
    assert events == [{"type": "peeked", "seat": 0}]
    assert engine.view(state, 0)["central_top"] == top and top not in engine.hidden_ids(state, 0)
    for other in (None, 1, 2):
        assert "central_top" not in engine.view(state, other) and top in engine.hidden_ids(state, other)
    assert {"type": "peek"} not in engine.legal_actions(state, 0)


def test_a_player_without_the_cat_cannot_peek_and_the_peek_ends_with_the_card_taken():
    state = new_table("giza", "rhodes", "babylon")
    assert {"type": "peek"} not in engine.legal_actions(state, 0)
    state["cat"] = 0
    on_top(state, 0, "blue")
    state, _ = play(state, {"type": "peek"}, take(0))
    assert "central_top" not in engine.view(state, 0) and state["central"][0] in engine.hidden_ids(state, 0)


def test_the_game_ends_when_the_player_to_act_has_no_card_to_take():
    state = new_table("giza", "rhodes", "babylon")
    empty(state, 1)
    empty(state, CENTRAL)
    card, = on_top(state, 0, "blue")
    state["decks"][0][1:] = []
    state, events = play(state, take(0))
    # seat 1 takes from deck 1 (empty), deck 0 (now empty) and the central deck (empty)
    assert engine.is_over(state) and events[-1] == {"type": "game_over", "why": "no_card"}
    assert card in state["players"][0]["cards"]
