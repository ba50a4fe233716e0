"""Bots see only a seat's view and its legal actions; the CLI plays a whole match."""

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import bots, engine
from games.bots import greedy_bot, random_bot, search_bot
from games.engine import play

from .helpers import FREE_CITY, two_player_state

ROOT = Path(__file__).resolve().parents[2]


def _match(policies, n, seed):
    state = engine.new_game({"players": n, "sides": "random"}, seed=seed)
    rngs = [random.Random(seed * 10 + s) for s in range(n)]
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            action = policies[seat].choose(engine.view(state, seat), legal, rngs[seat])
            assert action in legal
            state, _ = engine.apply(state, seat, action)
    return engine.scores(state)


def test_the_random_bot_picks_a_legal_action():
    state = engine.new_game({"players": 3}, seed=1)
    legal = engine.legal_actions(state, 0)
    assert random_bot.choose(engine.view(state, 0), legal, random.Random(1)) in legal


def test_the_greedy_bot_plays_whole_games_and_beats_random_bots_most_of_the_time():
    wins = 0
    for seed in range(12):
        sheet = _match([greedy_bot, random_bot, random_bot, random_bot], 4, seed)
        wins += sheet[0]["rank"] == 1
    assert wins >= 9


def test_the_greedy_bot_handles_every_prompt():
    for seed in range(6):
        _match([greedy_bot] * 7, 7, seed)


def test_the_greedy_bot_plays_whole_two_player_games_deciding_for_the_free_city_too():
    for seed in range(4):
        sheets = _match([greedy_bot, random_bot], 2, seed)
        assert sorted(sheet["rank"] for sheet in sheets) in ([1, 2], [1, 1])


def test_the_greedy_bot_decides_the_free_citys_halicarnassus_build():
    state = two_player_state(wonders=("giza", "rhodes", "halicarnassus"), sides="B",
                             hands={0: ["altar", "theater"], 1: ["baths"]},
                             built={FREE_CITY: ["ore_vein", "mine"]}, discard_pile=["pawnshop"])
    state, _ = engine.apply(state, 0, {"type": "discard", "card": "altar"})
    state, _ = engine.apply(state, 0, {"type": "wonder", "card": "theater", "city": "free_city"})
    state, _ = engine.apply(state, 1, {"type": "discard", "card": "baths"})
    legal = engine.legal_actions(state, 0)
    action = greedy_bot.choose(engine.view(state, 0), legal, random.Random(1))
    assert action in legal and action["city"] == "free_city"


def test_the_command_line_match_prints_each_turn_and_the_score_sheet():
    out = io.StringIO()
    state = play.run(5, 7, "A", ["greedy"], out=out)
    text = out.getvalue()
    assert engine.is_over(state)
    assert text.count("-- Age ") == 18
    assert "Final scores" in text
    assert text.strip().splitlines()[-1].split()[-1] in {"1", "2", "3", "4", "5"}


def test_the_command_line_plays_the_two_player_variant_and_scores_the_free_city_apart():
    out = io.StringIO()
    play.run(2, 3, "A", ["greedy", "random"], out=out)
    lines = out.getvalue().strip().splitlines()
    assert out.getvalue().count("-- Age ") == 18
    assert lines[-1].startswith("Free City") and lines[-1].split()[-1] == "-"
    assert [line.split()[-1] for line in lines[-3:-1]] in (["1", "2"], ["2", "1"], ["1", "1"])


def test_the_command_line_score_sheet_has_the_columns_the_game_declares(monkeypatch):
    real_info = engine.info

    def two_categories(game_id):
        return {**real_info(game_id), "score_categories": ["science", "military"]}

    monkeypatch.setattr(engine, "info", two_categories)
    out = io.StringIO()
    play.run(3, 2, "A", ["random"], out=out)
    lines = out.getvalue().splitlines()
    header = lines[lines.index("=== Final scores ===") + 1]
    assert header.split() == ["seat", "scien", "milit", "total", "coins", "rank"]


def test_python_dash_m_games_engine_play_runs():
    res = subprocess.run([sys.executable, "-m", "games.engine.play", "--players", "3",
                          "--seed", "7", "--bots", "medium,random"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "Final scores" in res.stdout


def test_each_level_is_played_by_its_policy():
    assert [bots.get(level) for level in ("easy", "medium", "hard")] == [random_bot, greedy_bot, search_bot]
    assert [bots.searches(level) for level in ("easy", "medium", "hard")] == [False, False, True]
    assert bots.get("greedy") is greedy_bot and bots.searches("search")


def test_the_old_level_ids_read_as_the_levels_they_became():
    assert [bots.level_id(name) for name in ("random", "greedy", "search")] == ["easy", "medium", "hard"]
    assert [bots.level_id(name) for name in ("easy", "medium", "hard", "", "genius")] == [
        "easy", "medium", "hard", "", "genius"]


def test_the_command_line_takes_levels_as_well_as_policies():
    out = io.StringIO()
    state = play.run(3, 2, "A", ["medium", "easy"], out=out)
    assert engine.is_over(state) and "bots ['medium', 'easy', 'medium']" in out.getvalue()
    with pytest.raises(SystemExit):
        play.main(["--players", "3", "--bots", "genius"])
