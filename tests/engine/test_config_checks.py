"""Configs are checked from what each game declares (games.engine.options.check_config, called by
every game's normalize_config): unknown keys, another game's keys, an option without the one it
needs and player counts outside the chosen options' range are refused with a coded error that
names the key and what is allowed (issue 30, item 3)."""
import pytest

from games import engine
from games.engine import options
from tests.engine.cities_helpers import cities_state


def refusal(config):
    with pytest.raises(engine.ConfigError) as caught:
        engine.normalize_config(config)
    return caught.value.code, caught.value.facts


BASE_KEYS = ["game", "players", "sides", "wonders", "expansions", "teams", "variants"]


def test_an_unknown_key_does_not_start_a_base_game():
    code, facts = refusal({"game": "base", "players": 4, "foo": 1})
    assert code == "unknown_option"
    assert facts == {"option": "foo", "options": ["foo"], "allowed": BASE_KEYS}


def test_a_typo_of_expansions_is_refused_instead_of_starting_a_plain_game():
    code, facts = refusal({"game": "base", "players": 4, "expansion": ["cities"]})
    assert (code, facts["option"]) == ("unknown_option", "expansion")
    assert "expansions" in facts["allowed"]


def test_a_base_game_key_in_an_architects_config_names_the_game_it_belongs_to():
    code, facts = refusal({"game": "architects", "players": 4, "sides": "A"})
    assert code == "unknown_option"
    assert facts == {"option": "sides", "options": ["sides"], "allowed": ["game", "players", "wonders"],
                     "games": ["base"]}


def test_nine_players_with_cities_name_the_range_cities_allows():
    # Cities seats 2 (the 2-player variant, seed 001 «Regole per 2 Giocatori») to 8 (its 8-player rules)
    assert refusal({"game": "base", "players": 9, "expansions": ["cities"]}) == (
        "bad_player_count", {"players": 9, "allowed": [2, 8]})


def test_one_player_with_cities_names_the_range_cities_allows():
    assert refusal({"game": "base", "players": 1, "expansions": ["cities"]}) == (
        "bad_player_count", {"players": 1, "allowed": [2, 8]})


def test_eight_players_without_cities_name_the_plain_range():
    assert refusal({"game": "base", "players": 8}) == ("bad_player_count", {"players": 8, "allowed": [2, 7]})


def test_two_players_with_cities_are_the_two_player_variant_with_cities():
    # seed 001, «Regole per 2 Giocatori»: the 2-player rules stay as they are
    assert engine.normalize_config({"game": "base", "players": 2, "expansions": ["cities"]}) == {
        "game": "base", "players": 2, "sides": "A", "wonders": None, "variants": [],
        "expansions": ["cities"], "teams": False}


def test_teams_at_two_players_with_cities_name_the_counts_teams_are_played_at():
    assert refusal({"game": "base", "players": 2, "expansions": ["cities"], "teams": True}) == (
        "option_players", {"option": "teams", "players": 2, "allowed": [4, 6, 8]})


def test_teams_without_cities_say_that_teams_need_cities_whatever_the_player_count():
    for players in (4, 5):
        assert refusal({"game": "base", "players": players, "teams": True}) == (
            "option_needs", {"option": "teams", "needs": {"expansions": "cities"}})


def test_teams_with_cities_at_five_players_name_the_counts_teams_are_played_at():
    assert refusal({"game": "base", "players": 5, "expansions": ["cities"], "teams": True}) == (
        "option_players", {"option": "teams", "players": 5, "allowed": [4, 6, 8]})


def test_teams_off_without_cities_is_a_plain_game():
    assert engine.normalize_config({"game": "base", "players": 4, "teams": False}) == {
        "game": "base", "players": 4, "sides": "A", "wonders": None, "variants": []}


def test_every_normalized_config_passes_the_checks_again():
    for config in ({"game": "base", "players": 8, "expansions": ["cities"], "teams": True},
                   {"game": "base", "players": 2}, {"game": "architects", "players": 7}):
        normal = engine.normalize_config(config)
        assert engine.normalize_config(normal) == normal


def test_the_range_with_options_is_read_from_info():
    assert options.players_allowed("base", {}) == [2, 7]
    assert options.players_allowed("base", {"expansions": ["cities"]}) == [2, 8]
    assert options.players_allowed("architects", {"players": 3}) == [2, 7]


def test_pay_debt_in_a_cities_game_while_no_debt_is_due_says_so():
    state = cities_state(players=4)
    assert state["phase"] == "play"
    with pytest.raises(engine.IllegalAction) as caught:
        engine.apply(state, 0, {"type": "pay_debt", "coins": 0})
    assert caught.value.code == "no_debt_due"
    assert caught.value.facts == {"phase": "play"}


def test_pay_debt_in_a_game_without_cities_is_an_unknown_action():
    state = engine.new_game({"game": "base", "players": 3}, 1)
    with pytest.raises(engine.IllegalAction) as caught:
        engine.apply(state, 0, {"type": "pay_debt", "coins": 0})
    assert caught.value.code == "unknown_action"
