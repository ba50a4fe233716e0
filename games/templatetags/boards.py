"""What a game's replay draws with, for the match page: `{% replay_board match.game as board %}`
gives {"script", "data"}: the game's own replay drawing (its folder's ``static/replay.js``, run
before js/replay.js, which steps through the frames) and what it needs (its ``replay_data``: names
and words in the page's language). A game without one (the base game) gets {} and replay.js draws
it."""
from django import template

from games import presentation
from games.views.words import language

register = template.Library()


@register.simple_tag
def replay_board(game):
    shown = presentation.get(game)
    script = shown.REPLAY_SCRIPT
    if not script:
        return {}
    return {"script": script, "data": shown.replay_data(language())}
