"""A presentation module keeps options off the lobby form with ``LOBBY_HIDDEN_OPTIONS``; a table
then gets their defaults."""
import pytest

from games import engine, presentation
from games.views.lobby import CreateTableForm

pytestmark = pytest.mark.django_db


def test_a_hidden_option_is_not_on_the_form(monkeypatch):
    monkeypatch.setattr(presentation.get("base"), "LOBBY_HIDDEN_OPTIONS", ("expansions",), raising=False)
    form = CreateTableForm(game="base")
    assert "option_expansions" not in form.fields and "option_teams" in form.fields


def test_an_option_a_presentation_hides_is_left_off_the_form_and_its_default_applies(monkeypatch):
    module = presentation.get("base")
    monkeypatch.setattr(module, "LOBBY_HIDDEN_OPTIONS", ("expansions", "teams", "sides"), raising=False)
    form = CreateTableForm(game="base", data={"game": "base", "players": "3", "turn_seconds": "0"})
    assert "option_sides" not in form.fields
    assert form.is_valid(), form.errors
    arguments = form.create_arguments()
    assert "sides" not in arguments
    config = engine.normalize_config({"game": "base", "players": arguments["players"]})
    assert config["sides"] == "A" and "expansions" not in config and "teams" not in config


def test_a_table_summary_names_a_hidden_option_only_when_it_is_not_its_default(make_user):
    from games import services
    from games.views.lobby import option_summary

    cities = services.do_create_match(make_user("host"), players=4, expansions=["cities"])
    assert any("Cities" in words for words in option_summary(cities))
    plain = services.do_create_match(make_user("other"), players=4)
    assert not any("Cities" in words or "team" in words for words in option_summary(plain))
