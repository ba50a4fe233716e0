"""The "Suggest" hint's service (games/services/hints.py) and its search (games/bots/suggest.py):
who may ask, where it is refused, and that the answer is a legal action read off the view alone."""
import random

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches

from games import engine, services
from games.bots.suggest import suggest
from games.models import Match
from games.services import ServiceError, hints
from tests.factories import start_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_counters():
    caches["shared"].clear()
    yield
    caches["shared"].clear()


def refusal(match, user):
    with pytest.raises(ServiceError) as refused:
        hints.check_hint(match.pk, user)
    return refused.value


def test_it_refuses_a_hint_at_a_rated_table(make_user):
    host = make_user("host")
    match = start_table(host, players=3, rated=True)
    refused = refusal(match, host)
    assert (refused.code, refused.facts) == ("hint_refused_rated", {"match": match.pk})


def test_it_refuses_a_hint_while_the_player_sits_at_another_running_rated_match(make_user):
    host = make_user("host")
    unrated = start_table(host, players=3, rated=False)
    rated = start_table(host, players=3, rated=True)
    refused = refusal(unrated, host)
    assert (refused.code, refused.facts) == ("hint_refused_rated", {"rated_match": rated.pk})


def test_a_rated_game_the_player_has_left_no_longer_stops_a_hint(make_user):
    host = make_user("host")
    unrated = start_table(host, players=3, rated=False)
    rated = start_table(host, players=3, rated=True)
    services.do_concede(rated.pk, host)
    assert hints.check_hint(unrated.pk, host).legal


def test_a_finished_rated_match_does_not_stop_a_hint(make_user):
    host = make_user("host")
    unrated = start_table(host, players=3, rated=False)
    rated = start_table(host, players=3, rated=True)
    Match.objects.filter(pk=rated.pk).update(status=Match.Status.FINISHED)
    assert hints.check_hint(unrated.pk, host).legal


def test_it_refuses_a_spectator_and_a_visitor(make_user):
    host = make_user("host")
    match = start_table(host, players=3, rated=False)
    assert refusal(match, make_user("watcher")).code == "not_seated"
    assert refusal(match, AnonymousUser()).code == "not_seated"


def test_it_refuses_a_seat_with_nothing_to_choose(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=2, others=[guest], rated=False, game="architects")
    waiting = 1 - engine.to_act(match.state)[0]
    user = host if waiting == 0 else guest
    assert refusal(match, user).code == "not_your_turn"


def test_it_refuses_a_table_not_started_or_over(make_user):
    host = make_user("host")
    open_table = services.do_create_match(host, players=3, bots=["", "medium", "medium"], rated=False)
    assert refusal(open_table, host).code == "not_started"
    match = start_table(host, players=3, rated=False)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    assert refusal(match, host).code == "game_over"


def test_the_request_holds_the_seats_view_and_legal_actions_and_nothing_else(make_user):
    host = make_user("host")
    match = start_table(host, players=3, rated=False)
    request = hints.check_hint(match.pk, host)
    assert request.view == engine.view(match.state, 0)
    assert request.legal == engine.legal_actions(match.state, 0)
    assert set(vars(request)) == {"view", "legal", "step"}


@pytest.mark.parametrize("config", [{"game": "base", "players": 4}, {"game": "architects", "players": 3}])
def test_the_suggestion_is_one_of_the_seats_legal_actions(config):
    state = engine.new_game(engine.normalize_config(config), 11)
    seat = engine.to_act(state)[0]
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    answer = suggest(view, legal, random.Random(3), iterations=60)
    assert answer["type"] == "suggestion"
    assert answer["action"] in legal
    assert answer["reason"]["kind"] == answer["action"]["type"]


def test_it_reads_only_the_view_the_same_view_gives_the_same_suggestion():
    """Two states that differ in what the seat cannot see (the other hands) but show it the same
    view: the same suggestion with the same random numbers."""
    cfg = engine.normalize_config({"game": "base", "players": 4})
    real = engine.new_game(cfg, 5)
    view = engine.view(real, 0)
    other = engine.sample_state(view, 0, random.Random(99))
    assert engine.view(other, 0) == view
    assert [other["players"][s]["hand"] for s in (1, 2, 3)] != [real["players"][s]["hand"] for s in (1, 2, 3)]
    first = suggest(engine.view(real, 0), engine.legal_actions(real, 0), random.Random(8), iterations=80)
    second = suggest(engine.view(other, 0), engine.legal_actions(other, 0), random.Random(8), iterations=80)
    assert first == second


def test_without_an_rng_the_view_seeds_the_search():
    assert hints.view_rng({"a": 1, "b": [2]}).random() == hints.view_rng({"b": [2], "a": 1}).random()
    assert hints.view_rng({"a": 1}).random() != hints.view_rng({"a": 2}).random()


def test_a_player_asking_too_often_is_refused_and_the_refusal_is_not_counted(make_user, settings):
    settings.HINT_RATE_LIMIT = 2
    host = make_user("host")
    match = start_table(host, players=3, rated=False)
    hints.check_hint(match.pk, host)
    hints.check_hint(match.pk, host)
    refused = refusal(match, host)
    assert (refused.code, refused.facts) == ("hint_rate_limited", {"limit": 2, "window": settings.HINT_RATE_WINDOW_SECONDS})
    caches["shared"].clear()
    assert hints.check_hint(match.pk, host).legal


def test_every_word_of_the_hint_is_translated_to_italian_and_portuguese():
    from django.utils import translation

    from games import presentation
    from games.presentation.plural import Plural
    from games.views import words as site_words

    words = {("site", key): text for key, text in {**site_words.UI, **site_words.ERRORS}.items() if key.startswith("hint_")}
    for game in ("base", "architects"):
        words.update({(game, key): text for key, text in presentation.get(game).BOARD_WORDS.items() if key.startswith("hint_")})
    assert len(words) > 30

    def shown(text):
        return str(text.forms()) if isinstance(text, Plural) else str(text)

    with translation.override("en"):
        english = {key: shown(text) for key, text in words.items()}
    for lang in ("it", "pt-br"):
        with translation.override(lang):
            untranslated = [key for key, text in words.items() if shown(text) == english[key]]
        assert not untranslated, f"{lang}: {untranslated}"


def test_a_hint_searches_the_seconds_it_promises_whatever_the_age(monkeypatch):
    """The hard bot spreads a move's mean budget over the ages (more in Age I); a hint is promised
    within a time, so it is not spread."""
    from games.bots import search_bot

    given = []
    monkeypatch.setattr(search_bot, "_search", lambda view, legal, rng, *, seconds, **kwargs:
                        given.append(seconds) or legal[0])
    state = engine.new_game(engine.normalize_config({"game": "base", "players": 4}), 11)
    assert engine.view(state, 0)["age"] == 1
    suggest(engine.view(state, 0), engine.legal_actions(state, 0), random.Random(3), seconds=1.0)
    assert given == [1.0]
