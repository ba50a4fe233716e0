"""What a game's replay draws with, for the match page: `{% replay_board match.game as board %}`
gives {"script", "data", "scripts", "styles"}: the game's own replay drawing (its folder's
``static/replay.js``, run before js/replay.js, which steps through the frames), what it needs (its
``replay_data``: names and words in the page's language), and the static files it draws with,
loaded before it (its replay module's ``REPLAY_SCRIPTS`` and ``REPLAY_STYLES``, if any: the base
game's tableau). With the match's engine config, a game's ``replay_table_data(config)`` adds what
its frames do not say (the base game: whether teams are played). A game without a replay drawing
(the toy game) gets {} and replay.js draws it."""
from django import template

from games import presentation
from games.views.words import language

register = template.Library()


@register.simple_tag
def replay_board(game, config=None):
    shown = presentation.get(game)
    script = shown.REPLAY_SCRIPT
    if not script:
        return {}
    data = shown.replay_data(language())
    table_data = getattr(shown, "replay_table_data", None)
    if table_data is not None and config is not None:
        data = {**data, **table_data(config)}
    return {"script": script, "data": data,
            "scripts": getattr(shown, "REPLAY_SCRIPTS", ()), "styles": getattr(shown, "REPLAY_STYLES", ())}
