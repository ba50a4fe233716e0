"""Setup (seed 003 «Preparazione»; spec C.5): decks, tokens, conflict tokens, the cat, who starts."""
import pytest

from games import engine

from .tables import new_table


@pytest.mark.parametrize("players, conflict_tokens", [(2, 3), (3, 3), (4, 4), (5, 5), (6, 6), (7, 6)])
def test_it_lays_out_the_conflict_tokens_of_the_player_count_all_at_peace(players, conflict_tokens):
    state = engine.new_game({"game": "architects", "players": players}, seed=players)
    assert state["conflict"] == {"tokens": conflict_tokens, "battle": 0}


@pytest.mark.parametrize("players", range(2, 8))
def test_it_gives_each_seat_its_own_wonders_25_cards_and_puts_60_in_the_central_deck(players):
    state = engine.new_game({"game": "architects", "players": players}, seed=1)
    wonders = [p["wonder"] for p in state["players"]]
    assert len(set(wonders)) == players
    for wonder, deck in zip(wonders, state["decks"]):
        assert len(deck) == 25 and {card.split("-")[0] for card in deck} == {wonder}
    assert len(state["central"]) == 60 and {card.split("-")[0] for card in state["central"]} == {"central"}


def test_it_shows_three_progress_tokens_and_keeps_the_other_twelve_in_a_hidden_pile():
    state = new_table("giza", "rhodes")
    assert len(state["progress_row"]) == 3 and len(state["progress_pile"]) == 12
    view = engine.view(state, 0)
    assert view["progress_row"] == state["progress_row"] and view["progress_pile_size"] == 12
    assert set(state["progress_pile"]) <= engine.hidden_ids(state, 0)


def test_it_leaves_the_cat_in_the_middle_and_lets_seat_0_start_with_its_three_sources():
    state = new_table("giza", "rhodes", "babylon", "olympia")
    assert state["cat"] is None and engine.to_act(state) == [0]
    offered = [a["deck"] for a in engine.legal_actions(state, 0)]
    # its left deck is its own (seat 0), its right one the right neighbour's (seat 3)
    assert offered == [0, 3, "central"]


def test_it_lets_both_players_of_a_two_player_game_draw_from_both_wonder_decks():
    state = new_table("giza", "rhodes")
    assert [a["deck"] for a in engine.legal_actions(state, 0)] == [0, 1, "central"]


def test_it_keeps_the_chosen_wonders_and_draws_the_others_among_those_left():
    state = engine.new_game({"game": "architects", "players": 3, "wonders": [None, "giza", None]}, seed=3)
    wonders = [p["wonder"] for p in state["players"]]
    assert wonders[1] == "giza" and "giza" not in (wonders[0], wonders[2]) and wonders[0] != wonders[2]


@pytest.mark.parametrize("config, code", [
    ({"game": "architects", "players": 1}, "bad_player_count"),
    ({"game": "architects", "players": 8}, "bad_player_count"),
    ({"game": "architects", "players": 2, "wonders": ["giza", "giza"]}, "duplicate_wonder"),
    ({"game": "architects", "players": 2, "wonders": ["giza", "colossus"]}, "unknown_wonder"),
    ({"game": "architects", "players": 3, "wonders": ["giza"]}, "bad_wonders"),
])
def test_it_refuses_a_table_the_game_cannot_have(config, code):
    with pytest.raises(engine.ConfigError) as error:
        engine.new_game(config, seed=0)
    assert error.value.code == code


def test_it_declares_the_static_facts_the_site_reads():
    info = engine.info("architects")
    assert (info["min_players"], info["max_players"]) == (2, 7)
    assert info["score_categories"] == ["wonder", "blue", "cat", "military", "progress"]
    assert info["tiebreak"] == "stages" and info["seat_label_keys"] == ["wonder"]
    assert info["rating_modes"] == ["architects"] and engine.rating_mode({"game": "architects", "players": 3}) == "architects"
    assert [o["name"] for o in info["options"]] == ["wonders"]
