"""The base game's replay is drawn on the game page's table: the match page loads
static/tableau.js and tableau.css before the base game's replay.js, and gives it the catalogue
(each card's and stage's effects), the board's words in the page's language and
whether teams are played (games/presentation/base/replay.py, games/templatetags/boards.py)."""
import pytest
from django.template import Context, Template
from django.utils import translation

from tests.factories import page_url, store_bot_match

TAG = '{% load boards %}{% replay_board game config as board %}'


def replay_board(config, language="en"):
    with translation.override(language):
        template = Template(TAG + '{{ board.scripts|join:"," }}|{{ board.styles|join:"," }}|{{ board.data.teams }}|'
                            '{{ board.data.words.zoom_city }}')
        return template.render(Context({"game": "base", "config": config})).split("|")


def test_the_base_replay_draws_with_the_tableau_script_and_style():
    scripts, styles, teams, zoom = replay_board({"game": "base", "players": 4}, "it")
    assert scripts == "games/base/tableau.js" and styles == "games/base/tableau.css"
    assert teams == "False"
    assert "%(name)s" in zoom and zoom != "Show the city of %(name)s at full size"


def test_a_cities_team_replay_is_told_that_teams_are_played():
    assert replay_board({"game": "base", "players": 8, "expansions": ["cities"], "teams": True})[2] == "True"


def test_the_replay_catalogue_carries_the_effects_the_tableau_draws():
    from games import presentation

    data = presentation.get("base").replay_data("pt-br")
    assert data["catalogue"]["cards"]["lumber_yard"]["effects"] == [
        {"type": "produce", "options": ["wood"], "amount": 1, "tradable": True}]
    stages = data["catalogue"]["wonders"]["giza"]["sides"]["A"]
    assert [stage["effects"] for stage in stages] == [[{"type": "points", "amount": n}] for n in (3, 5, 7)]
    assert data["catalogue"]["wonders"]["rhodes"]["resource"] == "ore"


@pytest.mark.django_db
def test_the_match_page_loads_the_tableau_before_the_replay_scripts(client, catalogue):
    match = store_bot_match("base", players=3, seed=3)
    html = client.get(page_url("match-detail", match.pk, lang="en")).content.decode()
    order = [html.index(name) for name in ("games/base/tableau.css", "games/base/tableau.js", "games/base/replay.js",
                                           "js/replay.js\"")]
    assert order == sorted(order)
