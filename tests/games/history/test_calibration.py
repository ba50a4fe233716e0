"""The bots' calibration (games.history.calibration, calibration_fit): seats rotate, the fit
recovers ratings it is given, the intervals and predictions are the textbook ones."""
import math
import random

import pytest

from games.history import calibration, calibration_fit

BETA = 25 / 6


def test_the_tested_level_s_seat_turns_with_each_game_and_a_team_game_seats_whole_teams():
    assert [calibration.seat_levels("hard", "medium", 4, 1, k).index("hard") for k in range(6)] == [0, 1, 2, 3, 0, 1]
    assert calibration.seat_levels("hard", "easy", 4, 2, 0) == ["hard", "hard", "easy", "easy"]
    assert calibration.seat_levels("hard", "easy", 4, 2, 1) == ["easy", "easy", "hard", "hard"]


def test_the_plan_plays_each_pair_once_where_two_sides_make_both_directions_the_same():
    jobs = calibration.plan(["base-2p"], games=3, hard_games=2)
    pairs = sorted({(job[1], job[2]) for job in jobs})
    assert pairs == [("hard", "easy"), ("hard", "medium"), ("medium", "easy")]
    assert len(jobs) == 3 + 2 + 2
    four = calibration.plan(["base"], games=3, hard_games=2)
    assert sorted({(job[1], job[2]) for job in four}) == [
        ("easy", "medium"), ("hard", "easy"), ("hard", "medium"), ("medium", "easy")]
    assert len({job[5] for job in four}) == len(four)  # a seed per game


def _sampled_games(mus, pairs, n, seats, rng):
    """Games drawn from the Plackett-Luce model itself (Gumbel trick), one X against Y."""
    c = math.sqrt(seats * (1.0 + BETA * BETA))
    games = []
    for x, y in pairs:
        for k in range(n):
            levels = [x if seat == k % seats else y for seat in range(seats)]
            noise = [mus[level] / c - math.log(-math.log(rng.random())) for level in levels]
            order = sorted(range(seats), key=lambda s: -noise[s])
            ranks = [0] * seats
            for place, seat in enumerate(order, start=1):
                ranks[seat] = place
            games.append({"mode": "m", "players": seats, "x": x, "y": y, "levels": levels, "ranks": ranks})
    return games


def test_the_fit_recovers_the_ratings_the_games_were_drawn_from():
    truth = {"easy": 5.0, "medium": 25.0, "hard": 40.0}
    games = _sampled_games(truth, [("medium", "easy"), ("easy", "medium"), ("hard", "medium"), ("hard", "easy")],
                           600, 4, random.Random(3))
    mus, errors = calibration_fit.fit_mode(games)
    assert mus["medium"] == 25.0
    for level in ("easy", "hard"):
        assert abs(mus[level] - truth[level]) < 3 * errors[level] + 0.5, (level, mus, errors)
    assert calibration_fit.ordered(mus)
    rows = calibration_fit.head_to_head(games, {"m": mus})
    assert all(row["within"] for row in rows), rows


def test_the_wilson_interval_and_the_prediction_are_the_textbook_ones():
    low, high = calibration_fit.wilson(9, 10)
    assert (round(low, 4), round(high, 4)) == (0.5958, 0.9821)  # the published 95% interval of 9/10
    c = math.sqrt(4 * (1.0 + BETA * BETA))
    mus = {"hard": 40.0, "medium": 25.0}
    expected = math.exp(40 / c) / (math.exp(40 / c) + 3 * math.exp(25 / c))
    assert calibration_fit.predicted_first(mus, ["hard", "medium", "medium", "medium"], "hard") == pytest.approx(expected)


def _games(x, y, n, x_wins, seats=4):
    """n games of one x against y where x wins the first x_wins; the places behind the winner put
    every easy seat after every medium one (as random play does in Architects)."""
    games = []
    for k in range(n):
        levels = [x if seat == k % seats else y for seat in range(seats)]
        winner = levels.index(x) if k < x_wins else next(s for s, level in enumerate(levels) if level == y)
        rest = sorted((s for s in range(seats) if s != winner), key=lambda s: (levels[s] == "easy", s))
        ranks = [0] * seats
        for place, seat in enumerate([winner] + rest, start=1):
            ranks[seat] = place
        games.append({"mode": "m", "players": seats, "x": x, "y": y, "levels": levels, "ranks": ranks})
    return games


def test_the_fit_predicts_who_wins_even_where_the_places_behind_the_winner_say_otherwise():
    # Architects' measured rates: easy against three medium won 5 of 150, medium against three easy 90 of 150.
    games = _games("easy", "medium", 150, 5) + _games("medium", "easy", 150, 90)
    mus, _errors = calibration_fit.fit_mode(games)
    rows = calibration_fit.head_to_head(games, {"m": mus})
    assert len(rows) == 2 and all(row["within"] for row in rows), rows
