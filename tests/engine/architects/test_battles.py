"""Horns, Conflict tokens and battles (seed 003 «Carte rosse», «Risolvere una Battaglia», 2-player
rule; spec C.7 and C.9 #1-5)."""
import pytest

from games import engine
from games.engine.architects.battles import tokens_won

from .tables import give, give_token, new_table, on_top, play, take


def _three_players():
    return new_table("alexandria", "giza", "ephesus")


def test_horns_turn_that_many_conflict_tokens_to_their_battle_side():
    state = _three_players()
    on_top(state, 0, "shield_two_horns")
    state, events = play(state, take(0))
    assert state["conflict"] == {"tokens": 3, "battle": 2} and not state["battle_due"]
    assert {"type": "conflict_flipped", "seat": 0, "count": 2, "battle_due": False} in events


def test_horns_beyond_the_last_peaceful_token_are_ignored_and_the_battle_comes_at_the_end_of_the_turn():
    state = _three_players()
    state["conflict"]["battle"] = 2
    give(state, 1, "shield")
    on_top(state, 0, "shield_two_horns")
    state, events = play(state, take(0))
    flipped = next(e for e in events if e["type"] == "conflict_flipped")
    assert flipped["count"] == 1 and flipped["battle_due"]
    kinds = [e["type"] for e in events]
    assert kinds.index("battle") > kinds.index("card_taken") and kinds.index("battle") < kinds.index("turn_start")
    assert state["conflict"] == {"tokens": 3, "battle": 0}


def test_a_battle_gives_one_token_per_neighbour_with_fewer_shields():
    state = _three_players()
    state["conflict"]["battle"] = 2
    # shields 3 / 1 / 2 once seat 0 has taken its horned card
    give(state, 0, "shield", "shield")
    give(state, 1, "shield")
    give(state, 2, "shield", "shield")
    on_top(state, 0, "shield_horn")
    state, events = play(state, take(0))
    battle = next(e for e in events if e["type"] == "battle")
    assert [r["shields"] for r in battle["results"]] == [3, 1, 2]
    # seat 0 beats both; seat 1 beats nobody; seat 2 beats seat 1 only
    assert [r["tokens"] for r in battle["results"]] == [2, 0, 1]
    assert [p["military"] for p in state["players"]] == [2, 0, 1]


def test_equal_shields_win_nothing():
    state = _three_players()
    state["conflict"]["battle"] = 2
    give(state, 1, "shield")
    give(state, 2, "shield")
    on_top(state, 0, "shield_horn")
    state, _ = play(state, take(0))
    assert [p["military"] for p in state["players"]] == [0, 0, 0]


def test_after_a_battle_every_player_discards_the_red_cards_with_horns_and_keeps_the_others():
    state = _three_players()
    state["conflict"]["battle"] = 2
    keep = give(state, 1, "shield")
    gone = give(state, 1, "shield_two_horns") + give(state, 2, "shield_horn")
    trigger, = on_top(state, 0, "shield_horn")
    state, _ = play(state, take(0))
    assert state["players"][1]["cards"] == keep and state["players"][2]["cards"] == []
    assert trigger not in state["players"][0]["cards"]
    assert set(gone) | {trigger} <= set(state["discard"])


def test_horned_cards_taken_later_in_the_triggering_turn_still_fight():
    state = new_table("olympia", "giza", "ephesus")
    state["conflict"]["battle"] = 2
    token = give_token(state, 0, "propaganda")
    on_top(state, 0, "shield_horn", "shield_two_horns")
    state, events = play(state, take(0))
    assert state["prompts"] == [{"kind": "extra_card", "token": token}]
    state, events = play(state, take(0))
    battle = next(e for e in events if e["type"] == "battle")
    assert battle["results"][0] == {"seat": 0, "shields": 2, "tokens": 2}


def test_rhodes_stages_with_the_power_and_tactics_add_shields():
    state = new_table("rhodes", "giza", "ephesus")
    state["players"][0]["built"] = [1, 2, 3, 4]
    give_token(state, 0, "tactics")
    give(state, 0, "shield")
    # stages 2 and 4 carry Rhodes' power: 1 + 1, Tactics 2, one red card 1
    assert engine.view(state, 1)["players"][0]["shields"] == 5


@pytest.mark.parametrize("mine, theirs, won", [
    (1, 0, 1),   # 1 against 0 is one token: the «2 or more against none» note would be idle otherwise
    (2, 0, 2),
    (2, 1, 2),   # at least double
    (3, 2, 1),
    (4, 2, 2),
    (5, 3, 1),
    (2, 2, 0),
    (0, 1, 0),
])
def test_the_two_player_battle_gives_two_tokens_for_double_the_shields(mine, theirs, won):
    assert tokens_won(mine, theirs, 2) == won


def test_with_three_players_or_more_a_neighbour_beaten_is_one_token_however_large_the_gap():
    assert tokens_won(4, 0, 3) == 1 and tokens_won(1, 0, 7) == 1


def test_a_two_player_battle_counts_the_one_opponent_once():
    state = new_table("giza", "rhodes")
    state["conflict"]["battle"] = 2
    give(state, 0, "shield", "shield", "shield")
    give(state, 1, "shield")
    on_top(state, 0, "shield_horn")
    state, _ = play(state, take(0))
    # 4 shields against 1: at least double, so 2 tokens (not 2 per side of a shared neighbour)
    assert [p["military"] for p in state["players"]] == [2, 0]
