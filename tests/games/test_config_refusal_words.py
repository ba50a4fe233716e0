"""The refusals of a config (games.engine.options.check_config) in words, as the lobby shows them:
the key, the allowed values, the cause (issue 30, item 3)."""
import pytest
from django.utils import translation

from games import services
from games.engine import ConfigError
from games.services import ServiceError
from games.views.words import error_text

pytestmark = pytest.mark.django_db


def refusal(make_user, **options):
    with pytest.raises(ServiceError) as caught:
        services.do_create_match(make_user("host"), **options)
    return caught.value


def test_teams_without_cities_are_refused_for_the_cause_in_words(make_user):
    error = refusal(make_user, players=4, teams=True)
    assert (error.code, error.facts) == ("option_needs", {"option": "teams", "needs": {"expansions": "cities"}})
    with translation.override("en"):
        assert error_text(error, "base") == "Teams need the Cities expansion."


def test_nine_players_with_cities_name_two_to_eight_in_words(make_user):
    error = refusal(make_user, players=9, expansions=["cities"])
    assert (error.code, error.facts["allowed"]) == ("bad_player_count", [2, 8])
    with translation.override("en"):
        assert error_text(error, "base") == "A table of this game has 2 to 8 seats."


def test_an_unknown_key_names_the_key_and_the_game_s_settings(make_user):
    with translation.override("en"):
        text = error_text(ConfigError("unknown_option", option="expansion", options=["expansion"],
                                      allowed=["game", "players", "expansions"]), "base")
        assert text == "This game has no option expansion; its settings are game, players, expansions."
        # The lobby's own check names every unknown option (options, no option): the first is named.
        text = error_text(ServiceError("unknown_option", options=["assignment"], allowed=["sides"]), "base")
        assert text == "This game has no option assignment; its settings are sides."


def test_teams_at_five_players_with_cities_name_the_counts(make_user):
    error = refusal(make_user, players=5, expansions=["cities"], teams=True)
    assert (error.code, error.facts["allowed"]) == ("option_players", [4, 6, 8])
    with translation.override("en"):
        assert error_text(error, "base") == "Teams are played with 4, 6 or 8 players."


def test_a_game_without_words_of_its_own_gets_the_generic_ones():
    with translation.override("en"):
        assert error_text(ConfigError("option_needs", option="x", needs={"y": "z"}), "architects") == (
            "The option x needs y z.")


def test_pay_debt_when_none_is_due_has_words():
    with translation.override("en"):
        assert error_text(ConfigError("no_debt_due", phase="play"), "base") == (
            "No debt is due now: there is nothing to pay.")
