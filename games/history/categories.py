"""The score categories of a game: their words on a page and their field names in the API.

The categories and their order come from the engine (``info(game)["score_categories"]``, then
those only an option brings, ``option_score_categories``, for a sheet, a config or a rating mode
that has the option: ``games.engine.options``), their words from the game's presentation module
(``games.presentation``). Nothing here names a category: a game brings its own, with its words,
and the pages and the API follow."""
from cards.templatetags.cards_ui import page_language
from games import engine, presentation
from games.engine import options as engine_options

API_SUFFIX = "_points"


def keys(game):
    """The game's category keys, in the engine's order."""
    return list(engine.info(game)["score_categories"])


def mode_keys(mode):
    """The category keys of a rating mode's matches (Cities' modes add black), in order."""
    from games.history.ratings import game_of_mode

    game = game_of_mode(mode)
    return engine_options.score_categories(game, engine_options.mode_options(game, mode))


def labelled(game, chosen=None):
    """[(key, label)] of the game's categories (or of the `chosen` keys: a sheet's, a mode's), in
    the engine's order, in the active language."""
    words = presentation.get(game)
    language = page_language()
    return [(key, words.category_label(key, language)) for key in (keys(game) if chosen is None else chosen)]


def api_field(game, category):
    """The API's field name of a category of `game`: its key, with ``_points`` added when the key
    is also one of the game's seat labels (next to a seat's labels, a field named like one of them
    would read as that label, not as points)."""
    if category in engine.info(game)["seat_label_keys"]:
        return category + API_SUFFIX
    return category


def option_keys(game):
    """The categories only an option brings (``info(game)["option_score_categories"]``: Cities'
    black): a sheet carries them only when its config has that option."""
    return list(engine.info(game).get("option_score_categories", {}))


def sheet_keys(game, sheet):
    """The category keys a score sheet of `game` carries: every config's, then its options'."""
    return keys(game) + [key for key in option_keys(game) if key in sheet]


def api_fields(game, sheet=None, chosen=None):
    """{category key: API field name} of the game, in the engine's order; with a `sheet`, also the
    option categories that sheet carries; with `chosen` keys (a mode's), those."""
    if chosen is None:
        chosen = sheet_keys(game, sheet) if sheet is not None else keys(game)
    return {key: api_field(game, key) for key in chosen}


def registered_api_fields():
    """[(API field, category key, [game ids that have it])] over every registered game: the
    first game's categories in its order (those an option brings after them), then the fields
    only later games bring."""
    fields = {}
    for game in engine.games():
        for key, field in api_fields(game).items():
            fields.setdefault(field, (key, []))[1].append(game)
        for key, when in engine.info(game).get("option_score_categories", {}).items():
            # Never required: only the matches played with the option have it.
            fields.setdefault(api_field(game, key), (key, []))[1].append(
                f"{game} with {when['option']} {when['value']}")
    return [(field, key, games) for field, (key, games) in fields.items()]
