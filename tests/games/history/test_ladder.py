"""The ladder's reads (games.history.leaderboard): the week's movement, the bots a player beat,
the best and worst rated result."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.history.leaderboard import best_and_worst, bots_beaten, leaderboard_rows, rated_results
from games.history.models import RatingChange, SeatResult
from games.history.simulate import play_and_store
from tests.games.history.helpers import fit_bots

pytestmark = pytest.mark.django_db

BOTS = {"base": {"easy": 0.0, "medium": 25.0, "hard": 45.0}}


def shown(ordinal):
    return max(0, round(1500 + 25 * ordinal))


@pytest.fixture
def ann(django_user_model, monkeypatch):
    fit_bots(monkeypatch, BOTS)
    return django_user_model.objects.create_user(username="ann")


def test_the_week_s_movement_is_the_number_now_less_the_number_after_the_last_match_before_a_week_ago(ann):
    now = timezone.now()
    play_and_store([ann, "easy", "medium"], seed=41, finished_at=now - timedelta(days=10))
    play_and_store([ann, "easy", "medium"], seed=42, finished_at=now - timedelta(days=8))
    play_and_store([ann, "medium", "easy"], seed=43, finished_at=now - timedelta(days=1))
    changes = list(RatingChange.objects.filter(user=ann).order_by("finished_at"))
    [row] = [r for r in leaderboard_rows("base", 10, "people")]
    assert row["movement"] == shown(changes[2].ordinal_after) - shown(changes[1].ordinal_after)
    assert row["rating"] == shown(changes[2].ordinal_after)


def test_a_player_first_rated_this_week_has_no_movement_and_bots_have_none(ann):
    play_and_store([ann, "easy", "medium"], seed=44)
    rows = leaderboard_rows("base", 10, "everyone")
    assert [r["movement"] for r in rows] == [None] * 4
    assert sorted(r["bot_level"] for r in rows if r["is_bot"]) == ["easy", "hard", "medium"]


def test_the_bots_beaten_are_the_levels_finished_behind_in_rated_matches(ann):
    matches = [play_and_store([ann, "easy", "medium", "easy"], seed=seed) for seed in (45, 46, 47)]
    expected = {"easy": 0, "medium": 0}
    for match in matches:
        mine = RatingChange.objects.get(match=match, user=ann).rank
        for level in ("easy", "medium"):
            if any(r.rank > mine for r in SeatResult.objects.filter(match=match, bot_level=level, user=None)):
                expected[level] += 1
    assert expected["easy"] > 0  # the seeds give the player something to beat
    assert bots_beaten(ann, "base") == [{"level": level, "times": n} for level, n in expected.items() if n]


def test_a_left_seat_beats_no_bot_even_when_its_sheet_is_ahead(ann):
    match = play_and_store([ann, "easy", "easy"], seed=16, abandoned={0})
    assert RatingChange.objects.get(match=match, user=ann).rank == 3
    assert bots_beaten(ann, "base") == []


def test_best_and_worst_are_the_results_that_moved_the_number_most_up_and_down(ann):
    for seed in (51, 52, 53, 54):
        play_and_store([ann, "easy", "medium"], seed=seed)
    results = rated_results(ann, "base")
    moves = [r["rating_after"] - r["rating_before"] for r in results]
    best, worst = best_and_worst(results)
    if max(moves) > 0:
        assert best["rating_after"] - best["rating_before"] == max(moves)
    else:
        assert best is None
    if min(moves) < 0:
        assert worst["rating_after"] - worst["rating_before"] == min(moves)
    else:
        assert worst is None
    assert results[0]["rating_before"] == 1500
