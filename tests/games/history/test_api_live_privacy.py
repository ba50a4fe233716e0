"""A live match never shows a hand, a later deal, the log or the seed through any API endpoint."""
import json

import pytest
from django.core.cache import cache
from accounts.tokens import do_issue_token
from rest_framework.test import APIClient

from games import services
from games.engine.base import catalogue
from games.models import Match
from games.history.simulate import play_and_store

pytestmark = pytest.mark.django_db

SECRET_KEYS = {"hand", "hands", "log", "decks", "seed", "state", "pending", "stage_cards", "discard"}


def strings_and_keys(value, strings, keys):
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add((key, item is None or item == []))
            strings.add(key)
            strings_and_keys(item, strings, keys)
    elif isinstance(value, list):
        for item in value:
            strings_and_keys(item, strings, keys)
    elif isinstance(value, str):
        strings.add(value)


@pytest.fixture(autouse=True)
def fresh_throttles():
    cache.clear()


@pytest.fixture
def live(django_user_model, django_capture_on_commit_callbacks):
    """A running 4-player match at Age I turn 1: bots have chosen, the two people have not."""
    ann = django_user_model.objects.create_user(username="ann", password="pw-ann-123456")
    bo = django_user_model.objects.create_user(username="bo")
    # A finished match too, so that every list and statistic has something in it.
    play_and_store([ann, bo, "medium"], seed=31)
    with django_capture_on_commit_callbacks(execute=True):
        match = services.do_create_match(ann, players=4, bots=["", "", "medium", "easy"])
        services.do_join(match.pk, bo)
        services.do_start(match.pk, ann)
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING and match.state["age"] == 1 and match.state["turn"] == 1
    return match, ann, bo


def hidden_cards(match):
    """Every card id this match still hides: all hands, the later deals (nothing is built yet)."""
    state = match.state
    assert all(not p["built"] and not p["stages"] for p in state["players"])
    cards = {c for p in state["players"] for c in p["hand"]}
    for hands in state["decks"].values():
        cards |= {c for hand in hands for c in hand}
    return cards


def test_a_live_match_never_exposes_hands_through_any_endpoint(live):
    match, ann, bo = live
    secret = hidden_cards(match)
    assert len(secret) > 20
    _row, token = do_issue_token(ann)
    clients = {"anonymous": APIClient(), "token": APIClient(), "session": APIClient()}
    clients["token"].credentials(HTTP_AUTHORIZATION=f"Token {token}")
    clients["session"].force_login(bo)
    urls = [
        "/api/matches/", "/api/matches/?player=ann", f"/api/matches/{match.pk}/",
        f"/api/matches/{match.pk}/?lang=it", f"/api/matches/{match.pk}/replay/",
        "/api/players/ann/", "/api/players/ann/stats/", "/api/players/ann/rating-history/",
        "/api/players/bo/", "/api/players/bo/stats/", "/api/leaderboard/", "/api/stats/wonders/", "/api/me/",
        f"/api/matches/{match.pk}/?format=json",
    ]
    seen = 0
    for name, client in clients.items():
        for url in urls:
            response = client.get(url)
            assert response.status_code in (200, 401, 409), (name, url, response.status_code)
            strings, keys = set(), set()
            strings_and_keys(json.loads(response.content), strings, keys)
            leaked = strings & secret
            assert not leaked, (name, url, sorted(leaked))
            for key, empty in keys:
                if key in SECRET_KEYS:
                    assert empty, (name, url, key)
            assert str(match.seed) not in response.content.decode()
            seen += 1
    assert seen == len(urls) * len(clients)


def test_a_live_match_shows_the_spectators_view_and_the_seats_only(live):
    match, ann, bo = live
    data = APIClient().get(f"/api/matches/{match.pk}/").json()
    assert data["status"] == "running"
    assert data["score_sheet"] is None and data["log"] is None and data["hands"] is None
    assert data["live"]["seat"] is None and "hand" not in data["live"]
    assert [p["hand_size"] for p in data["live"]["players"]] == [7, 7, 7, 7]
    assert [s["username"] for s in data["seats"]] == ["ann", "bo", None, None]
    assert data["rated"] is None


def test_a_live_match_is_not_in_the_match_list_until_it_ends(live):
    match, ann, bo = live
    assert match.pk not in [m["id"] for m in APIClient().get("/api/matches/").json()["results"]]


def test_the_hidden_cards_are_every_card_of_the_deck(live):
    match, _, _ = live
    # A sanity check of the leak test above: the secret set covers real card ids.
    assert hidden_cards(match) <= set(catalogue.get().cards)
