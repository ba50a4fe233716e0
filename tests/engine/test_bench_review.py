"""bench/bench_review.py: the calibration's Brier score and reliability table, and a short run."""
import re

import pytest

from tests.bench_scripts import load_bench


def test_the_brier_score_is_the_mean_squared_gap_between_chance_and_outcome():
    bench = load_bench("bench_review")
    assert bench.brier([(1.0, 1), (0.0, 0)]) == 0
    assert bench.brier([(0.5, 1), (0.5, 0), (0.0, 1), (1.0, 1)]) == pytest.approx((0.25 + 0.25 + 1 + 0) / 4)


def test_the_reliability_table_sets_each_deciles_mean_chance_against_how_often_it_came_true():
    bench = load_bench("bench_review")
    points = [(0.05, 0), (0.15, 0), (0.12, 1), (0.95, 1), (1.0, 1), (1.0, 0)]
    rows = bench.reliability(points)
    assert [(low, count) for low, _high, _mean, _observed, count in rows] == [(0.0, 1), (0.1, 2), (0.9, 3)]
    assert rows[1][2] == pytest.approx(0.135) and rows[1][3] == pytest.approx(0.5)
    assert rows[2][3] == pytest.approx(2 / 3)


def test_a_short_calibration_run_prints_its_brier_score_table_and_time_per_game(capsys):
    bench = load_bench("bench_review")
    bench.main(["--parts", "calibration", "--games", "2", "--seconds", "0.01"])
    out = capsys.readouterr().out
    assert "2 base 4-player games (seeds 1000000..1000001)" in out
    assert "Brier score" in out and "CPU s a game" in out and "[" in out


def test_the_calibration_can_play_another_game(capsys):
    bench = load_bench("bench_review")
    bench.main(["--parts", "calibration", "--games", "1", "--seconds", "0.01",
                "--config", '{"game": "architects", "players": 3}'])
    assert "1 architects 3-player games" in capsys.readouterr().out


def test_a_short_agreement_run_prints_the_shares_of_the_same_and_of_a_close_best(capsys):
    bench = load_bench("bench_review")
    bench.main(["--parts", "agreement", "--decisions", "1", "--agreement-seconds", "0.01"])
    out = capsys.readouterr().out
    assert "1 base 4-player decisions (seeds 2000000..2000000), 0.01 CPU s against 0.1 CPU s" in out
    assert "the same best action" in out and "within 0.03 win chance" in out and "CPU s a decision" in out


def test_a_short_moments_run_counts_the_games_with_key_moments_by_win_chance_by_points_and_none(capsys):
    bench = load_bench("bench_review")
    bench.main(["--parts", "moments", "--games", "2", "--seconds", "0.01", "--person-noise", "1",
                "--config", '{"game": "base", "players": 3}'])
    out = capsys.readouterr().out
    assert "2 base 3-player games (seeds 4000000..4000001)" in out and "(probability 1.0)" in out
    counts = re.search(r"by win chance (\d+); by points alone (\d+); none (\d+)", out)
    assert counts and sum(int(n) for n in counts.groups()) == 2
    assert re.search(r"the seat won [012] of 2", out) and "CPU s a game" in out


def test_the_moments_seat_plays_at_its_own_noise_and_the_others_at_theirs():
    bench = load_bench("bench_review")
    config = {"game": "base", "players": 3}
    noisy, _ranks = bench.bot_game(config, 5, 0.0, noisier=(1, 1.0))
    medium, _ranks = bench.bot_game(config, 5, 0.0)

    def moves(log, seat):
        return [e["action"] for e in log if "chance" not in e and e["seat"] == seat]

    for seat in (0, 2):  # the first turn is dealt alike and the medium seats choose alike
        assert moves(noisy, seat)[0] == moves(medium, seat)[0]
    assert moves(noisy, 1) != moves(medium, 1)
