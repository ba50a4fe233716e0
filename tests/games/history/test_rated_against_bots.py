"""Games against bots are rated (issue 26): a person's rating moves by the Plackett-Luce update
for the finishing order, bots at their fitted (fixed) ratings; an unrated table moves nothing; a
seat its person left ranks last; a repeated pair gains nothing special.

The expected numbers are worked here from the Weng-Lin Plackett-Luce formulas (Weng & Lin 2011,
algorithm 4, as openskill 6 applies them: tau added to sigma first, gamma = sigma / c), not by
calling the site's rating code."""
import math

import pytest

from games.bots import search_bot
from games.history.models import MatchRecord, PlayerRating, RatingChange, SeatResult
from games.history.simulate import play_and_store
from tests.games.history.helpers import fit_bots

pytestmark = pytest.mark.django_db

BETA = 25 / 6
TAU = 25 / 300
KAPPA = 1e-4
NEW = (25.0, 25 / 3)
BOTS = {"base": {"easy": 4.0, "medium": 25.0, "hard": 46.0}}


def plackett_luce_update(players, ranks, i):
    """(mu, sigma) after the match of player `i` among `players` [(mu, sigma)] with `ranks`."""
    sigma2 = [s * s + TAU * TAU for _mu, s in players]
    c = math.sqrt(sum(s2 + BETA * BETA for s2 in sigma2))
    strength = [math.exp(mu / c) for mu, _s in players]
    sums = [sum(e for e, r in zip(strength, ranks) if r >= ranks[q]) for q in range(len(players))]
    ties = [sum(1 for r in ranks if r == ranks[q]) for q in range(len(players))]
    omega = delta = 0.0
    for q in range(len(players)):
        if ranks[q] > ranks[i]:
            continue
        share = strength[i] / sums[q]
        omega += ((1 - share) if q == i else -share) / ties[q]
        delta += share * (1 - share) / ties[q]
    omega *= sigma2[i] / c
    gamma = math.sqrt(sigma2[i]) / c
    delta *= gamma * sigma2[i] / c ** 2
    mu, _sigma = players[i]
    return mu + omega, math.sqrt(sigma2[i]) * math.sqrt(max(1 - delta, KAPPA))


def shown(mu, sigma):
    return max(0, round(1500 + 25 * (mu - 3 * sigma)))


@pytest.fixture
def ann(django_user_model, monkeypatch):
    fit_bots(monkeypatch, BOTS)
    return django_user_model.objects.create_user(username="ann")


def _result(match, seat):
    return SeatResult.objects.get(match=match, seat=seat)


@pytest.mark.parametrize("levels", [("easy", "easy", "easy"), ("medium", "hard", "easy")])
def test_a_rated_game_against_bots_moves_the_person_by_the_model_s_amount(ann, levels, monkeypatch):
    monkeypatch.setattr(search_bot, "DEFAULT_SECONDS", 0.02)  # the ranks, not the bots' strength, move the rating
    match = play_and_store([ann, *levels], seed=11)
    record = MatchRecord.objects.get(match=match)
    assert record.rated and record.unrated_reason == ""
    ranks = [_result(match, seat).rank for seat in range(4)]
    players = [NEW] + [(BOTS["base"][level], 1.0) for level in levels]
    mu, sigma = plackett_luce_update(players, ranks, 0)
    change = RatingChange.objects.get(match=match, user=ann)
    assert (change.mu_after, change.sigma_after) == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9))
    assert change.rank == ranks[0]
    rating = PlayerRating.objects.get(user=ann, mode="base")
    assert (rating.mu, rating.sigma, rating.rated_games) == (pytest.approx(mu), pytest.approx(sigma), 1)


def test_winning_against_hard_bots_as_recorded_gains_more_than_against_easy_ones(django_user_model, monkeypatch):
    """Two people, the same seed and seats, the same finishing order; only the bots' ratings
    differ (the bots' fitted numbers, not their play): the win against strong bots is worth more."""
    fit_bots(monkeypatch, {"base": {"easy": 4.0, "medium": 46.0}})
    strong, weak = (django_user_model.objects.create_user(username=name) for name in ("strong", "weak"))
    won = play_and_store([strong, "medium", "medium", "medium"], seed=11)
    fit_bots(monkeypatch, {"base": {"easy": 4.0, "medium": 4.0}})
    play_and_store([weak, "medium", "medium", "medium"], seed=11)
    first = RatingChange.objects.get(user=strong)
    second = RatingChange.objects.get(user=weak)
    assert first.rank == second.rank == _result(won, 0).rank
    if first.rank == 1:
        assert first.mu_after - first.mu_before > second.mu_after - second.mu_before > 0
    else:  # lost: losing to strong bots costs less
        assert first.mu_after - first.mu_before > second.mu_after - second.mu_before


def test_the_bots_ratings_do_not_move(ann):
    from games.history.ratings import bot_rating

    play_and_store([ann, "easy", "medium", "easy"], seed=12)
    assert bot_rating("base", "easy") == (4.0, 1.0) and bot_rating("base", "medium") == (25.0, 1.0)
    assert RatingChange.objects.count() == 1  # the person's only


def test_an_unrated_table_changes_nothing(ann):
    match = play_and_store([ann, "easy", "medium"], seed=13, rated=False)
    record = MatchRecord.objects.get(match=match)
    assert not record.rated and record.unrated_reason == MatchRecord.Unrated.HOST
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()
    assert not SeatResult.objects.get(match=match, seat=0).rated


def test_a_table_of_bots_only_is_not_rated(ann):
    match = play_and_store(["easy", "medium", "easy"], seed=14)
    assert MatchRecord.objects.get(match=match).unrated_reason == MatchRecord.Unrated.NOBODY


def test_a_bot_level_without_a_fitted_rating_leaves_the_game_unrated(django_user_model, monkeypatch):
    fit_bots(monkeypatch, {"base": {"easy": 4.0}})
    user = django_user_model.objects.create_user(username="cy")
    match = play_and_store([user, "easy", "medium"], seed=15)
    assert MatchRecord.objects.get(match=match).unrated_reason == MatchRecord.Unrated.BOTS
    assert not RatingChange.objects.exists()


def test_a_person_who_left_ranks_last_whatever_the_sheet_says(django_user_model, monkeypatch):
    """Seed 16: the seat that left (played on by the timeout bot) still finishes ahead of someone
    on the sheet; the rating counts it last of four, worked by hand."""
    fit_bots(monkeypatch, BOTS)
    ann, bo = (django_user_model.objects.create_user(username=name) for name in ("ann", "bo"))
    match = play_and_store([ann, bo, "easy", "easy"], seed=16, abandoned={0})
    sheet = [_result(match, seat).rank for seat in range(4)]
    assert sheet[0] < 4  # the sheet does not put the leaver last: the rule must
    record = MatchRecord.objects.get(match=match)
    assert record.rated
    left = RatingChange.objects.get(match=match, user=ann)
    assert left.rank == 4
    # Everyone else keeps their order, one place up if they were behind the leaver.
    stayed = sorted(range(1, 4), key=lambda seat: sheet[seat])
    ranks = [4, 0, 0, 0]
    for place, seat in enumerate(stayed, start=1):
        ranks[seat] = place
    players = [NEW, NEW, (4.0, 1.0), (4.0, 1.0)]
    mu, sigma = plackett_luce_update(players, ranks, 0)
    assert (left.mu_after, left.sigma_after) == (pytest.approx(mu), pytest.approx(sigma))
    assert left.mu_after < left.mu_before
    stayer = RatingChange.objects.get(match=match, user=bo)
    assert stayer.rank == ranks[1]
    assert stayer.mu_after == pytest.approx(plackett_luce_update(players, ranks, 1)[0])


def test_a_repeated_pair_is_rated_on_each_result_alone(django_user_model, monkeypatch):
    """ann and bo play three games in a row; cy and di, with the ratings ann and bo had before
    the third, play that third game's seed: the same change to the last digit. Nothing in a
    game's rating depends on who met whom before."""
    fit_bots(monkeypatch, BOTS)
    ann, bo, cy, di = (django_user_model.objects.create_user(username=n) for n in ("ann", "bo", "cy", "di"))
    for seed in (21, 22):
        play_and_store([ann, bo, "medium", "easy"], seed=seed)
    before = {u.username: PlayerRating.objects.get(user=u, mode="base") for u in (ann, bo)}
    third = play_and_store([ann, bo, "medium", "easy"], seed=23)
    for fresh, twin in ((cy, "ann"), (di, "bo")):
        PlayerRating.objects.create(user=fresh, mode="base", mu=before[twin].mu, sigma=before[twin].sigma,
                                    ordinal=before[twin].ordinal, rated_games=2)
    copy = play_and_store([cy, di, "medium", "easy"], seed=23)
    for original, twin in ((ann, cy), (bo, di)):
        a = RatingChange.objects.get(match=third, user=original)
        b = RatingChange.objects.get(match=copy, user=twin)
        assert (a.rank, a.mu_after, a.sigma_after) == (b.rank, b.mu_after, b.sigma_after)
    ranks = [_result(third, seat).rank for seat in range(4)]
    players = [(before["ann"].mu, before["ann"].sigma), (before["bo"].mu, before["bo"].sigma), (25.0, 1.0), (4.0, 1.0)]
    expected = plackett_luce_update(players, ranks, 0)
    assert RatingChange.objects.get(match=third, user=ann).mu_after == pytest.approx(expected[0])


def test_the_number_shown_starts_at_1500_and_never_goes_below_0():
    from games.history.ratings import display

    assert display(*NEW) == 1500
    assert display(10.0, 3.0) == 1500 + 25 * 1
    assert display(-50.0, 5.0) == 0  # 1500 + 25 x (-65) would be -125


def test_the_match_page_shows_each_person_s_number_before_and_after(ann, client):
    from django.urls import reverse

    match = play_and_store([ann, "easy", "medium"], seed=17)
    change = RatingChange.objects.get(match=match, user=ann)
    after = shown(change.mu_after, change.sigma_after)
    html = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    assert f"1500 → <strong>{after}</strong>" in html
    assert f"({'+' if after > 1500 else ''}{after - 1500})" in html
