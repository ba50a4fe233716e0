"""games.engine.options: what a game's declared options mean together, from engine.info only."""
import pytest

from games import engine
from games.engine import options, testing

BASE_WONDERS = ["rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza"]


def test_the_base_game_seats_up_to_eight_players_with_some_option():
    assert options.player_range("base") == (2, 8)
    assert options.player_range("architects") == (2, 7)


def test_petra_and_byzantium_are_brought_by_the_cities_expansion():
    assert options.brought_choices("base", "wonders") == {
        "petra": ("expansions", "cities"), "byzantium": ("expansions", "cities")}


def test_the_wonder_choices_follow_the_chosen_expansions():
    assert options.option_choices("base", "wonders", {"expansions": []}) == BASE_WONDERS
    assert options.option_choices("base", "wonders", {"expansions": ["cities"]}) == [
        *BASE_WONDERS, "petra", "byzantium"]
    assert options.option_choices("base", "wonders")[-2:] == ["petra", "byzantium"]


def test_the_black_category_belongs_to_the_cities_modes_only():
    def categories_of(mode):
        return options.score_categories("base", options.mode_options("base", mode))

    assert "black" not in categories_of("base") and "black" not in categories_of("base-2p")
    assert categories_of("cities")[-1] == "black" and categories_of("cities-teams")[-1] == "black"
    assert categories_of("cities")[:-1] == engine.info("base")["score_categories"]


def test_a_game_without_mode_options_has_its_plain_options_in_its_mode():
    assert options.mode_options("architects", "architects") == {}


def test_the_suite_catches_a_mode_that_no_config_is_rated_in(monkeypatch):
    real = engine.info

    def wrong(game_id):
        facts = dict(real(game_id))
        if game_id == "base":
            facts["mode_options"] = {**facts["mode_options"], "cities": {}}
        return facts

    monkeypatch.setattr(engine, "info", wrong)
    with pytest.raises(AssertionError, match="cities"):
        testing.check_mode_options("base")
