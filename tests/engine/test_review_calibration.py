"""The review's win chances go through the mode's calibration (games/bots/calibration.py): a Platt
map fitted on other games, which moves the numbers shown but never the search's preference."""
import json
import random

import pytest

from games import engine
from games.bots import calibration, review
from tests.bench_scripts import load_bench


@pytest.fixture
def fitted(monkeypatch):
    """Puts `fit` (mode -> (a, b)) in place of the data file's fits."""
    def put(fits):
        monkeypatch.setattr(calibration, "fits", lambda: {mode: {"a": a, "b": b} for mode, (a, b) in fits.items()})
    return put


def test_the_fit_finds_the_map_the_outcomes_were_drawn_from():
    rng = random.Random(5)
    points = []
    for _ in range(20000):
        share = calibration.smoothed(rng.randint(0, 40), 40)
        points.append((share, 1 if rng.random() < calibration.platt(0.6, -0.4, share) else 0))
    a, b = calibration.fit_platt(points)
    assert a == pytest.approx(0.6, abs=0.05) and b == pytest.approx(-0.4, abs=0.05)


def test_an_overconfident_share_is_pulled_towards_the_middle():
    # Outcomes drawn from a flatter map than the identity: the fit must flatten the shares too.
    rng = random.Random(8)
    points = [(s, 1 if rng.random() < calibration.platt(0.5, 0.0, s) else 0)
              for s in (calibration.smoothed(rng.randint(0, 20), 20) for _ in range(5000))]
    a, b = calibration.fit_platt(points)
    low, high = calibration.platt(a, b, 0.05), calibration.platt(a, b, 0.95)
    assert 0.05 < low < 0.5 < high < 0.95


def test_a_mode_without_a_fit_shows_the_share_of_rollouts_won(fitted):
    fitted({})
    assert calibration.win_chance("base-4", 3, 12) == 0.25


def test_a_fitted_mode_maps_the_smoothed_share(fitted):
    fitted({"base-4": (0.5, -0.2)})
    assert calibration.win_chance("base-4", 0, 10) == pytest.approx(calibration.platt(0.5, -0.2, 0.5 / 11))
    assert 0 < calibration.win_chance("base-4", 0, 10) < calibration.win_chance("base-4", 10, 10) < 1


@pytest.mark.parametrize("config, mode", [
    ({"game": "base", "players": 4}, "base-4"),
    ({"game": "base", "players": 2}, "base-2p-2"),
    ({"game": "base", "players": 8, "expansions": ["cities"]}, "cities-8"),
    ({"game": "architects", "players": 3}, "architects-3"),
])
def test_each_rating_mode_and_player_count_has_its_own_calibration(config, mode):
    assert calibration.mode_of(config) == mode


def a_decision(seed=3):
    state = engine.new_game({"game": "base", "players": 4}, seed=seed)
    seat = engine.to_act(state)[0]
    legal = engine.legal_actions(state, seat)
    return engine.view(state, seat), legal, legal[-1]


def test_the_calibration_changes_the_values_shown_but_not_the_preference(fitted):
    view, legal, chosen = a_decision()
    fitted({"base-4": (0.4, -0.5)})
    raw = review.review_decision(view, legal, chosen, random.Random(2), iterations=40)
    shown = review.review_decision(view, legal, chosen, random.Random(2), iterations=40, mode="base-4")
    assert shown["best"] == raw["best"] and shown["rollouts"] == raw["rollouts"]
    wins = round(raw["best_value"]["win"] * raw["rollouts"])
    assert shown["best_value"]["win"] == round(calibration.platt(0.4, -0.5, calibration.smoothed(wins, raw["rollouts"])), 3)
    assert shown["loss"] == pytest.approx(shown["best_value"]["win"] - shown["chosen_value"]["win"], abs=0.002)


def test_a_reviewed_match_records_the_fit_its_chances_went_through(fitted):
    fitted({"base-4": (0.4, -0.5)})
    state = engine.new_game({"game": "base", "players": 4}, seed=4)
    seat = engine.to_act(state)[0]
    log = engine.action_log(state) + [{"seat": seat, "action": engine.legal_actions(state, seat)[0]}]
    result = review.review_match(state["config"], log, [seat], iterations=8, rng=random.Random(1))
    assert result["method"]["calibration"] == {"mode": "base-4", "a": 0.4, "b": -0.5}


@pytest.fixture
def data_file(tmp_path, monkeypatch):
    monkeypatch.setattr(calibration, "DATA", tmp_path / "fits.json")
    calibration.fits.cache_clear()
    yield tmp_path / "fits.json"
    calibration.fits.cache_clear()


def test_the_bench_fits_a_mode_and_writes_it_with_its_seeds_and_its_check(data_file, capsys):
    bench = load_bench("bench_review")
    bench.main(["--parts", "fit", "--games", "3", "--seconds", "0.01"])
    written = json.loads(data_file.read_text())["modes"]["base-4"]
    assert written["games"] == 3 and written["seeds"] == "3000000..3000002" and written["check"]["games"] == 1
    assert "fit: 3 base 4-player games" in capsys.readouterr().out


def fake_points(bench, monkeypatch, rows):
    """The fit's games replaced by `rows` [(wins of 10 rollouts, won), ...] of base-4."""
    monkeypatch.setattr(bench, "calibration_points",
                        lambda *args: [("base-4", wins, 10, won, 0.0) for wins, won in rows])


def test_a_fit_that_forecasts_its_check_games_better_than_the_raw_shares_is_kept(data_file, monkeypatch):
    bench = load_bench("bench_review")
    # Too sure: moves given 0 of 10 win 3 times in 10, moves given 10 of 10 win 7 times in 10.
    fake_points(bench, monkeypatch, [(wins, 1 if k < (3 if wins == 0 else 7) else 0)
                                     for _ in range(6) for wins in (0, 10) for k in range(10)])
    bench.main(["--parts", "fit", "--games", "120"])
    written = json.loads(data_file.read_text())["modes"]["base-4"]
    assert written["check"]["brier_fitted"] < written["check"]["brier_raw"]
    assert calibration.win_chance("base-4", 0, 10) == pytest.approx(0.3, abs=0.01)
    assert calibration.win_chance("base-4", 10, 10) == pytest.approx(0.7, abs=0.01)


def test_a_fit_no_better_than_the_raw_shares_on_its_check_games_keeps_them(data_file, monkeypatch):
    bench = load_bench("bench_review")
    fake_points(bench, monkeypatch, [(5, k % 2) for k in range(30)])  # an even chance, right half the time
    bench.main(["--parts", "fit", "--games", "30"])
    written = json.loads(data_file.read_text())["modes"]["base-4"]
    assert "a" not in written and written["check"]["brier_fitted"] >= written["check"]["brier_raw"]
    assert calibration.win_chance("base-4", 3, 10) == 0.3


def test_every_committed_fit_keeps_the_order_of_the_moves_and_was_checked():
    calibration.fits.cache_clear()
    for mode, fit in calibration.fits().items():
        assert fit["check"]["games"] > 0, mode
        if "a" in fit:
            assert fit["a"] > 0 and fit["check"]["brier_fitted"] < fit["check"]["brier_raw"], mode
