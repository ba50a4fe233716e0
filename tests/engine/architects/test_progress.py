"""Science and progress tokens (seed 003 «Carte verdi», «Prendere un segnalino Progresso»,
«Utilizzare i segnalini Progresso»; spec C.3, C.9 #6, 8, 9, C.10.2-3, C.10.6)."""
from games import engine

from .tables import give, give_token, kinds, new_table, on_top, play, set_row, take


def _table():
    return new_table("giza", "rhodes", "ephesus")


def test_two_identical_symbols_must_become_a_token_chosen_among_the_row_and_the_blind_pile():
    state = _table()
    law, = give(state, 0, "law")
    second, = on_top(state, 0, "law")
    row = list(state["progress_row"])
    pile_top = state["progress_pile"][0]
    state, _ = play(state, take(0))
    assert engine.legal_actions(state, 0) == [
        {"type": "progress", "set": ["law", "law"], "token": token} for token in row + ["pile"]]
    state, events = play(state, {"type": "progress", "set": ["law", "law"], "token": row[0]})
    assert state["players"][0]["tokens"] == [row[0]] and state["players"][0]["cards"] == []
    assert {law, second} <= set(state["discard"])
    assert state["progress_row"] == [pile_top, row[1], row[2]]
    assert any(e["type"] == "progress_taken" and e["from"] == "row" for e in events)


def test_three_different_symbols_make_a_set_too():
    state = _table()
    give(state, 0, "law", "mechanic")
    on_top(state, 0, "architect")
    state, _ = play(state, take(0))
    assert {a["set"] == ["law", "mechanic", "architect"] for a in engine.legal_actions(state, 0)} == {True}


def test_the_player_chooses_which_set_to_turn_in_when_several_are_possible():
    state = _table()
    give(state, 0, "law", "law", "mechanic")
    on_top(state, 0, "architect")
    state, _ = play(state, take(0))
    sets = {tuple(a["set"]) for a in engine.legal_actions(state, 0)}
    assert sets == {("law", "law"), ("law", "mechanic", "architect")}
    state, _ = play(state, {"type": "progress", "set": ["law", "law"], "token": "pile"})
    # mechanic and architect are left: no set, the turn ends
    assert kinds(state["players"][0]["cards"]) == ["architect", "mechanic"] and engine.to_act(state) == [1]


def test_the_take_repeats_while_a_set_remains():
    state = _table()
    give(state, 0, "law", "law", "law")
    on_top(state, 0, "law")
    state, _ = play(state, take(0), {"type": "progress", "set": ["law", "law"], "token": "pile"})
    assert engine.to_act(state) == [0] and {a["set"][0] for a in engine.legal_actions(state, 0)} == {"law"}
    state, _ = play(state, {"type": "progress", "set": ["law", "law"], "token": "pile"})
    assert len(state["players"][0]["tokens"]) == 2 and engine.to_act(state) == [1]


def test_the_blind_pick_takes_the_piles_top_and_leaves_the_row_alone():
    state = _table()
    give(state, 0, "law")
    on_top(state, 0, "law")
    row, pile_top = list(state["progress_row"]), state["progress_pile"][0]
    state, events = play(state, take(0), {"type": "progress", "set": ["law", "law"], "token": "pile"})
    assert state["players"][0]["tokens"] == [pile_top] and state["progress_row"] == row
    taken = next(e for e in events if e["type"] == "progress_taken")
    assert (taken["token"], taken["from"]) == (pile_top, "pile")


def test_with_no_token_left_nothing_is_taken_and_the_green_cards_stay():
    state = _table()
    state["players"][2]["tokens"] = state["progress_row"] + state["progress_pile"]
    state["progress_row"], state["progress_pile"] = [], []
    give(state, 0, "law")
    on_top(state, 0, "law")
    state, _ = play(state, take(0))
    assert kinds(state["players"][0]["cards"]) == ["law", "law"] and engine.to_act(state) == [1]


def test_urbanism_offers_one_extra_card_from_the_three_sources_when_a_wood_arrives():
    state = _table()
    urbanism = give_token(state, 0, "urbanism")
    on_top(state, 0, "wood", "blue")
    state, _ = play(state, take(0))
    assert state["prompts"] == [{"kind": "extra_card", "token": urbanism}]
    assert engine.legal_actions(state, 0) == [take(0), take(2), take("central"), {"type": "decline"}]
    state, events = play(state, take(0))
    assert kinds(state["players"][0]["cards"]) == ["blue", "wood"]
    assert any(e["type"] == "card_taken" and e["by"] == urbanism for e in events)


def test_each_token_works_once_per_turn():
    state = _table()
    give_token(state, 0, "urbanism")
    state["players"][0]["built"] = [1]  # so that wood and clay build nothing
    on_top(state, 0, "wood", "clay")
    # the clay taken with Urbanism would trigger it again: not this turn
    state, _ = play(state, take(0), take(0))
    assert state["prompts"] == [] and engine.to_act(state) == [1]


def test_a_declined_offer_comes_back_when_another_card_triggers_the_token_that_turn():
    state = new_table("olympia", "giza", "rhodes")
    urbanism = give_token(state, 0, "urbanism")
    state["players"][0]["built"] = [1]
    give(state, 0, "clay")
    on_top(state, 0, "clay", "wood")
    on_top(state, 2, "blue")
    state, _ = play(state, take(0), {"type": "decline"}, {"type": "build", "stage": 2, "pay": {"clay": 2}})
    # Olympia's power brings the wood (left) and the blue card (right): the wood triggers Urbanism again
    assert state["prompts"] == [{"kind": "extra_card", "token": urbanism}]


def test_architecture_offers_an_extra_card_when_a_stage_is_built():
    state = _table()
    architecture = give_token(state, 0, "architecture")
    give(state, 0, "wood")
    on_top(state, 0, "stone", "blue")
    state, _ = play(state, take(0), {"type": "build", "stage": 1, "pay": {"wood": 1, "stone": 1}})
    assert state["prompts"] == [{"kind": "extra_card", "token": architecture}]


def test_a_token_taken_this_turn_works_at_once():
    state = _table()
    set_row(state, "science", "tactics", "economy")
    give(state, 0, "law")
    on_top(state, 0, "law", "mechanic")
    state, _ = play(state, take(0))
    science = state["progress_row"][0]
    state, _ = play(state, {"type": "progress", "set": ["law", "law"], "token": science})
    assert engine.to_act(state) == [1]
    # the Science token now offers an extra card when a green card arrives (next turns included)
    state["active"], state["step"] = 0, "take"
    state, _ = play(state, take(0))
    assert state["prompts"] == [{"kind": "extra_card", "token": science}]
