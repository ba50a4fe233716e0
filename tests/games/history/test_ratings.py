"""games.history.ratings: openskill Plackett-Luce from the engine's ranks; provisional players."""
import pytest

from games.history.ratings import PROVISIONAL_SIGMA, initial, is_provisional, ordinal, rate


def test_a_new_player_starts_at_25_with_a_high_uncertainty_and_is_provisional():
    mu, sigma = initial()
    assert mu == 25.0 and sigma == pytest.approx(25 / 3)
    assert ordinal(mu, sigma) == pytest.approx(0.0)
    assert is_provisional(sigma)


def test_the_winner_gains_and_the_last_loses():
    after = rate([initial()] * 4, [1, 2, 3, 4])
    mus = [mu for mu, _ in after]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > 25 > mus[-1]
    assert all(sigma < initial()[1] for _, sigma in after)


def test_a_tie_on_the_score_sheet_moves_tied_players_alike():
    after = rate([initial()] * 4, [1, 2, 2, 4])
    assert after[1] == pytest.approx(after[2])


def test_beating_a_stronger_player_is_worth_more_than_beating_a_weaker_one():
    strong, weak = (35.0, 5.0), (15.0, 5.0)
    me = (25.0, 5.0)
    upset = rate([me, strong, weak], [1, 2, 3])[0][0] - 25
    expected = rate([me, weak, strong], [1, 2, 3])[0][0] - 25
    assert upset > 0 and expected > 0
    beat_strong_only = rate([me, strong], [1, 2])[0][0]
    beat_weak_only = rate([me, weak], [1, 2])[0][0]
    assert beat_strong_only > beat_weak_only


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_a_player_stops_being_provisional_after_a_few_rated_matches(players):
    ratings = [initial()] * players
    for game in range(1, 15):
        ranks = [(k + game) % players + 1 for k in range(players)]
        ratings = rate(ratings, ranks)
        if not is_provisional(ratings[0][1]):
            break
    assert 3 <= game <= 8, game
    assert ratings[0][1] < PROVISIONAL_SIGMA


def test_the_modes_are_every_rating_mode_the_registered_games_declare():
    from games import engine
    from games.history.ratings import MODES, registered_modes

    declared = {mode for game in engine.games() for mode in engine.info(game)["rating_modes"]}
    assert set(MODES) == declared == set(registered_modes())
    assert "base" in MODES


def test_the_player_counts_cover_every_registered_games_range():
    from games import engine
    from games.history.ratings import PLAYER_COUNTS

    for game in engine.games():
        facts = engine.info(game)
        assert set(range(facts["min_players"], facts["max_players"] + 1)) <= set(PLAYER_COUNTS)
    assert PLAYER_COUNTS == tuple(sorted(set(PLAYER_COUNTS)))
