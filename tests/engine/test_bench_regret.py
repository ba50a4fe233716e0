"""bench/bench_regret.py: positions of the rotating seat, each candidate's win rate, the search's regret."""
import json
import random

import pytest

from games import engine
from tests.bench_scripts import load_bench

BUILD_A = {"type": "build", "card": 1, "pay": {"left": 0, "right": 0}}
BUILD_B = {"type": "build", "card": 2, "pay": {"left": 1, "right": 0}}
DISCARD = {"type": "discard", "card": 3}


def test_the_regret_is_the_best_candidates_win_rate_less_the_chosen_ones():
    bench = load_bench("bench_regret")
    position = {"candidates": [BUILD_A, BUILD_B, DISCARD], "wins": [0.2, 0.5, 0.4]}
    assert bench.regret_of(position, DISCARD) == (pytest.approx(10.0), False)
    assert bench.regret_of(position, BUILD_B) == (0.0, True)


def test_a_choice_paid_another_way_counts_as_its_candidate():
    bench = load_bench("bench_regret")
    position = {"candidates": [BUILD_A, BUILD_B], "wins": [0.3, 0.1]}
    paid_otherwise = dict(BUILD_B, pay={"left": 0, "right": 1})
    regret, best = bench.regret_of(position, paid_otherwise)
    assert regret == pytest.approx(20.0) and best is False


def test_a_choice_outside_the_truths_candidates_is_refused_with_what_to_do():
    bench = load_bench("bench_regret")
    position = {"deal": 40_003, "candidates": [BUILD_A], "wins": [0.3]}
    with pytest.raises(ValueError, match="make the truth file again"):
        bench.regret_of(position, DISCARD)


def test_the_summary_gives_the_mean_regret_and_best_share_over_all_and_by_age():
    bench = load_bench("bench_regret")
    lines = bench.summarize([(1, (2.0, False)), (1, (0.0, True)), (2, (4.0, False))])
    assert lines[0].split() == ["all", "3", "searches", "regret", "2.00", "points", "best", "33%"]
    assert lines[1].split() == ["age", "1", "2", "searches", "regret", "1.00", "points", "best", "50%"]
    assert lines[2].split() == ["age", "2", "1", "searches", "regret", "4.00", "points", "best", "0%"]


def test_a_position_is_a_decision_of_the_rotating_seat_with_candidates_to_tell_apart():
    bench = load_bench("bench_regret")
    from games.bots import search_bot

    for deal in (40_000, 40_001, 40_002):
        view, legal = bench.find_position("base-3", deal, position_iterations=2)
        assert view["seat"] == deal % 3
        assert len(search_bot.candidate_actions(view, legal)) > 1
        assert not engine.is_over(engine.sample_state(view, view["seat"], random.Random(0)))


def test_truth_then_regret_end_to_end(tmp_path, capsys):
    bench = load_bench("bench_regret")
    out = tmp_path / "truth.json"
    assert bench.main(["truth", "--row", "base-3", "--positions", "2", "--rounds", "5",
                       "--position-iterations", "2", "--processes", "1", "--out", str(out)]) == 0
    truth = json.loads(out.read_text())
    assert [p["deal"] for p in truth["positions"]] == [bench.FIRST_DEAL, bench.FIRST_DEAL + 1]
    for position in truth["positions"]:
        assert len(position["wins"]) == len(position["candidates"]) > 1
        assert all(w * 5 == pytest.approx(round(w * 5)) and 0 <= w <= 1 for w in position["wins"])
    assert bench.main(["regret", str(out), "--repeats", "1", "--seconds", "0.02", "--processes", "1"]) == 0
    printed = capsys.readouterr().out
    assert "base-3: 2 positions, 1 searches each" in printed
    assert any(line.split()[:2] == ["all", "2"] for line in printed.splitlines())
