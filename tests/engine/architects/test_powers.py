"""The wonders' powers (seed 003 «Effetti delle Meraviglie»; spec C.4, C.10.4-6). Each power is on
stage 2 of its wonder in the data file; stage 2 costs two identical resources, so a player holding
one wood who takes another builds it."""
from games import engine

from .tables import CENTRAL, empty, give, new_table, on_top, play, take


def _build_stage_2(state):
    """Seat 0 (stage 1 built, one wood) takes a second wood from its deck and builds stage 2."""
    state["players"][0]["built"] = [1]
    give(state, 0, "wood")
    on_top(state, 0, "wood")
    state, events = play(state, take(0))
    build = {"type": "build", "stage": 2, "pay": {"wood": 2}}
    assert build in engine.legal_actions(state, 0)
    state, more = play(state, build)
    return state, events + more


def test_alexandria_takes_the_top_card_of_any_deck_on_the_table_even_a_far_one():
    state = new_table("alexandria", "giza", "rhodes", "babylon")
    far, = on_top(state, 2, "blue")
    state, _ = _build_stage_2(state)
    assert state["prompts"] == [{"kind": "alexandria"}]
    assert sorted(a["deck"] for a in engine.legal_actions(state, 0) if a["deck"] != CENTRAL) == [0, 1, 2, 3]
    assert take(CENTRAL) in engine.legal_actions(state, 0)
    state, _ = play(state, take(2))
    assert far in state["players"][0]["cards"] and engine.to_act(state) == [1]


def test_ephesos_takes_the_central_top_at_once():
    state = new_table("ephesus", "giza", "rhodes")
    hidden, = on_top(state, CENTRAL, "blue")
    state, events = _build_stage_2(state)
    assert hidden in state["players"][0]["cards"]
    assert {"type": "card_taken", "seat": 0, "deck": CENTRAL, "card": hidden, "by": "ephesus"} in events


def test_olympia_takes_the_top_cards_of_its_left_and_right_decks():
    state = new_table("olympia", "giza", "rhodes")
    left, = on_top(state, 0, "blue")  # under the wood _build_stage_2 puts on top
    right, = on_top(state, 2, "blue")
    state, _ = _build_stage_2(state)
    assert {left, right} <= set(state["players"][0]["cards"])


def test_olympia_with_an_empty_deck_takes_only_the_other_top_card():
    state = new_table("olympia", "giza", "rhodes")
    right, = on_top(state, 2, "blue")
    state["players"][0]["built"] = [1]
    give(state, 0, "wood")
    on_top(state, 0, "wood")
    state["decks"][0][1:] = []
    state, _ = play(state, take(0), {"type": "build", "stage": 2, "pay": {"wood": 2}})
    assert right in state["players"][0]["cards"] and len(state["players"][0]["cards"]) == 1


def test_babylon_takes_a_progress_token_from_the_three_face_up_or_the_pile_without_green_cards():
    state = new_table("babylon", "giza", "rhodes")
    row = list(state["progress_row"])
    pile_top = state["progress_pile"][0]
    state, _ = _build_stage_2(state)
    assert engine.legal_actions(state, 0) == [{"type": "progress", "token": t} for t in row + ["pile"]]
    state, _ = play(state, {"type": "progress", "token": row[1]})
    assert state["players"][0]["tokens"] == [row[1]]
    assert state["progress_row"] == [row[0], pile_top, row[2]]


def test_halicarnassus_looks_at_five_cards_seen_only_by_its_player_and_keeps_one():
    state = new_table("halicarnassus", "giza", "rhodes")
    size = len(state["decks"][2])
    five = list(state["decks"][2][:5])
    state, _ = _build_stage_2(state)
    assert engine.legal_actions(state, 0) == [{"type": "look", "deck": 0}, {"type": "look", "deck": 2}]
    state, events = play(state, {"type": "look", "deck": 2})
    assert {"type": "looked", "seat": 0, "deck": 2, "count": 5} in events
    assert engine.view(state, 0)["looking"] == five
    for other in (None, 1, 2):
        assert "looking" not in engine.view(state, other) and set(five) <= engine.hidden_ids(state, other)
    assert [a["card"] for a in engine.legal_actions(state, 0)] == five
    state, _ = play(state, {"type": "keep", "card": five[3]})
    assert five[3] in state["players"][0]["cards"]
    assert len(state["decks"][2]) == size - 1 and set(five) - {five[3]} <= set(state["decks"][2])


def test_halicarnassus_takes_what_there_is_from_a_deck_of_fewer_than_five():
    state = new_table("halicarnassus", "giza", "rhodes")
    state["decks"][2][3:] = []
    three = list(state["decks"][2])
    state, _ = _build_stage_2(state)
    state, _ = play(state, {"type": "look", "deck": 2})
    assert engine.view(state, 0)["looking"] == three


def test_halicarnassus_with_both_decks_empty_has_nothing_to_look_at():
    state = new_table("halicarnassus", "giza", "rhodes")
    empty(state, 2)
    state["players"][0]["built"] = [1]
    give(state, 0, "wood")
    on_top(state, 0, "wood")
    state["decks"][0][1:] = []
    state, _ = play(state, take(0), {"type": "build", "stage": 2, "pay": {"wood": 2}})
    assert state["prompts"] == [] and engine.to_act(state) == [1]


def test_gizah_has_no_power():
    state = new_table("giza", "rhodes", "babylon")
    state, events = _build_stage_2(state)
    assert state["prompts"] == [] and [e["type"] for e in events][-2:] == ["stage_built", "turn_start"]


def test_a_power_stage_only_works_once_built():
    state = new_table("ephesus", "giza", "rhodes")
    top = state["central"][0]
    state["players"][0]["built"] = [1]
    on_top(state, 0, "blue")
    state, _ = play(state, take(0))
    assert state["central"][0] == top
