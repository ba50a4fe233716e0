"""The end and the score (seed 003 «Fine della partita», token effects; spec C.1, C.3, C.8, C.9
#12, 14-16, C.10.7). Points per tile from the data file: Gizah 4, 5, 6, 7, 8; Rhodes 4, 4, 5, 6, 7;
Alexandria 4, 3, 6, 5, 7. A Military Victory token is 3, the cat 2 ([U], spec C.1)."""
from games import engine
from games.engine import testing

from .tables import give, give_token, new_table, on_top, play, take


def test_the_game_ends_at_the_end_of_the_turn_of_the_player_completing_their_wonder():
    state = new_table("giza", "rhodes", "ephesus")
    state["players"][0]["built"] = [1, 2, 3, 4]
    give(state, 0, "wood", "stone", "clay")
    on_top(state, 0, "glass")
    state, events = play(state, take(0), {"type": "build", "stage": 5, "pay": {"wood": 1, "stone": 1, "clay": 1,
                                                                               "glass": 1}})
    assert engine.is_over(state) and engine.to_act(state) == []
    assert events[-1] == {"type": "game_over", "why": "wonder_complete"}
    assert "turn_start" not in [e["type"] for e in events]


def test_a_battle_due_that_turn_is_fought_before_the_end():
    state = new_table("giza", "rhodes", "ephesus")
    state["players"][0]["built"] = [1, 2, 3, 4]
    state["conflict"]["battle"] = 2
    give(state, 0, "wood", "stone", "clay", "glass", "shield")
    on_top(state, 0, "shield_horn")
    state, events = play(state, take(0), {"type": "build", "stage": 5, "pay": {"wood": 1, "stone": 1, "clay": 1,
                                                                               "glass": 1}})
    types = [e["type"] for e in events]
    assert types[-2:] == ["battle", "game_over"]
    assert state["players"][0]["military"] == 2


def test_the_score_adds_stages_blue_cards_the_cat_military_and_progress_tokens():
    state = new_table("giza", "rhodes", "babylon")
    giza, rhodes = state["players"][0], state["players"][1]
    giza["built"] = [1, 2, 3]
    give(state, 0, "blue", "blue_cat", "wood")
    state["cat"] = 0
    giza["military"] = 2
    for kind in ("culture", "culture", "education"):
        give_token(state, 0, kind)
    rhodes["built"] = [1, 2]
    give(state, 1, "blue_cat", "blue_cat")
    rhodes["military"] = 1
    for kind in ("politics", "decoration", "strategy"):
        give_token(state, 1, kind)
    sheets = engine.scores(state)
    # Gizah: 4 + 5 + 6; 3 + 2 for the blue cards; the cat 2; 2 tokens x 3;
    # both Cultures 12 and Education 2 x 3 tokens
    assert {k: sheets[0][k] for k in ("wonder", "blue", "cat", "military", "progress", "total", "stages")} == {
        "wonder": 15, "blue": 5, "cat": 2, "military": 6, "progress": 18, "total": 46, "stages": 3}
    # Rhodes: 4 + 4; 2 + 2; no cat; 1 token x 3; Politics 2 cat icons, Decoration 4 (unfinished),
    # Strategy 1 per token
    assert {k: sheets[1][k] for k in ("wonder", "blue", "cat", "military", "progress", "total", "stages")} == {
        "wonder": 8, "blue": 4, "cat": 0, "military": 3, "progress": 7, "total": 22, "stages": 2}
    assert sheets[2]["total"] == 0
    assert [s["rank"] for s in sheets] == [1, 2, 3]


def test_one_culture_is_4_and_decoration_is_6_once_the_wonder_is_complete():
    state = new_table("giza", "rhodes")
    state["players"][0]["built"] = [1, 2, 3, 4, 5]
    give_token(state, 0, "culture")
    give_token(state, 0, "decoration")
    assert engine.scores(state)[0]["progress"] == 4 + 6


def test_a_tie_goes_to_more_built_stages_then_is_shared():
    state = new_table("giza", "rhodes", "alexandria")
    # Gizah stage 1 (4) + a blue cat card (2) + the cat (2) = 8, one stage
    state["players"][0]["built"] = [1]
    give(state, 0, "blue_cat")
    state["cat"] = 0
    # Rhodes stages 1 and 2: 4 + 4 = 8, two stages
    state["players"][1]["built"] = [1, 2]
    # Alexandria stage 1 (4) + two blue cat cards (2 + 2) = 8, one stage
    state["players"][2]["built"] = [1]
    give(state, 2, "blue_cat", "blue_cat")
    sheets = engine.scores(state)
    assert [s["total"] for s in sheets] == [8, 8, 8]
    assert [s["rank"] for s in sheets] == [2, 1, 2]


def test_a_whole_random_game_passes_the_conformance_checks_and_ranks_by_total_then_stages():
    state = testing.check_game({"game": "architects", "players": 4}, seed=21)
    sheets = engine.scores(state)
    for sheet in sheets:
        better = sum((o["total"], o["stages"]) > (sheet["total"], sheet["stages"]) for o in sheets)
        assert sheet["rank"] == 1 + better
    assert any(len(p["built"]) == 5 for p in state["players"]) or state["end"] == "no_card"
