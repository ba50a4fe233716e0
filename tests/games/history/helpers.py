"""Helpers shared by the history tests (imported by the test modules, not from a conftest)."""
import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

PEOPLE = ("ann", "bo", "cy", "di")


def make_people(user_model, names=PEOPLE):
    """One user per name, in order."""
    return [user_model.objects.create_user(username=name) for name in names]


@pytest.fixture
def api():
    """An API client; the throttles' counters (in the cache) are cleared first, so each test has
    a fresh budget. A fixture: import it into the test module."""
    cache.clear()
    return APIClient()


def url(name, language, *args):
    """The URL of a named page in a language."""
    with translation.override(language):
        return reverse(name, args=args)


class FakeGame:
    """A game for the registry in tests: only its static facts (engine.info)."""

    def __init__(self, game_id, **facts):
        self.INFO = {"id": game_id, "min_players": 2, "max_players": 5, "score_categories": ["points"],
                     "seat_label_keys": [], "rating_modes": [game_id], **facts}


def register_fake_game(monkeypatch, game_id, **facts):
    """Register a FakeGame under `game_id` in the engine's registry for the test's duration."""
    from games.engine import registry

    game = FakeGame(game_id, **facts)
    monkeypatch.setitem(registry.GAMES, game_id, f"tests.fake.{game_id}")
    monkeypatch.setitem(registry._loaded, game_id, game)
    return game


def fit_bots(monkeypatch, modes):
    """Give the bots these fitted ratings ({mode: {level: mu}}) for the test's duration, whatever
    games/history/data/bot_ratings.json says."""
    from games.history import ratings

    monkeypatch.setattr(ratings, "_bot_ratings", lambda: {"modes": modes})
