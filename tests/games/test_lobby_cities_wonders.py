"""The lobby's wonder choice with Cities: Petra and Byzantium are offered, marked as needing the
expansion (lobby.js shows them only while it is ticked); a table with them and Cities is created,
one without Cities is refused; the engine deals them when the wonders are drawn."""
import re

import pytest

from games import engine
from games.models import Match
from games.views.lobby import CreateTableForm
from tests.factories import page_url as url

pytestmark = pytest.mark.django_db


def _wonder_values(form):
    return [value for value, _label in form.fields["option_wonders_0"].choices]


def test_the_wonder_choice_offers_petra_and_byzantium_after_the_base_wonders():
    values = _wonder_values(CreateTableForm(game="base"))
    assert values[:1] == [""] and values[-2:] == ["petra", "byzantium"]
    assert len(values) == 1 + 7 + 2


def test_petra_and_byzantium_are_marked_as_needing_the_cities_expansion(client, make_user):
    client.force_login(make_user("host"))
    body = client.get(url("lobby", lang="it")).content.decode()
    petra = re.search(r'<option value="petra"[^>]*>([^<]*)</option>', body)
    assert petra and 'data-needs-option="option_expansions"' in petra.group(0)
    assert 'data-needs-value="cities"' in petra.group(0) and "Petra" in petra.group(1)
    giza = re.search(r'<option value="giza"[^>]*>', body).group(0)
    assert "data-needs" not in giza


def test_a_table_with_petra_and_cities_is_created_with_petra_at_its_seat(client, make_user):
    client.force_login(make_user("host"))
    response = client.post(url("lobby"), {
        "game": "base", "players": "3", "turn_seconds": "0", "option_sides": "A", "option_teams": "False",
        "option_expansions": ["cities"], "option_wonders_0": "petra", "option_wonders_2": "byzantium",
        "seat_1": "easy", "seat_2": "easy"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.options["wonders"] == ["petra", None, "byzantium"]


def test_petra_without_cities_is_refused_with_the_reason_in_the_page_language(client, make_user):
    client.force_login(make_user("host"))
    response = client.post(url("lobby", lang="it"), {
        "game": "base", "players": "3", "turn_seconds": "0", "option_sides": "A", "option_teams": "False",
        "option_wonders_0": "petra"})
    assert not Match.objects.exists()
    assert "Petra e Bisanzio" in response.content.decode()


def test_drawn_wonders_include_petra_and_byzantium_only_with_cities():
    def dealt(options):
        seen = set()
        for seed in range(40):
            state = engine.new_game({"game": "base", "players": 7, **options}, seed)
            seen.update(player["wonder"] for player in state["players"])
        return seen

    assert {"petra", "byzantium"} <= dealt({"expansions": ["cities"]})
    assert not {"petra", "byzantium"} & dealt({})
